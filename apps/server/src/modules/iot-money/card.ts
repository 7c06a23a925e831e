/** Rules of the card itself that every paying call checks, on the card row locked by its transaction. */

import { fail } from '../../lib/errors.ts';
import type { Card } from '../iot-sims/service.ts';

export function assertUsable(card: Pick<Card, 'status' | 'cancel_status'>): void {
  if (card.cancel_status !== 0) throw fail('sim.cancelled');
  if (card.status !== 1) throw fail('sim.disabled');
}

export function realnameMissing(card: Pick<Card, 'auth_status' | 'platform_auth_required' | 'auth_platform_status'>): boolean {
  return card.auth_status !== 1 || (card.platform_auth_required === 1 && card.auth_platform_status !== 1);
}
