/**
 * Sign-in with WeChat (or the built-in OAuth simulator), the mini-user records of spec §3 and the
 * WeChat accounts linked to an IoT card: GET /api/site/wechatInfo, GET /api/wechat/authorize, POST
 * /api/site/updateAuthorizeStatus, POST /api/site/checkScanAuthorize, GET /api/site/wxJsSign, POST
 * /api/site/ksUpdateProfile, GET /api/iot/getSimOauthList, POST /api/iot/unbindSimOauth.
 */
import { z } from 'zod';
import { mobile, userInfo } from './auth.ts';
import { msg } from './messages.ts';

/** GET /api/site/wechatInfo */
export const wechatInfo = z.object({
  enabled: z.boolean().describe('a provider is configured (OAUTH_PROVIDER)'),
  provider: z.enum(['simulator', 'wechat', 'none']),
  appId: z.string(),
  inWechat: z.boolean().describe('the browser is WeChat’s (its user agent)'),
  needLogin: z.boolean().describe('inside WeChat and not logged in: the app signs in through GET /api/wechat/authorize'),
});
export type WechatInfo = z.infer<typeof wechatInfo>;

/** An app page to come back to: a path of the page table with its query. */
const appPage = z
  .string()
  .max(300)
  .regex(/^\/pages(-sub)?\/[\w\-/]*(\?[\w\-=&%.]*)?$/, msg('validation.format'));

/** GET /api/wechat/authorize: starts an authorisation in this browser and redirects to the provider. */
export const authorizeQuery = z.object({
  type: z
    .enum(['login', 'iot', 'scan'])
    .default('login')
    .describe('login: shop sign-in; iot: link to the SIM card; scan: complete a desktop’s scan'),
  syncRedirect: z.coerce.number().int().min(0).max(1).default(0).describe('1: back to `page` at once when done'),
  page: appPage.default('/pages/user/index'),
  scan: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional()
    .describe('type scan: the desktop’s state (checkScanAuthorize)'),
  promoCode: z.string().max(64).default('').describe('the storefront the account signs in at (its mini-user record)'),
});

export const callbackQuery = z.object({
  state: z.string().max(64).default(''),
  code: z.string().max(2000).optional(),
});

/** POST /api/site/updateAuthorizeStatus: completes an authorisation in the browser that started it. */
export const updateAuthorizeBody = z.object({
  state: z.string().regex(/^[0-9a-f]{32}$/, msg('validation.format')),
  mobile: mobile.optional(),
  code: z
    .string()
    .regex(/^\d{6}$/, msg('validation.smsCode'))
    .optional(),
});
export const authorizeStatus = z.object({
  status: z
    .enum(['loggedIn', 'needMobile', 'linked', 'denied', 'pending', 'scanned'])
    .describe('scanned: the phone of a scan sign-in confirmed it; the desktop that showed the code goes on'),
  type: z.enum(['login', 'iot', 'scan']),
  page: z.string(),
  syncRedirect: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  userInfo: userInfo.nullable(),
});
export type AuthorizeStatus = z.infer<typeof authorizeStatus>;

/** POST /api/site/checkScanAuthorize: without `state` starts a scan sign-in; with it, polls and completes it. */
export const checkScanBody = z.object({
  state: z
    .string()
    .regex(/^[0-9a-f]{32}$/, msg('validation.format'))
    .optional(),
});
export const checkScanReply = z.object({
  state: z.string(),
  url: z.string().describe('what the phone opens (shown as a QR code): GET /api/wechat/authorize?type=scan&scan={state}'),
  expiresAt: z.number().int(),
  result: authorizeStatus,
});
export type CheckScanReply = z.infer<typeof checkScanReply>;

/** GET /api/site/wxJsSign?url= : the WeChat JS-SDK signature of a page address. */
export const wxJsSignQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^https?:\/\//, msg('validation.format')),
});
export const wxJsSign = z.object({ appId: z.string(), timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() });

/** A mini-user record (spec §3). */
export const miniUser = z.object({
  platform: z.enum(['wx', 'ks', 'dy']),
  openId: z.string(),
  promoCode: z.string(),
  nickname: z.string(),
  headPortrait: z.string(),
  indexFirstGroup: z.number().int(),
});
export type MiniUser = z.infer<typeof miniUser>;

/** POST /api/site/ksUpdateProfile: the Kuaishou mini-program user (x-platform-open-id) updates its profile. */
export const ksUpdateProfileBody = z.object({
  promoCode: z.string().max(64).default(''),
  nickname: z.string().trim().min(1).max(30),
  headPortrait: z
    .string()
    .max(500)
    .regex(/^(https?:\/\/|$)/, msg('validation.format'))
    .default(''),
});

/** GET /api/iot/getSimOauthList */
export const simOauthItem = z.object({
  id: z.number().int(),
  platform: z.enum(['wx', 'ks', 'dy']),
  nickname: z.string(),
  headPortrait: z.string(),
  openIdMasked: z.string(),
  createdAt: z.number().int(),
});
export const simOauthList = z.object({ list: z.array(simOauthItem) });
export type SimOauthList = z.infer<typeof simOauthList>;

/** POST /api/iot/unbindSimOauth */
export const unbindSimOauthBody = z.object({ id: z.number().int().positive() });
