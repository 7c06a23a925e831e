/**
 * The carrier operations table (iot_carrier_operations, decision 0075): the store the adapters keep
 * the changes they ask in, so that a restart, or another instance, polls an operation under way
 * instead of asking it again. Each write is a statement of its own, never inside a transaction
 * around the outside call: the record is committed before the call is made and updated after.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OperationKind, OperationStore, StoredOperation, StoredState } from '../../providers/carrier/operation-store.ts';
import { RoutedCarrier } from '../../providers/carrier/routed.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';

type Row = Database['iot_carrier_operations'];

function fromRow(r: Row): StoredOperation {
  return {
    carrier: r.carrier,
    opKey: r.op_key,
    iccid: r.iccid,
    simNo: r.sim_no,
    kind: r.kind as OperationKind,
    request: JSON.parse(r.request) as StoredOperation['request'],
    state: r.status as StoredState,
    ref: r.operator_ref,
    reason: r.reason,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export class DbOperationStore implements OperationStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(carrier: string, opKey: string): Promise<StoredOperation | null> {
    const row = await this.db
      .selectFrom('iot_carrier_operations')
      .selectAll()
      .where('carrier', '=', carrier)
      .where('op_key', '=', opKey)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async insert(op: StoredOperation): Promise<boolean> {
    const result = await this.db
      .insertInto('iot_carrier_operations')
      .values({
        carrier: op.carrier,
        op_key: op.opKey,
        iccid: op.iccid,
        sim_no: op.simNo,
        kind: op.kind,
        request: JSON.stringify(op.request),
        status: op.state,
        operator_ref: op.ref,
        reason: op.reason,
        created_at: op.createdAt,
        updated_at: op.updatedAt,
      })
      .onConflict((oc) => oc.columns(['carrier', 'op_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async update(carrier: string, opKey: string, patch: Parameters<OperationStore['update']>[2]): Promise<void> {
    await this.db
      .updateTable('iot_carrier_operations')
      .set({
        status: patch.state,
        operator_ref: patch.ref,
        reason: patch.reason,
        updated_at: patch.updatedAt,
        ...(patch.request ? { request: JSON.stringify(patch.request) } : {}),
      })
      .where('carrier', '=', carrier)
      .where('op_key', '=', opKey)
      .execute();
  }

  async unfinished(limit: number): Promise<StoredOperation[]> {
    const rows = await this.db
      .selectFrom('iot_carrier_operations')
      .selectAll()
      .where('status', 'in', ['sending', 'pending'])
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  }
}

/**
 * The operations job: polls every operation still under way, whichever carrier asked it (the
 * built-in one or an operator account's), after a restart too, so a change is confirmed even when
 * no caller asks again. Each poll is one outside call of its own, outside any transaction; an
 * operation is polled only at the carrier the card is on now. Returns how many were polled.
 */
export async function pollOperations(store: OperationStore, carrier: CarrierProvider, now: number): Promise<number> {
  const open = await store.unfinished(200);
  let failed: unknown = null;
  let polled = 0;
  for (const op of open) {
    // The stored operation keeps the card's numbers; its operator type is not needed to poll it.
    const card = { simNo: op.simNo, iccid: op.iccid, operatorType: 0 };
    const target = carrier instanceof RoutedCarrier ? await carrier.carrierOf(card) : carrier;
    if (target.name !== op.carrier) continue;
    try {
      await target.operation(card, op.opKey, now);
      polled++;
    } catch (err) {
      failed ??= err;
    }
  }
  if (failed) throw failed;
  return polled;
}
