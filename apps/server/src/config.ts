import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { CarrierAccountSettings } from './providers/carrier/select.ts';
import type { WechatPayConfig } from './providers/payment/wechatpay.ts';
import type { AliyunSmsConfig } from './providers/sms/aliyun.ts';
import { NOTICE_KINDS, type NoticeKind, SMS_KINDS, type SmsKind } from './providers/sms/provider.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

/** The development secret the sandbox signs with when PAYMENT_SECRET is unset outside production. */
export const DEV_PAYMENT_SECRET = 'sandbox-secret-change-me-in-production';

/** An IPv4/IPv6 address or CIDR range, as Fastify's trustProxy accepts them. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `true`/`false`, a hop count, or a comma-separated list of addresses and CIDR ranges. */
const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const value = v.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  const bad = list.find((s) => !isAddressOrRange(s));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be true, false, a hop count or IP addresses/CIDR ranges (bad: "${bad}")` });
    return z.NEVER;
  }
  return list;
});

const SMS_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;

/** SMS_TEMPLATE_<KIND>: `en=<code>,zh-Hans=<code>,zh-Hant=<code>`, a gateway template code per language. */
const smsTemplates = (name: string) =>
  z.string().transform((v, ctx): Record<(typeof SMS_LANGUAGES)[number], string> => {
    const pairs = new Map(v.split(',').map((part) => part.split('=').map((s) => s.trim()) as [string, string | undefined]));
    const missing = SMS_LANGUAGES.filter((l) => !/^[\w.-]{1,64}$/.test(pairs.get(l) ?? ''));
    const unknown = [...pairs.keys()].filter((l) => !(SMS_LANGUAGES as readonly string[]).includes(l));
    if (missing.length > 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must give a template code for each language: en=<code>,zh-Hans=<code>,zh-Hant=<code>`,
      });
      return z.NEVER;
    }
    return { en: pairs.get('en')!, 'zh-Hans': pairs.get('zh-Hans')!, 'zh-Hant': pairs.get('zh-Hant')! };
  });

/**
 * The environment variable of each message kind's templates; a code's is required with a gateway,
 * a notice's optional (a notice without one is not texted).
 */
const SMS_TEMPLATE_VARS = {
  login: 'SMS_TEMPLATE_LOGIN',
  apply: 'SMS_TEMPLATE_APPLY',
  simLogin: 'SMS_TEMPLATE_SIM_LOGIN',
  bindPhone: 'SMS_TEMPLATE_BIND_PHONE',
  deviceAuth: 'SMS_TEMPLATE_DEVICE_AUTH',
  numberWatch: 'SMS_TEMPLATE_NUMBER_WATCH',
  dataUsed: 'SMS_TEMPLATE_DATA_USED',
  packageEnding: 'SMS_TEMPLATE_PACKAGE_ENDING',
  renewal: 'SMS_TEMPLATE_RENEWAL',
  topupDue: 'SMS_TEMPLATE_TOPUP_DUE',
} as const satisfies Record<SmsKind | NoticeKind, string>;

/** Payment methods with a provider: the built-in sandbox, WeChat Pay (API v3) and Alipay. */
export const PAYMENT_METHODS = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

/** Alipay (open platform, RSA2 keys; see providers/payment/alipay.ts). */
export interface AlipayConfig {
  appId: string;
  /** The app's private key, PEM. */
  privateKey: string;
  /** Alipay's public key, PEM. */
  alipayPublicKey: string;
  gateway: string;
}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: integer('PORT', 1, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** AES-256-GCM key of the carrier accounts' credentials: 32 bytes in base64 (required in production). */
  CARRIER_SECRET_KEY: z
    .string()
    .optional()
    .refine((v) => !v || Buffer.from(v, 'base64').length === 32, 'CARRIER_SECRET_KEY: must be 32 bytes in base64'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres|postgresql):\/\//.test(v) || /^(sqlite:|file:)/.test(v),
      'DATABASE_URL must be a postgres:// URL or sqlite:<path>',
    )
    .optional(),
  DB_POOL_SIZE: integer('DB_POOL_SIZE', 1, 1000).optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 1, 100_000_000).default(600),
  RATE_LIMIT_WINDOW_MS: integer('RATE_LIMIT_WINDOW_MS', 1000, 86_400_000).default(60_000),
  BODY_LIMIT_BYTES: integer('BODY_LIMIT_BYTES', 1024, 50_000_000).default(1_048_576),
  ORDER_HOLD_MINUTES: integer('ORDER_HOLD_MINUTES', 1, 1440).default(15),
  TRUST_PROXY: trustProxy.optional(),
  SMS_PROVIDER: z.enum(['console', 'aliyun']).optional(),
  SMS_ENDPOINT: z.url({ protocol: /^https?$/, error: 'SMS_ENDPOINT must be an http(s) URL' }).default('https://dysmsapi.aliyuncs.com/'),
  SMS_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  SMS_ACCESS_KEY_SECRET: z.string().min(1).max(256).optional(),
  SMS_SIGN_NAME: z.string().min(1).max(64).optional(),
  SMS_TEMPLATE_LOGIN: smsTemplates('SMS_TEMPLATE_LOGIN').optional(),
  SMS_TEMPLATE_APPLY: smsTemplates('SMS_TEMPLATE_APPLY').optional(),
  SMS_TEMPLATE_SIM_LOGIN: smsTemplates('SMS_TEMPLATE_SIM_LOGIN').optional(),
  SMS_TEMPLATE_BIND_PHONE: smsTemplates('SMS_TEMPLATE_BIND_PHONE').optional(),
  SMS_TEMPLATE_DEVICE_AUTH: smsTemplates('SMS_TEMPLATE_DEVICE_AUTH').optional(),
  SMS_TEMPLATE_NUMBER_WATCH: smsTemplates('SMS_TEMPLATE_NUMBER_WATCH').optional(),
  SMS_TEMPLATE_DATA_USED: smsTemplates('SMS_TEMPLATE_DATA_USED').optional(),
  SMS_TEMPLATE_PACKAGE_ENDING: smsTemplates('SMS_TEMPLATE_PACKAGE_ENDING').optional(),
  SMS_TEMPLATE_RENEWAL: smsTemplates('SMS_TEMPLATE_RENEWAL').optional(),
  SMS_TEMPLATE_TOPUP_DUE: smsTemplates('SMS_TEMPLATE_TOPUP_DUE').optional(),
  SMS_RECEIPT_TOKEN: z.string().min(16, 'SMS_RECEIPT_TOKEN must be at least 16 characters').optional(),
  SMS_TIMEOUT_MS: integer('SMS_TIMEOUT_MS', 500, 60_000).default(5_000),
  PAYMENT_PROVIDER: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine(
      (list) => (list.length === 1 && list[0] === 'none') || list.every((m) => (PAYMENT_METHODS as readonly string[]).includes(m)),
      'PAYMENT_PROVIDER must be none, or sandbox, wechat and/or alipay separated by commas',
    )
    .optional(),
  WECHATPAY_MCH_ID: z
    .string()
    .regex(/^\d{8,12}$/, 'WECHATPAY_MCH_ID must be a merchant number')
    .optional(),
  WECHATPAY_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{6,30}$/, 'WECHATPAY_APP_ID must be a WeChat app id (wx…)')
    .optional(),
  WECHATPAY_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, 'WECHATPAY_SERIAL_NO must be the merchant certificate serial number')
    .optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).max(64).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'WECHATPAY_API_V3_KEY must be 32 characters').optional(),
  WECHATPAY_TRADE_TYPE: z.enum(['h5', 'native']).default('h5'),
  WECHATPAY_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'WECHATPAY_BASE_URL must be an http(s) URL' })
    .default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{10,20}$/, 'ALIPAY_APP_ID must be an Alipay app id')
    .optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z
    .url({ protocol: /^https?$/, error: 'ALIPAY_GATEWAY must be an http(s) URL' })
    .default('https://openapi.alipay.com/gateway.do'),
  PAYMENT_SECRET: z.string().min(16, 'PAYMENT_SECRET must be at least 16 characters').optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  SMS_DEV_CODE: z.enum(['on', 'off']).optional(),
  SEED_NUMBERS: integer('SEED_NUMBERS', 0, 5_000_000).default(20_000),
  UPLOAD_DIR: z.string().min(1).optional(),
  OAUTH_PROVIDER: z.enum(['simulator', 'wechat', 'none']).optional(),
  WECHAT_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{6,30}$/, 'WECHAT_APP_ID must be a WeChat app id (wx…)')
    .optional(),
  WECHAT_APP_SECRET: z.string().min(16, 'WECHAT_APP_SECRET must be at least 16 characters').optional(),
  REALNAME_REVIEW_SECONDS: integer('REALNAME_REVIEW_SECONDS', 0, 86_400).optional(),
  CARRIER_PROVIDER: z.enum(['onelink', 'unicom', 'telecom', 'simulator', 'none']).optional(),
  CARRIER_BASE_URL: z.url({ protocol: /^https?$/, error: 'CARRIER_BASE_URL must be an http:// or https:// URL' }).optional(),
  CARRIER_ACCOUNT: z.string().min(1).max(128).optional(),
  CARRIER_SECRET: z.string().min(1).max(256).optional(),
  CARRIER_KEY: z.string().min(3).max(64).optional(),
  CARRIER_CALLS_PER_SECOND: integer('CARRIER_CALLS_PER_SECOND', 1, 1000).optional(),
  CARRIER_APN: z.string().min(1).max(64).optional(),
  CARRIER_DATA_PLAN: z.string().min(1).max(64).optional(),
  CARRIER_NO_DATA_PLAN: z.string().min(1).max(64).optional(),
  LOGISTICS_PROVIDER: z.enum(['simulator', 'kuaidi100', 'none']).optional(),
  KUAIDI100_URL: z.url({ protocol: /^https?$/, error: 'KUAIDI100_URL must be an http:// or https:// URL' }).optional(),
  KUAIDI100_KEY: z.string().min(1).max(128).optional(),
  KUAIDI100_CUSTOMER: z.string().min(1).max(128).optional(),
  KUAIDI100_SALT: z.string().min(8, 'KUAIDI100_SALT must be at least 8 characters').max(128).optional(),
  KUAIDI100_COMPANY: z
    .string()
    .regex(/^[a-z0-9]{2,32}$/, 'KUAIDI100_COMPANY must be a Kuaidi100 company code (lower case, e.g. shunfeng)')
    .optional(),
  UPLOAD_MAX_BYTES: integer('UPLOAD_MAX_BYTES', 1024, 50_000_000).default(5_242_880),
  DEVICE_PROVIDER: z.enum(['simulator', 'mqtt']).optional(),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp)$/, error: 'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL' }).optional(),
  DEVICE_COMMAND_TIMEOUT_SECONDS: integer('DEVICE_COMMAND_TIMEOUT_SECONDS', 1, 3600).default(30),
  DEVICE_REPORT_SECONDS: integer('DEVICE_REPORT_SECONDS', 0, 86_400).default(30),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_SECONDS: integer('SHUTDOWN_GRACE_SECONDS', 1, 600).default(25),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  REDIS_COMMAND_TIMEOUT_MS: integer('REDIS_COMMAND_TIMEOUT_MS', 50, 60_000).default(1_000),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_PREFIX must be 1-64 letters, digits, _ . : or -')
    .default('simshop:'),
});

/** Whose X-Forwarded-For to believe: nobody (false), any (true), N hops, or these proxies. */
export type TrustProxy = boolean | number | string[];

/**
 * TrustProxy as Fastify takes it. Fastify ignores a bare hop count (it cannot check the peer), so
 * N hops become "believe the N addresses nearest to the server", as Express counts them.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  /**
   * `poolSize`: connections of the pool (default: see `defaultPoolSize` in db/dialect.ts);
   * `connectTimeoutMs`: how long a query waits for a connection (default CONNECT_TIMEOUT_MS there).
   */
  | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number; connectTimeoutMs?: number };

export interface Config {
  /** NODE_ENV=production: no development defaults (see the README's configuration table). */
  production: boolean;
  port: number;
  host: string;
  /**
   * HTTPS on PORT, HTTP/2 for browsers that offer it and HTTP/1.1 for the rest (TLS_CERT_FILE,
   * TLS_KEY_FILE: PEM files); null: plain HTTP, for a proxy or load balancer that ends TLS.
   */
  tls: { cert: string; key: string } | null;
  dataDir: string;
  /**
   * The key carrier accounts' credentials are encrypted with (CARRIER_SECRET_KEY); null outside
   * production without it: a key generated once into `$DATA_DIR/carrier-secret.key` is used.
   */
  carrierSecretKey: Buffer | null;
  database: DatabaseTarget;
  /** Seed the demo data when the database is new (SEED; by default only on SQLite outside production). */
  seed: 'demo' | 'none';
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string | undefined;
  rateLimit: { max: number; windowMs: number };
  /** Fastify's trustProxy: which X-Forwarded-For hops give the client address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  bodyLimit: number;
  orderHoldMinutes: number;
  smsProvider: 'console' | 'aliyun';
  /** The SMS gateway's settings with SMS_PROVIDER=aliyun. */
  smsGateway: AliyunSmsConfig | null;
  /** The token delivery receipts must carry (SMS_RECEIPT_TOKEN); unset: POST /api/sms/receipt does not exist. */
  smsReceiptToken: string | undefined;
  /** The payment providers, in the cashier's order: the built-in sandbox (and its cashier pages), WeChat Pay, Alipay; none is empty. */
  paymentProviders: PaymentMethodName[];
  /** WeChat Pay's merchant settings when `wechat` is among the providers. */
  wechatPay: WechatPayConfig | null;
  /** Alipay's app settings when `alipay` is among the providers. */
  alipay: AlipayConfig | null;
  /** Secret that signs sandbox payment notifications. */
  paymentSecret: string;
  /** Run background jobs (order expiry, notification retries, usage accrual). */
  jobs: boolean;
  /** Directory of the built web app, served at /shop/. */
  webDir: string;
  /** Directory of the built operator console, served at /admin/. */
  adminDir: string;
  /** Demo seed size of the vanity-number inventory (the bench seeds its own). */
  seedNumbers: number;
  /**
   * Return SMS codes in the reply (`devCode`) as well as logging them: only with the console SMS
   * provider; on by default for the demo seed, off otherwise (SMS_DEV_CODE=on|off).
   */
  smsDevCode: boolean;
  /** Where uploaded files are kept (outside the web root): UPLOAD_DIR, else `$DATA_DIR/uploads`. */
  uploadDir: string;
  /** Largest uploaded file (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Sign-in with WeChat: the built-in simulator, WeChat itself (app id and secret), or none. */
  oauth: { provider: 'simulator' | 'wechat' | 'none'; wechatAppId: string; wechatAppSecret: string };
  /**
   * The simulated real-name review approves a request after this long; 0: only an operator decides
   * (REALNAME_REVIEW_SECONDS; 15 s by default, 0 in production unless set).
   */
  realnameReviewMs: number;
  /**
   * The carrier of the IoT cards (CARRIER_PROVIDER): the built-in simulator, with its real-name page
   * at /carrier/realname, or none (packages are refused and refunded, no real-name page). The
   * simulator by default outside production, none in production unless named.
   */
  carrier: 'onelink' | 'unicom' | 'telecom' | 'simulator' | 'none';
  /**
   * The operator account of a real carrier (CARRIER_BASE_URL, CARRIER_ACCOUNT: OneLink's appid,
   * the Unicom CMP user name or the Telecom CMP user_id; CARRIER_SECRET: the password or API key;
   * CARRIER_KEY: the Telecom CMP key; CARRIER_CALLS_PER_SECOND; CARRIER_APN); null for the simulator
   * and none.
   */
  carrierAccount: CarrierAccountSettings | null;
  /**
   * Parcel tracking (LOGISTICS_PROVIDER): the built-in simulator (parcels take a day), Kuaidi100's
   * subscribe-and-push service with its real-time query as a fallback, or none (tracking numbers
   * only). The simulator by default outside production, none in production unless named.
   */
  logistics: LogisticsSettings;
  /**
   * Device control: the in-process simulator or an MQTT broker (DEVICE_PROVIDER, MQTT_URL); how long
   * a command may take before it counts as timed out; how often simulated devices report and how
   * long their restarts, SIM switches and settings take.
   */
  device: {
    provider: 'simulator' | 'mqtt';
    mqttUrl: string;
    commandTimeoutMs: number;
    simulator: { reportMs: number; rebootMs: number; switchMs: number; applyMs: number };
  };
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: no /metrics at all. */
  metricsToken: string | undefined;
  /** On SIGTERM/SIGINT, how long draining may take before the process exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceMs: number;
  /**
   * Redis shared by the instances of one shop (REDIS_URL, REDIS_PREFIX): rate limits, short locks
   * and the broadcast that drops cached sessions and card views on every instance. Null: this
   * instance keeps them in process (the database still holds every rule across instances).
   * `commandTimeoutMs` (REDIS_COMMAND_TIMEOUT_MS): a command unanswered by then counts as Redis
   * being unavailable, and the instance works without it until Redis answers again.
   */
  redis: { url: string; prefix: string; commandTimeoutMs?: number } | null;
  /** The clock (epoch ms) every business rule reads; tests pass a controllable one. */
  now: () => number;
}

export class ConfigError extends Error {}

function pem(name: string, file: string | undefined, problems: string[]): string {
  if (!file) {
    problems.push(`${name}: must be set`);
    return '';
  }
  try {
    const text = readFileSync(path.resolve(file), 'utf8');
    if (!text.includes('-----BEGIN ')) problems.push(`${name}: ${file} is not a PEM key`);
    return text;
  } catch {
    problems.push(`${name}: cannot read ${file}`);
    return '';
  }
}

function need<T>(name: string, value: T | undefined, problems: string[], why: string): T | '' {
  if (value === undefined) problems.push(`${name}: must be set ${why}`);
  return value ?? '';
}

/** The real providers' settings: every one they need, and PUBLIC_URL for their notifications. */
function providerSettings(e: z.infer<typeof envSchema>, providers: readonly string[]) {
  const problems: string[] = [];
  let wechatPay: WechatPayConfig | null = null;
  let alipay: AlipayConfig | null = null;
  if ((providers.includes('wechat') || providers.includes('alipay')) && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: must be set with PAYMENT_PROVIDER wechat or alipay (their notifications are posted to it)');
  if (providers.includes('wechat')) {
    const why = 'with PAYMENT_PROVIDER=wechat';
    wechatPay = {
      mchId: need('WECHATPAY_MCH_ID', e.WECHATPAY_MCH_ID, problems, why),
      appId: need('WECHATPAY_APP_ID', e.WECHATPAY_APP_ID ?? e.WECHAT_APP_ID, problems, why),
      serialNo: need('WECHATPAY_SERIAL_NO', e.WECHATPAY_SERIAL_NO, problems, why),
      privateKey: pem('WECHATPAY_PRIVATE_KEY_FILE', e.WECHATPAY_PRIVATE_KEY_FILE, problems),
      publicKey: pem('WECHATPAY_PUBLIC_KEY_FILE', e.WECHATPAY_PUBLIC_KEY_FILE, problems),
      publicKeyId: need('WECHATPAY_PUBLIC_KEY_ID', e.WECHATPAY_PUBLIC_KEY_ID, problems, why),
      apiV3Key: need('WECHATPAY_API_V3_KEY', e.WECHATPAY_API_V3_KEY, problems, why),
      tradeType: e.WECHATPAY_TRADE_TYPE,
      baseUrl: e.WECHATPAY_BASE_URL,
    };
  }
  if (providers.includes('alipay')) {
    alipay = {
      appId: need('ALIPAY_APP_ID', e.ALIPAY_APP_ID, problems, 'with PAYMENT_PROVIDER=alipay'),
      privateKey: pem('ALIPAY_PRIVATE_KEY_FILE', e.ALIPAY_PRIVATE_KEY_FILE, problems),
      alipayPublicKey: pem('ALIPAY_PUBLIC_KEY_FILE', e.ALIPAY_PUBLIC_KEY_FILE, problems),
      gateway: e.ALIPAY_GATEWAY,
    };
  }
  return { wechatPay, alipay, problems };
}

/**
 * The rules that keep development defaults out of production (NODE_ENV=production): a real
 * payment secret, the sandbox payment and console SMS providers only when named explicitly, and
 * SMS codes never returned in replies. (Simulators whose pages anyone could use, the carrier's, the
 * WeChat sign-in's and the sandbox cashier, default to none in production: see loadConfig.) Returns one `NAME: problem` per broken rule.
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.PAYMENT_SECRET) problems.push('PAYMENT_SECRET: must be set in production (at least 16 characters)');
  else if (e.PAYMENT_SECRET === DEV_PAYMENT_SECRET) problems.push('PAYMENT_SECRET: must not be the development secret in production');
  if (!e.CARRIER_SECRET_KEY) problems.push('CARRIER_SECRET_KEY: must be set in production (32 bytes in base64: openssl rand -base64 32)');
  if (!e.SMS_PROVIDER) problems.push('SMS_PROVIDER: must be set explicitly in production');
  if (e.SMS_DEV_CODE === 'on') problems.push('SMS_DEV_CODE: must not be on in production');
  if (!e.DEVICE_PROVIDER) problems.push('DEVICE_PROVIDER: must be set explicitly in production (mqtt for real devices)');
  return problems;
}

/** SMS_PROVIDER=aliyun: the access key, the signature name and every kind's templates. */
function smsGatewaySettings(e: z.infer<typeof envSchema>): { gateway: AliyunSmsConfig | null; problems: string[] } {
  if (e.SMS_PROVIDER !== 'aliyun') return { gateway: null, problems: [] };
  const problems: string[] = [];
  const why = 'with SMS_PROVIDER=aliyun';
  const templates = Object.fromEntries(
    SMS_KINDS.map((kind) => [kind, need(SMS_TEMPLATE_VARS[kind], e[SMS_TEMPLATE_VARS[kind]], problems, why)]),
  ) as AliyunSmsConfig['templates'];
  const gateway: AliyunSmsConfig = {
    endpoint: e.SMS_ENDPOINT,
    accessKeyId: need('SMS_ACCESS_KEY_ID', e.SMS_ACCESS_KEY_ID, problems, why),
    accessKeySecret: need('SMS_ACCESS_KEY_SECRET', e.SMS_ACCESS_KEY_SECRET, problems, why),
    signName: need('SMS_SIGN_NAME', e.SMS_SIGN_NAME, problems, why),
    templates,
    noticeTemplates: Object.fromEntries(
      NOTICE_KINDS.flatMap((kind) => {
        const t = e[SMS_TEMPLATE_VARS[kind]];
        return t ? [[kind, t]] : [];
      }),
    ),
    timeoutMs: e.SMS_TIMEOUT_MS,
  };
  return { gateway, problems };
}

/** A real carrier (CARRIER_PROVIDER=onelink, unicom or telecom) needs its account's address and credentials. */
function carrierAccountSettings(e: z.infer<typeof envSchema>, provider: string, problems: string[]): CarrierAccountSettings | null {
  if (provider !== 'onelink' && provider !== 'unicom' && provider !== 'telecom') return null;
  const why = `with CARRIER_PROVIDER=${provider}`;
  if (!e.CARRIER_BASE_URL) problems.push(`CARRIER_BASE_URL: must be set ${why}`);
  if (!e.CARRIER_ACCOUNT) problems.push(`CARRIER_ACCOUNT: must be set ${why}`);
  if (!e.CARRIER_SECRET) problems.push(`CARRIER_SECRET: must be set ${why}`);
  if (provider === 'telecom' && !/^.{3}.{3}.{3}$/.test(e.CARRIER_KEY ?? ''))
    problems.push('CARRIER_KEY: must be the 9-character key of the account (three parts of 3) with CARRIER_PROVIDER=telecom');
  return {
    baseUrl: e.CARRIER_BASE_URL ?? '',
    account: e.CARRIER_ACCOUNT ?? '',
    secret: e.CARRIER_SECRET ?? '',
    key: e.CARRIER_KEY ?? '',
    ...(e.CARRIER_CALLS_PER_SECOND ? { callsPerSecond: e.CARRIER_CALLS_PER_SECOND } : {}),
    ...(e.CARRIER_APN ? { apnName: e.CARRIER_APN } : {}),
    ...(e.CARRIER_DATA_PLAN ? { dataOnPlan: e.CARRIER_DATA_PLAN } : {}),
    ...(e.CARRIER_NO_DATA_PLAN ? { dataOffPlan: e.CARRIER_NO_DATA_PLAN } : {}),
  };
}

export interface LogisticsSettings {
  provider: 'simulator' | 'kuaidi100' | 'none';
  /** Kuaidi100 (LOGISTICS_PROVIDER=kuaidi100): its address, the account's key and customer id, the salt of its pushes, the company of parcels shipped without one. */
  kuaidi100: { baseUrl: string; key: string; customer: string; salt: string; company: string } | null;
}

/** LOGISTICS_PROVIDER=kuaidi100 needs the key, the customer id, a salt and PUBLIC_URL (its pushes are posted there). */
function logisticsSettings(e: z.infer<typeof envSchema>, production: boolean, problems: string[]): LogisticsSettings {
  const provider = e.LOGISTICS_PROVIDER ?? (production ? 'none' : 'simulator');
  if (provider !== 'kuaidi100') return { provider, kuaidi100: null };
  const why = 'with LOGISTICS_PROVIDER=kuaidi100';
  if (!e.KUAIDI100_KEY) problems.push(`KUAIDI100_KEY: must be set ${why}`);
  if (!e.KUAIDI100_CUSTOMER) problems.push(`KUAIDI100_CUSTOMER: must be set ${why}`);
  if (!e.KUAIDI100_SALT) problems.push(`KUAIDI100_SALT: must be set ${why} (it signs the pushes)`);
  if (!e.PUBLIC_URL) problems.push(`PUBLIC_URL: must be set ${why} (Kuaidi100 posts its pushes to it)`);
  return {
    provider,
    kuaidi100: {
      baseUrl: e.KUAIDI100_URL ?? 'https://poll.kuaidi100.com',
      key: e.KUAIDI100_KEY ?? '',
      customer: e.KUAIDI100_CUSTOMER ?? '',
      salt: e.KUAIDI100_SALT ?? '',
      company: e.KUAIDI100_COMPANY ?? 'shunfeng',
    },
  };
}

/** OAUTH_PROVIDER=wechat needs the app's id and secret, and PUBLIC_URL for WeChat's callback. */
function wechatProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.WECHAT_APP_ID) problems.push('WECHAT_APP_ID: must be set with OAUTH_PROVIDER=wechat');
  if (!e.WECHAT_APP_SECRET) problems.push('WECHAT_APP_SECRET: must be set with OAUTH_PROVIDER=wechat');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: must be set with OAUTH_PROVIDER=wechat (WeChat sends the browser back to it)');
  return problems;
}

/** TLS_CERT_FILE and TLS_KEY_FILE, both or neither, read at start. */
function tlsSettings(e: z.infer<typeof envSchema>): Config['tls'] {
  if (!e.TLS_CERT_FILE && !e.TLS_KEY_FILE) return null;
  const problems: string[] = [];
  const cert = pem('TLS_CERT_FILE', e.TLS_CERT_FILE, problems);
  const key = pem('TLS_KEY_FILE', e.TLS_KEY_FILE, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return { cert, key };
}

/** Parses the environment; every bad variable is named in the error (one line). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== '')));
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = production ? productionProblems(e) : [];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: DatabaseTarget =
    url && /^postgres/.test(url)
      ? { dialect: 'postgres', url, ...(e.DB_POOL_SIZE ? { poolSize: e.DB_POOL_SIZE } : {}) }
      : { dialect: 'sqlite', file: url ? path.resolve(url.replace(/^(sqlite:|file:)/, '')) : path.join(dataDir, 'shop.db') };
  // Demo data (public credentials) only when asked for, or for a new embedded database in development.
  const seed = e.SEED ?? (database.dialect === 'sqlite' && !production ? 'demo' : 'none');
  const smsProvider = e.SMS_PROVIDER ?? 'console';
  const sms = smsGatewaySettings(e);
  if (sms.problems.length > 0) throw new ConfigError(`Invalid configuration: ${sms.problems.join('; ')}`);
  const oauthProvider = e.OAUTH_PROVIDER ?? (production ? 'none' : 'simulator');
  const oauthProblems = oauthProvider === 'wechat' ? wechatProblems(e) : [];
  if (oauthProblems.length > 0) throw new ConfigError(`Invalid configuration: ${oauthProblems.join('; ')}`);
  const paymentProviders: PaymentMethodName[] = e.PAYMENT_PROVIDER
    ? e.PAYMENT_PROVIDER[0] === 'none'
      ? []
      : ([...new Set(e.PAYMENT_PROVIDER)] as PaymentMethodName[])
    : production
      ? []
      : ['sandbox'];
  const payment = providerSettings(e, paymentProviders);
  if (payment.problems.length > 0) throw new ConfigError(`Invalid configuration: ${payment.problems.join('; ')}`);
  const tls = tlsSettings(e);
  const carrier = e.CARRIER_PROVIDER ?? (production ? 'none' : 'simulator');
  const carrierProblems: string[] = [];
  const carrierAccount = carrierAccountSettings(e, carrier, carrierProblems);
  const logistics = logisticsSettings(e, production, carrierProblems);
  if (carrierProblems.length > 0) throw new ConfigError(`Invalid configuration: ${carrierProblems.join('; ')}`);
  if (e.DEVICE_PROVIDER === 'mqtt' && !e.MQTT_URL)
    throw new ConfigError('Invalid configuration: MQTT_URL: must be set with DEVICE_PROVIDER=mqtt');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    tls,
    dataDir,
    carrierSecretKey: e.CARRIER_SECRET_KEY ? Buffer.from(e.CARRIER_SECRET_KEY, 'base64') : null,
    database,
    seed,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY ?? false,
    bodyLimit: e.BODY_LIMIT_BYTES,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    smsProvider,
    smsGateway: sms.gateway,
    smsReceiptToken: e.SMS_RECEIPT_TOKEN,
    paymentProviders,
    wechatPay: payment.wechatPay,
    alipay: payment.alipay,
    paymentSecret: e.PAYMENT_SECRET ?? DEV_PAYMENT_SECRET,
    jobs: e.JOBS === 'on',
    webDir: path.resolve(import.meta.dirname, '../../web/dist'),
    adminDir: path.resolve(import.meta.dirname, '../../admin/dist'),
    seedNumbers: e.SEED_NUMBERS,
    smsDevCode: smsProvider === 'console' && (e.SMS_DEV_CODE ?? (seed === 'demo' && !production ? 'on' : 'off')) === 'on',
    uploadDir: e.UPLOAD_DIR ? path.resolve(e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    realnameReviewMs: (e.REALNAME_REVIEW_SECONDS ?? (production ? 0 : 15)) * 1000,
    carrier,
    carrierAccount,
    logistics,
    oauth: { provider: oauthProvider, wechatAppId: e.WECHAT_APP_ID ?? '', wechatAppSecret: e.WECHAT_APP_SECRET ?? '' },
    device: {
      provider: e.DEVICE_PROVIDER ?? 'simulator',
      mqttUrl: e.MQTT_URL ?? '',
      commandTimeoutMs: e.DEVICE_COMMAND_TIMEOUT_SECONDS * 1000,
      simulator: { reportMs: e.DEVICE_REPORT_SECONDS * 1000, rebootMs: 5_000, switchMs: 3_000, applyMs: 800 },
    },
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX, commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS } : null,
    now: Date.now,
    ...overrides,
  };
}
