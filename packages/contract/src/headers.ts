/**
 * The headers the app sends on every call (spec §7). Names are lower case as HTTP/2 and
 * Node present them; the server parses them once into the request context.
 */
export const Header = {
  platform: 'x-platform',
  hostname: 'x-hostname',
  deviceInfo: 'x-device-info',
  app: 'x-app',
  sessionId: 'x-session-id',
  orderSessionId: 'x-order-session-id',
  platformSource: 'x-platform-source',
  platformOpenId: 'x-platform-open-id',
  appShowOptions: 'x-app-show-options',
  pageUrl: 'x-page-url',
  simNo: 'x-sim-no',
  simToken: 'x-sim-token',
  language: 'accept-language',
  idempotencyKey: 'idempotency-key',
} as const;

/** Platform source sent by the web build (spec §9). */
export const PLATFORM_SOURCE = 1;
export const APP_VERSION = '1.4.4';
export const APP_VERSION_CODE = 144;

/** The languages of the app and of server messages (spec §1); Accept-Language maps to one of them. */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
