import type { SimOauthList } from '@simshop/contract/oauth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

const key = (simNo: string) => ['iot', simNo, 'oauthList'] as const;

/** GET /api/iot/getSimOauthList: WeChat accounts linked to the card. */
export function useSimOauthList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ queryKey: key(simNo), queryFn: () => get<SimOauthList>('/api/iot/getSimOauthList'), enabled: loggedIn, retry: false });
}

/** POST /api/iot/unbindSimOauth */
export function useUnbindSimOauth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<null>('/api/iot/unbindSimOauth', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(useSession.getState().simNo) }),
  });
}
