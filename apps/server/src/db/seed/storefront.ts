import { idCheckDigit } from '@simshop/contract/validate';
import type { Kysely } from 'kysely';
import { chinaStamp } from '../../lib/order-no.ts';
import { generateNumbers } from '../../modules/numbers/generator.ts';
import { insertNumbers } from '../../modules/numbers/repository.ts';
import { eventKey, logisticsSimulator } from '../../providers/logistics/provider.ts';
import type { Database } from '../schema.ts';

/** Size of the demo inventory. */
export const DEMO_NUMBERS = 20_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PACKAGES: [operator: string, name: string, fee: number, dataGb: number, minutes: number, description: string][] = [
  ['4', '动感地带芒果卡', 19, 30, 100, '30GB 通用流量 + 100 分钟国内通话，芒果 TV 会员权益'],
  ['4', '全球通畅享 58 元', 58, 40, 300, '40GB 国内流量 + 300 分钟通话，5G 网络优先'],
  ['4', '全球通尊享 128 元', 128, 100, 1000, '100GB 国内流量 + 1000 分钟通话，全球通银卡权益'],
  ['4', '全球通至尊 198 元', 198, 200, 2000, '200GB 国内流量 + 2000 分钟通话，全球通金卡权益'],
  ['2', '大王卡 19 元', 19, 30, 100, '30GB 通用流量 + 100 分钟通话，腾讯视频定向免流'],
  ['2', '5G 畅爽冰激凌 59 元', 59, 40, 300, '40GB 通用流量 + 300 分钟通话'],
  ['2', '5G 畅爽冰激凌 129 元', 129, 100, 1000, '100GB 通用流量 + 1000 分钟通话'],
  ['2', '5G 畅爽冰激凌 199 元', 199, 200, 2000, '200GB 通用流量 + 2000 分钟通话'],
  ['1', '星卡 19 元', 19, 30, 100, '30GB 通用流量 + 100 分钟通话'],
  ['1', '5G 畅享 59 元', 59, 40, 300, '40GB 通用流量 + 300 分钟通话，天翼云盘会员'],
  ['1', '5G 畅享 129 元', 129, 100, 1000, '100GB 通用流量 + 1000 分钟通话'],
  ['1', '5G 畅享 199 元', 199, 200, 2000, '200GB 通用流量 + 2000 分钟通话'],
  ['3', '广电 5G 惠享 19 元', 19, 30, 100, '30GB 通用流量 + 100 分钟通话，央视频会员'],
  ['3', '广电 5G 畅享 58 元', 58, 60, 300, '60GB 通用流量 + 300 分钟通话'],
  ['3', '广电 5G 尊享 128 元', 128, 120, 1000, '120GB 通用流量 + 1000 分钟通话'],
  ['3', '广电 5G 至尊 198 元', 198, 200, 2000, '200GB 通用流量 + 2000 分钟通话'],
];

const HOT_SEARCHES: [label: string, field: string, value: string][] = [
  ['尾号 8888', 'endsWith', '8888'],
  ['尾号 520', 'endsWith', '520'],
  ['尾号 1314', 'endsWith', '1314'],
  ['AAAA 炸弹', 'pattern', 'AAAA'],
  ['生日号', 'pattern', 'MMDD'],
  ['含 666', 'contains', '666'],
  ['不含 4', 'pattern', 'NO4'],
];

/** Demo orders: [promo code, buyer, contact mobile, status, hours ago, review] */
const ORDERS: [string, string, string, 'shipped' | 'completed' | 'paid', number, [number, string] | null][] = [
  ['demo', '王小明', '13800138000', 'shipped', 20, null],
  ['demo', '李静', '13900001111', 'completed', 30 * 24, [5, '号码很好记，客服耐心，第二天就收到卡了。']],
  ['demo', '张伟', '13900002222', 'completed', 21 * 24, [5, '选到了尾号 520 的号码，送女朋友正合适！']],
  ['demo', '欧阳娜娜', '13900003333', 'completed', 12 * 24, [4, '激活流程清楚，快递稍慢了一点。']],
  ['demo', '陈晨', '13900004444', 'completed', 5 * 24, [5, '生日号码，很有意义，推荐。']],
  ['agent01', '刘洋', '13900005555', 'completed', 9 * 24, [5, '代理店服务很好，价格实惠。']],
  ['agent01', '赵敏', '13900006666', 'completed', 3 * 24, [4, '号码不错，套餐选择也多。']],
];

function idNumber(i: number): string {
  const first17 = `440305${1980 + i}0${(i % 9) + 1}${10 + i}${100 + i}`;
  return first17 + idCheckDigit(first17);
}

const orderNo = (at: number, i: number) => `N${chinaStamp(at)}${900_000 + i}`;

async function seedOrders(db: Kysely<Database>, now: number): Promise<void> {
  const promoters = new Map((await db.selectFrom('promoters').select(['id', 'promo_code']).execute()).map((p) => [p.promo_code, p.id]));
  // Plain numbers (no tag postings), one per order, sold.
  const picks = await db.selectFrom('numbers').selectAll().where('tags', '=', 0).orderBy('id').limit(ORDERS.length).execute();
  if (picks.length < ORDERS.length) return; // a tiny inventory (SEED_NUMBERS) has no demo orders
  const simulator = logisticsSimulator();
  for (const [i, [promo, buyer, mobile, status, hoursAgo, review]] of ORDERS.entries()) {
    const n = picks[i];
    const pkg = await db
      .selectFrom('number_packages')
      .selectAll()
      .where('operator', '=', n?.operator ?? '')
      .orderBy('sort')
      .executeTakeFirst();
    if (!n || !pkg) throw new Error('demo orders need numbers and packages');
    const createdAt = now - hoursAgo * HOUR - 6 * HOUR;
    const shippedAt = now - hoursAgo * HOUR;
    const order = await db
      .insertInto('number_orders')
      .values({
        order_no: orderNo(createdAt, i),
        promoter_id: promoters.get(promo) as number,
        number_id: n.id,
        number: n.number,
        operator: n.operator,
        package_id: pkg.id,
        package_name: pkg.name,
        buyer_name: buyer,
        id_number: idNumber(i),
        contact_mobile: mobile,
        province: '440000',
        city: '440300',
        county: '440305',
        address_detail: `科技园南区 ${i + 1} 栋 ${101 + i} 室`,
        price: n.price,
        prestored: n.prestored,
        amount: n.price + n.prestored,
        status,
        owner_mobile: mobile,
        owner_session: '',
        hold_until: null,
        paid_at: createdAt + 5 * 60_000,
        shipped_at: status === 'paid' ? null : shippedAt,
        completed_at: status === 'completed' ? shippedAt + DAY : null,
        cancel_reason: '',
        paid_payment_no: '',
        created_at: createdAt,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('numbers').set({ status: 'sold', order_id: order.id, updated_at: now }).where('id', '=', n.id).execute();
    if (status !== 'paid') {
      const ref = {
        trackingNo: `SE${String(100_000_000_000 + i)}`,
        companyCode: 'SIMEX',
        fromCity: '深圳市',
        toCity: '深圳市',
        fromArea: '440300',
        toArea: '440300',
        createdAt: shippedAt,
      };
      const events = await simulator.track(ref, now);
      const delivered = events.find((e) => e.status === 'delivered');
      const shipment = await db
        .insertInto('shipments')
        .values({
          order_type: 'number',
          order_id: order.id,
          company_code: ref.companyCode,
          company_name: 'SimExpress',
          tracking_no: ref.trackingNo,
          from_city: ref.fromCity,
          to_city: ref.toCity,
          from_area: ref.fromArea,
          to_area: ref.toArea,
          status: delivered ? 'delivered' : 'in_transit',
          delivered_at: delivered?.at ?? null,
          created_at: shippedAt,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('shipment_events')
        .values(
          events.map((e, seq) => ({
            shipment_id: shipment.id,
            seq: seq + 1,
            at: e.at,
            status: e.status,
            description: e.text,
            location: e.place,
            area_code: e.areaCode,
            event_key: eventKey(e),
          })),
        )
        .execute();
    }
    if (review) {
      await db
        .insertInto('reviews')
        .values({
          promoter_id: promoters.get(promo) as number,
          order_id: order.id,
          number: n.number,
          buyer_name: buyer,
          mobile,
          rating: review[0],
          content: review[1],
          created_at: shippedAt + 2 * DAY,
        })
        .execute();
    }
  }
}

/** Demo data of the storefront modules (deterministic): packages, 20,000 numbers, demo orders and reviews. */
export async function seedStorefront(db: Kysely<Database>, now: number, numberCount = DEMO_NUMBERS): Promise<void> {
  await db
    .insertInto('number_packages')
    .values(
      PACKAGES.map(([operator, name, fee, gb, minutes, description], sort) => ({
        operator,
        name,
        monthly_fee: fee * 100,
        data_mb: gb * 1024,
        voice_minutes: minutes,
        description,
        sort,
        enabled: 1,
      })),
    )
    .execute();
  await db
    .insertInto('hot_searches')
    .values(HOT_SEARCHES.map(([label, field, value], sort) => ({ label, field, value, sort })))
    .execute();
  await insertNumbers(db, generateNumbers(numberCount), now);
  await seedOrders(db, now);
}
