/**
 * `npm run admin:create -- --mobile 13700000009 --role owner [--password …] [--name …] [--promoter agent01]`
 * Makes an operator of the console in the configured database (DATABASE_URL / DATA_DIR) and prints
 * its TOTP secret and otpauth URL (add it to an authenticator app), and the password when one was made.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@simshop/contract/admin';
import { loadConfig } from './config.ts';
import { openDb } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createOperator } from './modules/admin/service.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      mobile: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      password: { type: 'string' },
      name: { type: 'string' },
      promoter: { type: 'string' },
    },
  });
  const role = values.role as OperatorRole;
  if (!values.mobile || !/^1\d{10}$/.test(values.mobile)) return usage('--mobile must be 11 digits starting with 1');
  if (!OPERATOR_ROLES.includes(role)) return usage(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  if (role !== 'owner' && !values.promoter) return usage('an agent or staff account needs --promoter <promo code>');
  if (values.password !== undefined && values.password.length < 8) return usage('--password must be at least 8 characters');
  const config = loadConfig();
  const db = openDb(config.database);
  try {
    await migrateToLatest(db.db, db.dialect);
    let promoterId: number | null = null;
    if (values.promoter) {
      const p = await db.db.selectFrom('promoters').select('id').where('promo_code', '=', values.promoter).executeTakeFirst();
      if (!p) return usage(`no storefront with promo code ${values.promoter}`);
      promoterId = Number(p.id);
    }
    const exists = await db.db.selectFrom('admin_operators').select('id').where('mobile', '=', values.mobile).executeTakeFirst();
    if (exists) return usage(`an operator with mobile ${values.mobile} exists already`);
    const password = values.password ?? randomBytes(12).toString('base64url');
    const made = await createOperator(
      { db: db.db, dialect: db.dialect, config, now: () => Date.now(), log: console as never },
      { mobile: values.mobile, name: values.name ?? values.mobile, role, promoterId, password },
    );
    console.log(`operator ${made.id} (${role}) ${values.mobile}`);
    if (values.password === undefined) console.log(`password: ${password}`);
    console.log(`TOTP secret: ${made.totpSecret}`);
    console.log(`otpauth URL: ${made.otpauthUrl}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

function usage(problem: string): number {
  console.error(`admin:create: ${problem}`);
  console.error(
    'usage: npm run admin:create -- --mobile <11 digits> --role owner|agent|staff [--promoter <promo code>] [--password <at least 8>] [--name <name>]',
  );
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
