import type { WechatInfo } from '@simshop/contract/oauth';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** GET /api/site/wechatInfo: whether WeChat sign-in is offered here, and needed (inside WeChat, logged out). */
export function useWechatInfo() {
  return useQuery({ queryKey: ['wechatInfo'], queryFn: () => get<WechatInfo>('/api/site/wechatInfo'), staleTime: 60_000 });
}

/** Leaves for WeChat's consent page (the server binds the authorisation to this browser). */
export function startWechatAuthorize(q: { type: 'login' | 'iot'; page: string; syncRedirect: boolean; promoCode?: string }): void {
  const params = new URLSearchParams({ type: q.type, page: q.page, syncRedirect: q.syncRedirect ? '1' : '0' });
  if (q.promoCode) params.set('promoCode', q.promoCode);
  window.location.assign(`/api/wechat/authorize?${params}`);
}
