import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, dialectUnderTest, type TestApp } from '../../test/helpers.ts';
import { newCard, simLogin } from '../modules/iot-money/test-kit.ts';
import { hex32, numberOnSale, orderBody } from '../modules/orders/test-kit.ts';
import { agreeToPrivacy, multipart, pngWithMetadata } from '../modules/uploads/test-kit.ts';
import { isStorageFault } from './dialect.ts';
import { lock, NOT_WRITABLE, refusesToStart, start, unlock } from './storage-test-kit.ts';

/** Makes the database refuse writes (SQLite: query_only; PostgreSQL: a read-only session), or lets it write again. */
async function readOnly(t: TestApp, on: boolean): Promise<void> {
  if (dialectUnderTest === 'sqlite') await sql.raw(`pragma query_only = ${on ? 'on' : 'off'}`).execute(t.app.db.db);
  // The tests run one query at a time, so the pool hands the same idle connection back each time.
  else await sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`).execute(t.app.db.db);
}

describe('start-up on storage that refuses writes', () => {
  it('stops with one line naming DATA_DIR and the reason when the directory is read-only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'simshop-ro-'));
    lock(dir);
    try {
      const { status, stderr } = start(dir);
      expect(status).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${dir} is not writable: ${NOT_WRITABLE}, open `));
    } finally {
      unlock(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with one line naming the database file when only the file is read-only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'simshop-ro-'));
    const file = path.join(dir, 'shop.db');
    writeFileSync(file, '');
    lock(file);
    try {
      const { status, stderr } = start(dir);
      expect(status).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^database file ${file} is not writable: ${NOT_WRITABLE}, open `));
    } finally {
      unlock(file);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('start-up with DATA_DIR read-only while the database lives elsewhere', () => {
  it('stops with one line naming DATA_DIR when the database is a SQLite file elsewhere', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'simshop-db-'));
    try {
      refusesToStart(`sqlite:${path.join(elsewhere, 'shop.db')}`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('an upload directory that stops taking writes', () => {
  it('turns /healthz to 503 naming the files, answers uploads with the busy envelope, and recovers by itself', async () => {
    const t = await createTestApp({}, { SEED_NUMBERS: '200' });
    try {
      const headers = await simLogin(t.app, await newCard(t.app));
      await agreeToPrivacy(t.app, headers);
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', database: dialectUnderTest, files: 'ok' });
      lock(t.config.uploadDir);
      try {
        const res = await t.app.inject({ url: '/healthz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'unavailable', database: dialectUnderTest, files: 'unwritable' });
        const form = multipart([
          { name: 'purpose', value: 'face' },
          { name: 'file', value: pngWithMetadata(), filename: 'a.png', type: 'image/png' },
        ]);
        const up = await t.app.inject({
          method: 'POST',
          url: '/api/iot/upload',
          payload: form.payload,
          headers: { ...headers, ...form.headers },
        });
        expect(up.statusCode).toBe(503);
        expect(body(up)).toEqual({ code: -1, message: 'the system is busy, please try again later', data: null });
      } finally {
        unlock(t.config.uploadDir);
      }
      const again = await t.app.inject({ url: '/healthz' });
      expect(again.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('a database that stops taking writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { SEED_NUMBERS: '200' });
  });
  afterAll(async () => t.close());

  it('turns /healthz to 503, and back to 200 by itself once it writes again', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', database: dialectUnderTest, files: 'ok' });
    await readOnly(t, true);
    try {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: dialectUnderTest, files: 'ok' });
    } finally {
      await readOnly(t, false);
    }
    const again = await t.app.inject({ url: '/healthz' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'ok', database: dialectUnderTest, files: 'ok' });
  });

  it('answers a write with the busy envelope and 503, not a 500', async () => {
    const n = await numberOnSale(t.app, 0);
    await readOnly(t, true);
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/create',
        payload: orderBody(n.number, n.packageId),
        headers: { 'x-order-session-id': hex32() },
      });
    } finally {
      await readOnly(t, false);
    }
    expect(res.statusCode).toBe(503);
    expect(body(res)).toEqual({ code: -1, message: 'the system is busy, please try again later', data: null });
    const zh = await t.app.inject({ url: '/healthz' });
    expect(zh.statusCode).toBe(200);
  });

  it('surfaces the database’s own error from a failed transaction, not a rollback error', async () => {
    const db = t.app.db.db;
    let caught: unknown;
    if (dialectUnderTest === 'sqlite') {
      // A database allowed no more pages than it has: the transaction runs out of room.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
      await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 10_000; i++) {
            await trx
              .insertInto('rate_counters')
              .values({ key: `fill:${i}:${'x'.repeat(2000)}`, window_start: 0, count: 1, expires_at: 0 })
              .execute();
          }
        });
      } catch (error) {
        caught = error;
      } finally {
        await sql.raw('pragma max_page_count = 1073741823').execute(db);
      }
      expect(caught).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    } else {
      await readOnly(t, true);
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('rate_counters').values({ key: 'read-only', window_start: 0, count: 1, expires_at: 0 }).execute();
        });
      } catch (error) {
        caught = error;
      } finally {
        await readOnly(t, false);
      }
      expect(caught).toMatchObject({ code: '25006' });
    }
    expect(isStorageFault(caught)).toBe(true);
    const rows = await db.selectFrom('rate_counters').select('key').where('key', 'like', 'fill:%').execute();
    expect(rows).toEqual([]);
  });
});

describe('a database that is closed', () => {
  it('turns /healthz to 503', async () => {
    const t = await createTestApp({}, { SEED_NUMBERS: '200' });
    try {
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await t.app.db.destroy();
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: dialectUnderTest });
    } finally {
      await t.close();
    }
  });
});
