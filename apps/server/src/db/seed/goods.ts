/**
 * Demo general goods: the `demo` storefront's SIM bundles, portable Wi-Fi, a 5G router and
 * accessories (one sold out, one nearly), and a smaller catalogue of `agent01` that its downstream
 * agents agent02 and agent03 sell too. Texts in Simplified Chinese; their English is below.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const IMG = '/shop/static/goods';

type Sku = [name: string, priceYuan: number, originalYuan: number, stock: number, sold: number];
interface DemoGoods {
  category: string;
  kind: 'sim_bundle' | 'device' | 'accessory';
  name: string;
  summary: string;
  description: string;
  images: string[];
  popup?: [title: string, content: string];
  skus: Sku[];
}

const CATEGORIES = ['号卡套餐', '随身WiFi', '配件'];

const DEMO: DemoGoods[] = [
  {
    category: '号卡套餐',
    kind: 'sim_bundle',
    name: '5G 大流量卡',
    summary: '全国通用流量，首月免月租',
    description: '全国通用流量，支持 5G 网络。\n\n收货后按卡套说明完成实名激活，激活当月免月租。',
    images: [`${IMG}/sim-5g.svg`],
    popup: ['办理须知', '流量卡仅限 16 至 60 周岁用户办理，一证最多办理 5 张，收货后需本人实名激活。'],
    skus: [
      ['135GB 通用流量', 19.9, 39, 200, 86],
      ['235GB 通用流量', 29.9, 59, 120, 41],
    ],
  },
  {
    category: '号卡套餐',
    kind: 'sim_bundle',
    name: '物联网年卡',
    summary: '一次付清一年，每月 100GB',
    description: '适用于随身 WiFi、车载设备和平板。\n\n开通后每月 1 日自动刷新流量，有效期一年。',
    images: [`${IMG}/sim-iot.svg`],
    skus: [['每月 100GB · 一年', 199, 299, 80, 23]],
  },
  {
    category: '随身WiFi',
    kind: 'device',
    name: '4G 随身 WiFi 便携款',
    summary: '插电即用，10 台设备同时连接',
    description: '内置 3000mAh 电池，续航约 8 小时。\n\n支持 10 台设备同时连接，一年质保。',
    images: [`${IMG}/mifi.svg`, `${IMG}/mifi-black.svg`],
    skus: [
      ['白色', 129, 199, 50, 312],
      ['黑色', 129, 199, 3, 95],
    ],
  },
  {
    category: '随身WiFi',
    kind: 'device',
    name: '5G 家用路由器',
    summary: '插卡即用的家庭宽带',
    description: '5G 双模全网通，千兆网口，支持 64 台设备连接。\n\n一年质保，七天无理由退货。',
    images: [`${IMG}/cpe.svg`],
    skus: [['标准版', 599, 799, 20, 17]],
  },
  {
    category: '配件',
    kind: 'accessory',
    name: '取卡针与卡套三件套',
    summary: '标准卡、小卡、微卡全兼容',
    description: '包含取卡针一枚、卡套三个，适用于所有常见机型。',
    images: [`${IMG}/pin-kit.svg`],
    skus: [['三件套', 9.9, 0, 500, 1024]],
  },
  {
    category: '配件',
    kind: 'accessory',
    name: '20W 快充充电头',
    summary: '为随身 WiFi 和手机快速充电',
    description: '20W 快充，支持主流快充协议，过热保护。',
    images: [`${IMG}/charger.svg`],
    skus: [['白色', 39, 59, 0, 260]],
  },
];

const AGENT01: DemoGoods[] = [
  { ...(DEMO[0] as DemoGoods), skus: [['135GB 通用流量', 19.9, 39, 150, 38]] },
  { ...(DEMO[2] as DemoGoods), skus: [['白色', 139, 199, 40, 66]] },
  { ...(DEMO[4] as DemoGoods), skus: [['三件套', 9.9, 0, 300, 120]] },
];

async function seedCatalogue(db: Kysely<Database>, promoCode: string, goods: DemoGoods[], now: number): Promise<void> {
  const promoter = await db.selectFrom('promoters').select('id').where('promo_code', '=', promoCode).executeTakeFirstOrThrow();
  const categoryIds = new Map<string, number>();
  for (const [sort, name] of CATEGORIES.entries()) {
    if (!goods.some((g) => g.category === name)) continue;
    const row = await db
      .insertInto('goods_categories')
      .values({ promoter_id: promoter.id, name, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }
  for (const [sort, g] of goods.entries()) {
    const row = await db
      .insertInto('goods')
      .values({
        promoter_id: promoter.id,
        category_id: categoryIds.get(g.category) ?? 0,
        kind: g.kind,
        name: g.name,
        summary: g.summary,
        description: g.description,
        images: JSON.stringify(g.images),
        popup_title: g.popup?.[0] ?? '',
        popup_content: g.popup?.[1] ?? '',
        status: 'on_sale',
        sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('goods_skus')
      .values(
        g.skus.map(([name, price, original, stock, sold], i) => ({
          goods_id: row.id,
          name,
          price: Math.round(price * 100),
          original_price: Math.round(original * 100),
          stock,
          sold,
          sort: i,
        })),
      )
      .execute();
  }
}

export async function seedGoods(db: Kysely<Database>, now: number): Promise<void> {
  await seedCatalogue(db, 'demo', DEMO, now);
  await seedCatalogue(db, 'agent01', AGENT01, now);
}

/** English of the demo goods' texts, by their Chinese. */
export const GOODS_ENGLISH: Readonly<Record<string, string>> = {
  号卡套餐: 'SIM plans',
  随身WiFi: 'Portable Wi-Fi',
  配件: 'Accessories',
  '5G 大流量卡': '5G big-data SIM',
  '全国通用流量，首月免月租': 'Nationwide data, first month free',
  '全国通用流量，支持 5G 网络。\n\n收货后按卡套说明完成实名激活，激活当月免月租。':
    'Nationwide data on the 5G network.\n\nActivate it with real-name registration as the card holder explains; the month of activation is free.',
  办理须知: 'Before you order',
  '流量卡仅限 16 至 60 周岁用户办理，一证最多办理 5 张，收货后需本人实名激活。':
    'Data SIMs are for applicants aged 16 to 60, at most 5 per ID; the holder activates the card with real-name registration on arrival.',
  '135GB 通用流量': '135 GB data',
  '235GB 通用流量': '235 GB data',
  物联网年卡: 'IoT annual SIM',
  '一次付清一年，每月 100GB': 'Pay once for a year, 100 GB a month',
  '适用于随身 WiFi、车载设备和平板。\n\n开通后每月 1 日自动刷新流量，有效期一年。':
    'For portable Wi-Fi, car devices and tablets.\n\nData renews on the 1st of each month for one year.',
  '每月 100GB · 一年': '100 GB a month · one year',
  '4G 随身 WiFi 便携款': '4G portable Wi-Fi',
  '插电即用，10 台设备同时连接': 'Plug in and go, 10 devices at once',
  '内置 3000mAh 电池，续航约 8 小时。\n\n支持 10 台设备同时连接，一年质保。':
    'Built-in 3000 mAh battery, about 8 hours of use.\n\nConnects 10 devices at once; one-year warranty.',
  白色: 'White',
  黑色: 'Black',
  '5G 家用路由器': '5G home router',
  插卡即用的家庭宽带: 'Home broadband with a SIM card',
  '5G 双模全网通，千兆网口，支持 64 台设备连接。\n\n一年质保，七天无理由退货。':
    'Dual-mode 5G on every carrier, gigabit port, up to 64 devices.\n\nOne-year warranty, seven-day returns.',
  标准版: 'Standard',
  取卡针与卡套三件套: 'SIM pin and adapter set',
  '标准卡、小卡、微卡全兼容': 'Fits standard, micro and nano SIMs',
  '包含取卡针一枚、卡套三个，适用于所有常见机型。': 'One SIM pin and three adapters, for every common phone.',
  三件套: 'Set of three',
  '20W 快充充电头': '20 W fast charger',
  '为随身 WiFi 和手机快速充电': 'Fast charging for portable Wi-Fi and phones',
  '20W 快充，支持主流快充协议，过热保护。': '20 W fast charging on the common protocols, with overheating protection.',
};
