/** packageChoose, packageDetails and closeVolumePackage. */
import type { DurationUnitValue } from '@simshop/contract/iot';
import type { CatalogPackage, CloseVolumeReply, PackageChooseReply, PackageDetailsReply } from '@simshop/contract/iot-money';
import { fail, invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { type Texts, textsFor } from '../i18n-texts/service.ts';
import {
  applySync,
  baseServiceEnd,
  closeSimPackage,
  findOpenVolume,
  livePackages,
  planSync,
  pushDataSwitch,
  syncSimIn,
} from '../iot-carrier/service.ts';
import { cardById, lockCard } from '../iot-sims/service.ts';
import { realnameMissing } from './card.ts';
import { effectsOf, findPackage, packagesFor, toCatalog, unsellableReason } from './catalogue.ts';
import { couponsOf } from './coupons.ts';
import type { MoneyDeps } from './deps.ts';
import { insertEntries, postLocked } from './ledger.ts';
import { payMethodsFor } from './online.ts';
import { couponCoinsUsable, discountedPrice, packageWindow, volumeClose } from './rules.ts';
import { settingsFor } from './settings.ts';

/** A catalogue package with its texts in the language. */
export function localized(p: CatalogPackage, texts: Texts): CatalogPackage {
  return {
    ...p,
    name: texts.text(p.id, 'name', p.name),
    description: texts.text(p.id, 'description', p.description),
    tag: texts.text(p.id, 'tag', p.tag),
  };
}

export async function packageChoose(deps: MoneyDeps, simId: number, language: Language): Promise<PackageChooseReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  const [rows, settings] = await Promise.all([packagesFor(db, card.promo_code, card.operator_type), settingsFor(db, card.promo_code)]);
  const reply: PackageChooseReply = {
    base: [],
    addon: [],
    volume: [],
    seckill: [],
    balance: card.balance,
    couponCoin: card.coupon_coin,
    endAt: card.end_at,
    needBuyPackage: card.end_at === null || card.end_at <= now,
    realnameRequired: settings.realname_required === 1 && realnameMissing(card),
  };
  const texts = await textsFor(
    db,
    language,
    'iot_package',
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const p = localized(toCatalog(row, now), texts);
    if (p.seckill) {
      if (p.seckill.state !== 'ended') reply.seckill.push(p);
    } else reply[p.kind].push(p);
  }
  return reply;
}

export async function packageDetails(deps: MoneyDeps, simId: number, packageId: number, language: Language): Promise<PackageDetailsReply> {
  const { db } = deps.db;
  const now = deps.now();
  const [row, card] = await Promise.all([findPackage(db, packageId), cardById(db, simId)]);
  const refusal = row ? unsellableReason(row, card, now) : null;
  if (!row || refusal?.code === 'off_sale') throw invalid('packageId', 'packages.noSuchForCard');
  const currentEnd = await baseServiceEnd(db, simId, now);
  const texts = await textsFor(db, language, 'iot_package', [row.id]);
  const pkg = localized(toCatalog(row, now), texts);
  let rules: string[] = [];
  try {
    const parsed = JSON.parse(row.rules) as unknown;
    if (Array.isArray(parsed)) rules = parsed.map(String);
  } catch {
    rules = [];
  }
  const [methods, discount] = await Promise.all([payMethodsFor(deps, card.promo_code), deps.sims.packageDiscount(db, card, now)]);
  const price = discountedPrice(row.price, discount);
  return {
    package: pkg,
    vip: discount < 100 ? { discount, price } : null,
    rules: texts.document(row.id, 'rules', rules),
    effectOptions: effectsOf(row).map((effect) => ({
      effect,
      ...packageWindow(effect, row.duration, row.duration_unit as DurationUnitValue, currentEnd, now),
    })),
    coupon: {
      available: card.coupon_coin,
      maxDeduct: pkg.couponDeductMax,
      usable: couponCoinsUsable(card.coupon_coin, row.coupon_deduct_max, price),
    },
    coupons: await couponsOf(db, simId, now, price),
    balance: card.balance,
    existPayPassword: card.pay_password_hash !== null,
    payMethods: [{ method: 'balance', name: '余额支付' }, ...methods],
  };
}

/**
 * Ends the card's pay-per-use volume package now: usage up to now is accrued, the volume used and
 * not yet charged is taken from the balance (what it cannot cover becomes arrears), and the unused
 * whole days of its price are returned to the balance (decision record 0006).
 */
export async function closeVolumePackage(deps: MoneyDeps, simId: number, simPackageId: number | undefined): Promise<CloseVolumeReply> {
  const now = deps.now();
  const { db, dialect } = deps.db;
  const reply = await db.transaction().execute(async (trx) => {
    await lockCard(trx, dialect, simId);
    await syncSimIn(trx, dialect, deps.carrier, simId, now);
    const card = await lockCard(trx, dialect, simId);
    const id = simPackageId ?? card.volume_package_id;
    if (id === null) throw fail('packages.noVolume');
    const sp = await findOpenVolume(trx, simId, id);
    if (!sp) throw invalid('simPackageId', 'packages.noSuchVolume');
    const terms = volumeClose(
      { usedMb: sp.used_mb, gPrice: sp.g_price, charged: sp.charged, price: sp.price, startsAt: sp.starts_at, endsAt: sp.ends_at },
      now,
    );
    const ref = sp.order_no;
    // The refund comes in first; the use is charged to the balance, and what it cannot cover is owed.
    const fromBalance = Math.min(card.balance + terms.refund, terms.usageCharge);
    const arrears = terms.usageCharge - fromBalance;
    const remark = `${sp.used_mb} MB at ¥${(sp.g_price / 100).toFixed(2)}/GB`;
    const { entries, totals } = postLocked(
      card,
      [
        { account: 'balance', delta: terms.refund, reason: 'volume_refund', orderNo: ref },
        { account: 'balance', delta: -fromBalance, reason: 'volume_charge', orderNo: ref, remark },
        { account: 'arrears', delta: arrears, reason: 'volume_charge', orderNo: ref, remark },
      ],
      now,
    );
    await insertEntries(trx, entries);
    await closeSimPackage(trx, sp.id, Math.max(sp.starts_at, now), now, sp.charged + terms.usageCharge);
    const plan = await planSync(trx, deps.carrier, card, await livePackages(trx, simId), now);
    await applySync(trx, plan, now, totals);
    const balance = totals.balance ?? card.balance;
    return { simPackageId: sp.id, usedMb: sp.used_mb, usageCharge: terms.usageCharge, refund: terms.refund, arrears, balance };
  });
  deps.sims.forgetSimInfo(simId);
  await pushDataSwitch(deps.db, deps.carrier, simId, now);
  return reply;
}
