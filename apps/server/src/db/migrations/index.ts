import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_storefront.ts';
import * as m0003 from './0003_iot.ts';
import * as m0004 from './0004_iot_money.ts';
import * as m0005 from './0005_housekeeping.ts';
import * as m0006 from './0006_iot_provisioning.ts';
import * as m0007 from './0007_iot_carrier_data.ts';
import * as m0008 from './0008_i18n_texts.ts';

type DialectMigration = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/** Every migration in order. Append only. */
const all: Record<string, DialectMigration> = {
  '0001_foundation': m0001,
  '0002_storefront': m0002,
  '0003_iot': m0003,
  '0004_iot_money': m0004,
  '0005_housekeeping': m0005,
  '0006_iot_provisioning': m0006,
  '0007_iot_carrier_data': m0007,
  '0008_i18n_texts': m0008,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, { up: (db) => m.up(db, dialect) }]));
}
