import type { SinglePageBlock, SinglePagePopup } from '@simshop/contract/single-page';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const IMG = '/shop/static';

/** The storefront's user agreement (type `shopLogin`), per language, of the default storefront. */
const USER_AGREEMENT: Record<'en' | 'zh-Hans' | 'zh-Hant', [string, string]> = {
  en: [
    'User agreement',
    '<h3>1. Your account</h3><p>You log in with your mobile number and an SMS code; keep your phone and codes to yourself.</p>' +
      '<h3>2. Orders</h3><p>An order holds its number for 15 minutes until it is paid. Numbers are sold under real-name registration and activated by the carrier.</p>' +
      '<h3>3. Your data</h3><p>We use your name, ID number, mobile number and address only to fulfil and deliver your orders, and keep them as the law requires.</p>',
  ],
  'zh-Hans': [
    '用户协议',
    '<h3>一、账号</h3><p>您使用手机号和短信验证码登录，请妥善保管手机和验证码。</p>' +
      '<h3>二、订单</h3><p>订单在付款前为您保留号码 15 分钟。号码实名销售，由运营商激活。</p>' +
      '<h3>三、个人信息</h3><p>您的姓名、身份证号、手机号和地址仅用于办理和配送订单，并按法律要求保存。</p>',
  ],
  'zh-Hant': [
    '用戶協議',
    '<h3>一、帳號</h3><p>您使用手機號碼和簡訊驗證碼登入，請妥善保管手機和驗證碼。</p>' +
      '<h3>二、訂單</h3><p>訂單在付款前為您保留號碼 15 分鐘。號碼實名銷售，由電信業者啟用。</p>' +
      '<h3>三、個人資料</h3><p>您的姓名、身分證號碼、手機號碼和地址僅用於辦理和配送訂單，並按法律要求保存。</p>',
  ],
};

interface DemoPage {
  promoCode: string;
  pageCode: string;
  title: string;
  blocks: SinglePageBlock[];
  popup: SinglePagePopup;
}

const noPopup: SinglePagePopup = { switch: false, title: '', content: '', buttonText: '', link: '' };

/** Featured landing pages: open /shop/#/pages/index/index?pageCode=lucky (home becomes the page). */
const PAGES: DemoPage[] = [
  {
    promoCode: 'demo',
    pageCode: 'lucky',
    title: '吉祥靓号节',
    blocks: [
      { type: 'banner', items: [{ image: `${IMG}/banner-1.svg`, title: '吉祥靓号 限时特惠', link: '/pages/index/VanityNumber/index' }] },
      {
        type: 'text',
        title: '好号码，一用就是一辈子',
        content: '尾号 8888、AAAA、生日号……\n正规运营商号码，实名办理，顺丰包邮到家。',
      },
      { type: 'numbers', title: '尾号 8 精选', pattern: 'TAIL8', operator: '', limit: 6 },
      { type: 'numbers', title: 'AABB 好记号', pattern: 'AABB', operator: '', limit: 4 },
      { type: 'goods', title: '精选好物', categoryId: 0, limit: 4 },
      { type: 'button', key: 'more', text: '查看全部靓号', link: '/pages/index/VanityNumber/index' },
      { type: 'button', key: 'shop', text: '进入商城首页', link: '/pages/index/default' },
    ],
    popup: {
      switch: true,
      title: '新人专享',
      content: '今日下单靓号，免费升级顺丰次日达。',
      buttonText: '去选号',
      link: '/pages/index/VanityNumber/index',
    },
  },
  {
    promoCode: 'demo',
    pageCode: 'iot',
    title: '物联网卡 自助服务',
    blocks: [
      { type: 'banner', items: [{ image: `${IMG}/banner-2.svg`, title: '物联网卡 自助服务', link: '/pages/iot/login/index' }] },
      { type: 'text', title: '随时查流量、充值续费', content: '输入卡号或设备号登录，即可查看用量、购买套餐和管理随身 WiFi。' },
      { type: 'button', key: 'login', text: '登录物联网卡', link: '/pages/iot/login/index' },
    ],
    popup: noPopup,
  },
];

/** English of the demo pages' texts, by their Chinese (used by the translations seed). */
export const SHOP_PAGES_ENGLISH: Readonly<Record<string, string>> = {
  吉祥靓号节: 'Lucky Number Festival',
  '好号码，一用就是一辈子': 'A good number lasts a lifetime',
  '尾号 8888、AAAA、生日号……\n正规运营商号码，实名办理，顺丰包邮到家。':
    'Ending in 8888, AAAA, birthdays…\nGenuine carrier numbers, registered in your name, delivered free by SF Express.',
  '尾号 8 精选': 'Picks ending in 8',
  'AABB 好记号': 'Easy AABB numbers',
  精选好物: 'Featured goods',
  查看全部靓号: 'Browse all numbers',
  进入商城首页: 'Go to the shop',
  新人专享: 'For new customers',
  '今日下单靓号，免费升级顺丰次日达。': 'Order a number today for free next-day delivery by SF Express.',
  去选号: 'Pick a number',
  '随时查流量、充值续费': 'Check data, top up and renew any time',
  '输入卡号或设备号登录，即可查看用量、购买套餐和管理随身 WiFi。':
    'Log in with the card or device number to see usage, buy packages and manage your portable Wi-Fi.',
  登录物联网卡: 'Log in to your IoT SIM',
};

export async function seedShopPages(db: Kysely<Database>, now: number): Promise<void> {
  const promoters = await db.selectFrom('promoters').select(['id', 'promo_code']).execute();
  const idOf = (code: string) => {
    const p = promoters.find((r) => r.promo_code === code);
    if (!p) throw new Error(`no demo promoter ${code}`);
    return p.id;
  };
  await db
    .insertInto('single_pages')
    .values(
      PAGES.map((p) => ({
        promoter_id: idOf(p.promoCode),
        page_code: p.pageCode,
        title: p.title,
        blocks: JSON.stringify(p.blocks),
        popup: JSON.stringify(p.popup),
        enabled: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('iot_protocols')
    .values(
      Object.entries(USER_AGREEMENT).map(([language, [title, content]]) => ({
        promoter_id: idOf('demo'),
        type: 'shopLogin',
        language,
        title,
        content,
        version: 1,
        updated_at: now,
      })),
    )
    .execute();
}
