import { describe, expect, it } from 'vitest';
import { RoutedCarrier } from './routed.ts';
import { CarrierSimulator } from './simulator.ts';
import type { CarrierCard, CarrierProvider } from './types.ts';

const card = (n: number): CarrierCard => ({
  simNo: `14400000${String(n).padStart(5, '0')}`,
  iccid: `8986${String(n).padStart(16, '0')}`,
  operatorType: 4,
});

/** A simulator that records the batches it was asked for. */
function recording(batchSize: number) {
  const sim = new CarrierSimulator();
  const calls: string[][] = [];
  const carrier = Object.assign(Object.create(sim) as CarrierProvider, {
    limits: { ...sim.limits, batchSize },
    status: async (cards: readonly CarrierCard[], now: number) => {
      calls.push(cards.map((c) => c.iccid));
      return sim.status(cards, now);
    },
  });
  return { carrier, calls };
}

describe('the routed carrier', () => {
  it('sends each card to its account, batch calls split by account and by the account’s batch size', async () => {
    const builtIn = recording(100);
    const account = recording(2);
    const routed = new RoutedCarrier(builtIn.carrier);
    const onAccount = new Set([card(2).iccid, card(3).iccid, card(5).iccid]);
    routed.route(async (cards) => new Map(cards.filter((c) => onAccount.has(c.iccid)).map((c) => [c.iccid, account.carrier])));
    const cards = [1, 2, 3, 4, 5].map(card);
    const status = await routed.status(cards, Date.UTC(2026, 2, 20));
    expect(status.map((s) => s.iccid).sort()).toEqual(cards.map((c) => c.iccid).sort());
    expect(builtIn.calls).toEqual([[card(1).iccid, card(4).iccid]]);
    expect(account.calls).toEqual([[card(2).iccid, card(3).iccid], [card(5).iccid]]);
  });

  it('keeps every card on the built-in carrier until it is given a resolver', async () => {
    const builtIn = recording(100);
    const routed = new RoutedCarrier(builtIn.carrier);
    await routed.status([card(7)], Date.UTC(2026, 2, 20));
    expect(builtIn.calls).toEqual([[card(7).iccid]]);
    expect(routed.name).toBe('simulator');
  });
});
