/** The package catalogue as a card sees it: its promoter's packages for its operator (or any operator). */
import type { DurationUnitValue } from '@simshop/contract/iot';
import type { CatalogPackage, Effect } from '@simshop/contract/iot-money';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotPackagesTable } from '../../db/schema-iot-money.ts';
import { isLifetimeDuration, seckillState } from './rules.ts';

export type PackageRow = Selectable<IotPackagesTable>;

export function effectsOf(p: PackageRow): Effect[] {
  if (p.kind !== 'base') return ['now'];
  const list = p.effects.split(',').filter((e): e is Effect => e === 'now' || e === 'next');
  return list.length ? list : ['now'];
}

export function toCatalog(p: PackageRow, now: number): CatalogPackage {
  const effects = effectsOf(p);
  const defaultEffect = effects.includes(p.default_effect as Effect) ? (p.default_effect as Effect) : effects[0]!;
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    description: p.description,
    tag: p.tag,
    flowMb: p.unlimited === 1 || p.kind === 'volume' ? 0 : p.flow_mb,
    unlimited: p.unlimited === 1,
    gPrice: p.g_price,
    price: p.price,
    originalPrice: p.original_price > 0 ? p.original_price : p.price,
    duration: p.duration,
    durationUnit: p.duration_unit,
    isLifetime: isLifetimeDuration(p.duration, p.duration_unit as DurationUnitValue),
    effects,
    defaultEffect,
    renewable: p.renewable === 1 && p.kind === 'base' && p.is_seckill === 0,
    couponDeductMax: Math.min(p.coupon_deduct_max, p.price),
    seckill:
      p.is_seckill === 1
        ? {
            startsAt: p.seckill_starts_at ?? 0,
            endsAt: p.seckill_ends_at ?? 0,
            stock: p.stock ?? 0,
            sold: p.sold,
            left: p.stock === null ? 0 : Math.max(0, p.stock - p.sold),
            state: seckillState(p, now),
          }
        : null,
  };
}

/** The packages on sale to a card: its promoter's, for its operator or any; flash sales not yet ended. */
export function packagesFor(db: Kysely<Database>, promoCode: string, operatorType: number) {
  return db
    .selectFrom('iot_packages')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .where('operator_type', 'in', [0, operatorType])
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findPackage(db: Kysely<Database>, id: number) {
  return db.selectFrom('iot_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Why a card cannot buy a package now, or null when it can. */
export function unsellableReason(
  p: PackageRow,
  card: { promo_code: string; operator_type: number },
  now: number,
): {
  code: 'off_sale' | 'upcoming' | 'ended' | 'sold_out';
  message: 'packages.notOnSale' | 'packages.flashNotStarted' | 'packages.flashEnded' | 'packages.soldOut';
} | null {
  if (p.on_sale !== 1 || p.promo_code !== card.promo_code || (p.operator_type !== 0 && p.operator_type !== card.operator_type)) {
    return { code: 'off_sale', message: 'packages.notOnSale' };
  }
  if (p.is_seckill !== 1) return null;
  const state = seckillState(p, now);
  if (state === 'upcoming') return { code: 'upcoming', message: 'packages.flashNotStarted' };
  if (state === 'ended') return { code: 'ended', message: 'packages.flashEnded' };
  if (state === 'sold_out') return { code: 'sold_out', message: 'packages.soldOut' };
  return null;
}
