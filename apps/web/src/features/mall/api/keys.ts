import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.ts';

/** Every query of the points mall is under ['iot', simNo, 'mall', …], so a card switch never shows another card's. */
export const mallKey = (simNo: string, ...rest: readonly unknown[]) => ['iot', simNo, 'mall', ...rest] as const;

/** After an order moved points, money or stock: the mall and the card's points are stale. */
export function invalidateMall(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['iot', useSession.getState().simNo] });
}
