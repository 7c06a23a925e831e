/**
 * PostgreSQL restarting under a running server, as a failover, a minor-version upgrade or an
 * operator's pg_terminate_backend does it: the server keeps running, answers the busy envelope (503)
 * while the database is away and serves again by itself once it is back. (PostgreSQL only: the
 * cluster project, run by scripts/test-api-pg.mjs.)
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

const BUSY = { code: -1, message: 'the system is busy, please try again later', data: null };
/** A call that reads the database on every request (no cache in front): a login with a number no card has, from an address of its own. */
const unknownCard = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/simLogin',
    payload: { sn: `1449${String(randomInt(0, 1e9)).padStart(9, '0')}`, agreeProtocol: true },
    remoteAddress: `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`,
  });

describe('PostgreSQL going away under a running server', () => {
  const url = process.env.TEST_DATABASE_URL!;

  it('survives pg_terminate_backend on every connection of its pool, idle or in a transaction, and serves the next requests', async () => {
    const t = await createTestApp({}, { SEED_NUMBERS: '200' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const db = t.app.db.db;
      // Every connection of the pool, busy at once so each is a different backend.
      const pids = await Promise.all(
        Array.from(
          { length: 8 },
          async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(db)).rows[0]!.pid,
        ),
      );
      // One connection is held in a transaction, between two statements, when its backend goes.
      let inTransaction: Promise<unknown> = Promise.resolve();
      const held = new Promise<number>((resolve) => {
        inTransaction = db
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            resolve(rows[0]!.pid);
            await new Promise((r) => setTimeout(r, 500));
            await sql`select 1`.execute(trx);
          })
          .catch((err) => err);
      });
      const victims = [...new Set([...pids, await held])];
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [victims]);
      const failed = await inTransaction;
      expect(failed).toBeInstanceOf(Error);
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 10; i++) {
        const res = await unknownCard(t);
        expect(res.statusCode).toBe(200);
        expect(body(res).message).toBe('Card number: no SIM card or device has this number');
      }
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await admin.end();
      await t.close();
    }
  });

  describe('through a connection that drops or stalls', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    beforeAll(async () => {
      const u = new URL(url);
      proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
      t = await createTestApp({}, { SEED_NUMBERS: '200' }, { databaseVia: proxy.via });
    });
    afterAll(async () => {
      proxy.restore();
      await t.close();
      await proxy.close();
    });

    it('answers 503 busy while the database is down, and 200 again without a restart once it is back', async () => {
      expect((await unknownCard(t)).statusCode).toBe(200);
      proxy.cut();
      for (let i = 0; i < 5; i++) {
        const res = await unknownCard(t);
        expect(res.statusCode).toBe(503);
        expect(body(res)).toEqual(BUSY);
      }
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
      proxy.restore();
      const again = await unknownCard(t);
      expect(again.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
