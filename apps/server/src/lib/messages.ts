/**
 * Server messages in the user's language. Modules refuse in English (lib/errors.ts); the error
 * handler of app.ts passes every refusal through `localize` with the language of the request
 * (Accept-Language, lib/context.ts), and schema failures through `localizeValidation`.
 *
 * A message is either a whole message ("the system is busy, please try again later") or
 * `<field>: <problem>` (invalid() and schema failures): the field is translated through
 * FIELD_LABELS and the problem through MESSAGES, joined by a full-width colon. `{name}` in a
 * template stands for an interpolated value (number, amount, time…); it is captured from the
 * English text and put back in the translation, through VALUE_WORDS when the value is a word.
 *
 * Every message the sources can produce must have an entry: messages.test.ts scans the sources
 * (fail/invalid/new BizError and the zod messages of the contract) and fails on a missing one.
 */
import { z } from 'zod';
import type { RequestContext } from './context.ts';

export type Language = RequestContext['language'];
type Chinese = Exclude<Language, 'en'>;
/** English template, Simplified Chinese, Traditional Chinese. */
type Entry = readonly [en: string, hans: string, hant: string];

export const MESSAGES: readonly Entry[] = [
  // ── General ────────────────────────────────────────────────────────────────────────────────
  ['the system is busy, please try again later', '系统繁忙，请稍后再试', '系統繁忙，請稍後再試'],
  ['too many requests, retry in {seconds} s', '请求过于频繁，请 {seconds} 秒后再试', '請求過於頻繁，請 {seconds} 秒後再試'],
  ['internal error (request {requestId})', '系统繁忙，请稍后再试（请求编号 {requestId}）', '系統繁忙，請稍後再試（請求編號 {requestId}）'],
  ['not found: {request}', '请求的地址不存在：{request}', '請求的位址不存在：{request}'],
  ['Request body is too large', '提交的内容过大', '提交的內容過大'],
  ["Body cannot be empty when content-type is set to 'application/json'", '提交的内容不能为空', '提交的內容不能為空'],
  ["Body is not valid JSON but content-type is set to 'application/json'", '提交的内容格式有误', '提交的內容格式有誤'],
  ['Unsupported Media Type: {type}', '不支持的内容类型：{type}', '不支援的內容類型：{type}'],
  ['Unsupported Media Type', '不支持的内容类型', '不支援的內容類型'],
  ['the same request is still being processed, retry shortly', '相同的请求正在处理中，请稍后再试', '相同的請求正在處理中，請稍後再試'],
  ['already used for a different request', '已用于另一笔不同的请求', '已用於另一筆不同的請求'],
  ['the storefront is not configured yet', '店铺尚未完成配置，请稍后再试', '商店尚未完成設定，請稍後再試'],
  ['unknown application', '未知的应用', '未知的應用程式'],
  ['unknown promoter {promoCode}', '未找到推广商 {promoCode}', '找不到推廣商 {promoCode}'],
  ['no {type} agreement is published', '暂未发布{type}协议', '尚未發布{type}協議'],
  ['unknown division', '未知的行政区划', '未知的行政區劃'],
  ['code: unknown division', '地区代码：未知的行政区划', '地區代碼：未知的行政區劃'],

  // ── Mobile login and SMS codes (storefront) ───────────────────────────────────────────────
  [
    'too many codes requested from this network, retry in {minutes} min',
    '当前网络获取验证码过于频繁，请 {minutes} 分钟后再试',
    '目前網路取得驗證碼過於頻繁，請 {minutes} 分鐘後再試',
  ],
  [
    'a code was sent less than a minute ago, retry in {seconds} s',
    '验证码发送过于频繁，请 {seconds} 秒后再试',
    '驗證碼發送過於頻繁，請 {seconds} 秒後再試',
  ],
  [
    'at most {count} codes a day, try again tomorrow',
    '今日获取验证码已达上限（{count} 次），请明天再试',
    '今日取得驗證碼已達上限（{count} 次），請明天再試',
  ],
  ['the SMS could not be sent, please try again later', '短信发送失败，请稍后再试', '簡訊發送失敗，請稍後再試'],
  ['too many tries for this mobile, retry later', '该手机号尝试次数过多，请稍后再试', '此手機號嘗試次數過多，請稍後再試'],
  ['no valid code for this mobile, request a new one', '已失效，请重新获取验证码', '已失效，請重新取得驗證碼'],
  ['too many wrong tries, request a new code', '错误次数过多，请重新获取验证码', '錯誤次數過多，請重新取得驗證碼'],
  ['the code has expired, request a new one', '已过期，请重新获取验证码', '已過期，請重新取得驗證碼'],
  ['wrong code, {left} {tries} left', '输入错误，还可尝试 {left} 次', '輸入錯誤，還可嘗試 {left} 次'],
  ['header with a random 32-hex session id is required to log in', '缺失，请刷新页面后重新登录', '缺失，請重新整理頁面後再登入'],
  ['login timed out, please log in again', '登录已超时，请重新登录', '登入逾時，請重新登入'],
  ['a mobile number is 11 digits starting with 1', '请输入以 1 开头的 11 位手机号', '請輸入以 1 開頭的 11 位手機號'],
  ['the code is 6 digits', '请输入 6 位数字验证码', '請輸入 6 位數字驗證碼'],

  // ── Numbers, orders, reviews and payments (storefront) ────────────────────────────────────
  ['featured numbers are not offered by this storefront', '本店暂不提供精选靓号', '本店暫不提供精選靚號'],
  ['is not in the chosen province', '不在所选省份内', '不在所選省份內'],
  ['must not be above maxPrice', '不能高于最高价格', '不能高於最高價格'],
  ['no such number in this shop', '本店没有该号码', '本店沒有此號碼'],
  ['this number is no longer on sale', '该号码已下架', '該號碼已下架'],
  [
    'this number has just been reserved by someone else',
    '该号码刚刚被其他用户锁定，请选择其他号码',
    '該號碼剛剛被其他用戶鎖定，請選擇其他號碼',
  ],
  ['this package is not offered with this number', '该号码不可选择此套餐', '該號碼不可選擇此套餐'],
  ['this number needs a package with a higher monthly fee', '该号码需搭配月租更高的套餐', '該號碼需搭配月租更高的套餐'],
  ['header with a random 32-hex order session id is required before login', '缺失，请刷新页面后重新下单', '缺失，請重新整理頁面後再下單'],
  [
    'is not a valid Chinese ID number (18 characters with a correct check character)',
    '不是有效的居民身份证号码（应为 18 位，且校验码正确）',
    '不是有效的居民身分證號碼（應為 18 位，且檢查碼正確）',
  ],
  ['unknown province', '无法识别，请重新选择', '無法識別，請重新選擇'],
  ['is not a city of the province', '不属于所选省份，请重新选择', '不屬於所選省份，請重新選擇'],
  ['is not a county of the city', '不属于所选城市，请重新选择', '不屬於所選城市，請重新選擇'],
  ['no such order', '订单不存在', '訂單不存在'],
  ['only an order awaiting payment can be cancelled', '仅待支付的订单可以取消', '僅待付款的訂單可以取消'],
  ['this order can no longer be paid', '该订单已无法支付', '此訂單已無法付款'],
  ['the order can no longer be paid', '该订单已无法支付', '此訂單已無法付款'],
  ['this order has not been shipped yet', '该订单尚未发货', '此訂單尚未出貨'],
  ['only a paid order can be shipped', '仅已支付的订单可以发货', '僅已付款的訂單可以出貨'],
  ['only a completed order can be reviewed', '仅已完成的订单可以评价', '僅已完成的訂單可以評價'],
  ['this order has been reviewed already', '该订单已评价过', '此訂單已評價過'],
  ['{method} is not offered by this storefront', '本店暂不支持{method}', '本店暫不支援{method}'],
  ['nothing to pay', '无需支付', '無需付款'],
  ['the payment service is unavailable, please try again', '支付服务暂时不可用，请稍后再试', '付款服務暫時無法使用，請稍後再試'],
  ['only a paid payment can be refunded', '仅已支付的款项可以退款', '僅已付款的款項可以退款'],
  ['11 digits starting with 1', '须为以 1 开头的 11 位数字', '須為以 1 開頭的 11 位數字'],
  ['three digits starting with 1', '须为以 1 开头的 3 位数字', '須為以 1 開頭的 3 位數字'],
  ['1 to {max} digits', '须为 1 至 {max} 位数字', '須為 1 至 {max} 位數字'],
  ['a six-digit division code', '须为 6 位地区代码', '須為 6 位地區代碼'],
  ['a six-digit division code followed by .json', '须为 6 位地区代码加 .json', '須為 6 位地區代碼加 .json'],
  ['a Chinese ID number has 18 characters', '须为 18 位居民身份证号码', '須為 18 位居民身分證號碼'],
  ['letters only', '只能填写文字', '只能填寫文字'],
  ['the transaction terms must be accepted', '请先阅读并同意交易条款和服务承诺', '請先閱讀並同意交易條款和服務承諾'],
  ['an order number', '订单号格式不正确', '訂單編號格式不正確'],
  ['a payment number', '支付单号格式不正确', '付款單號格式不正確'],
  ['a dictionary type is lower case letters, digits and _', '只能包含小写字母、数字和下划线', '只能包含小寫字母、數字和底線'],

  // ── IoT SIM login and session ─────────────────────────────────────────────────────────────
  ['please log in with your SIM card', '请先登录物联网卡', '請先登入物聯網卡'],
  ['your SIM session is not valid, please log in again', '登录状态已失效，请重新登录', '登入狀態已失效，請重新登入'],
  ['you have logged out, please log in again', '您已退出登录，请重新登录', '您已登出，請重新登入'],
  ['your SIM session has expired, please log in again', '登录已过期，请重新登录', '登入已過期，請重新登入'],
  [
    'x-sim-no does not match the SIM of this session, please log in again',
    '当前卡号与登录状态不一致，请重新登录',
    '目前卡號與登入狀態不一致，請重新登入',
  ],
  [
    'too many failed logins for this number, try again in {minutes} min',
    '该号码登录失败次数过多，请 {minutes} 分钟后再试',
    '此號碼登入失敗次數過多，請 {minutes} 分鐘後再試',
  ],
  [
    'too many failed logins from your network, try again in {minutes} min',
    '当前网络登录失败次数过多，请 {minutes} 分钟后再试',
    '目前網路登入失敗次數過多，請 {minutes} 分鐘後再試',
  ],
  ['no SIM card or device has this number', '未找到该号码对应的卡片或设备', '找不到此號碼對應的卡片或設備'],
  ['this card has been cancelled', '该卡已销户', '此卡已銷戶'],
  ['this card is disabled, please contact customer service', '该卡已停用，请联系客服', '此卡已停用，請聯絡客服'],
  ['this card has no bound phone, log in with its number instead', '该卡未绑定手机号，请使用卡号登录', '此卡未綁定手機號，請使用卡號登入'],
  [
    'too many codes requested from your network, try again later',
    '当前网络获取验证码过于频繁，请稍后再试',
    '目前網路取得驗證碼過於頻繁，請稍後再試',
  ],
  [
    'too many codes requested for this card today, try again tomorrow',
    '该卡今日获取验证码已达上限，请明天再试',
    '此卡今日取得驗證碼已達上限，請明天再試',
  ],
  ['no valid code for this card, request a new one', '已失效，请重新获取验证码', '已失效，請重新取得驗證碼'],
  ['wrong code entered too many times, request a new one', '错误次数过多，请重新获取验证码', '錯誤次數過多，請重新取得驗證碼'],
  ['the code was already used, request a new one', '已被使用，请重新获取验证码', '已被使用，請重新取得驗證碼'],
  ['please read and accept the agreement first', '请先阅读并同意', '請先閱讀並同意'],
  ['this card needs its card password', '请输入该卡的卡密码', '請輸入此卡的卡密碼'],
  ['wrong card password', '输入错误', '輸入錯誤'],
  ['this SIM is not in your device', '该卡不在您的设备中', '此卡不在您的設備中'],
  ['this SIM is cancelled or disabled', '该卡已销户或停用', '此卡已銷戶或停用'],
  ['enter the SIM number, ICCID or device number', '请输入卡号、ICCID 或设备号', '請輸入卡號、ICCID 或設備號'],
  ['letters and digits only', '只能包含字母和数字', '只能包含字母和數字'],

  // ── IoT card, packages, top-ups and pay password ──────────────────────────────────────────
  ['the SIM card no longer exists', '该卡片已不存在', '此卡片已不存在'],
  ['this card is not restricted', '该卡未被限制使用', '此卡未被限制使用'],
  ['this restriction can only be lifted by customer service', '该限制需联系客服解除', '此限制需聯絡客服解除'],
  ['this restriction can be lifted in {minutes} min', '请 {minutes} 分钟后再解除限制', '請 {minutes} 分鐘後再解除限制'],
  ['choose the package to renew with', '请选择续费套餐', '請選擇續費套餐'],
  ['this package cannot be used for auto-renewal', '该套餐不支持自动续费', '此套餐不支援自動續費'],
  ['no such package for this card', '当前卡片没有此套餐', '目前卡片沒有此套餐'],
  ['no such package', '该套餐不存在', '此套餐不存在'],
  ['this package is not on sale for this card', '该套餐已下架或不适用于当前卡片', '此套餐已下架或不適用於目前卡片'],
  ['this flash sale has not started yet', '秒杀尚未开始', '秒殺尚未開始'],
  ['this flash sale has ended', '秒杀已结束', '秒殺已結束'],
  ['this flash-sale package is sold out', '该秒杀套餐已售罄', '此秒殺套餐已售罄'],
  ['this package can be bought {limit} {times} per card', '该套餐每张卡限购 {limit} 次', '此套餐每張卡限購 {limit} 次'],
  ['this package takes effect {effects} only', '该套餐仅支持{effects}', '此套餐僅支援{effects}'],
  ['this card has no volume package in effect', '当前卡片没有生效中的按量计费套餐', '目前卡片沒有生效中的按量計費套餐'],
  [
    'no volume package in effect with this id on this card',
    '当前卡片没有该编号的生效中按量计费套餐',
    '目前卡片沒有此編號的生效中按量計費套餐',
  ],
  [
    'a volume package is already in effect on this card; close it first',
    '当前卡片已有生效中的按量计费套餐，请先关闭',
    '目前卡片已有生效中的按量計費套餐，請先關閉',
  ],
  ['real-name authentication is required before buying a package', '购买套餐前请先完成实名认证', '購買套餐前請先完成實名認證'],
  [
    '{balance} is not enough for {amount}, top up or pay online',
    '当前 {balance}，不足以支付 {amount}，请先充值或选择在线支付',
    '目前 {balance}，不足以支付 {amount}，請先儲值或選擇線上支付',
  ],
  ['{method} is not offered; choose {methods}', '暂不支持{method}，可选：{methods}', '暫不支援{method}，可選：{methods}'],
  ['this offer is not available', '暂不可用，请选择其他档位', '暫不可用，請選擇其他方案'],
  ['choose one of the offers', '请选择一个充值档位', '請選擇一個儲值方案'],
  ['must be between {min} and {max}', '须在 {min} 至 {max} 之间', '須介於 {min} 至 {max} 之間'],
  ['give either offerId or amount', '请选择充值档位或输入充值金额（二选一）', '請選擇儲值方案或輸入儲值金額（二擇一）'],
  ['no such order on this card', '当前卡片没有此订单', '目前卡片沒有此訂單'],
  ['an IoT order number', '订单号格式不正确', '訂單編號格式不正確'],
  ['not enough balance', '余额不足', '餘額不足'],
  ['not enough points', '积分不足', '積分不足'],
  ['not enough coupon coins', '券币不足', '券幣不足'],
  ['less is owed than that', '欠费金额小于该数额', '欠費金額小於該數額'],
  [
    'paying with the pay password is locked after {count} wrong entries; it unlocks at {time} (UTC+8), in {minutes} min — or reset it with an SMS code',
    '支付密码已连续输错 {count} 次，暂时锁定，将于 {time}（北京时间）即约 {minutes} 分钟后解锁；您也可以通过短信验证码重置支付密码',
    '支付密碼已連續輸錯 {count} 次，暫時鎖定，將於 {time}（UTC+8）即約 {minutes} 分鐘後解鎖；您也可以透過簡訊驗證碼重設支付密碼',
  ],
  ['wrong pay password, {left} {tries} left', '输入错误，还可尝试 {left} 次', '輸入錯誤，還可嘗試 {left} 次'],
  ['enter your pay password to pay from the balance', '使用余额支付需输入支付密码', '使用餘額支付需輸入支付密碼'],
  [
    'too easy to guess: avoid one repeated digit or a run like 123456',
    '过于简单，请勿使用相同或连续的数字（如 123456）',
    '過於簡單，請勿使用相同或連續的數字（如 123456）',
  ],
  [
    'this card has no bound phone; use the current pay password',
    '该卡未绑定手机号，请使用原支付密码验证',
    '此卡未綁定手機號，請使用原支付密碼驗證',
  ],
  [
    'give the current pay password, or an SMS code sent to the bound phone',
    '请输入原支付密码，或绑定手机收到的短信验证码',
    '請輸入原支付密碼，或綁定手機收到的簡訊驗證碼',
  ],
  ['must be {n} digits', '须为 {n} 位数字', '須為 {n} 位數字'],

  // ── Lengths and ranges (zod messages of the contract) ─────────────────────────────────────
  ['at most {max} characters', '最多 {max} 个字符', '最多 {max} 個字元'],
  ['must be 1 to 128 letters, digits or _ - : .', '须为 1 至 128 个字母、数字或 _ - : .', '須為 1 至 128 個字母、數字或 _ - : .'],
  ['at least {min} characters', '至少 {min} 个字符', '至少 {min} 個字元'],
  ['from {min} to {max}', '须在 {min} 至 {max} 之间', '須介於 {min} 至 {max} 之間'],
];

/** Labels of the `field:` prefix; a field not listed keeps its name. */
export const FIELD_LABELS: Readonly<Record<string, readonly [hans: string, hant: string]>> = {
  // Request parts (schema failures without a path)
  body: ['提交内容', '提交內容'],
  querystring: ['查询参数', '查詢參數'],
  params: ['路径参数', '路徑參數'],
  headers: ['请求头', '請求標頭'],
  'x-session-id': ['登录会话', '登入工作階段'],
  'x-order-session-id': ['下单会话', '下單工作階段'],
  'Idempotency-Key': ['请求标识', '請求標識'],
  // Storefront
  mobile: ['手机号', '手機號'],
  code: ['验证码', '驗證碼'],
  scene: ['验证码用途', '驗證碼用途'],
  promoCode: ['推广码', '推廣碼'],
  packageName: ['应用包名', '應用程式套件名稱'],
  platform: ['平台', '平台'],
  error: ['错误信息', '錯誤資訊'],
  file: ['地区代码', '地區代碼'],
  type: ['协议类型', '協議類型'],
  language: ['语言', '語言'],
  operator: ['运营商', '電信商'],
  province: ['省份', '省份'],
  city: ['城市', '城市'],
  segment: ['号段', '號段'],
  pattern: ['号码规律', '號碼規律'],
  contains: ['包含数字', '包含數字'],
  endsWith: ['尾号', '尾號'],
  exclude4: ['不含 4', '不含 4'],
  minPrice: ['最低价格', '最低價格'],
  maxPrice: ['最高价格', '最高價格'],
  sort: ['排序方式', '排序方式'],
  page: ['页码', '頁碼'],
  pageSize: ['每页条数', '每頁筆數'],
  number: ['号码', '號碼'],
  packageId: ['套餐', '套餐'],
  buyerName: ['姓名', '姓名'],
  idNumber: ['身份证号', '身分證號'],
  contactMobile: ['联系电话', '聯絡電話'],
  address: ['收货地址', '收貨地址'],
  'address.province': ['省份', '省份'],
  'address.city': ['城市', '城市'],
  'address.county': ['区县', '區縣'],
  'address.detail': ['详细地址', '詳細地址'],
  agreed: ['交易条款', '交易條款'],
  orderNo: ['订单号', '訂單編號'],
  status: ['状态', '狀態'],
  rating: ['评分', '評分'],
  content: ['评价内容', '評價內容'],
  method: ['支付方式', '付款方式'],
  payment: ['支付单', '付款單'],
  paymentNo: ['支付单号', '付款單號'],
  // IoT
  sn: ['卡号', '卡號'],
  simNo: ['卡号', '卡號'],
  cardPassword: ['卡密码', '卡密碼'],
  agreeProtocol: ['服务协议', '服務協議'],
  days: ['天数', '天數'],
  effect: ['生效方式', '生效方式'],
  payMethod: ['支付方式', '付款方式'],
  payPassword: ['支付密码', '支付密碼'],
  oldPayPassword: ['原支付密码', '原支付密碼'],
  useCouponCoin: ['券币抵扣', '券幣抵扣'],
  simPackageId: ['按量计费套餐', '按量計費套餐'],
  offerId: ['充值档位', '儲值方案'],
  amount: ['金额', '金額'],
  enabled: ['自动续费', '自動續費'],
  kind: ['类型', '類型'],
  account: ['账户', '帳戶'],
  balance: ['余额', '餘額'],
  integral: ['积分', '積分'],
  couponCoin: ['券币', '券幣'],
  arrears: ['欠费', '欠費'],
};

type Words = Readonly<Record<string, readonly [hans: string, hant: string]>>;
const PAY_METHODS: Words = {
  balance: ['余额支付', '餘額支付'],
  sandbox: ['在线支付（沙箱）', '線上支付（沙箱）'],
  wechat: ['微信支付', '微信支付'],
  alipay: ['支付宝', '支付寶'],
};

/** Words a placeholder may hold, per placeholder name; lists joined by " or " are translated item by item. */
const VALUE_WORDS: Readonly<Record<string, Words>> = {
  method: PAY_METHODS,
  methods: PAY_METHODS,
  effects: {
    now: ['立即生效', '立即生效'],
    next: ['当前套餐到期后生效', '目前套餐到期後生效'],
  },
  type: {
    login: ['登录', '登入'],
    service: ['服务', '服務'],
    privacy: ['隐私', '隱私'],
    taskRule: ['任务规则', '任務規則'],
  },
};

interface Compiled {
  re: RegExp;
  names: string[];
  hans: string;
  hant: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile([en, hans, hant]: Entry): Compiled {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of en.matchAll(PLACEHOLDER)) {
    source += `${escapeRe(en.slice(last, m.index))}(.+?)`;
    names.push(m[1]!);
    last = m.index + m[0].length;
  }
  source += escapeRe(en.slice(last));
  return { re: new RegExp(`^${source}$`, 's'), names, hans, hant };
}

/** Templates without placeholders, by their text; the others compiled once, most specific first. */
const EXACT = new Map<string, Entry>();
const PATTERNS: Compiled[] = [];
for (const entry of MESSAGES) {
  if (entry[0].includes('{')) PATTERNS.push(compile(entry));
  else EXACT.set(entry[0], entry);
}
const literalLength = (c: Compiled) => c.re.source.replaceAll('(.+?)', '').length;
PATTERNS.sort((a, b) => literalLength(b) - literalLength(a));

function word(name: string, value: string, language: Chinese): string {
  const words = VALUE_WORDS[name];
  if (!words) return value;
  const pick = (v: string) => {
    const w = words[v];
    return w ? w[language === 'zh-Hans' ? 0 : 1] : v;
  };
  return value.includes(' or ') ? value.split(' or ').map(pick).join('、') : pick(value);
}

/** The translation of a whole text (a message or the problem of a field), or undefined when none matches. */
export function lookup(text: string, language: Language): string | undefined {
  if (language === 'en') return text;
  const exact = EXACT.get(text);
  if (exact) return language === 'zh-Hans' ? exact[1] : exact[2];
  for (const c of PATTERNS) {
    const m = c.re.exec(text);
    if (!m) continue;
    const values = new Map(c.names.map((name, i) => [name, m[i + 1]!]));
    const target = language === 'zh-Hans' ? c.hans : c.hant;
    return target.replace(PLACEHOLDER, (whole, name: string) => {
      const v = values.get(name);
      return v === undefined ? whole : word(name, v, language);
    });
  }
  return undefined;
}

/** The label of a field path in the language; unknown fields keep their name. */
export function fieldLabel(field: string, language: Language): string {
  if (language === 'en') return field;
  const label = FIELD_LABELS[field];
  return label ? label[language === 'zh-Hans' ? 0 : 1] : field;
}

/** `field: problem` messages: a field path (letters, digits, . _ - [ ]) then ": ". */
const FIELD_PREFIX = /^([A-Za-z][\w.\-[\]]*): (.+)$/s;

/** The field a `field: problem` message names, or undefined. */
export function fieldOf(message: string): string | undefined {
  return FIELD_PREFIX.exec(message)?.[1];
}

/** A server message in the user's language; English, and messages without a translation, unchanged. */
export function localize(message: string, language: Language): string {
  if (language === 'en' || !message) return message;
  const exact = EXACT.get(message);
  if (exact) return language === 'zh-Hans' ? exact[1] : exact[2];
  const prefixed = FIELD_PREFIX.exec(message);
  if (prefixed) {
    const problem = lookup(prefixed[2]!, language);
    if (problem !== undefined) return `${fieldLabel(prefixed[1]!, language)}：${problem}`;
  }
  return lookup(message, language) ?? message;
}

// ── Schema (zod) failures ────────────────────────────────────────────────────────────────────

/** The parts of a zod issue the messages use (fastify-type-provider-zod passes them as params). */
export interface ZodIssueLike {
  code?: string;
  expected?: string;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  values?: unknown[];
  keys?: string[];
  divisor?: number | bigint;
  input?: unknown;
  [key: string]: unknown;
}

const TYPE_WORDS: Record<string, readonly [string, string]> = {
  string: ['文本', '文字'],
  number: ['数字', '數字'],
  int: ['整数', '整數'],
  bigint: ['整数', '整數'],
  boolean: ['是或否', '是或否'],
  array: ['列表', '清單'],
};

const zodLocales = { 'zh-Hans': z.locales.zhCN().localeError, 'zh-Hant': z.locales.zhTW().localeError };

const show = (v: unknown) => (typeof v === 'string' ? (v === '' ? '空' : v) : String(v));

/** The problem of a zod issue in Chinese: our wording for the common checks, zod's locale for the rest. */
function zodProblem(issue: ZodIssueLike, english: string, language: Chinese): string {
  const hans = language === 'zh-Hans';
  const t = (s: string, h: string) => (hans ? s : h);
  const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  const unit = issue.origin === 'string' ? t('个字符', '個字元') : t('项', '項');
  switch (issue.code) {
    case 'invalid_type': {
      if (/received undefined$/.test(english)) return t('不能为空', '不能為空');
      const type = issue.expected ? TYPE_WORDS[issue.expected] : undefined;
      return type ? t(`格式不正确，应为${type[0]}`, `格式不正確，應為${type[1]}`) : t('格式不正确', '格式不正確');
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (sized)
        return issue.inclusive ? t(`最多 ${max} ${unit}`, `最多 ${max} ${unit}`) : t(`须少于 ${max} ${unit}`, `須少於 ${max} ${unit}`);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? t(`不能大于 ${max}`, `不能大於 ${max}`) : t(`须小于 ${max}`, `須小於 ${max}`);
      }
      break;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (sized) {
        if (issue.inclusive && min === '1') return t('不能为空', '不能為空');
        return issue.inclusive ? t(`至少 ${min} ${unit}`, `至少 ${min} ${unit}`) : t(`须多于 ${min} ${unit}`, `須多於 ${min} ${unit}`);
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? t(`不能小于 ${min}`, `不能小於 ${min}`) : t(`须大于 ${min}`, `須大於 ${min}`);
      }
      break;
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('邮箱格式不正确', '電子郵件格式不正確');
      if (issue.format === 'url') return t('网址格式不正确', '網址格式不正確');
      return t('格式不正确', '格式不正確');
    case 'invalid_value': {
      const values = issue.values ?? [];
      if (values.length === 1) return t(`须为 ${show(values[0])}`, `須為 ${show(values[0])}`);
      return t(`须为以下之一：${values.map(show).join('、')}`, `須為以下之一：${values.map(show).join('、')}`);
    }
    case 'not_multiple_of':
      return t(`须为 ${String(issue.divisor)} 的倍数`, `須為 ${String(issue.divisor)} 的倍數`);
    case 'unrecognized_keys':
      return t(`包含无法识别的字段：${(issue.keys ?? []).join('、')}`, `包含無法識別的欄位：${(issue.keys ?? []).join('、')}`);
    case 'invalid_union':
      return t('格式不正确', '格式不正確');
  }
  try {
    const out = zodLocales[language](issue as never);
    const text = typeof out === 'string' ? out : out?.message;
    if (text) return text;
  } catch {
    // an issue shape the locale does not expect: fall through
  }
  return t('格式不正确', '格式不正確');
}

/**
 * The message of a schema failure: "<field path>: <problem>". In Chinese the path goes through the
 * field labels, and the problem is the catalogue's translation of a custom message of the contract
 * (e.g. 'a mobile number is 11 digits starting with 1') or a Chinese rendering of the zod issue.
 */
export function localizeValidation(path: string, message: string, issue: ZodIssueLike | undefined, language: Language): string {
  if (language === 'en') return `${path}: ${message}`;
  const problem = lookup(message, language) ?? (issue?.code ? zodProblem(issue, message, language) : message);
  return `${fieldLabel(path, language)}：${problem}`;
}
