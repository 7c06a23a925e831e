/**
 * Demo data of the points mall: categories, goods (points only, and points plus money; delivery,
 * pick-up or both; one with a per-card limit, one nearly sold out), banners and pick-up points.
 * Images are the app's own files under /shop/static/mall. English of every text is in translations.ts.
 * The demo SIM has a delivery address and a phone stand bought for 500 points, shipped 15 hours ago
 * (the logistics simulator reports its parcel at the hub of the destination city).
 */
import type { Kysely } from 'kysely';
import { chinaStamp } from '../../lib/order-no.ts';
import { spendPoints } from '../../modules/iot-money/service.ts';
import type { Database } from '../schema.ts';
import { DEMO } from './iot.ts';

const IMG = '/shop/static/mall';

interface DemoGoods {
  category: number;
  name: string;
  subtitle: string;
  tag?: string;
  image: string;
  details: string[];
  points: number;
  price?: number;
  marketPrice: number;
  stock: number;
  sold?: number;
  perCardLimit?: number;
  deliveries: string;
}

const CATEGORIES = ['数码配件', '生活好物', '品牌周边'];

const GOODS: DemoGoods[] = [
  {
    category: 0,
    name: '桌面手机支架',
    subtitle: '铝合金折叠支架，追剧办公两相宜',
    tag: '热兑',
    image: 'stand',
    details: ['铝合金材质，可折叠收纳', '支持 4-12.9 英寸手机与平板', '底部硅胶防滑垫，稳固不晃动'],
    points: 500,
    marketPrice: 3900,
    stock: 500,
    sold: 126,
    deliveries: 'express',
  },
  {
    category: 0,
    name: '三合一快充数据线',
    subtitle: '一线三用，1.2 米编织线身',
    image: 'cable',
    details: ['同时兼容三种常见接口', '编织线身，耐弯折', '支持最高 60W 快充'],
    points: 800,
    marketPrice: 4900,
    stock: 300,
    sold: 58,
    deliveries: 'express,pickup',
  },
  {
    category: 0,
    name: '随身 WiFi 车载充电器',
    subtitle: '双口快充，车上也能给随身 WiFi 供电',
    image: 'charger',
    details: ['双 USB 输出，总功率 36W', '智能识别设备，安全快充', '适用于 12V/24V 车型'],
    points: 2000,
    marketPrice: 8900,
    stock: 200,
    sold: 17,
    deliveries: 'express',
  },
  {
    category: 0,
    name: '真无线蓝牙耳机',
    subtitle: '积分 + 现金超值换购',
    tag: '超值',
    image: 'earbuds',
    details: ['蓝牙 5.3，连接稳定', '单次续航 6 小时，配合充电盒 24 小时', '积分抵扣后仅需支付少量现金'],
    points: 1000,
    price: 2990,
    marketPrice: 19900,
    stock: 100,
    sold: 33,
    deliveries: 'express',
  },
  {
    category: 1,
    name: '不锈钢保温杯',
    subtitle: '500ml 长效保温，通勤必备',
    image: 'bottle',
    details: ['316 不锈钢内胆', '保温 12 小时，保冷 8 小时', '一键开盖，单手可饮'],
    points: 1500,
    marketPrice: 6900,
    stock: 150,
    sold: 41,
    deliveries: 'express,pickup',
  },
  {
    category: 1,
    name: '帆布环保购物袋',
    subtitle: '加厚帆布，可装 15 公斤',
    image: 'tote',
    details: ['加厚帆布，结实耐用', '内置小口袋，方便放钥匙手机', '每张卡限兑 2 件'],
    points: 600,
    marketPrice: 2900,
    stock: 400,
    sold: 88,
    perCardLimit: 2,
    deliveries: 'express,pickup',
  },
  {
    category: 1,
    name: '晴雨两用折叠伞',
    subtitle: '积分 + 现金换购，防晒防雨',
    image: 'umbrella',
    details: ['黑胶涂层，防晒指数 UPF50+', '三折设计，小巧易携带', '积分抵扣后支付少量现金'],
    points: 800,
    price: 990,
    marketPrice: 5900,
    stock: 120,
    sold: 12,
    deliveries: 'express',
  },
  {
    category: 2,
    name: '品牌定制笔记本',
    subtitle: 'A5 尺寸，到店自提',
    image: 'notebook',
    details: ['A5 尺寸，120 页', '环保纸张，书写顺滑', '仅支持到店自提'],
    points: 300,
    marketPrice: 1900,
    stock: 200,
    sold: 64,
    deliveries: 'pickup',
  },
  {
    category: 2,
    name: '吉祥物毛绒公仔',
    subtitle: '限量发售，兑完即止',
    tag: '限量',
    image: 'plush',
    details: ['高约 25 厘米，柔软亲肤', '限量 50 只，兑完即止', '每张卡限兑 1 只'],
    points: 2600,
    marketPrice: 9900,
    stock: 50,
    sold: 47,
    perCardLimit: 1,
    deliveries: 'express,pickup',
  },
];

const STORES = [
  { name: '深圳福田旗舰店', province: '440000', city: '440300', county: '440304', address: '深南大道 6008 号特区报业大厦 1 楼' },
  { name: '广州天河服务中心', province: '440000', city: '440100', county: '440106', address: '天河路 208 号粤海天河城 3 楼' },
  { name: '上海浦东服务中心', province: '310000', city: '310100', county: '310115', address: '世纪大道 100 号 2 楼' },
];

export async function seedMall(db: Kysely<Database>, now: number): Promise<void> {
  const categoryIds: number[] = [];
  for (const [i, name] of CATEGORIES.entries()) {
    const row = await db.insertInto('mall_categories').values({ name, sort: i }).returning('id').executeTakeFirstOrThrow();
    categoryIds.push(row.id);
  }
  const goodsIds: Record<string, number> = {};
  for (const [i, g] of GOODS.entries()) {
    const image = `${IMG}/${g.image}.svg`;
    const row = await db
      .insertInto('mall_goods')
      .values({
        category_id: categoryIds[g.category]!,
        name: g.name,
        subtitle: g.subtitle,
        tag: g.tag ?? '',
        image,
        images: JSON.stringify([image]),
        details: JSON.stringify(g.details),
        points: g.points,
        price: g.price ?? 0,
        market_price: g.marketPrice,
        stock: g.stock,
        sold: g.sold ?? 0,
        per_card_limit: g.perCardLimit ?? 0,
        deliveries: g.deliveries,
        sort: i,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    goodsIds[g.image] = row.id;
  }
  await db
    .insertInto('mall_banners')
    .values([
      { image: `${IMG}/banner-points.svg`, title: '积分当钱花，好礼天天兑', goods_id: null, sort: 0 },
      { image: `${IMG}/banner-earbuds.svg`, title: '蓝牙耳机 积分 + 现金换购', goods_id: goodsIds.earbuds!, sort: 1 },
    ])
    .execute();
  await db
    .insertInto('mall_stores')
    .values(STORES.map((s, i) => ({ ...s, phone: '400-800-1234', hours: '09:00-21:00', sort: i })))
    .execute();
  await seedMallOrder(db, now, goodsIds.stand!);
}

const HOUR = 3_600_000;

async function seedMallOrder(db: Kysely<Database>, now: number, goodsId: number): Promise<void> {
  const card = await db.selectFrom('iot_sims').select('id').where('sim_no', '=', DEMO.sim).executeTakeFirstOrThrow();
  const address = {
    name: '李明',
    mobile: DEMO.boundPhone,
    province: '440000',
    city: '440300',
    county: '440305',
    detail: '科技园南区 8 栋 2 楼',
  };
  await db
    .insertInto('mall_addresses')
    .values({ sim_id: card.id, ...address, is_default: 1, created_at: now - 30 * HOUR, updated_at: now - 30 * HOUR })
    .execute();
  const createdAt = now - 18 * HOUR;
  const shippedAt = now - 15 * HOUR;
  const orderNo = `M${chinaStamp(createdAt)}000000000001`;
  const goods = await db.selectFrom('mall_goods').select(['name', 'image', 'points']).where('id', '=', goodsId).executeTakeFirstOrThrow();
  await spendPoints(db, { simId: card.id, points: goods.points, reason: 'mall_purchase', orderNo, now: createdAt });
  await db
    .updateTable('mall_goods')
    .set({ sold: (eb) => eb('sold', '+', 1) })
    .where('id', '=', goodsId)
    .execute();
  const order = await db
    .insertInto('mall_orders')
    .values({
      order_no: orderNo,
      sim_id: card.id,
      goods_id: goodsId,
      goods_name: goods.name,
      goods_image: goods.image,
      quantity: 1,
      points: goods.points,
      amount: 0,
      delivery: 'express',
      receiver_name: address.name,
      receiver_mobile: address.mobile,
      province: address.province,
      city: address.city,
      county: address.county,
      address_detail: address.detail,
      store_id: null,
      pay_method: 'points',
      status: 'shipped',
      expires_at: null,
      paid_at: createdAt,
      shipped_at: shippedAt,
      completed_at: null,
      cancelled_at: null,
      money_refunded_at: null,
      created_at: createdAt,
      updated_at: shippedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The parcel's events come from the logistics simulator when the order is looked at.
  await db
    .insertInto('shipments')
    .values({
      order_type: 'mall',
      order_id: order.id,
      company_code: 'SIMEX',
      company_name: 'SimExpress',
      tracking_no: 'SE200000000001',
      from_city: '深圳市',
      to_city: '深圳市',
      from_area: '440300',
      to_area: '440300',
      status: 'in_transit',
      delivered_at: null,
      created_at: shippedAt,
      updated_at: shippedAt,
    })
    .execute();
}
