import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Categories of the help centre (dictionary `question_category`): value, Chinese name, English name. */
const CATEGORIES: [value: string, zh: string, en: string][] = [
  ['buy', '选号购卡', 'Choosing & buying'],
  ['order', '订单物流', 'Orders & delivery'],
  ['activate', '激活实名', 'Activation & real name'],
  ['iot', '物联网卡', 'IoT SIM'],
  ['after', '售后服务', 'After-sales'],
];

/** Questions: category, place among the hot questions (0: none), title and answer in Chinese and English. */
const QUESTIONS: [category: string, hot: number, zhTitle: string, zhContent: string, enTitle: string, enContent: string][] = [
  [
    'order',
    1,
    '靓号下单后多久发货？',
    '<p>付款成功后 <strong>48 小时内</strong>发货，默认顺丰包邮。</p><p>偏远地区约 3-5 天送达，可在“订单”中查看物流进度。</p>',
    'How soon is my number shipped?',
    '<p>Orders ship <strong>within 48 hours</strong> of payment, by SF Express, free of charge.</p><p>Remote areas take about 3-5 days; follow the delivery under "Orders".</p>',
  ],
  [
    'activate',
    2,
    '收到卡后如何激活？',
    '<ol><li>将卡插入手机，开机等待信号。</li><li>按短信提示完成实名认证（需本人身份证）。</li><li>认证通过后 2 小时内自动开通。</li></ol>',
    'How do I activate the card I received?',
    '<ol><li>Put the card in your phone, switch it on and wait for a signal.</li><li>Complete real-name authentication as the text message says (your own ID card is needed).</li><li>The card opens within 2 hours of approval.</li></ol>',
  ],
  [
    'after',
    3,
    '订单可以取消或退款吗？',
    '<p>未付款的订单可随时取消；已付款未发货的订单请联系客服办理全额退款。</p><p><strong>号码激活后</strong>不支持退款。</p>',
    'Can I cancel an order or get a refund?',
    '<p>An unpaid order can be cancelled at any time; for a paid order not yet shipped, contact customer service for a full refund.</p><p>No refund is possible <strong>once the number is activated</strong>.</p>',
  ],
  [
    'iot',
    4,
    '物联网卡流量怎么查询？',
    '<p>进入“物联卡”，输入卡号或设备号登录，首页即可查看已用流量、剩余流量和到期时间。</p>',
    'How do I check the data of my IoT SIM?',
    '<p>Open "IoT SIM" and log in with the card or device number: the home page shows data used, data left and the expiry date.</p>',
  ],
  [
    'iot',
    5,
    '物联网卡套餐到期怎么续费？',
    '<p>登录物联卡后点击“套餐”，选择套餐并支付即可续费；也可以开启<strong>自动续费</strong>，到期前用余额续订。</p>',
    'How do I renew an IoT package that is ending?',
    '<p>Log in to your IoT SIM, open "Packages", choose a package and pay; or switch on <strong>auto-renewal</strong> to renew from your balance before it ends.</p>',
  ],
  [
    'buy',
    6,
    '靓号有最低消费吗？',
    '<p>部分靓号有月最低消费，选号时号码详情会标明<strong>最低月租</strong>，请选择不低于该金额的套餐。</p>',
    'Do vanity numbers have a minimum spend?',
    "<p>Some numbers have a monthly minimum: the number's details show its <strong>minimum monthly fee</strong>; choose a package at least that high.</p>",
  ],
  [
    'buy',
    0,
    '号码可以异地使用吗？',
    '<p>可以。号码全国通用，归属地以号码详情为准，在外地使用不收漫游费。</p>',
    'Can I use the number in another city?',
    "<p>Yes. Numbers work nationwide; the home region is shown in the number's details, and there is no roaming charge elsewhere.</p>",
  ],
  [
    'buy',
    0,
    '预存话费什么时候到账？',
    '<p>预存话费在号码激活当月一次性到账，可在运营商营业厅 App 中查询。</p>',
    'When does the prepaid credit arrive?',
    "<p>Prepaid credit is added in one go in the month the number is activated; check it in the carrier's app.</p>",
  ],
  [
    'order',
    0,
    '如何查看物流进度？',
    '<p>在“订单”中打开订单，点击“查看物流”即可看到每一步的配送记录。</p>',
    'How do I follow the delivery?',
    '<p>Open the order under "Orders" and tap "Track delivery" to see every step of the delivery.</p>',
  ],
  [
    'activate',
    0,
    '为什么要实名认证？',
    '<p>根据国家规定，手机号码和物联网卡须<strong>实名登记</strong>后才能使用，未实名的卡片无法使用通话和流量。</p>',
    'Why is real-name authentication needed?',
    "<p>By law, phone numbers and IoT SIMs must be <strong>registered in the user's real name</strong> before use; a card without it cannot make calls or use data.</p>",
  ],
  [
    'iot',
    0,
    '随身 WiFi 怎么修改密码？',
    '<p>用设备号登录物联卡，进入“设备管理”，即可修改 WiFi 名称和密码，修改后设备会自动重启。</p>',
    'How do I change the password of my portable Wi-Fi?',
    '<p>Log in with the device number and open "Device management" to change the Wi-Fi name and password; the device restarts by itself afterwards.</p>',
  ],
  [
    'after',
    0,
    '可以开发票吗？',
    '<p>可以。订单完成后联系客服，提供抬头和税号，电子发票将在 3 个工作日内发送到您的邮箱。</p>',
    'Can I get an invoice?',
    '<p>Yes. Once the order is completed, give customer service the invoice title and tax number; the e-invoice reaches your mailbox within 3 working days.</p>',
  ],
];

/** English of the help centre's demo texts, by their Chinese (used by the translations seed). */
export const CUSTOMER_ENGLISH: Readonly<Record<string, string>> = Object.fromEntries([
  ...CATEGORIES.map(([, zh, en]) => [zh, en]),
  ...QUESTIONS.flatMap(([, , zhTitle, zhContent, enTitle, enContent]) => [
    [zhTitle, enTitle],
    [zhContent, enContent],
  ]),
]);

export async function seedCustomer(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('dict_data')
    .values(
      CATEGORIES.map(([value, label], sort) => ({ dict_type: 'question_category', value, label, list_class: 'default', sort, enabled: 1 })),
    )
    .execute();
  await db
    .insertInto('sys_questions')
    .values(
      QUESTIONS.map(([category, hot, title, content], sort) => ({
        category,
        hot,
        title,
        content,
        sort,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
