/** Number plans as the operator console lists and edits them (this module owns number_packages). */
import type { AdminNumberPackage, SaveNumberPackageBody } from '@simshop/contract/admin-number-packages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { replaceTris, trisOf } from '../i18n-texts/service.ts';

type Db = Kysely<Database>;

/** Every plan with its texts in the three languages, by operator and order; operator names added by the caller. */
export async function operatorNumberPackages(db: Db): Promise<Omit<AdminNumberPackage, 'operatorName'>[]> {
  const rows = await db.selectFrom('number_packages').selectAll().orderBy('operator').orderBy('sort').orderBy('id').execute();
  const tris = await trisOf(db, 'number_package', rows, ['name', 'description'] as const);
  return rows.map((p) => ({
    id: p.id,
    operator: p.operator,
    name: tris.get(p.id)!.name,
    description: tris.get(p.id)!.description,
    monthlyFee: Number(p.monthly_fee),
    dataMb: Number(p.data_mb),
    voiceMinutes: Number(p.voice_minutes),
    sort: Number(p.sort),
    enabled: Number(p.enabled) === 1,
  }));
}

/**
 * Adds a plan or changes one, with its translations, in one transaction; answers its id. A plan's
 * operator stays (orders and numbers name it); orders already placed keep the plan as it was.
 */
export async function saveNumberPackage(db: Db, body: SaveNumberPackageBody): Promise<number> {
  const row = {
    operator: body.operator,
    name: body.name['zh-Hans'],
    description: body.description['zh-Hans'],
    monthly_fee: body.monthlyFee,
    data_mb: body.dataMb,
    voice_minutes: body.voiceMinutes,
    sort: body.sort ?? 0,
    enabled: body.enabled ? 1 : 0,
  };
  return db.transaction().execute(async (trx) => {
    let id = body.id;
    if (id === undefined) {
      id = (await trx.insertInto('number_packages').values(row).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      const before = await trx.selectFrom('number_packages').select('operator').where('id', '=', id).executeTakeFirst();
      if (!before) throw invalid('id', 'admin.noSuchObject');
      if (before.operator !== body.operator) throw invalid('operator', 'numbers.packageOperatorFixed');
      await trx.updateTable('number_packages').set(row).where('id', '=', id).execute();
    }
    await replaceTris(trx, 'number_package', id, { name: body.name, description: body.description });
    return id;
  });
}
