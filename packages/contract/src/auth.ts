import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Storefront login by mobile + SMS code (spec §2 /pages/login/index, §7 sendCode / sms/send).
 * The client sends its random 32-hex `x-session-id` header; a successful login binds it to the
 * mobile until it expires or the user logs out. Calls that need login answer code 61 otherwise.
 */

export const mobile = z.string().regex(/^1\d{10}$/, msg('validation.mobile'));

/** POST /api/hk/sendCode and POST /api/sms/send. */
export const sendCodeBody = z.object({
  mobile,
  /** What the code is for: login (which is also the order look-up), or a fast-number application. */
  scene: z.enum(['login', 'apply']).default('login'),
});

/**
 * The same reply whether or not the mobile has orders. `devCode` is present only while the server
 * runs the console SMS provider with SMS_DEV_CODE on (the demo), never with a real provider.
 */
export const sendCodeReply = z.object({
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
  /** Seconds before another code may be sent to this mobile. */
  resendIn: z.number().int(),
  devCode: z.string().optional(),
});
export type SendCodeReply = z.infer<typeof sendCodeReply>;

/** POST /api/hk/login (header x-session-id required). */
export const loginBody = z.object({
  mobile,
  code: z.string().regex(/^\d{6}$/, msg('validation.smsCode')),
});

/**
 * GET /api/hk/userInfo and the login reply. `mobile` is the full number: it is the user's own,
 * proven by the SMS code, and the app persists it as user info (logged in = mobile non-empty);
 * `mobileMasked` is for display.
 */
export const userInfo = z.object({
  mobile: z.string(),
  mobileMasked: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** Epoch ms when this login expires. */
  expiresAt: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;
