/**
 * Demo data of the iot-money module (deterministic for a given `now`): the package catalogue of
 * the demo and agent01 promoters (base, add-on, volume, a lifetime package, a flash sale running
 * now with 100 in stock and one starting tomorrow), top-up offers (pay ¥50 get ¥55, ...), the money
 * settings (demo asks for real-name authentication before a purchase), and the opening ledger
 * entries of the demo cards' balances, points and coupon coins.
 */
import { DurationUnit } from '@simshop/contract/iot';
import type { Insertable, Kysely } from 'kysely';
import { DAY_MS, dayStart } from '../../lib/flow-math.ts';
import { openLedgers } from '../../modules/iot-money/ledger.ts';
import type { Database } from '../schema.ts';
import type { IotPackagesTable } from '../schema-iot-money.ts';

const GB = 1024;

// Multi-row inserts name every column (SQLite has no DEFAULT in a VALUES list).
const PACKAGE_DEFAULTS = {
  operator_type: 0,
  description: '',
  rules: '[]',
  tag: '',
  flow_mb: 0,
  unlimited: 0,
  g_price: 0,
  original_price: 0,
  effects: 'now,next',
  default_effect: 'now',
  renewable: 0,
  coupon_deduct_max: 0,
  is_seckill: 0,
  seckill_starts_at: null,
  seckill_ends_at: null,
  stock: null,
  sold: 0,
  per_card_limit: 0,
  sort: 0,
  on_sale: 1,
};
const OFFER_DEFAULTS = { bonus_balance: 0, bonus_coin: 0, tag: '', starts_at: null, ends_at: null, enabled: 1 };

export async function seedIotMoney(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('iot_money_settings')
    .values([
      {
        promo_code: 'demo',
        realname_required: 1,
        allow_custom_topup: 1,
        topup_min: 100,
        topup_max: 500_000,
        renew_ahead_ms: DAY_MS,
        updated_at: now,
      },
      {
        promo_code: 'agent01',
        realname_required: 0,
        allow_custom_topup: 0,
        topup_min: 1000,
        topup_max: 100_000,
        renew_ahead_ms: 3 * DAY_MS,
        updated_at: now,
      },
    ])
    .execute();

  const rules = (...lines: string[]) => JSON.stringify(lines);
  const common = rules('套餐生效后不可退订', '流量仅限国内使用，不含港澳台', '月包按自然月计算，到期当日 24:00 失效');
  type Pkg = Omit<Insertable<IotPackagesTable>, 'created_at' | 'updated_at'>;
  const demo: Pkg[] = [
    {
      promo_code: 'demo',
      kind: 'base',
      name: '全国通用流量 30GB 月包',
      description: '30GB 全国通用流量，1 个月有效',
      rules: common,
      flow_mb: 30 * GB,
      price: 1990,
      original_price: 2900,
      duration: 1,
      duration_unit: DurationUnit.MONTH,
      renewable: 1,
      coupon_deduct_max: 500,
      sort: 10,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '全国通用流量 100GB 月包',
      description: '100GB 全国通用流量，1 个月有效',
      rules: common,
      tag: '热销',
      flow_mb: 100 * GB,
      price: 3900,
      original_price: 4900,
      duration: 1,
      duration_unit: DurationUnit.MONTH,
      renewable: 1,
      coupon_deduct_max: 1000,
      sort: 20,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '全国通用流量 200GB 季包',
      description: '200GB 全国通用流量，3 个月有效',
      rules: common,
      flow_mb: 200 * GB,
      price: 9900,
      duration: 3,
      duration_unit: DurationUnit.MONTH,
      renewable: 1,
      coupon_deduct_max: 2000,
      sort: 30,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '不限量月包',
      description: '不限流量，1 个月有效（达量不限速）',
      rules: common,
      unlimited: 1,
      price: 5900,
      duration: 1,
      duration_unit: DurationUnit.MONTH,
      renewable: 1,
      sort: 40,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '1TB 年包',
      description: '1TB 全国通用流量，12 个月有效',
      rules: common,
      flow_mb: 1024 * GB,
      price: 29900,
      original_price: 39900,
      duration: 1,
      duration_unit: DurationUnit.YEAR,
      renewable: 1,
      coupon_deduct_max: 3000,
      sort: 50,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '终身流量 500GB',
      description: '500GB 流量，长期有效（20 年）',
      rules: rules('流量用完为止，20 年内有效', '不可退订'),
      flow_mb: 500 * GB,
      price: 19900,
      duration: 20,
      duration_unit: DurationUnit.YEAR,
      effects: 'now',
      sort: 60,
    },
    {
      promo_code: 'demo',
      kind: 'addon',
      name: '加油包 5GB 7 天',
      description: '叠加 5GB，7 天有效',
      rules: rules('叠加于当前套餐，立即生效', '7 天后未用完的流量失效'),
      flow_mb: 5 * GB,
      price: 500,
      duration: 7,
      duration_unit: DurationUnit.DAY,
      effects: 'now',
      sort: 70,
    },
    {
      promo_code: 'demo',
      kind: 'addon',
      name: '加油包 20GB 30 天',
      description: '叠加 20GB，30 天有效',
      rules: rules('叠加于当前套餐，立即生效'),
      flow_mb: 20 * GB,
      price: 1500,
      duration: 30,
      duration_unit: DurationUnit.DAY,
      effects: 'now',
      coupon_deduct_max: 300,
      sort: 80,
    },
    {
      promo_code: 'demo',
      kind: 'volume',
      name: '按量计费 ¥5/GB',
      description: '套餐流量用完后按 ¥5/GB 计费，可随时关闭',
      rules: rules('月包用完后自动按量计费', '关闭时结清已用流量费用'),
      g_price: 500,
      price: 0,
      duration: 1,
      duration_unit: DurationUnit.YEAR,
      effects: 'now',
      sort: 90,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '限时秒杀 50GB 月包',
      description: '50GB 全国通用流量，1 个月有效，每卡限购 1 次',
      rules: rules('秒杀商品每卡限购 1 次', '售完即止'),
      tag: '秒杀',
      flow_mb: 50 * GB,
      price: 990,
      original_price: 2900,
      duration: 1,
      duration_unit: DurationUnit.MONTH,
      is_seckill: 1,
      seckill_starts_at: dayStart(now) - DAY_MS,
      seckill_ends_at: dayStart(now) + 3 * DAY_MS,
      stock: 100,
      sold: 37,
      per_card_limit: 1,
      sort: 5,
    },
    {
      promo_code: 'demo',
      kind: 'base',
      name: '明日秒杀 100GB 季包',
      description: '100GB 全国通用流量，3 个月有效',
      rules: rules('秒杀商品每卡限购 1 次'),
      tag: '预告',
      flow_mb: 100 * GB,
      price: 1990,
      original_price: 7900,
      duration: 3,
      duration_unit: DurationUnit.MONTH,
      is_seckill: 1,
      seckill_starts_at: dayStart(now) + DAY_MS + 10 * 3_600_000,
      seckill_ends_at: dayStart(now) + 2 * DAY_MS,
      stock: 50,
      per_card_limit: 1,
      sort: 6,
    },
    {
      promo_code: 'demo',
      operator_type: 2,
      kind: 'base',
      name: '联通 60GB 月包',
      description: '中国联通卡专享',
      rules: common,
      flow_mb: 60 * GB,
      price: 2900,
      duration: 1,
      duration_unit: DurationUnit.MONTH,
      renewable: 1,
      sort: 25,
    },
    {
      promo_code: 'agent01',
      operator_type: 1,
      kind: 'base',
      name: '电信 30GB 年包',
      description: '30GB，12 个月有效',
      rules: common,
      flow_mb: 30 * GB,
      price: 19900,
      duration: 1,
      duration_unit: DurationUnit.YEAR,
      renewable: 1,
      sort: 10,
    },
    {
      promo_code: 'agent01',
      kind: 'addon',
      name: '星河加油包 10GB',
      description: '叠加 10GB，30 天有效',
      rules: rules('立即生效'),
      flow_mb: 10 * GB,
      price: 1000,
      duration: 30,
      duration_unit: DurationUnit.DAY,
      effects: 'now',
      sort: 20,
    },
  ];
  await db
    .insertInto('iot_packages')
    .values(demo.map((p) => ({ ...PACKAGE_DEFAULTS, ...p, created_at: now, updated_at: now })))
    .execute();

  const offers: Omit<Insertable<Database['iot_topup_offers']>, 'created_at'>[] = [
    { promo_code: 'demo', kind: 'balance', pay_amount: 1000, title: '充 ¥10', sort: 1 },
    { promo_code: 'demo', kind: 'balance', pay_amount: 3000, bonus_balance: 200, title: '充 ¥30 送 ¥2', sort: 2 },
    { promo_code: 'demo', kind: 'balance', pay_amount: 5000, bonus_balance: 500, title: '充 ¥50 送 ¥5', tag: '推荐', sort: 3 },
    {
      promo_code: 'demo',
      kind: 'balance',
      pay_amount: 10000,
      bonus_balance: 1500,
      bonus_coin: 500,
      title: '充 ¥100 送 ¥15 + 500 券币',
      tag: '超值',
      sort: 4,
    },
    { promo_code: 'demo', kind: 'coupon', pay_amount: 1000, bonus_coin: 100, title: '¥10 得 1100 券币', sort: 1 },
    { promo_code: 'demo', kind: 'coupon', pay_amount: 5000, bonus_coin: 800, title: '¥50 得 5800 券币', tag: '推荐', sort: 2 },
    { promo_code: 'agent01', kind: 'balance', pay_amount: 2000, bonus_balance: 100, title: '充 ¥20 送 ¥1', sort: 1 },
    { promo_code: 'agent01', kind: 'balance', pay_amount: 5000, bonus_balance: 400, title: '充 ¥50 送 ¥4', sort: 2 },
  ];
  await db
    .insertInto('iot_topup_offers')
    .values(offers.map((o) => ({ ...OFFER_DEFAULTS, ...o, created_at: now })))
    .execute();

  await openLedgers(db, now);
}
