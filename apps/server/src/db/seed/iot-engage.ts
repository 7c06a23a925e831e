/**
 * Demo data of iot-engage: coupon-coin exchange items of the promoters `demo` and `agent01`
 * (package coupons and balance), VIP plans; the plain demo SIM (1440000000001) signed in the two days before today,
 * so its task centre shows a running streak (day 3 next, 15 points). Its points ledger opens with
 * what it held before and carries the two sign-ins, adding up to the card's 1280 points. Runs
 * before the money seed opens the other ledgers.
 */
import type { Kysely } from 'kysely';
import { chinaDay, DAY_MS } from '../../lib/flow-math.ts';
import type { Database } from '../schema.ts';
import { DEMO } from './iot.ts';

/** What coupon coins buy at the demo promoters: package coupons (money in fen) and balance. */
const EXCHANGE_ITEMS = [
  {
    promo_code: 'demo',
    kind: 'coupon',
    coin_cost: 500,
    value: 500,
    min_spend: 2000,
    valid_days: 30,
    stock: 100,
    per_card_limit: 2,
    sort: 1,
  },
  {
    promo_code: 'demo',
    kind: 'coupon',
    coin_cost: 900,
    value: 1000,
    min_spend: 5000,
    valid_days: 30,
    stock: 50,
    per_card_limit: 1,
    sort: 2,
  },
  { promo_code: 'demo', kind: 'balance', coin_cost: 200, value: 200, min_spend: 0, valid_days: 0, stock: null, per_card_limit: 5, sort: 3 },
  {
    promo_code: 'demo',
    kind: 'coupon',
    coin_cost: 1800,
    value: 2000,
    min_spend: 10000,
    valid_days: 60,
    stock: 10,
    per_card_limit: 1,
    sort: 4,
  },
  {
    promo_code: 'agent01',
    kind: 'coupon',
    coin_cost: 300,
    value: 300,
    min_spend: 1000,
    valid_days: 30,
    stock: 200,
    per_card_limit: 3,
    sort: 1,
  },
  {
    promo_code: 'agent01',
    kind: 'balance',
    coin_cost: 100,
    value: 100,
    min_spend: 0,
    valid_days: 0,
    stock: null,
    per_card_limit: 0,
    sort: 2,
  },
] as const;

/** VIP plans of the demo promoters: points multipliers on sign-in and tasks, and a discount on packages. */
const VIP_PLANS = [
  {
    promo_code: 'demo',
    name: '白银会员 · 月卡',
    gi: 'silver',
    price: 990,
    original_price: 1500,
    duration_days: 30,
    points_multiplier: 2,
    package_discount: 98,
    sort: 1,
  },
  {
    promo_code: 'demo',
    name: '黄金会员 · 季卡',
    gi: 'gold',
    price: 2490,
    original_price: 4500,
    duration_days: 90,
    points_multiplier: 3,
    package_discount: 95,
    sort: 2,
  },
  {
    promo_code: 'agent01',
    name: '星河会员 · 月卡',
    gi: 'silver',
    price: 800,
    original_price: 0,
    duration_days: 30,
    points_multiplier: 2,
    package_discount: 98,
    sort: 1,
  },
] as const;

/** Speed-ups of the demo promoters: a carrier speed profile for some hours. */
const ACCELERATE_PLANS = [
  {
    promo_code: 'demo',
    name: '5G 极速 · 2 小时',
    speed_code: '5G_300M',
    speed_mbps: 300,
    duration_hours: 2,
    price: 300,
    original_price: 500,
    sort: 1,
  },
  {
    promo_code: 'demo',
    name: '5G 极速 · 24 小时',
    speed_code: '5G_300M',
    speed_mbps: 300,
    duration_hours: 24,
    price: 990,
    original_price: 1500,
    sort: 2,
  },
  {
    promo_code: 'demo',
    name: '畅享加速 · 7 天',
    speed_code: '4G_100M',
    speed_mbps: 100,
    duration_hours: 168,
    price: 1990,
    original_price: 2990,
    sort: 3,
  },
  {
    promo_code: 'agent01',
    name: '极速加速 · 24 小时',
    speed_code: '5G_300M',
    speed_mbps: 300,
    duration_hours: 24,
    price: 880,
    original_price: 0,
    sort: 1,
  },
] as const;

export async function seedIotEngage(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('iot_accelerate_plans')
    .values(ACCELERATE_PLANS.map((p) => ({ ...p, created_at: now, updated_at: now })))
    .execute();
  await db
    .insertInto('iot_vip_plans')
    .values(VIP_PLANS.map((p) => ({ ...p, created_at: now, updated_at: now })))
    .execute();
  await db
    .insertInto('iot_exchange_items')
    .values(EXCHANGE_ITEMS.map((i) => ({ ...i, created_at: now, updated_at: now })))
    .execute();
  const card = await db.selectFrom('iot_sims').select(['id', 'integral']).where('sim_no', '=', DEMO.sim).executeTakeFirstOrThrow();
  const days = [
    { at: now - 2 * DAY_MS, streak: 1, points: 5 },
    { at: now - DAY_MS, streak: 2, points: 10 },
  ];
  let total = card.integral - days.reduce((n, d) => n + d.points, 0);
  const entries = [{ delta: total, after: total, reason: 'opening', at: now - 3 * DAY_MS }];
  for (const d of days) {
    total += d.points;
    entries.push({ delta: d.points, after: total, reason: 'sign_in', at: d.at });
  }
  await db
    .insertInto('iot_sign_ins')
    .values(days.map((d) => ({ sim_id: card.id, day: chinaDay(d.at), streak: d.streak, points: d.points, created_at: d.at })))
    .execute();
  await db
    .insertInto('iot_ledger_entries')
    .values(
      entries.map((e) => ({
        sim_id: card.id,
        account: 'integral' as const,
        delta: e.delta,
        balance_after: e.after,
        reason: e.reason,
        order_no: '',
        remark: '',
        created_at: e.at,
      })),
    )
    .execute();
}
