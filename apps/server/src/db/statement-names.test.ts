import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names.ts';

const options = { hotRuns: 3, maxNamed: 2, maxText: 40, maxCounted: 3 };

describe('StatementNames', () => {
  it('names a text with values on its third run, and keeps that name', () => {
    const names = new StatementNames(options);
    const text = 'select * from t where id = $1';
    expect(names.nameOf(text, true)).toBeUndefined();
    expect(names.nameOf(text, true)).toBeUndefined();
    expect(names.nameOf(text, true)).toBe('simshop_1');
    expect(names.nameOf(text, true)).toBe('simshop_1');
    expect(names.size).toBe(1);
  });

  it('never names a text without values, nor one longer than the limit', () => {
    const names = new StatementNames(options);
    const long = `select * from t where name = $1 and x = 1`; // 41 characters
    for (let i = 0; i < 5; i++) {
      expect(names.nameOf('begin', false)).toBeUndefined();
      expect(names.nameOf(long, true)).toBeUndefined();
    }
    expect(names.size).toBe(0);
  });

  it('names a text kept on request from its first run', () => {
    const names = new StatementNames(options);
    names.keep('select 1 where $1');
    expect(names.nameOf('select 1 where $1', true)).toBe('simshop_1');
    names.keep('select 1 where $1');
    expect(names.size).toBe(1);
  });

  it('stops naming at the limit; named texts keep their names', () => {
    const names = new StatementNames(options);
    names.keep('a $1');
    names.keep('b $1');
    names.keep('c $1');
    for (let i = 0; i < 3; i++) names.nameOf('d $1', true);
    expect(names.nameOf('c $1', true)).toBeUndefined();
    expect(names.nameOf('d $1', true)).toBeUndefined();
    expect([names.nameOf('a $1', true), names.nameOf('b $1', true)]).toEqual(['simshop_1', 'simshop_2']);
    expect(names.size).toBe(2);
  });

  it('empties the counts when more texts than the limit are counted', () => {
    const names = new StatementNames(options);
    names.nameOf('a $1', true);
    names.nameOf('a $1', true);
    // Three other texts fill the counts, the third empties them: a's two runs are forgotten.
    names.nameOf('b $1', true);
    names.nameOf('c $1', true);
    names.nameOf('d $1', true);
    expect(names.nameOf('a $1', true)).toBeUndefined();
    expect(names.nameOf('a $1', true)).toBeUndefined();
    expect(names.nameOf('a $1', true)).toBe('simshop_1');
  });
});
