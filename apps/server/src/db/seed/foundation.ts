import type { Front } from '@simshop/contract/site';
import type { Insertable, Kysely } from 'kysely';
import type { Database, PromotersTable } from '../schema.ts';

const IMG = '/shop/static';

export const demoFront: Front = {
  title: '号码优选',
  keywords: '靓号,手机号,物联网卡,随身WiFi',
  description: '靓号选购、极速办卡与物联网卡自助服务',
  logo: `${IMG}/logo.svg`,
  indexCarousel: [
    { image: `${IMG}/banner-1.svg`, title: '吉祥靓号 限时特惠', link: '/pages/index/VanityNumber/index' },
    { image: `${IMG}/banner-2.svg`, title: '物联网卡 自助服务', link: '/pages/iot/login/index' },
  ],
  bottomTips: '本店号码均为运营商正规号码，实名登记后激活使用',
  ipcCode: '粤ICP备2026000001号',
  kefuUrl: '/pages/customer/question/index',
  kefuQr: '',
  kefuMobile: '400-800-1234',
  followQr: `${IMG}/follow-qr.svg`,
  shopTemplate: 1,
  fastNav: [
    { icon: `${IMG}/nav-pretty.svg`, title: '选靓号', link: '/pages/index/VanityNumber/index' },
    { icon: `${IMG}/nav-order.svg`, title: '查订单', link: '/pages/order/index' },
    { icon: `${IMG}/nav-iot.svg`, title: '物联卡', link: '/pages/iot/login/index' },
    { icon: `${IMG}/nav-service.svg`, title: '客服', link: '/pages/customer/index' },
  ],
  suggest: true,
  indexSearch: true,
  indexFirstGroup: 1,
  showInviteRegister: 1,
};

const defaultMenu = [
  { key: 'numbers', title: '靓号', link: '/pages/index/VanityNumber/index' },
  { key: 'orders', title: '订单', link: '/pages/order/index' },
];

export async function seedFoundation(db: Kysely<Database>, now: number): Promise<void> {
  const promoter = (
    code: string,
    name: string,
    extra: Partial<Omit<Insertable<PromotersTable>, 'front'>> & { front?: Partial<Front> } = {},
  ): Insertable<PromotersTable> => {
    const { front, ...rest } = extra;
    return {
      promo_code: code,
      name,
      is_default: 0,
      is_agent: 0,
      parent_id: null,
      invite_code: code.toUpperCase(),
      domain: '',
      douyin_mp_im_id: '',
      kuaishou_mp_im_id: '',
      show_payment_type: JSON.stringify(['sandbox']),
      shop_menu: JSON.stringify(defaultMenu),
      front: JSON.stringify({ ...demoFront, ...front }),
      default_province: '440000',
      default_city: '440300',
      created_at: now,
      updated_at: now,
      ...rest,
    };
  };

  const demo = await db
    .insertInto('promoters')
    .values(promoter('demo', '号码优选官方店', { is_default: 1 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  void demo;
  const a1 = await db
    .insertInto('promoters')
    .values(promoter('agent01', '一级代理·星河通信', { is_agent: 1, front: { title: '星河通信靓号', indexFirstGroup: 1 } }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const a2 = await db
    .insertInto('promoters')
    .values(promoter('agent02', '二级代理·云帆数码', { is_agent: 1, parent_id: a1.id, front: { title: '云帆数码', suggest: false } }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('promoters')
    .values(
      promoter('agent03', '三级代理·晨光手机店', { is_agent: 1, parent_id: a2.id, front: { title: '晨光手机店', indexFirstGroup: 2 } }),
    )
    .execute();

  await db
    .insertInto('settings')
    .values([
      { key: 'generic.orderQueryMode', value: '1' },
      { key: 'generic.loginAvatar', value: `${IMG}/avatar.svg` },
    ])
    .execute();

  const dict = (dict_type: string, rows: [string, string, string][]) =>
    rows.map(([value, label, list_class], sort) => ({ dict_type, value, label, list_class, sort, enabled: 1 }));
  await db
    .insertInto('dict_data')
    .values([
      ...dict('operator_type', [
        ['4', '中国移动', 'primary'],
        ['2', '中国联通', 'danger'],
        ['1', '中国电信', 'info'],
        ['3', '中国广电', 'success'],
      ]),
      ...dict('order_status', [
        ['0', '待支付', 'warning'],
        ['1', '已支付', 'primary'],
        ['2', '已发货', 'info'],
        ['3', '已完成', 'success'],
        ['4', '已取消', 'default'],
        ['5', '已退款', 'danger'],
      ]),
      ...dict('yes_no', [
        ['1', '是', 'primary'],
        ['0', '否', 'default'],
      ]),
    ])
    .execute();

  await db
    .insertInto('app_domains')
    .values([
      { package_name: 'com.simshop.h5', domain: '', enabled: 1 },
      { package_name: 'com.simshop.app', domain: '', enabled: 1 },
    ])
    .execute();
}
