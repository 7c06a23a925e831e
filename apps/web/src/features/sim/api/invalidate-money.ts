import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.ts';

/**
 * After money moved (a purchase, a top-up, a refund): every query of the card is stale, the SIM
 * info (balance, allowance, expiry) first among them.
 */
export function invalidateCardMoney(queryClient: QueryClient): Promise<void> {
  const { simNo } = useSession.getState();
  return queryClient.invalidateQueries({ queryKey: ['iot', simNo] });
}
