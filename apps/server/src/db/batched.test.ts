import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

type Row = { key: string; value: number };

/** A read that records the keys of each query and answers the rows of the keys it knows. */
function table(rows: Row[]) {
  const queries: string[][] = [];
  const readMany = async (keys: string[]) => {
    queries.push(keys);
    return rows.filter((r) => keys.includes(r.key));
  };
  return { queries, readMany };
}

const rows: Row[] = [
  { key: 'a', value: 1 },
  { key: 'b', value: 2 },
  { key: 'c', value: 3 },
];

describe('batched', () => {
  it('reads the keys asked for in one turn in one query, each caller getting its own row', async () => {
    const t = table(rows);
    const read = batched(t.readMany, (r) => r.key, 10);
    const answers = await Promise.all([read('c'), read('a'), read('x'), read('b')]);
    expect(answers).toEqual([{ key: 'c', value: 3 }, { key: 'a', value: 1 }, undefined, { key: 'b', value: 2 }]);
    expect(t.queries).toEqual([['c', 'a', 'x', 'b']]);
  });

  it('asks for a key once when several callers want it', async () => {
    const t = table(rows);
    const read = batched(t.readMany, (r) => r.key, 10);
    const answers = await Promise.all([read('a'), read('b'), read('a')]);
    expect(answers.map((r) => r?.value)).toEqual([1, 2, 1]);
    expect(t.queries).toEqual([['a', 'b']]);
  });

  it('sends a batch as soon as it holds `max` keys, and the rest in the next query', async () => {
    const t = table(rows);
    const read = batched(t.readMany, (r) => r.key, 2);
    const answers = await Promise.all([read('a'), read('b'), read('c')]);
    expect(answers.map((r) => r?.value)).toEqual([1, 2, 3]);
    expect(t.queries).toEqual([['a', 'b'], ['c']]);
  });

  it('reads a key asked for after a batch was sent in a query of its own, sent after the call', async () => {
    const own = [...rows];
    const t = table(own);
    const read = batched(t.readMany, (r) => r.key, 10);
    const first = read('a');
    await new Promise((r) => setImmediate(r));
    expect(t.queries).toEqual([['a']]);
    own.push({ key: 'd', value: 4 });
    expect((await read('d'))?.value).toBe(4);
    expect((await first)?.value).toBe(1);
    expect(t.queries).toEqual([['a'], ['d']]);
  });

  it('fails every caller of a batch whose query fails', async () => {
    const read = batched<string, Row>(
      async () => {
        throw new Error('connection lost');
      },
      (r) => r.key,
      10,
    );
    const answers = await Promise.allSettled([read('a'), read('b')]);
    expect(answers.map((a) => a.status === 'rejected' && (a.reason as Error).message)).toEqual(['connection lost', 'connection lost']);
  });
});
