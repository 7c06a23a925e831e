/**
 * The texts PostgreSQL keeps parsed and planned on a connection (decision 0055), read from
 * `pg_prepared_statements` on a pool of one connection. (Runs with the PostgreSQL suites:
 * scripts/test-api-pg.mjs.)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { dialectUnderTest } from '../../test/helpers.ts';
import { openDb } from './kysely.ts';

if (dialectUnderTest !== 'postgres') throw new Error('this suite runs on PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL)');

const db = openDb({ dialect: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', poolSize: 1 });
afterAll(() => db.destroy());

/** How many statements of the one connection hold `marker` in their text. */
async function kept(marker: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_prepared_statements where strpos(statement, ${marker}) > 0`.execute(db.db);
  return rows[0]!.n;
}

it('a text with values is kept from its third run, and answers the same under its name', async () => {
  const marker = `m_${randomBytes(4).toString('hex')}`;
  const sums: number[] = [];
  const counts: number[] = [];
  for (const n of [1, 2, 3, 4, 5]) {
    const { rows } = await sql<Record<string, number>>`select ${n}::int + 10 as ${sql.ref(marker)}`.execute(db.db);
    sums.push(rows[0]![marker]!);
    counts.push(await kept(marker));
  }
  expect(sums).toEqual([11, 12, 13, 14, 15]);
  expect(counts).toEqual([0, 0, 1, 1, 1]);
});

it('a text without values is never kept', async () => {
  const marker = `m_${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 4; i++) await sql`select 7 as ${sql.ref(marker)}`.execute(db.db);
  expect(await kept(marker)).toBe(0);
});
