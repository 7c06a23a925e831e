import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Refunds as records (payments module): one row per refund request, partial or full, idempotent by
 * the caller's key; the payment keeps the amount reserved by its refunds (pending or done) and the
 * amount the provider has refunded, so partial refunds never add up to more than was paid. The
 * sandbox provider keeps its own refund books. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .alterTable('payments')
    .addColumn('refund_reserved', c.moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refund_settled', c.moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', c.idType, c.id)
    .addColumn('refund_no', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', c.idType, (col) => col.notNull().references('payments.id'))
    .addColumn('payment_no', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('idem_key', 'text', (col) => col.notNull())
    // pending (amount reserved, provider asked or to be asked) → succeeded | failed (reservation released)
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('provider_refund_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addColumn('settled_at', c.timeType)
    .addUniqueConstraint('payment_refunds_payment_key', ['payment_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('payment_refunds_state').on('payment_refunds').columns(['state', 'created_at']).execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('refund_no', 'text', (col) => col.primaryKey())
    .addColumn('trade_no', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();

  // Refunds owed before refunds were records become pending refund records of the whole amount.
  const owed = await db
    .selectFrom('payments')
    .select(['id', 'payment_no', 'amount', 'refund_reason', 'updated_at'])
    .where('status', '=', 'paid')
    .where('refund_reason', '<>', '')
    .execute();
  for (const p of owed) {
    await db
      .insertInto('payment_refunds')
      .values({
        refund_no: `R${p.payment_no.replace(/^P/, '')}`,
        payment_id: p.id,
        payment_no: p.payment_no,
        amount: p.amount,
        reason: p.refund_reason,
        idem_key: 'owed',
        state: 'pending',
        provider_refund_no: '',
        detail: '',
        attempts: 0,
        created_at: p.updated_at,
        updated_at: p.updated_at,
        settled_at: null,
      })
      .execute();
    await db.updateTable('payments').set({ refund_reserved: p.amount }).where('id', '=', p.id).execute();
  }
}
