/**
 * The card ledgers: balance (fen), integral (points), coupon coins and arrears (fen owed). Every
 * change appends an entry carrying the total after it, in the same transaction that moves the
 * cached total on the card (iot-sims' `addToCardTotal` / `applyLedgerTotals`); a debit that would take a total below zero changes nothing. So the
 * entries of an account always add up to the card's total, and totals never go negative.
 */
import type { LedgerAccount } from '@simshop/contract/iot-money';
import type { FieldId, MessageId } from '@simshop/contract/messages';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotLedgerEntriesTable } from '../../db/schema-iot-money.ts';
import { invalid } from '../../lib/errors.ts';
import { addToCardTotal, cardTotals } from '../iot-sims/service.ts';

type Trx = Kysely<Database>;

export const ACCOUNT_COLUMN = {
  balance: 'balance',
  integral: 'integral',
  coupon_coin: 'coupon_coin',
  arrears: 'arrears_balance',
} as const satisfies Record<LedgerAccount, string>;

export interface Posting {
  simId: number;
  account: LedgerAccount;
  /** Positive: in; negative: out. */
  delta: number;
  reason: string;
  orderNo?: string;
  remark?: string;
  now: number;
}

/**
 * Appends an entry and moves the total together; returns the total after, or null (and changes
 * nothing) when a debit is larger than the total. Call inside a transaction.
 */
export async function post(trx: Trx, p: Posting): Promise<number | null> {
  if (!Number.isSafeInteger(p.delta)) throw new RangeError(`ledger delta must be a whole number, got ${p.delta}`);
  const after = await addToCardTotal(trx, p.simId, ACCOUNT_COLUMN[p.account], p.delta);
  if (after === null) return null;
  await trx
    .insertInto('iot_ledger_entries')
    .values({
      sim_id: p.simId,
      account: p.account,
      delta: p.delta,
      balance_after: after,
      reason: p.reason,
      order_no: p.orderNo ?? '',
      remark: p.remark ?? '',
      created_at: p.now,
    })
    .execute();
  return after;
}

const SHORT = {
  balance: ['balance', 'ledger.balanceShort'],
  integral: ['integral', 'ledger.pointsShort'],
  coupon_coin: ['couponCoin', 'ledger.coinsShort'],
  arrears: ['arrears', 'ledger.arrearsShort'],
} as const satisfies Record<LedgerAccount, readonly [FieldId, MessageId]>;
function short(account: LedgerAccount) {
  const [field, id] = SHORT[account];
  return invalid(field, id);
}

/** Like post, but a debit larger than the total is refused with a clear message. */
export async function postOrFail(trx: Trx, p: Posting): Promise<number> {
  const after = await post(trx, p);
  if (after === null) throw short(p.account);
  return after;
}

type Totals = { balance: number; integral: number; coupon_coin: number; arrears_balance: number };

/**
 * Several postings on a card row read and locked in the caller's transaction, computed in memory:
 * the entries to insert (one statement) and the new totals to write in the card's own update. A
 * debit beyond a total throws and nothing is written.
 */
export function postLocked(
  card: { id: number } & Totals,
  postings: Omit<Posting, 'simId' | 'now'>[],
  now: number,
): { entries: Insertable<IotLedgerEntriesTable>[]; totals: Partial<Totals> } {
  const totals: Partial<Totals> = {};
  const entries: Insertable<IotLedgerEntriesTable>[] = [];
  for (const p of postings) {
    if (p.delta === 0) continue;
    const column = ACCOUNT_COLUMN[p.account];
    const after = (totals[column] ?? card[column]) + p.delta;
    if (after < 0) throw short(p.account);
    totals[column] = after;
    entries.push({
      sim_id: card.id,
      account: p.account,
      delta: p.delta,
      balance_after: after,
      reason: p.reason,
      order_no: p.orderNo ?? '',
      remark: p.remark ?? '',
      created_at: now,
    });
  }
  return { entries, totals };
}

export async function insertEntries(trx: Trx, entries: Insertable<IotLedgerEntriesTable>[]): Promise<void> {
  if (entries.length > 0) await trx.insertInto('iot_ledger_entries').values(entries).execute();
}

/** Sum of entries and total per card and account where they differ (empty when every ledger adds up). */
export async function ledgerMismatches(db: Kysely<Database>, simIds?: number[]) {
  const sums = await db
    .selectFrom('iot_ledger_entries')
    .select(['sim_id', 'account', (eb) => eb.fn.sum<number>('delta').as('total')])
    .$if(simIds !== undefined, (q) => q.where('sim_id', 'in', simIds!.length ? simIds! : [-1]))
    .groupBy(['sim_id', 'account'])
    .execute();
  const cards = await cardTotals(db, simIds);
  const bySim = new Map<string, number>(sums.map((s) => [`${s.sim_id}:${s.account}`, Number(s.total)]));
  const out: { simId: number; account: LedgerAccount; total: number; entries: number }[] = [];
  for (const c of cards) {
    for (const account of Object.keys(ACCOUNT_COLUMN) as LedgerAccount[]) {
      const total = Number(c[ACCOUNT_COLUMN[account]]);
      const entries = bySim.get(`${c.id}:${account}`) ?? 0;
      if (total !== entries || total < 0) out.push({ simId: c.id, account, total, entries });
    }
  }
  return out;
}

/** Opening entries for cards whose totals have no entries yet (demo seed; cards created outside the ledger). */
export async function openLedgers(db: Trx, now: number): Promise<void> {
  const opened = await db.selectFrom('iot_ledger_entries').select(['sim_id', 'account']).distinct().execute();
  const has = new Set(opened.map((e) => `${e.sim_id}:${e.account}`));
  const rows: Insertable<IotLedgerEntriesTable>[] = [];
  const cards = await cardTotals(db);
  for (const [account, column] of Object.entries(ACCOUNT_COLUMN) as [LedgerAccount, (typeof ACCOUNT_COLUMN)[LedgerAccount]][]) {
    for (const c of cards) {
      const total = Number(c[column]);
      if (total === 0 || has.has(`${c.id}:${account}`)) continue;
      rows.push({
        sim_id: c.id,
        account,
        delta: total,
        balance_after: total,
        reason: 'opening',
        order_no: '',
        remark: '',
        created_at: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('iot_ledger_entries')
      .values(rows.slice(i, i + 500))
      .execute();
}
