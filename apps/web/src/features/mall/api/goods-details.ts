import type { GoodsDetailsReply } from '@simshop/contract/mall';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

/** GET /api/iot/integralShopGoodsDetails?goodsId=: one good, the card's points and the online pay methods. */
export const goodsDetailsQuery = (simNo: string, goodsId: number) => ({
  queryKey: mallKey(simNo, 'goods', goodsId),
  queryFn: () => get<GoodsDetailsReply>('/api/iot/integralShopGoodsDetails', { goodsId }),
  staleTime: 10_000,
});

export function useGoodsDetails(goodsId: number) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...goodsDetailsQuery(simNo, goodsId), enabled: loggedIn && goodsId > 0, retry: false });
}
