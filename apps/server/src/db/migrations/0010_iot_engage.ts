import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * IoT engagement: one row per card and China-time day signed in (the unique pair makes a second
 * sign-in the same day impossible, even under concurrency), and one row per card and one-off task
 * rewarded. The points themselves go through the ledger of iot-money. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_sign_ins')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // China date yyyy-MM-dd
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('streak', 'integer', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_sign_ins_unique', ['sim_id', 'day'])
    .execute();
  await db.schema
    .createTable('iot_task_rewards')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // bindPhone | realname | payPassword | firstTopup | buyPackage
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_task_rewards_unique', ['sim_id', 'task'])
    .execute();
}
