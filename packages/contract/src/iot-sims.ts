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
