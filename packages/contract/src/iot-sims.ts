/** SIM dashboard calls (spec §7: simInfo, simRefresh, simHistoryLine, changeSimList, simRemoveBreak, protocol). */
import { z } from 'zod';
import { simInfo, viceSim } from './iot.ts';

/** POST /api/iot/simRefresh */
export const simRefreshReply = z.object({
  refreshed: z.boolean().describe('false when throttled: the carrier was asked less than refreshIntervalSeconds ago'),
  nextRefreshAt: z.number().int().describe('epoch ms from when another forced refresh is possible'),
  simInfo,
});
export type SimRefreshReply = z.infer<typeof simRefreshReply>;

/** GET /api/iot/simHistoryLine?days=30 */
export const simHistoryLineQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const simHistoryLine = z.object({
  unit: z.literal('MB'),
  total: z.number().int().describe('MB over the period'),
  list: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD, UTC+8'), flow: z.number().int().describe('MB') }))
    .describe('oldest first, today last; days without use are 0'),
});
export type SimHistoryLine = z.infer<typeof simHistoryLine>;

/** GET /api/iot/changeSimList */
export const changeSimList = z.object({
  deviceNo: z.string().describe('empty for a plain SIM'),
  list: z.array(viceSim),
});
export type ChangeSimList = z.infer<typeof changeSimList>;

/** GET /api/iot/protocol?type=service and GET /api/site/iotLoginProtocol?promoCode= */
/** `shopLogin`: the storefront's user agreement (GET /api/site/loginProtocol); the others belong to the SIM self-service. */
export const protocolType = z.enum(['login', 'service', 'privacy', 'taskRule', 'shopLogin']);
export const protocolQuery = z.object({
  type: protocolType.default('service'),
  language: z.enum(['en', 'zh-Hans', 'zh-Hant']).optional().describe('defaults to the Accept-Language of the request'),
});
export const loginProtocolQuery = z.object({
  promoCode: z.string().max(64).optional(),
  language: z.enum(['en', 'zh-Hans', 'zh-Hant']).optional(),
});
export const protocol = z.object({
  type: protocolType,
  language: z.string().describe('language of the text given (falls back to zh-Hans, then en)'),
  title: z.string(),
  content: z.string().describe('HTML; sanitise before rendering'),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type Protocol = z.infer<typeof protocol>;

/** What can keep a card off the internet, most fundamental first (GET /api/iot/simDiagnose). */
export const DIAGNOSIS_CAUSES = [
  'cancelled',
  'disabled',
  'arrears',
  'realname',
  'realnameReview',
  'restricted',
  'noPackage',
  'noDataLeft',
  'dataOff',
  'notActivated',
  'suspended',
  'deviceOffline',
  'offline',
  'carrierStopped',
] as const;
/** The one action that fixes a cause; the app names it and knows where it leads. */
export const DIAGNOSIS_ACTIONS = ['customerService', 'topUp', 'realname', 'removeBreak', 'buyPackage', 'deviceManage', 'refresh'] as const;
export const DIAGNOSIS_CHECKS = ['card', 'balance', 'realname', 'restriction', 'package', 'data', 'network', 'device'] as const;

/** GET /api/iot/simDiagnose: why the card may be off the internet, in the reader's language. */
export const simDiagnosis = z.object({
  ok: z.boolean().describe('nothing found that keeps the card off the internet'),
  causes: z.array(
    z.object({
      key: z.enum(DIAGNOSIS_CAUSES),
      title: z.string(),
      detail: z.string(),
      action: z.enum(DIAGNOSIS_ACTIONS).nullable().describe('null: nothing the holder can do in the app (e.g. switch the device on)'),
    }),
  ),
  checks: z
    .array(z.object({ key: z.enum(DIAGNOSIS_CHECKS), label: z.string(), ok: z.boolean() }))
    .describe('every fact looked at, in order; a device card has the device check'),
  checkedAt: z.number().int().describe('when the card was last synchronised with its operator (epoch ms), or now'),
});
export type SimDiagnosis = z.infer<typeof simDiagnosis>;
