/** The iot_orders rows of this module: insert, lock, change. */
import type { Insertable, Selectable } from 'kysely';
import { forUpdate } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import type { IotOrdersTable } from '../../db/schema-iot-money.ts';
import type { Trx } from './deps.ts';

export type OrderRow = Selectable<IotOrdersTable>;

export function insertOrder(trx: Trx, row: Insertable<IotOrdersTable>): Promise<OrderRow> {
  return trx.insertInto('iot_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function lockOrder(trx: Trx, dialect: Db['dialect'], id: number): Promise<OrderRow | undefined> {
  return forUpdate(dialect, trx.selectFrom('iot_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

export function setOrder(trx: Trx, id: number, change: Partial<Omit<OrderRow, 'id'>>): Promise<OrderRow> {
  return trx.updateTable('iot_orders').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves an order from `from` to the change (a conditional update, which also locks the row on
 * PostgreSQL), only when it has a package; undefined when it was not in `from` any more.
 */
export function moveOrderWithPackage(
  trx: Trx,
  id: number,
  from: OrderRow['status'],
  change: Partial<Omit<OrderRow, 'id'>>,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('iot_orders')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('sim_package_id', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

export function findOrder(db: Trx, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('iot_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderOfCard(db: Trx, simId: number, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('iot_orders').selectAll().where('order_no', '=', orderNo).where('sim_id', '=', simId).executeTakeFirst();
}
