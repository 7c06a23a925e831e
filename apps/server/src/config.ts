import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const envSchema = z.object({
  PORT: integer('PORT', 1, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres|postgresql):\/\//.test(v) || /^(sqlite:|file:)/.test(v),
      'DATABASE_URL must be a postgres:// URL or sqlite:<path>',
    )
    .optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 1, 100_000_000).default(600),
  RATE_LIMIT_WINDOW_MS: integer('RATE_LIMIT_WINDOW_MS', 1000, 86_400_000).default(60_000),
  BODY_LIMIT_BYTES: integer('BODY_LIMIT_BYTES', 1024, 50_000_000).default(1_048_576),
  ORDER_HOLD_MINUTES: integer('ORDER_HOLD_MINUTES', 1, 1440).default(15),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  PAYMENT_SECRET: z.string().min(16, 'PAYMENT_SECRET must be at least 16 characters').optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  SMS_DEV_CODE: z.enum(['on', 'off']).optional(),
  SEED_NUMBERS: integer('SEED_NUMBERS', 0, 5_000_000).default(20_000),
});

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Seed the demo data when the database is new. */
  seed: 'demo' | 'none';
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string | undefined;
  rateLimit: { max: number; windowMs: number };
  bodyLimit: number;
  orderHoldMinutes: number;
  smsProvider: 'console';
  /** Secret that signs sandbox payment notifications. */
  paymentSecret: string;
  /** Run background jobs (order expiry, notification retries, usage accrual). */
  jobs: boolean;
  /** Directory of the built web app, served at /shop/. */
  webDir: string;
  /** Demo seed size of the vanity-number inventory (the bench seeds its own). */
  seedNumbers: number;
  /**
   * Return SMS codes in the reply (`devCode`) as well as logging them: only with the console SMS
   * provider; on by default for the demo seed, off otherwise (SMS_DEV_CODE=on|off).
   */
  smsDevCode: boolean;
  /** The clock (epoch ms) every business rule reads; tests pass a controllable one. */
  now: () => number;
}

export class ConfigError extends Error {}

/** Parses the environment; every bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: DatabaseTarget =
    url && /^postgres/.test(url)
      ? { dialect: 'postgres', url }
      : { dialect: 'sqlite', file: url ? path.resolve(url.replace(/^(sqlite:|file:)/, '')) : path.join(dataDir, 'shop.db') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    seed: e.SEED ?? (database.dialect === 'sqlite' ? 'demo' : 'none'),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    bodyLimit: e.BODY_LIMIT_BYTES,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    smsProvider: e.SMS_PROVIDER,
    paymentSecret: e.PAYMENT_SECRET ?? 'sandbox-secret-change-me-in-production',
    jobs: e.JOBS === 'on',
    webDir: path.resolve(import.meta.dirname, '../../web/dist'),
    seedNumbers: e.SEED_NUMBERS,
    smsDevCode:
      e.SMS_PROVIDER === 'console' &&
      (e.SMS_DEV_CODE ?? ((e.SEED ?? (database.dialect === 'sqlite' ? 'demo' : 'none')) === 'demo' ? 'on' : 'off')) === 'on',
    now: Date.now,
    ...overrides,
  };
}
