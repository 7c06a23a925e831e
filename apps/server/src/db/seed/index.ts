import type { Config } from '../../config.ts';
import type { Db } from '../kysely.ts';
import { seedAdmin } from './admin.ts';
import { seedAgents } from './agents.ts';
import { seedCustomer } from './customer.ts';
import { seedFastNumber } from './fast-number.ts';
import { seedFoundation } from './foundation.ts';
import { seedGoods } from './goods.ts';
import { seedIot } from './iot.ts';
import { seedIotCodes } from './iot-codes.ts';
import { seedIotEngage } from './iot-engage.ts';
import { seedIotMoney } from './iot-money.ts';
import { seedMall } from './mall.ts';
import { seedShopPages } from './shop-pages.ts';
import { seedStorefront } from './storefront.ts';
import { seedTranslations } from './translations.ts';

/** Seeds the demo data once, into a database that has no promoters yet. Deterministic. */
export async function seedDemoIfNew(db: Db, config: Config, now = Date.now()): Promise<boolean> {
  const existing = await db.db.selectFrom('promoters').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.db.transaction().execute(async (trx) => {
    await seedFoundation(trx, now);
    await seedStorefront(trx, now, config.seedNumbers);
    await seedFastNumber(trx, now);
    await seedIot(trx, now);
    await seedIotEngage(trx, now);
    await seedIotMoney(trx, now);
    await seedIotCodes(trx, now);
    await seedGoods(trx, now);
    await seedAgents(trx, now);
    await seedMall(trx, now);
    await seedCustomer(trx, now);
    await seedShopPages(trx, now);
    await seedTranslations(trx);
    await seedAdmin(trx, now);
  });
  return true;
}
