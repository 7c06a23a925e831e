import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Standing rules of SIM cards (iot-rules module): the auto top-up rule (below a balance, ask for a
 * top-up of an amount, at most a number of times a month) with each request it made, and the
 * slow-down rule (past an amount of data in a month, a slow speed profile until the month ends),
 * whose row is also the outbox of its carrier calls. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_topup_rules')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    .addColumn('below', c.moneyType, (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('monthly_cap', 'integer', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    // China month (yyyy-MM) the count is of, and the requests made in it
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    // the request still waiting for its payment (none: the rule may ask again)
    .addColumn('open_request_id', c.idType)
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('iot_topup_requests')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    // balance seen when the rule asked
    .addColumn('balance', c.moneyType, (col) => col.notNull())
    // open: order placed, waiting for its payment; paid; unpaid (the order ended unpaid); failed (no order could be placed)
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('order_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pay_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('texted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_topup_requests_sim').on('iot_topup_requests').columns(['sim_id', 'id']).execute();
  await db.schema
    .createTable('iot_slowdown_rules')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    .addColumn('limit_mb', 'integer', (col) => col.notNull())
    .addColumn('speed_code', 'text', (col) => col.notNull())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    // deleted by the holder while slowed: the row goes once the card's speed is restored
    .addColumn('removed', 'integer', (col) => col.notNull().defaultTo(0))
    // none, apply (due at the carrier), applied, restore (due), refused
    .addColumn('state', 'text', (col) => col.notNull())
    // China month (yyyy-MM) the slow profile was applied for
    .addColumn('month', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('due_at', c.timeType)
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    // when the current slow-down was decided (keys its carrier calls)
    .addColumn('decided_at', c.timeType)
    // the operation key of the current slow-down's carrier calls (a repeat is the same operation)
    .addColumn('op_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_slowdown_rules_due').on('iot_slowdown_rules').columns(['due_at']).execute();
}
