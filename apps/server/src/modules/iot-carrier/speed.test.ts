import { describe, expect, it } from 'vitest';
import { openShared } from '../../lib/shared.ts';
import type { CarrierProvider, SpeedRequest } from '../../providers/carrier/types.ts';
import { CardSpeeds } from './speed.ts';

const log = { warn: () => {}, error: () => {} } as never;
const card = { simNo: '1440000000001', iccid: '89860000000000000001', operatorType: 1 };

/** A carrier whose speed calls are answered when the test says, in the order they were sent. */
function heldCarrier() {
  const sent: SpeedRequest[] = [];
  const answers: (() => void)[] = [];
  const carrier = {
    setSpeed: (_card: unknown, request: SpeedRequest) =>
      new Promise<void>((resolve) => {
        sent.push(request);
        answers.push(resolve);
      }),
  } as unknown as CarrierProvider;
  const answerNext = async () => {
    for (let i = 0; i < 100 && answers.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    answers.shift()?.();
  };
  return { carrier, sent, answerNext };
}

describe('a card speed at the carrier', () => {
  it('a second call for a card waits for the first one’s answer, then sends what is wanted by then', async () => {
    const { carrier, sent, answerNext } = heldCarrier();
    const speeds = new CardSpeeds(carrier, (await openShared(null, log)).locks, { holdMs: 60_000, pollMs: 2 });
    let wanted: string | null = '5G_300M';
    speeds.add(2, async () => (wanted ? { speedCode: wanted, until: 2_000 } : null));

    // A speed-up's call is under way when the speed-up ends and its end calls again.
    const first = speeds.set(7, card, 'up-1', 1_000);
    await new Promise((r) => setTimeout(r, 10));
    wanted = null;
    const second = speeds.set(7, card, 'up-1-end', 1_500);
    await new Promise((r) => setTimeout(r, 20));
    // The second call has sent nothing while the first waits for the carrier.
    expect(sent.map((r) => r.opKey)).toEqual(['up-1']);

    await answerNext();
    await first;
    await answerNext();
    await second;
    // The last call the carrier answered restores the card's own speed, the latest want.
    expect(sent).toEqual([
      { opKey: 'up-1', speedCode: '5G_300M', until: 2_000 },
      { opKey: 'up-1-end', speedCode: null, until: null },
    ]);
  });

  it('calls for different cards do not wait for each other', async () => {
    const { carrier, sent, answerNext } = heldCarrier();
    const speeds = new CardSpeeds(carrier, (await openShared(null, log)).locks, { holdMs: 60_000, pollMs: 2 });
    speeds.add(1, async (simId) => ({ speedCode: `SLOW_${simId}`, until: 9_000 }));
    const a = speeds.set(1, card, 'a', 1_000);
    const b = speeds.set(2, card, 'b', 1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent.map((r) => r.speedCode)).toEqual(['SLOW_1', 'SLOW_2']);
    await answerNext();
    await answerNext();
    await Promise.all([a, b]);
  });
});
