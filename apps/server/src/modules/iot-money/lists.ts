/** Order logs of a card (orderLogs: PackageList, BalanceList, BalanceLogList), paged, newest first. */
import type { IotOrderView, LedgerAccount, LedgerEntry } from '@simshop/contract/iot-money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotOrderKind } from '../../db/schema-iot-money.ts';
import type { Language } from '../../lib/messages.ts';
import { packageWindows } from '../iot-carrier/service.ts';
import { localTitles, orderView } from './views.ts';

type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export async function orderList(
  db: Kysely<Database>,
  simId: number,
  kinds: IotOrderKind[],
  page: number,
  pageSize: number,
  language: Language,
): Promise<Page<IotOrderView>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('iot_orders')
      .selectAll()
      .where('sim_id', '=', simId)
      .where('kind', 'in', kinds)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('iot_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sim_id', '=', simId)
      .where('kind', 'in', kinds)
      .executeTakeFirstOrThrow(),
  ]);
  const windows = await packageWindows(
    db,
    rows.flatMap((o) => (o.sim_package_id === null ? [] : [o.sim_package_id])),
  );
  return {
    list: await localTitles(
      db,
      rows.map((o) => ({ o, view: orderView(o, (o.sim_package_id !== null && windows.get(o.sim_package_id)) || null) })),
      language,
    ),
    total: Number(count.n),
    page,
    pageSize,
  };
}

export async function ledgerList(
  db: Kysely<Database>,
  simId: number,
  account: LedgerAccount,
  page: number,
  pageSize: number,
): Promise<Page<LedgerEntry>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('iot_ledger_entries')
      .selectAll()
      .where('sim_id', '=', simId)
      .where('account', '=', account)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('iot_ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sim_id', '=', simId)
      .where('account', '=', account)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((e) => ({
      id: e.id,
      account: e.account,
      delta: e.delta,
      balanceAfter: e.balance_after,
      reason: e.reason,
      orderNo: e.order_no,
      remark: e.remark,
      createdAt: e.created_at,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
