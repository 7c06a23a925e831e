/**
 * English of the demo data's texts, stored through the i18n-texts module (Traditional Chinese is
 * converted from the Simplified when served). Runs after the other demo seeds: it reads the texts
 * they stored and adds each one's English by its Chinese; a demo text without English stops the seed.
 */
import type { Kysely } from 'kysely';
import { chineseTexts, type Entity, putTexts, type Translation } from '../../modules/i18n-texts/service.ts';
import { BUILT_IN_ENGLISH } from '../../modules/iot-layout/default-layout.ts';
import type { Database } from '../schema.ts';
import { CUSTOMER_ENGLISH } from './customer.ts';
import { GOODS_ENGLISH } from './goods.ts';
import { IOT_CODES_ENGLISH } from './iot-codes.ts';
import { SHOP_PAGES_ENGLISH } from './shop-pages.ts';

const ENGLISH: Readonly<Record<string, string>> = {
  // The built-in layout's own texts, then the demo data's.
  ...BUILT_IN_ENGLISH,
  ...CUSTOMER_ENGLISH,
  ...SHOP_PAGES_ENGLISH,
  ...GOODS_ENGLISH,
  ...IOT_CODES_ENGLISH,
  号码优选官方店: 'Number Select official store',
  号码优选: 'Number Select',
  '靓号,手机号,物联网卡,随身WiFi': 'vanity numbers,mobile numbers,IoT SIMs,portable Wi-Fi',
  '靓号选购、极速办卡与物联网卡自助服务': 'Vanity numbers, fast SIM sign-up and IoT SIM self-service',
  '吉祥靓号 限时特惠': 'Lucky numbers, limited-time offer',
  '物联网卡 自助服务': 'IoT SIM self-service',
  '本店号码均为运营商正规号码，实名登记后激活使用': 'All numbers are genuine carrier numbers, activated after real-name registration',
  粤ICP备2026000001号: 'Guangdong ICP No. 2026000001',
  选靓号: 'Numbers',
  查订单: 'Orders',
  物联卡: 'IoT SIM',
  客服: 'Support',
  靓号: 'Numbers',
  订单: 'Orders',
  一级代理·星河通信: 'Tier-1 agent · Xinghe Telecom',
  星河通信靓号: 'Xinghe Telecom numbers',
  二级代理·云帆数码: 'Tier-2 agent · Yunfan Digital',
  云帆数码: 'Yunfan Digital',
  三级代理·晨光手机店: 'Tier-3 agent · Chenguang Phone Shop',
  晨光手机店: 'Chenguang Phone Shop',
  中国移动: 'China Mobile',
  '白银会员 · 月卡': 'Silver VIP · 1 month',
  '黄金会员 · 季卡': 'Gold VIP · 3 months',
  '星河会员 · 月卡': 'Xinghe VIP · 1 month',
  '5G 极速 · 2 小时': '5G boost · 2 hours',
  '5G 极速 · 24 小时': '5G boost · 24 hours',
  '畅享加速 · 7 天': 'Steady boost · 7 days',
  '极速加速 · 24 小时': 'Turbo boost · 24 hours',
  中国联通: 'China Unicom',
  中国电信: 'China Telecom',
  中国广电: 'China Broadnet',
  待支付: 'Awaiting payment',
  已支付: 'Paid',
  已发货: 'Shipped',
  已完成: 'Completed',
  已取消: 'Cancelled',
  已退款: 'Refunded',
  是: 'Yes',
  否: 'No',
  动感地带芒果卡: 'M-Zone Mango card',
  '30GB 通用流量 + 100 分钟国内通话，芒果 TV 会员权益': '30 GB data + 100 domestic minutes, Mango TV membership',
  '全球通畅享 58 元': 'GoTone Enjoy ¥58',
  '40GB 国内流量 + 300 分钟通话，5G 网络优先': '40 GB domestic data + 300 minutes, 5G priority',
  '全球通尊享 128 元': 'GoTone Premium ¥128',
  '100GB 国内流量 + 1000 分钟通话，全球通银卡权益': '100 GB domestic data + 1,000 minutes, GoTone Silver benefits',
  '全球通至尊 198 元': 'GoTone Supreme ¥198',
  '200GB 国内流量 + 2000 分钟通话，全球通金卡权益': '200 GB domestic data + 2,000 minutes, GoTone Gold benefits',
  '大王卡 19 元': 'King card ¥19',
  '30GB 通用流量 + 100 分钟通话，腾讯视频定向免流': '30 GB data + 100 minutes, free Tencent Video data',
  '5G 畅爽冰激凌 59 元': '5G Ice Cream ¥59',
  '40GB 通用流量 + 300 分钟通话': '40 GB data + 300 minutes',
  '5G 畅爽冰激凌 129 元': '5G Ice Cream ¥129',
  '100GB 通用流量 + 1000 分钟通话': '100 GB data + 1,000 minutes',
  '5G 畅爽冰激凌 199 元': '5G Ice Cream ¥199',
  '200GB 通用流量 + 2000 分钟通话': '200 GB data + 2,000 minutes',
  '星卡 19 元': 'Star card ¥19',
  '30GB 通用流量 + 100 分钟通话': '30 GB data + 100 minutes',
  '5G 畅享 59 元': '5G Enjoy ¥59',
  '40GB 通用流量 + 300 分钟通话，天翼云盘会员': '40 GB data + 300 minutes, Tianyi Cloud membership',
  '5G 畅享 129 元': '5G Enjoy ¥129',
  '5G 畅享 199 元': '5G Enjoy ¥199',
  '广电 5G 惠享 19 元': 'Broadnet 5G Saver ¥19',
  '30GB 通用流量 + 100 分钟通话，央视频会员': '30 GB data + 100 minutes, CCTV Video membership',
  '广电 5G 畅享 58 元': 'Broadnet 5G Enjoy ¥58',
  '60GB 通用流量 + 300 分钟通话': '60 GB data + 300 minutes',
  '广电 5G 尊享 128 元': 'Broadnet 5G Premium ¥128',
  '120GB 通用流量 + 1000 分钟通话': '120 GB data + 1,000 minutes',
  '广电 5G 至尊 198 元': 'Broadnet 5G Supreme ¥198',
  '尾号 8888': 'Ends in 8888',
  '尾号 520': 'Ends in 520',
  '尾号 1314': 'Ends in 1314',
  'AAAA 炸弹': 'AAAA quad',
  生日号: 'Birthday numbers',
  '含 666': 'Contains 666',
  '不含 4': 'No 4',
  '全国通用流量 30GB 月包': 'Nationwide data 30 GB monthly',
  '30GB 全国通用流量，1 个月有效': '30 GB nationwide data, valid 1 month',
  套餐生效后不可退订: 'Cannot be cancelled once in effect',
  '流量仅限国内使用，不含港澳台': 'Data for use in mainland China only, not Hong Kong, Macao or Taiwan',
  '月包按自然月计算，到期当日 24:00 失效': 'Monthly packages run by calendar month and end at 24:00 on the last day',
  '全国通用流量 100GB 月包': 'Nationwide data 100 GB monthly',
  '100GB 全国通用流量，1 个月有效': '100 GB nationwide data, valid 1 month',
  热销: 'Best seller',
  '全国通用流量 200GB 季包': 'Nationwide data 200 GB quarterly',
  '全国通用流量 50GB 月包': 'Nationwide data 50 GB monthly',
  '联通流量 30GB 月包': 'China Unicom data 30 GB monthly',
  '随身WiFi 不限量月包': 'Portable Wi-Fi unlimited monthly',
  '随身WiFi 不限量月包（续）': 'Portable Wi-Fi unlimited monthly (renewal)',
  '200GB 全国通用流量，3 个月有效': '200 GB nationwide data, valid 3 months',
  不限量月包: 'Unlimited monthly',
  '不限流量，1 个月有效（达量不限速）': 'Unlimited data, valid 1 month (no slowdown)',
  '1TB 年包': '1 TB yearly',
  '1TB 全国通用流量，12 个月有效': '1 TB nationwide data, valid 12 months',
  '终身流量 500GB': 'Lifetime data 500 GB',
  '500GB 流量，长期有效（20 年）': '500 GB data, long-term (20 years)',
  '流量用完为止，20 年内有效': 'Valid until the data is used up, within 20 years',
  不可退订: 'Cannot be cancelled',
  '加油包 5GB 7 天': 'Top-up pack 5 GB 7 days',
  '叠加 5GB，7 天有效': 'Adds 5 GB, valid 7 days',
  '叠加于当前套餐，立即生效': 'Added to the current package, effective at once',
  '7 天后未用完的流量失效': 'Data not used within 7 days expires',
  '加油包 20GB 30 天': 'Top-up pack 20 GB 30 days',
  '叠加 20GB，30 天有效': 'Adds 20 GB, valid 30 days',
  '按量计费 ¥5/GB': 'Pay per use ¥5/GB',
  '套餐流量用完后按 ¥5/GB 计费，可随时关闭': '¥5/GB once the package data is used up; can be closed at any time',
  月包用完后自动按量计费: 'Charged per use automatically after the monthly package runs out',
  关闭时结清已用流量费用: 'Data used is settled when closed',
  '限时秒杀 50GB 月包': 'Flash sale 50 GB monthly',
  '50GB 全国通用流量，1 个月有效，每卡限购 1 次': '50 GB nationwide data, valid 1 month, once per card',
  秒杀: 'Flash sale',
  '秒杀商品每卡限购 1 次': 'Flash-sale items: once per card',
  售完即止: 'While stocks last',
  '明日秒杀 100GB 季包': "Tomorrow's flash sale 100 GB quarterly",
  '100GB 全国通用流量，3 个月有效': '100 GB nationwide data, valid 3 months',
  预告: 'Coming soon',
  '联通 60GB 月包': 'Unicom 60 GB monthly',
  中国联通卡专享: 'China Unicom cards only',
  '电信 30GB 年包': 'Telecom 30 GB yearly',
  '30GB，12 个月有效': '30 GB, valid 12 months',
  '星河加油包 10GB': 'Xinghe top-up pack 10 GB',
  '叠加 10GB，30 天有效': 'Adds 10 GB, valid 30 days',
  立即生效: 'Effective at once',
  '充 ¥10': 'Top up ¥10',
  '充 ¥30 送 ¥2': 'Top up ¥30, get ¥2 extra',
  '充 ¥50 送 ¥5': 'Top up ¥50, get ¥5 extra',
  推荐: 'Recommended',
  '充 ¥100 送 ¥15 + 500 券币': 'Top up ¥100, get ¥15 + 500 coupon coins extra',
  超值: 'Great value',
  '¥10 得 1100 券币': '¥10 for 1,100 coupon coins',
  '¥50 得 5800 券币': '¥50 for 5,800 coupon coins',
  '充 ¥20 送 ¥1': 'Top up ¥20, get ¥1 extra',
  '充 ¥50 送 ¥4': 'Top up ¥50, get ¥4 extra',
  系统升级通知: 'System upgrade notice',
  '本周日 02:00-04:00 系统升级，期间充值可能延迟到账。': 'System upgrade this Sunday 02:00-04:00; top-ups may arrive late meanwhile.',
  '国庆流量加油包限时 8 折': 'National Day top-up packs 20% off',
  '活动已结束。': 'The offer has ended.',
  星河物联客服热线更新: 'New Xinghe IoT support hotline',
  '新热线 400-800-5678。': 'New hotline: 400-800-5678.',
  '号码优选 · 物联网卡': 'Number Select · IoT SIM',
  '流量每日更新，充值后立即到账；客服时间 9:00-21:00': 'Usage updates daily, top-ups arrive at once; support 9:00-21:00',
  '流量每日更新，充值后立即到账。客服在线时间 9:00-21:00，如有疑问请在“联系客服”中留言。':
    'Usage updates daily and top-ups arrive at once. Customer service is online 9:00-21:00; leave a message under "Customer service" with any question.',
  使用教程: 'Guide',
  小程序商城: 'Mini-program shop',
  续费享九折: 'Renew for 10% off',
  靓号专区: 'Vanity numbers',
  温馨提示: 'Reminder',
  '为保障您的权益，请尽快完成实名认证；未实名的卡片将无法使用流量。':
    'To protect your rights, please complete real-name authentication soon; cards without it cannot use data.',
  星河物联: 'Xinghe IoT',
  '检测到卡片在非绑定设备或异地使用，流量已暂停。': 'The card was used in another device or place; data is paused.',
  卡片已限制使用: 'Card restricted',
  '检测到卡片在非绑定设备中使用。确认为本人操作后可自助解除限制。':
    'The card was used in a device it is not bound to. If it was you, you can lift the restriction yourself.',
  解除限制: 'Lift restriction',
  '今日流量使用异常，已暂停使用。': 'Unusual data use today; data is paused.',
  流量使用异常: 'Unusual data use',
  '今日用量超过 20GB，30 分钟后可自助解除。': 'Over 20 GB used today; you can lift this yourself after 30 minutes.',
  '运营商风控停机，请联系客服处理。': "Suspended by the carrier's risk control; please contact customer service.",
  卡片已停用: 'Card suspended',
  '请联系客服核实身份后恢复。': 'Contact customer service to verify your identity and restore it.',
  // The points mall.
  数码配件: 'Digital accessories',
  生活好物: 'Home & living',
  品牌周边: 'Brand merchandise',
  桌面手机支架: 'Desktop phone stand',
  '铝合金折叠支架，追剧办公两相宜': 'Foldable aluminium stand for work and films',
  热兑: 'Popular',
  '铝合金材质，可折叠收纳': 'Aluminium alloy, folds flat',
  '支持 4-12.9 英寸手机与平板': 'Holds 4 to 12.9 inch phones and tablets',
  '底部硅胶防滑垫，稳固不晃动': 'Non-slip silicone base keeps it steady',
  三合一快充数据线: '3-in-1 fast-charging cable',
  '一线三用，1.2 米编织线身': 'One cable, three plugs; 1.2 m braided',
  同时兼容三种常见接口: 'Fits the three common connectors',
  '编织线身，耐弯折': 'Braided, resists bending',
  '支持最高 60W 快充': 'Fast charging up to 60 W',
  '随身 WiFi 车载充电器': 'Car charger for portable Wi-Fi',
  '双口快充，车上也能给随身 WiFi 供电': 'Two fast-charging ports to power your Wi-Fi on the road',
  '双 USB 输出，总功率 36W': 'Two USB outputs, 36 W in total',
  '智能识别设备，安全快充': 'Detects the device for safe fast charging',
  '适用于 12V/24V 车型': 'For 12 V and 24 V vehicles',
  真无线蓝牙耳机: 'True wireless earbuds',
  '积分 + 现金超值换购': 'Great value with points + cash',
  '蓝牙 5.3，连接稳定': 'Bluetooth 5.3, stable connection',
  '单次续航 6 小时，配合充电盒 24 小时': '6 hours per charge, 24 hours with the case',
  积分抵扣后仅需支付少量现金: 'Pay a small amount of cash on top of the points',
  不锈钢保温杯: 'Stainless steel flask',
  '500ml 长效保温，通勤必备': '500 ml, keeps drinks hot for hours',
  '316 不锈钢内胆': '316 stainless steel inner wall',
  '保温 12 小时，保冷 8 小时': 'Hot for 12 hours, cold for 8',
  '一键开盖，单手可饮': 'One-touch lid, drink with one hand',
  帆布环保购物袋: 'Canvas tote bag',
  '加厚帆布，可装 15 公斤': 'Heavy canvas, carries 15 kg',
  '加厚帆布，结实耐用': 'Heavy canvas, built to last',
  '内置小口袋，方便放钥匙手机': 'Inner pocket for keys and phone',
  '每张卡限兑 2 件': 'Up to 2 per card',
  晴雨两用折叠伞: 'Sun and rain folding umbrella',
  '积分 + 现金换购，防晒防雨': 'Points + cash; blocks sun and rain',
  '黑胶涂层，防晒指数 UPF50+': 'Black coating, UPF 50+',
  '三折设计，小巧易携带': 'Folds in three, easy to carry',
  积分抵扣后支付少量现金: 'A little cash on top of the points',
  品牌定制笔记本: 'Branded notebook',
  'A5 尺寸，到店自提': 'A5, collect in store',
  'A5 尺寸，120 页': 'A5, 120 pages',
  '环保纸张，书写顺滑': 'Recycled paper, smooth to write on',
  仅支持到店自提: 'Collect in store only',
  吉祥物毛绒公仔: 'Mascot plush toy',
  '限量发售，兑完即止': 'Limited edition, while stocks last',
  限量: 'Limited',
  '高约 25 厘米，柔软亲肤': 'About 25 cm tall, soft to the touch',
  '限量 50 只，兑完即止': 'Only 50 made, while stocks last',
  '每张卡限兑 1 只': 'One per card',
  '积分当钱花，好礼天天兑': 'Spend points like cash, new gifts every day',
  '蓝牙耳机 积分 + 现金换购': 'Earbuds for points + cash',
  深圳福田旗舰店: 'Shenzhen Futian flagship store',
  '深南大道 6008 号特区报业大厦 1 楼': '1F Special Zone Press Tower, 6008 Shennan Avenue',
  广州天河服务中心: 'Guangzhou Tianhe service centre',
  '天河路 208 号粤海天河城 3 楼': '3F Teem Mall, 208 Tianhe Road',
  上海浦东服务中心: 'Shanghai Pudong service centre',
  '世纪大道 100 号 2 楼': '2F, 100 Century Avenue',
  '一年质保：非人为损坏免费换新，电池半年质保。':
    'One-year warranty: free replacement for faults not caused by the user; battery six months.',
};

/** The demo banners whose words are drawn in the picture: each has a picture per language beside it (banner-1.en.svg…). */
const DRAWN_WORDS = /\/static\/banner-(1|2|renew)\.svg$/;

function* drawnWords(doc: unknown, root: string): Generator<[path: string, image: string]> {
  if (typeof doc === 'string') {
    if (DRAWN_WORDS.test(doc)) yield [root, doc];
  } else if (Array.isArray(doc)) {
    for (const [i, v] of doc.entries()) yield* drawnWords(v, `${root}.${i}`);
  } else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) yield* drawnWords(v, `${root}.${k}`);
  }
}

export async function seedTranslations(db: Kysely<Database>): Promise<void> {
  const texts: Translation[] = [];
  const missing = new Set<string>();
  const add = (entity: Entity, id: string | number, field: string, chinese: string) => {
    for (const [path, zh] of chineseTexts(chinese, field)) {
      const text = ENGLISH[zh];
      if (text === undefined) missing.add(zh);
      else texts.push({ entity, id, field: path, language: 'en', text });
    }
  };
  const addDocument = (entity: Entity, id: string | number, root: string, json: string) => {
    const doc: unknown = JSON.parse(json);
    for (const [path, zh] of chineseTexts(doc, root)) add(entity, id, path, zh);
    for (const [path, image] of drawnWords(doc, root)) {
      for (const language of ['en', 'zh-Hant'] as const)
        texts.push({ entity, id, field: path, language, text: image.replace(/\.svg$/, `.${language}.svg`) });
    }
  };

  for (const p of await db.selectFrom('promoters').select(['id', 'name', 'front', 'shop_menu']).execute()) {
    add('promoter', p.id, 'name', p.name);
    addDocument('promoter', p.id, 'front', p.front);
    addDocument('promoter', p.id, 'shopMenu', p.shop_menu);
  }
  for (const d of await db.selectFrom('dict_data').select(['dict_type', 'value', 'label']).execute()) {
    add('dict', `${d.dict_type}:${d.value}`, 'label', d.label);
  }
  for (const p of await db.selectFrom('number_packages').select(['id', 'name', 'description']).execute()) {
    add('number_package', p.id, 'name', p.name);
    add('number_package', p.id, 'description', p.description);
  }
  for (const h of await db.selectFrom('hot_searches').select(['id', 'label']).execute()) add('hot_search', h.id, 'label', h.label);
  for (const p of await db.selectFrom('iot_packages').select(['id', 'name', 'description', 'tag', 'rules']).execute()) {
    add('iot_package', p.id, 'name', p.name);
    add('iot_package', p.id, 'description', p.description);
    add('iot_package', p.id, 'tag', p.tag);
    addDocument('iot_package', p.id, 'rules', p.rules);
  }
  for (const p of await db.selectFrom('iot_sim_packages').select(['id', 'name']).execute()) add('iot_sim_package', p.id, 'name', p.name);
  for (const p of await db.selectFrom('iot_vip_plans').select(['id', 'name']).execute()) add('iot_vip_plan', p.id, 'name', p.name);
  for (const p of await db.selectFrom('iot_accelerate_plans').select(['id', 'name']).execute()) {
    add('iot_accelerate_plan', p.id, 'name', p.name);
  }
  for (const o of await db.selectFrom('iot_topup_offers').select(['id', 'title', 'tag']).execute()) {
    add('iot_topup_offer', o.id, 'title', o.title);
    add('iot_topup_offer', o.id, 'tag', o.tag);
  }
  for (const n of await db.selectFrom('iot_notices').select(['id', 'title', 'content']).execute()) {
    add('iot_notice', n.id, 'title', n.title);
    add('iot_notice', n.id, 'content', n.content);
  }
  for (const l of await db.selectFrom('iot_sim_layouts').select(['promoter_id', 'config']).execute()) {
    addDocument('iot_layout', l.promoter_id, 'layout', l.config);
  }
  for (const r of await db.selectFrom('iot_break_rules').select(['id', 'tips', 'popup_attr']).execute()) {
    add('iot_break_rule', r.id, 'tips', r.tips);
    if (r.popup_attr) addDocument('iot_break_rule', r.id, 'popupAttr', r.popup_attr);
  }
  for (const d of await db.selectFrom('iot_devices').select(['id', 'warranty_content']).execute()) {
    add('iot_device', d.id, 'warrantyContent', d.warranty_content);
  }
  for (const c of await db.selectFrom('goods_categories').select(['id', 'name']).execute()) add('goods_category', c.id, 'name', c.name);
  for (const g of await db.selectFrom('goods').select(['id', 'name', 'summary', 'description', 'popup_title', 'popup_content']).execute()) {
    add('goods', g.id, 'name', g.name);
    add('goods', g.id, 'summary', g.summary);
    add('goods', g.id, 'description', g.description);
    add('goods', g.id, 'popupTitle', g.popup_title);
    add('goods', g.id, 'popupContent', g.popup_content);
  }
  for (const s of await db.selectFrom('goods_skus').select(['id', 'name']).execute()) add('goods_sku', s.id, 'name', s.name);
  for (const c of await db.selectFrom('mall_categories').select(['id', 'name']).execute()) add('mall_category', c.id, 'name', c.name);
  for (const g of await db.selectFrom('mall_goods').select(['id', 'name', 'subtitle', 'tag', 'details']).execute()) {
    add('mall_goods', g.id, 'name', g.name);
    add('mall_goods', g.id, 'subtitle', g.subtitle);
    add('mall_goods', g.id, 'tag', g.tag);
    addDocument('mall_goods', g.id, 'details', g.details);
  }
  for (const b of await db.selectFrom('mall_banners').select(['id', 'title']).execute()) add('mall_banner', b.id, 'title', b.title);
  for (const s of await db.selectFrom('mall_stores').select(['id', 'name', 'address']).execute()) {
    add('mall_store', s.id, 'name', s.name);
    add('mall_store', s.id, 'address', s.address);
  }
  for (const q of await db.selectFrom('sys_questions').select(['id', 'title', 'content']).execute()) {
    add('sys_question', q.id, 'title', q.title);
    add('sys_question', q.id, 'content', q.content);
  }
  for (const p of await db.selectFrom('single_pages').select(['id', 'title', 'blocks', 'popup']).execute()) {
    add('single_page', p.id, 'title', p.title);
    addDocument('single_page', p.id, 'blocks', p.blocks);
    addDocument('single_page', p.id, 'popup', p.popup);
  }
  for (const b of await db.selectFrom('iot_one_code_blocks').select(['id', 'title', 'content']).execute()) {
    add('iot_one_code_block', b.id, 'title', b.title);
    add('iot_one_code_block', b.id, 'content', b.content);
  }
  if (missing.size > 0) throw new Error(`demo texts without English:\n${[...missing].join('\n')}`);
  await putTexts(db, texts);

  // Agreements are documents stored per language by their module: the agent's own login agreement in English.
  const agent = await db.selectFrom('promoters').select('id').where('promo_code', '=', 'agent01').executeTakeFirstOrThrow();
  const own = await db
    .selectFrom('iot_protocols')
    .select(['version', 'updated_at'])
    .where('promoter_id', '=', agent.id)
    .where('type', '=', 'login')
    .where('language', '=', 'zh-Hans')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('iot_protocols')
    .values({
      promoter_id: agent.id,
      type: 'login',
      language: 'en',
      title: 'Xinghe IoT self-service agreement',
      content: '<p>By logging in you agree that Xinghe IoT processes your card number and usage to provide self-service.</p>',
      version: own.version,
      updated_at: own.updated_at,
    })
    .execute();
}
