import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The operator console (admin module): operator accounts, their sessions (a password step, then
 * the TOTP step) and the audit log of every write. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('admin_operators')
    .addColumn('id', c.idType, c.id)
    .addColumn('mobile', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    // owner | agent | staff; agent and staff are bound to one promoter.
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('promoter_id', c.idType, (col) => col.references('promoters.id'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('totp_secret', 'text', (col) => col.notNull())
    // The last TOTP time step used: a code is accepted once.
    .addColumn('totp_last_step', c.timeType, (col) => col.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  // A session is first 'totp' (the password was right, the second factor is due), then 'active'.
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', c.idType, (col) => col.notNull().references('admin_operators.id'))
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('revoked_at', c.timeType)
    .execute();
  await db.schema.createIndex('admin_sessions_operator').on('admin_sessions').columns(['operator_id']).execute();
  await db.schema.createIndex('admin_sessions_expires').on('admin_sessions').columns(['expires_at']).execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', c.idType, c.id)
    .addColumn('operator_id', c.idType, (col) => col.notNull())
    .addColumn('operator_mobile', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('promoter_id', c.idType)
    // JSON of the object before and after the write (null when it did not exist / no longer does).
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_at').on('admin_audit').columns(['at']).execute();
  await db.schema.createIndex('admin_audit_object').on('admin_audit').columns(['object_type', 'object_id']).execute();
  await db.schema.createIndex('admin_audit_operator').on('admin_audit').columns(['operator_id', 'at']).execute();
}
