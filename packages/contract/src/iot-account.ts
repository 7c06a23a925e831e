/**
 * The card holder's account: real-name verification (simPlatformAuth, simOfficialAuth,
 * deviceOfficialAuth, simRealnameInfo) and binding a phone (simBindMobileCode, simBindMobile).
 */
import { z } from 'zod';
import { mobile } from './auth.ts';
import { msg } from './messages.ts';

const photoId = z.string().regex(/^[0-9a-f]{32}$/, msg('validation.format'));

/** POST /api/iot/simPlatformAuth: the photos are ids from POST /api/iot/upload (purposes face, idFront, idBack). */
export const simPlatformAuthBody = z.object({
  name: z.string().trim().min(2).max(30),
  idNumber: z.string().trim().length(18, msg('validation.idNumberLength')),
  facePhoto: photoId,
  idFrontPhoto: photoId,
  idBackPhoto: photoId,
});
export type SimPlatformAuthBody = z.infer<typeof simPlatformAuthBody>;

/** The privacy-policy consent given before real-name photos are collected. */
export const realnameConsent = z.object({
  version: z.number().int().describe('version of the privacy policy agreed to'),
  agreedAt: z.number().int(),
});
export type RealnameConsent = z.infer<typeof realnameConsent>;

/** POST /api/iot/realnameConsent: the holder agrees to the privacy policy version shown. */
export const realnameConsentBody = z.object({ version: z.number().int().positive() });
export type RealnameConsentBody = z.infer<typeof realnameConsentBody>;

export const realnameRequest = z.object({
  kind: z.enum(['platform', 'official']),
  status: z.enum(['pending', 'verified', 'rejected']),
  nameMasked: z.string().describe('e.g. 张*三'),
  idNumberMasked: z.string().describe('first 3 and last 4 characters shown'),
  reason: z.string().describe('why it was rejected; empty otherwise'),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type RealnameRequest = z.infer<typeof realnameRequest>;

/** GET /api/iot/simRealnameInfo: the card's real-name states and its latest requests. */
export const simRealnameInfo = z.object({
  authStatus: z.number().int().describe('carrier real-name: 0 none, 1 done, 2 under review, 3 rejected'),
  authPlatformStatus: z.number().int().describe('platform real-name: 0 none, 1 done, 2 under review, 3 rejected'),
  needAuth: z.boolean(),
  needPlatformAuth: z.boolean(),
  platformAuthType: z.number().int().describe('1 official page, 2 platform page'),
  operatorType: z.number().int(),
  operatorTypeName: z.string(),
  ownFlow: z.boolean().describe('the operator runs its own real-name flow (/pages-sub/ltAuth/index): China Unicom'),
  platform: realnameRequest.nullable(),
  official: realnameRequest.nullable(),
  consentVersion: z.number().int().describe('version of the privacy policy (GET /api/iot/protocol?type=privacy) to agree to before photos'),
  consent: realnameConsent
    .nullable()
    .describe('the latest consent; photos are accepted only when its version is consentVersion (POST /api/iot/realnameConsent)'),
});
export type SimRealnameInfo = z.infer<typeof simRealnameInfo>;

/** GET /api/iot/simOfficialAuth and GET /api/iot/deviceOfficialAuth?simNo= */
export const officialAuthQuery = z.object({
  simNo: z.string().max(32).optional().describe('deviceOfficialAuth: a SIM of the device (default: the session card)'),
  back: z.string().max(300).optional().describe('app page to come back to (a /shop/ address)'),
});
export const officialAuthReply = z.object({
  url: z.string().describe("the carrier's real-name page for the card, with its ICCID"),
  iccid: z.string(),
  simNo: z.string(),
  operatorType: z.number().int(),
});
export type OfficialAuthReply = z.infer<typeof officialAuthReply>;

const smsCode = z.string().regex(/^\d{6}$/, msg('validation.smsCode'));

/** POST /api/iot/simBindMobileCode: a code to the phone being bound. */
export const simBindMobileCodeBody = z.object({ mobile });

/**
 * POST /api/iot/simBindMobile: the new phone and its code; replacing a bound phone also needs
 * `oldCode` (a login code sent to the bound phone, POST /api/simLoginCode) or `payPassword`.
 */
export const simBindMobileBody = z.object({
  mobile,
  code: smsCode,
  oldCode: smsCode.optional(),
  payPassword: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional(),
});
export type SimBindMobileBody = z.infer<typeof simBindMobileBody>;
export const simBindMobileReply = z.object({ mobile: z.string().describe('the bound phone, masked'), numbAuth: z.number().int() });
