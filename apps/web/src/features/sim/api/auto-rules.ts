import { Code } from '@simshop/contract/codes';
import type { AutoRulesReply, SaveSlowdownRuleBody, SaveTopupRuleBody } from '@simshop/contract/iot-rules';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

export const autoRulesKey = (simNo: string) => ['iot', simNo, 'autoRules'] as const;

/** GET /api/iot/autoRules: the card's auto top-up and slow-down rules and the top-up requests made. */
export function useAutoRules() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: autoRulesKey(simNo),
    queryFn: () => get<AutoRulesReply>('/api/iot/autoRules'),
    enabled: loggedIn,
    staleTime: 0,
    retry: false,
  });
}

/** Sets the auto top-up rule; with the pay password a refusal (-1: wrong, locked) is left to the pay-password sheet. */
export const saveTopupRule = (body: SaveTopupRuleBody) =>
  post<AutoRulesReply>('/api/iot/autoRules/topup', body, { quietCodes: body.payPassword ? [Code.FAILED] : [Code.PAY_PASSWORD_REQUIRED] });
export const pauseTopupRule = (paused: boolean) => post<AutoRulesReply>('/api/iot/autoRules/topup/pause', { paused });
export const deleteTopupRule = () => post<AutoRulesReply>('/api/iot/autoRules/topup/delete', {});
export const saveSlowdownRule = (body: SaveSlowdownRuleBody) => post<AutoRulesReply>('/api/iot/autoRules/slowdown', body);
export const pauseSlowdownRule = (paused: boolean) => post<AutoRulesReply>('/api/iot/autoRules/slowdown/pause', { paused });
export const deleteSlowdownRule = () => post<AutoRulesReply>('/api/iot/autoRules/slowdown/delete', {});
