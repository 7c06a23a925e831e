/** SIM login and session calls (spec §7: simLoginConfig, simLogin; and the code, logout and switch calls). */
import { z } from 'zod';
import { simInfo } from './iot.ts';
import { msg } from './messages.ts';

/** A SIM number, ICCID or device number as typed on the login page. */
export const loginSn = z
  .string()
  .trim()
  .min(4, msg('validation.simNumber'))
  .max(32)
  .regex(/^[0-9A-Za-z]+$/, msg('validation.lettersDigits'));

/** GET /api/simLoginConfig?promoCode= */
export const simLoginConfigQuery = z.object({ promoCode: z.string().max(64).optional() });
export const simLoginConfig = z.object({
  name: z.string().describe('title of the login page (layout name of the promoter)'),
  logo: z.string(),
  kefuUrl: z.string(),
  /** Login by SIM number, ICCID or device number. */
  snLogin: z.boolean(),
  /** Login by an SMS code sent to the card's bound phone (/pages/iot/login/code/index). */
  codeLogin: z.boolean(),
  agreementRequired: z.boolean().describe('the agreement (/api/site/iotLoginProtocol) must be accepted: send agreeProtocol true'),
  recentLogins: z.number().int().describe('recent login numbers kept on the device (5)'),
  codeLength: z.number().int(),
  codeTtlSeconds: z.number().int(),
  codeResendSeconds: z.number().int(),
});
export type SimLoginConfig = z.infer<typeof simLoginConfig>;

/** POST /api/simLoginCode: sends a login code to the bound phone of the card. */
export const simLoginCodeBody = z.object({ sn: loginSn });
export const simLoginCodeReply = z.object({
  mobile: z.string().describe('masked phone the code was sent to'),
  expiresIn: z.number().int().describe('seconds the code stays valid'),
  resendIn: z.number().int().describe('seconds before another code may be asked for'),
  devCode: z.string().optional().describe('the code itself, only with the console SMS provider in a demo set-up'),
});
export type SimLoginCodeReply = z.infer<typeof simLoginCodeReply>;

/**
 * POST /api/simLogin. Without `code`: log in by number (plus `cardPassword` for cards in
 * cardPasswordMode). With `code`: the SMS code sent by /api/simLoginCode.
 */
export const simLoginBody = z.object({
  sn: loginSn,
  code: z
    .string()
    .regex(/^\d{6}$/, msg('validation.smsCode'))
    .optional(),
  cardPassword: z.string().min(1).max(64).optional(),
  agreeProtocol: z.boolean().describe('the holder accepted the agreement'),
});
export type SimLoginBody = z.infer<typeof simLoginBody>;

export const simSession = z.object({
  token: z.string().describe('send as x-sim-token on every IoT call, with x-sim-no = simNo'),
  simNo: z.string(),
  expiresAt: z.number().int().describe('epoch ms'),
  simInfo,
});
export type SimSession = z.infer<typeof simSession>;

/** POST /api/iot/changeSim: switch the session to another SIM of the same device. */
export const changeSimBody = z.object({ simNo: z.string().trim().min(1).max(32) });

/**
 * POST /api/iot/simProve: the session proves possession of the card, by the code POST
 * /api/iot/simProofCode sent to the bound phone, or by the card password (decision 0105).
 */
export const simProveBody = z.object({
  code: z
    .string()
    .regex(/^\d{6}$/, msg('validation.smsCode'))
    .optional(),
  cardPassword: z.string().min(1).max(64).optional(),
});
export type SimProveBody = z.infer<typeof simProveBody>;
export const simProveReply = z.object({
  proven: z.boolean(),
  simInfo: simInfo.describe('the card as the proven session now sees it (Wi-Fi passwords included)'),
});
export type SimProveReply = z.infer<typeof simProveReply>;
