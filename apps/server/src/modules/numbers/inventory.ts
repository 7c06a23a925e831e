import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { PatternTag } from '@simshop/contract/numbers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { divisionChildren, divisionName } from '../site/service.ts';
import { patternTags, tagMask } from './patterns.ts';
import { suggestedPrice } from './pricing.ts';
import * as repo from './repository.ts';

/** Operator codes of the inventory (dictionary operator_type). */
export const OPERATOR_CODES = ['1', '2', '3', '4'] as const;

/** A line of an import as given (CSV cells); price and prestored in yuan, empty for the suggested price. */
export interface ImportLine {
  line: number;
  number: string;
  operator: string;
  province: string;
  city: string;
  price: string;
  prestored: string;
}

export type ImportProblem =
  | { id: 'numbersImport.badNumber' }
  | { id: 'numbersImport.duplicateInFile'; line: number }
  | { id: 'numbersImport.exists' }
  | { id: 'numbersImport.badOperator' }
  | { id: 'numbersImport.badProvince' }
  | { id: 'numbersImport.badCity' }
  | { id: 'numbersImport.badPrice' };

/** A checked line: what would be stored (pattern tags computed, prices in fen), or its problem. */
export interface CheckedLine {
  line: number;
  number: string;
  operator: string;
  province: string;
  city: string;
  price: number;
  prestored: number;
  minMonthlyFee: number;
  tags: PatternTag[];
  problem: ImportProblem | null;
}

const YUAN = /^\d{1,8}(\.\d{1,2})?$/;
const fenOf = (yuan: string) => Math.round(Number(yuan) * 100);

/** Numbers of the list already in the inventory (looked up 1,000 at a time). */
async function existing(db: Kysely<Database>, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await db
      .selectFrom('numbers')
      .select('number')
      .where('number', 'in', numbers.slice(i, i + 1000))
      .execute();
    for (const r of rows) found.add(r.number);
    await yieldToLoop();
  }
  return found;
}

/**
 * Checks lines for the inventory: an 11-digit number starting with 1, once in the file and not in
 * the inventory yet, an operator code, a province and a city of it, prices in yuan (empty: the
 * price its patterns suggest). Pattern tags are computed as for every number.
 */
export async function checkImport(db: Kysely<Database>, lines: ImportLine[]): Promise<CheckedLine[]> {
  const firstLine = new Map<string, number>();
  const valid = lines.filter((l) => /^1\d{10}$/.test(l.number)).map((l) => l.number);
  const inInventory = await existing(db, [...new Set(valid)]);
  const out: CheckedLine[] = [];
  for (const l of lines) {
    const number = l.number;
    const ok = /^1\d{10}$/.test(number);
    const tags = ok ? patternTags(number) : [];
    const suggested = ok ? suggestedPrice(tags, number) : { price: 0, prestored: 0, minMonthlyFee: 0 };
    const checked: CheckedLine = {
      line: l.line,
      number,
      operator: l.operator,
      province: l.province,
      city: l.city,
      price: l.price === '' ? suggested.price : YUAN.test(l.price) ? fenOf(l.price) : 0,
      prestored: l.prestored === '' ? suggested.prestored : YUAN.test(l.prestored) ? fenOf(l.prestored) : 0,
      minMonthlyFee: suggested.minMonthlyFee,
      tags,
      problem: null,
    };
    const earlier = firstLine.get(number);
    if (!ok) checked.problem = { id: 'numbersImport.badNumber' };
    else if (earlier !== undefined) checked.problem = { id: 'numbersImport.duplicateInFile', line: earlier };
    else if (inInventory.has(number)) checked.problem = { id: 'numbersImport.exists' };
    else if (!(OPERATOR_CODES as readonly string[]).includes(l.operator)) checked.problem = { id: 'numbersImport.badOperator' };
    else if (!/^\d{2}0000$/.test(l.province) || divisionName(l.province) === undefined)
      checked.problem = { id: 'numbersImport.badProvince' };
    else if (!divisionChildren(l.province)?.some((c) => c.code === l.city)) checked.problem = { id: 'numbersImport.badCity' };
    else if ((l.price !== '' && !YUAN.test(l.price)) || (l.prestored !== '' && !YUAN.test(l.prestored))) {
      checked.problem = { id: 'numbersImport.badPrice' };
    }
    if (ok && earlier === undefined) firstLine.set(number, l.line);
    out.push(checked);
  }
  return out;
}

/**
 * Adds the checked lines without a problem to the inventory, on sale, 500 at a time, giving the
 * event loop back between chunks so other requests are served during a large import. A number
 * another import added meanwhile is skipped. Returns how many were added.
 */
export async function addNumbers(
  db: Kysely<Database>,
  lines: CheckedLine[],
  now: number,
  onChunk?: (done: number) => void,
): Promise<number> {
  const good = lines.filter((l) => l.problem === null);
  let added = 0;
  for (let i = 0; i < good.length; i += 500) {
    const chunk = good.slice(i, i + 500).map((l) => ({
      number: l.number,
      operator: l.operator,
      province: l.province,
      city: l.city,
      price: l.price,
      prestored: l.prestored,
      minMonthlyFee: l.minMonthlyFee,
      tags: tagMask(l.tags),
      rank: Math.floor(Math.random() * 2 ** 31),
    }));
    added += await db.transaction().execute((trx) => repo.insertNewNumbers(trx, chunk, now));
    onChunk?.(Math.min(i + 500, good.length));
    await yieldToLoop();
  }
  return added;
}

export interface InventoryFilter {
  keyword?: string | undefined;
  status?: string | undefined;
  operator?: string | undefined;
}

/** A page of the inventory for operators: an 11-digit keyword is the number, fewer digits its ending. */
export async function inventoryList(db: Kysely<Database>, f: InventoryFilter, page: number, pageSize: number) {
  let q = db.selectFrom('numbers');
  if (f.keyword) {
    q = /^\d{11}$/.test(f.keyword) ? q.where('number', '=', f.keyword) : q.where('rev', 'like', `${[...f.keyword].reverse().join('')}%`);
  }
  if (f.status) q = q.where('status', '=', f.status);
  if (f.operator) q = q.where('operator', '=', f.operator);
  const [rows, count] = await Promise.all([
    q
      .select(['number', 'operator', 'province', 'city', 'price', 'prestored', 'min_monthly_fee', 'tags', 'status', 'updated_at'])
      .orderBy('id', 'desc')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Takes a number on sale off sale (an operator's hold); false when it is not on sale. */
export function holdNumber(db: Kysely<Database>, number: string, now: number): Promise<boolean> {
  return db.transaction().execute((trx) => repo.takeOffSale(trx, number, now));
}

/** Puts a number the operator held back on sale; false when it is not held by an operator. */
export function releaseNumber(db: Kysely<Database>, number: string, now: number): Promise<boolean> {
  return db.transaction().execute((trx) => repo.putBackOnSale(trx, number, now));
}
