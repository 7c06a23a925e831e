import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertNumbered } from './dialect.ts';

/**
 * Order and payment numbers are a time stamp and random digits: two made in the same second may
 * draw the same digits. The row is then numbered again, on both databases, inside a transaction too.
 */
describe('rows under a fresh number', () => {
  let t: TestApp;
  // A table of the test's own: a unique number and a note.
  const db = () => t.app.db.db as never as import('kysely').Kysely<{ numbered: { id: number; no: string; note: string } }>;
  /** The rows whose number starts with `prefix` (each test numbers its own rows). */
  const rows = async (prefix: string) =>
    (await db().selectFrom('numbered').select(['no', 'note']).where('no', 'like', `${prefix}%`).orderBy('id').execute()).map(
      (r) => `${r.no}:${r.note}`,
    );
  const drawn = (...numbers: string[]) => {
    const left = [...numbers];
    return () => left.shift() ?? 'none left';
  };

  beforeAll(async () => {
    t = await createTestApp();
    await sql`create table numbered (id integer primary key, no text not null unique, note text not null)`.execute(t.app.db.db);
  });
  afterAll(() => t.close());

  it('a number already taken is drawn again, in a transaction that then goes on and commits', async () => {
    await db().insertInto('numbered').values({ id: 1, no: 'N1', note: 'first' }).execute();
    await t.app.db.db.transaction().execute(async (trx) => {
      const no = await insertNumbered(t.app.db.dialect, trx, 'no', drawn('N1', 'N1', 'N2'), async (n) => {
        await (trx as never as ReturnType<typeof db>).insertInto('numbered').values({ id: 2, no: n, note: 'second' }).execute();
        return n;
      });
      expect(no).toBe('N2');
      // The transaction is still usable after the refused inserts (PostgreSQL would abort it without the savepoint).
      await (trx as never as ReturnType<typeof db>).insertInto('numbered').values({ id: 3, no: 'N3', note: 'same transaction' }).execute();
    });
    expect(await rows('N')).toEqual(['N1:first', 'N2:second', 'N3:same transaction']);
  });

  it('outside a transaction too', async () => {
    await db().insertInto('numbered').values({ id: 11, no: 'O1', note: 'first' }).execute();
    const no = await insertNumbered(t.app.db.dialect, t.app.db.db, 'no', drawn('O1', 'O2'), async (n) => {
      await db().insertInto('numbered').values({ id: 12, no: n, note: 'second' }).execute();
      return n;
    });
    expect(no).toBe('O2');
    expect(await rows('O')).toEqual(['O1:first', 'O2:second']);
  });

  it('another refusal is not retried, and five taken numbers in a row give up', async () => {
    await db().insertInto('numbered').values({ id: 21, no: 'R1', note: 'first' }).execute();
    let draws = 0;
    const counted = (next: () => string) => () => {
      draws++;
      return next();
    };
    // The primary key, not the number, is taken: thrown at once.
    await expect(
      insertNumbered(t.app.db.dialect, t.app.db.db, 'no', counted(drawn('R2', 'R3')), (n) =>
        db().insertInto('numbered').values({ id: 21, no: n, note: 'clash' }).execute(),
      ),
    ).rejects.toThrow();
    expect(draws).toBe(1);
    draws = 0;
    await expect(
      insertNumbered(t.app.db.dialect, t.app.db.db, 'no', counted(drawn('R1', 'R1', 'R1', 'R1', 'R1', 'R4')), (n) =>
        db().insertInto('numbered').values({ id: 22, no: n, note: 'unlucky' }).execute(),
      ),
    ).rejects.toThrow();
    expect(draws).toBe(5);
    expect(await rows('R')).toEqual(['R1:first']);
  });
});
