/**
 * Demo data of the iot modules (deterministic for a given `now`). Usage history and package use are
 * produced by the same accrual maths and carrier simulator the server runs, over the last 30 days.
 *
 * | number          | what                                                                                  |
 * |-----------------|---------------------------------------------------------------------------------------|
 * | 1440000000001   | plain SIM, China Mobile, active, real-named, 200 GB quarterly package in use, balance ¥36.50, 1280 points (780 after the points-mall order of seed/mall.ts), 500 coupon coins, bound phone 13800138001 |
 * | MF0000000001    | portable Wi-Fi device (2.4G + 5G Wi-Fi, warranty) holding 1440000000002 (in use, unlimited monthly package) and 1440000000005 (China Unicom, slot 2, 30 GB monthly package) |
 * | 1440000000003   | pending activation: needs real-name authentication and a package                       |
 * | 1440000000004   | in break state (rule location_abnormal, removable by the holder now)                   |
 * | 1440000000006   | card-password card (password 246810) of promoter agent01                               |
 * | 1440000000007   | active, not yet real-named (carrier and platform check), no bound phone: the account demo |
 */
import { DurationUnit, type DurationUnitValue, type SimLayout } from '@simshop/contract/iot';
import type { Insertable, Kysely } from 'kysely';
import { accrue, addDuration, type CardFacts, chinaDay, chinaMonth, DAY_MS, dayStart, type PackageState } from '../../lib/flow-math.ts';
import { builtInLayout, DEVICE_MENUS } from '../../modules/iot-layout/default-layout.ts';
import { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import type { Database } from '../schema.ts';
import type { IotSimsTable } from '../schema-iot.ts';

const IMG = '/shop/static';
/** scrypt hash of the demo card password 246810 (lib/password.ts format). */
const CARD_PASSWORD_246810 = 'scrypt$16384$8$1$c2ltc2hvcC1kZW1vLXNhbHQ$CnRqMTjqHaj2mwsEvG84B85jyVTyhXIN2SH96Ewl4EI';

export const DEMO = {
  sim: '1440000000001',
  deviceSim: '1440000000002',
  needsAuthSim: '1440000000003',
  breakSim: '1440000000004',
  secondDeviceSim: '1440000000005',
  cardPasswordSim: '1440000000006',
  cardPassword: '246810',
  accountSim: '1440000000007',
  device: 'MF0000000001',
  boundPhone: '13800138001',
} as const;

function demoLayout(): SimLayout {
  const base = builtInLayout();
  return {
    ...base,
    name: '号码优选 · 物联网卡',
    kefuUrl: '',
    notice: '流量每日更新，充值后立即到账；客服时间 9:00-21:00',
    packageLamp: true,
    menus: [
      {
        key: 'packageInfo',
        title: '套餐详情',
        icon: '',
        type: 'page',
        path: '/pages-sub/iot/index/packageInfo/index',
      },
      {
        key: 'historyLine',
        title: '用量记录',
        icon: '',
        type: 'page',
        path: '/pages-sub/iot/index/historyLine/index',
      },
      { key: 'package', title: '套餐订购', icon: '', type: 'page', path: '/pages/iot/index/package/index' },
      { key: 'balance', title: '余额充值', icon: '', type: 'page', path: '/pages/iot/index/balance/index' },
      { key: 'accelerate', title: '加速包', icon: '', type: 'page', path: '/pages-sub/iot/index/accelerate/index' },
      { key: 'task', title: '任务签到', icon: '', type: 'page', path: '/pages-sub/iot/task/index' },
      { key: 'couponExchange', title: '券币兑换', icon: '', type: 'page', path: '/pages-sub/iot/index/couponExchange/index' },
      { key: 'user', title: '我的', icon: '', type: 'page', path: '/pages-sub/iot/user/index?type=page' },
      // A url menu to a page of this site, with the placeholders filled in.
      {
        key: 'protocol',
        title: '服务协议',
        icon: '',
        type: 'url',
        path: '/shop/#/pages/iot/login/protocol?promoCode=[promoCode]&sn=[sn]',
      },
      { key: 'vip', title: '会员中心', icon: '', type: 'page', path: '/pages-sub/iot/index/vip/index' },
      { key: 'orderLogs', title: '订单记录', icon: '', type: 'page', path: '/pages/iot/index/orderLogs/index' },
      { key: 'integralShop', title: '积分商城', icon: '', type: 'page', path: '/pages-sub/iot/integralShop/index' },
      { key: 'realnameAuth', title: '实名认证', icon: '', type: 'page', path: '/pages/iot/index/realnameAuth/index' },
      { key: 'bindPhone', title: '绑定手机', icon: '', type: 'page', path: '/pages/iot/index/bindPhone/index' },
      { key: 'wifi', title: 'Wi-Fi', icon: '', type: 'page', path: '/pages-sub/wifi/index' },
      { key: 'diagnose', title: '网络诊断', icon: '', type: 'page', path: '/pages-sub/iot/index/diagnose/index' },
      { key: 'customer', title: '联系客服', icon: '', type: 'page', path: '/pages/iot/index/customer/index' },
      ...DEVICE_MENUS.map((m) => ({ key: m.key, title: m.title, icon: '', type: 'page', path: m.path })),
    ],
    carousels: [
      { image: `${IMG}/banner-renew.svg`, title: '续费享九折', type: 'page', path: '/pages/iot/index/package/index' },
      { image: `${IMG}/banner-1.svg`, title: '靓号专区', type: 'page', path: '/pages/index/VanityNumber/index' },
    ],
    popup: {
      switch: true,
      title: '温馨提示',
      content: '流量每日更新，充值后立即到账。客服在线时间 9:00-21:00，如有疑问请在“联系客服”中留言。',
    },
    tabBar: { ...base.tabBar, switch: false, middleBulge: true },
    user: {
      ...base.user,
      carousels: [{ image: `${IMG}/banner-renew.svg`, title: '续费享九折', type: 'page', path: '/pages/iot/index/package/index' }],
      service: {
        kefuUrl: '',
        kefuMobile: '400-800-1234',
        kefuQr: '',
        wechat: 'simshop_kefu',
        workTime: '09:00-21:00',
      },
    },
    index: {
      ...base.index,
      header: {
        ...base.index.header,
        key: 'gradual',
        data: { ...base.index.header.data, background: 'linear-gradient(180deg,#018d71,#3fbf9f)' },
      },
    },
  };
}

function agentLayout(): SimLayout {
  const base = builtInLayout();
  return { ...base, name: '星河物联', index: { ...base.index, header: { ...base.index.header, key: 'simple' } } };
}

const AGREEMENTS: Record<string, Record<'en' | 'zh-Hans' | 'zh-Hant', [string, string]>> = {
  login: {
    en: [
      'IoT card self-service agreement',
      '<p>By logging in you agree that we process your card number, usage and orders to provide self-service.</p><p>Keep your card and card password safe.</p>',
    ],
    'zh-Hans': [
      '物联网卡自助服务协议',
      '<p>登录即表示您同意我们为提供自助服务而处理您的卡号、用量及订单信息。</p><p>请妥善保管卡片及卡密码。</p>',
    ],
    'zh-Hant': [
      '物聯網卡自助服務協議',
      '<p>登入即表示您同意我們為提供自助服務而處理您的卡號、用量及訂單資訊。</p><p>請妥善保管卡片及卡密碼。</p>',
    ],
  },
  service: {
    en: ['Service agreement', '<p>Data packages take effect as described on their page. Usage is reported by the carrier daily.</p>'],
    'zh-Hans': ['服务协议', '<p>流量套餐按其页面说明生效，用量以运营商每日数据为准。</p>'],
    'zh-Hant': ['服務協議', '<p>流量套餐按其頁面說明生效，用量以運營商每日數據為準。</p>'],
  },
  privacy: {
    en: ['Privacy policy', '<p>We keep your data in China and never sell it. Real-name data goes to the carrier only.</p>'],
    'zh-Hans': ['隐私政策', '<p>您的数据存储于中国境内，绝不出售。实名信息仅提交运营商。</p>'],
    'zh-Hant': ['隱私政策', '<p>您的資料存儲於中國境內，絕不出售。實名資訊僅提交運營商。</p>'],
  },
  taskRule: {
    en: [
      'Task rules',
      '<p>Sign in once a day (China time). Days in a row earn 5, 10, 15, 20, 25, 30 and 50 points, then the cycle starts again; a missed day starts it over.</p><p>Each one-off task (bind a phone, real-name authentication, set a pay password, first top-up, buy a package) gives its points once, after it is done.</p>',
    ],
    'zh-Hans': [
      '任务规则',
      '<p>每天（北京时间）可签到一次。连续签到依次获得 5、10、15、20、25、30、50 积分，之后重新循环；中断后从第 1 天重新开始。</p><p>每项一次性任务（绑定手机、实名认证、设置支付密码、首次充值、订购套餐）完成后可领取一次积分。</p>',
    ],
    'zh-Hant': [
      '任務規則',
      '<p>每天（北京時間）可簽到一次。連續簽到依次獲得 5、10、15、20、25、30、50 積分，之後重新循環；中斷後從第 1 天重新開始。</p><p>每項一次性任務（綁定手機、實名認證、設置支付密碼、首次儲值、訂購套餐）完成後可領取一次積分。</p>',
    ],
  },
};

interface SeedPackage {
  name: string;
  kind: 'base' | 'addon' | 'volume';
  flowMb: number;
  unlimited?: boolean;
  gPrice?: number;
  price: number;
  duration: number;
  unit: DurationUnitValue;
  startsAt: number;
}

export async function seedIot(db: Kysely<Database>, now: number): Promise<void> {
  const promoters = await db.selectFrom('promoters').select(['id', 'promo_code']).execute();
  const promoterId = (code: string) => {
    const p = promoters.find((r) => r.promo_code === code);
    if (!p) throw new Error(`seedIot: promoter ${code} missing`);
    return p.id;
  };
  const carrier = new CarrierSimulator();
  const historyFrom = dayStart(now) - 30 * DAY_MS;

  const rule = (r: Omit<Insertable<Database['iot_break_rules']>, 'created_at'>) =>
    db
      .insertInto('iot_break_rules')
      .values({ ...r, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const location = await rule({
    code: 'location_abnormal',
    name: '机卡分离 / 异地使用',
    kind: 'manual',
    tips: '检测到卡片在非绑定设备或异地使用，流量已暂停。',
    no_close: 1,
    allow_remove: 1,
    remove_delay_ms: 10 * 60_000,
    popup_attr: JSON.stringify({
      title: '卡片已限制使用',
      content: '检测到卡片在非绑定设备中使用。确认为本人操作后可自助解除限制。',
      image: `${IMG}/iot/break.svg`,
      confirmText: '解除限制',
    }),
  });
  await rule({
    code: 'day_flow_over',
    name: '单日流量超限',
    kind: 'day_flow_over',
    threshold_mb: 20 * 1024,
    tips: '今日流量使用异常，已暂停使用。',
    no_close: 0,
    allow_remove: 1,
    remove_delay_ms: 30 * 60_000,
    popup_attr: JSON.stringify({
      title: '流量使用异常',
      content: '今日用量超过 20GB，30 分钟后可自助解除。',
      image: '',
      confirmText: '解除限制',
    }),
  });
  await rule({
    code: 'carrier_risk',
    name: '运营商风控',
    kind: 'manual',
    tips: '运营商风控停机，请联系客服处理。',
    no_close: 1,
    allow_remove: 0,
    remove_delay_ms: 0,
    popup_attr: JSON.stringify({ title: '卡片已停用', content: '请联系客服核实身份后恢复。', image: '', confirmText: '联系客服' }),
  });

  const device = await db
    .insertInto('iot_devices')
    .values({
      device_no: DEMO.device,
      promo_code: 'demo',
      model: 'MiFi 5G M1',
      imei: '868120040000011',
      wifi_encrypt: 'WPA2-PSK',
      network_mode: 1,
      online_status: 1,
      wifi24_name: 'SimShop-2.4G',
      wifi24_pass: 'simshop24',
      wifi24_conn: 2,
      wifi24_max_conn: 10,
      wifi5_name: 'SimShop-5G',
      wifi5_pass: 'simshop5g',
      wifi5_conn: 1,
      wifi5_max_conn: 16,
      warranty_expire_at: dayStart(now) + 200 * DAY_MS,
      warranty_content: '一年质保：非人为损坏免费换新，电池半年质保。',
      created_at: now - 90 * DAY_MS,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  type SimSeed = Omit<Insertable<IotSimsTable>, 'created_at' | 'updated_at'> & {
    packages: SeedPackage[];
    breakRuleId?: number;
    breakAt?: number;
    breakDelayMs?: number;
  };

  const addSim = async ({ packages: pkgs, breakRuleId, breakAt, breakDelayMs, ...sim }: SimSeed) => {
    const row = await db
      .insertInto('iot_sims')
      .values({ ...sim, created_at: now - 120 * DAY_MS, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    let packages: PackageState[] = [];
    for (const p of pkgs) {
      const endsAt = addDuration(p.startsAt, p.duration, p.unit);
      const inserted = await db
        .insertInto('iot_sim_packages')
        .values({
          sim_id: row.id,
          name: p.name,
          kind: p.kind,
          flow_mb: p.flowMb,
          unlimited: p.unlimited ? 1 : 0,
          g_price: p.gPrice ?? 0,
          price: p.price,
          duration: p.duration,
          duration_unit: p.unit,
          starts_at: p.startsAt,
          ends_at: endsAt,
          status: p.startsAt <= historyFrom ? 'active' : 'pending',
          order_no: `SEED${row.id}${packages.length + 1}`,
          created_at: p.startsAt,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      packages.push({
        id: inserted.id,
        kind: p.kind,
        unlimited: !!p.unlimited,
        flowMb: p.flowMb,
        usedMb: 0,
        startsAt: p.startsAt,
        endsAt,
        status: p.startsAt <= historyFrom ? 'active' : 'pending',
      });
    }
    // 30 days of history through the real accrual, the break (if any) starting at breakAt.
    const facts: CardFacts = {
      status: sim.status ?? 1,
      simStatus: sim.sim_status ?? 1,
      cancelStatus: sim.cancel_status ?? 0,
      inBreak: false,
      arrearsBalance: sim.arrears_balance ?? 0,
    };
    const card = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type ?? 4 };
    const spans: [number, number, boolean][] = breakAt
      ? [
          [historyFrom, breakAt, false],
          [breakAt, now, true],
        ]
      : [[historyFrom, now, false]];
    const days = new Map<string, number>();
    let internetOn = false;
    let summary = null as Awaited<ReturnType<typeof accrue>>['summary'] | null;
    for (const [from, to, inBreak] of spans) {
      const r = await accrue({
        from,
        to,
        packages,
        card: { ...facts, inBreak },
        usedOnFirstDay: days.get(chinaDay(from)) ?? 0,
        dayBreakMb: null,
        usage: (a, b) => carrier.usageBetween(card, a, b),
      });
      packages = r.packages;
      for (const [d, mb] of r.days) days.set(d, (days.get(d) ?? 0) + mb);
      internetOn = r.internetOn;
      summary = r.summary;
    }
    for (const p of packages) {
      await db.updateTable('iot_sim_packages').set({ used_mb: p.usedMb, status: p.status }).where('id', '=', p.id).execute();
    }
    if (days.size > 0) {
      await db
        .insertInto('iot_usage_daily')
        .values([...days].map(([day, mb]) => ({ sim_id: row.id, day, flow_mb: mb, updated_at: now })))
        .execute();
    }
    const month = chinaMonth(now);
    const s = summary!;
    await db
      .updateTable('iot_sims')
      .set({
        total_flow: s.totalFlow,
        use_flow: s.useFlow,
        is_infinite_flow: s.isInfiniteFlow ? 1 : 0,
        end_at: s.endAt,
        volume_package_id: s.volumePackageId,
        internet_status: internetOn ? 1 : 0,
        online_status: internetOn ? 1 : 2,
        day_use_flow: days.get(chinaDay(now)) ?? 0,
        usage_day: chinaDay(now),
        month_use_flow: [...days].filter(([d]) => d.startsWith(month)).reduce((sum, [, mb]) => sum + mb, 0),
        usage_month: month,
        usage_synced_at: now,
        last_robin_at: now,
        ...(breakRuleId && breakAt
          ? { break_rule_id: breakRuleId, break_at: breakAt, break_remove_at: breakAt + (breakDelayMs ?? 0) }
          : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (breakRuleId && breakAt)
      await db
        .insertInto('iot_sim_breaks')
        .values({ sim_id: row.id, rule_id: breakRuleId, started_at: breakAt, removed_at: null })
        .execute();
    return row.id;
  };

  const active = { status: 1, sim_status: 2, auth_status: 1, numb_auth: 1, activated_at: now - 100 * DAY_MS } as const;
  await addSim({
    ...active,
    sim_no: DEMO.sim,
    iccid: '89860400000000000001',
    imsi: '460040000000001',
    imei: '868120040000001',
    mobile: DEMO.boundPhone,
    operator_type: 4,
    promo_code: 'demo',
    apn: 'CMIOT',
    balance: 3650,
    integral: 1280,
    coupon_coin: 500,
    recharge_times: 3,
    packages: [
      {
        name: '全国通用流量 200GB 季包',
        kind: 'base',
        flowMb: 200 * 1024,
        price: 9900,
        duration: 3,
        unit: DurationUnit.MONTH,
        startsAt: dayStart(now) - 35 * DAY_MS,
      },
    ],
  });
  await addSim({
    ...active,
    sim_no: DEMO.deviceSim,
    iccid: '89860400000000000002',
    imsi: '460040000000002',
    imei: '868120040000011',
    mobile: '13800138002',
    operator_type: 4,
    promo_code: 'demo',
    apn: 'CMIOT',
    source_type: 2,
    device_id: device.id,
    device_slot: 1,
    device_in_use: 1,
    balance: 1200,
    integral: 300,
    packages: [
      {
        name: '随身WiFi 不限量月包',
        kind: 'base',
        flowMb: 0,
        unlimited: true,
        price: 4900,
        duration: 1,
        unit: DurationUnit.MONTH,
        startsAt: dayStart(now) - 40 * DAY_MS,
      },
      {
        name: '随身WiFi 不限量月包（续）',
        kind: 'base',
        flowMb: 0,
        unlimited: true,
        price: 4900,
        duration: 1,
        unit: DurationUnit.MONTH,
        startsAt: addDuration(dayStart(now) - 40 * DAY_MS, 1, DurationUnit.MONTH),
      },
    ],
  });
  await addSim({
    ...active,
    sim_no: DEMO.secondDeviceSim,
    iccid: '89860100000000000005',
    imsi: '460010000000005',
    imei: '868120040000011',
    operator_type: 2,
    promo_code: 'demo',
    apn: '3GNET',
    source_type: 2,
    device_id: device.id,
    device_slot: 2,
    device_in_use: 0,
    // A package in effect, so the device can switch to it (switch network).
    packages: [
      {
        name: '联通流量 30GB 月包',
        kind: 'base',
        flowMb: 30 * 1024,
        price: 2900,
        duration: 1,
        unit: DurationUnit.MONTH,
        startsAt: dayStart(now) - 10 * DAY_MS,
      },
    ],
  });
  await addSim({
    status: 1,
    sim_status: 1,
    auth_status: 0,
    sim_no: DEMO.needsAuthSim,
    iccid: '89860400000000000003',
    imsi: '460040000000003',
    operator_type: 4,
    promo_code: 'demo',
    apn: 'CMIOT',
    platform_auth_required: 1,
    bind_phone_mode: 2,
    packages: [],
  });
  await addSim({
    status: 1,
    sim_status: 2,
    auth_status: 0,
    sim_no: DEMO.accountSim,
    iccid: '89860400000000000007',
    imsi: '460040000000007',
    operator_type: 4,
    promo_code: 'demo',
    apn: 'CMIOT',
    platform_auth_required: 1,
    packages: [],
  });
  await addSim({
    ...active,
    sim_no: DEMO.breakSim,
    iccid: '89860400000000000004',
    imsi: '460040000000004',
    imei: '868120049999999',
    mobile: '13800138004',
    operator_type: 4,
    promo_code: 'demo',
    apn: 'CMIOT',
    balance: 800,
    packages: [
      {
        name: '全国通用流量 50GB 月包',
        kind: 'base',
        flowMb: 50 * 1024,
        price: 2900,
        duration: 1,
        unit: DurationUnit.MONTH,
        startsAt: dayStart(now) - 20 * DAY_MS,
      },
      {
        name: '按量计费 ¥5/GB',
        kind: 'volume',
        flowMb: 0,
        gPrice: 500,
        price: 0,
        duration: 1,
        unit: DurationUnit.YEAR,
        startsAt: dayStart(now) - 20 * DAY_MS,
      },
    ],
    breakRuleId: location.id,
    breakAt: now - 2 * 3_600_000,
    breakDelayMs: 10 * 60_000,
  });
  await addSim({
    ...active,
    sim_no: DEMO.cardPasswordSim,
    iccid: '89860300000000000006',
    imsi: '460030000000006',
    operator_type: 1,
    promo_code: 'agent01',
    apn: 'CTNET',
    card_password_hash: CARD_PASSWORD_246810,
    packages: [
      {
        name: '电信 30GB 年包',
        kind: 'base',
        flowMb: 30 * 1024,
        price: 19900,
        duration: 1,
        unit: DurationUnit.YEAR,
        startsAt: dayStart(now) - 60 * DAY_MS,
      },
    ],
  });

  for (const [code, layout] of [
    ['demo', demoLayout()],
    ['agent01', agentLayout()],
  ] as const) {
    await db
      .insertInto('iot_sim_layouts')
      .values({ promoter_id: promoterId(code), config: JSON.stringify(layout), version: now, updated_at: now })
      .execute();
  }
  await db
    .insertInto('iot_notices')
    .values([
      {
        promoter_id: promoterId('demo'),
        title: '系统升级通知',
        content: '本周日 02:00-04:00 系统升级，期间充值可能延迟到账。',
        starts_at: now - DAY_MS,
        ends_at: now + 7 * DAY_MS,
        sort: 1,
        created_at: now,
      },
      {
        promoter_id: promoterId('demo'),
        title: '国庆流量加油包限时 8 折',
        content: '活动已结束。',
        starts_at: now - 60 * DAY_MS,
        ends_at: now - 30 * DAY_MS,
        sort: 2,
        created_at: now,
      },
      {
        promoter_id: promoterId('agent01'),
        title: '星河物联客服热线更新',
        content: '新热线 400-800-5678。',
        starts_at: now - DAY_MS,
        ends_at: null,
        sort: 1,
        created_at: now,
      },
    ])
    .execute();
  const protocolRows = Object.entries(AGREEMENTS).flatMap(([type, byLang]) =>
    Object.entries(byLang).map(([language, [title, content]]) => ({
      promoter_id: promoterId('demo'),
      type,
      language,
      title,
      content,
      version: 1,
      updated_at: now,
    })),
  );
  protocolRows.push({
    promoter_id: promoterId('agent01'),
    type: 'login',
    language: 'zh-Hans',
    title: '星河物联自助服务协议',
    content: '<p>登录即表示您同意星河物联为提供自助服务处理您的卡号与用量信息。</p>',
    version: 2,
    updated_at: now,
  });
  await db.insertInto('iot_protocols').values(protocolRows).execute();
}
