import type { Locks } from '../../lib/shared.ts';
import { refusal } from '../../providers/carrier/operations.ts';
import { type CarrierCard, type CarrierProvider, ProvisionError } from '../../providers/carrier/types.ts';

/** A profile a module wants a card to run on, until when at the latest. */
export interface SpeedWant {
  speedCode: string;
  until: number;
}

/** What a module wants of a card's speed now (its own rows decide), or null when nothing. */
export type SpeedWanter = (simId: number, now: number) => Promise<SpeedWant | null>;

/**
 * The one place that decides a card's speed at the carrier. Several modules change it: a paid
 * speed-up (iot-engage) and the holder's slow-down rule (iot-rules). Each adds what it wants, with
 * a rank, and each carrier call sets what is wanted at that moment: the highest-ranked want, or
 * the card's own speed when there is none. So an ending speed-up sets the card back to its
 * slow-down, not to full speed, and a slow-down starting under a running speed-up waits for it.
 *
 * The calls for one card run one at a time, on every instance (a shared lock): a call reads what is
 * wanted only once the call before it has had the carrier's answer, so the last answer is always
 * the one that read the latest wants.
 */
export class CardSpeeds {
  #wanters: { rank: number; want: SpeedWanter }[] = [];

  constructor(
    private readonly carrier: CarrierProvider,
    private readonly locks: Locks,
    /** How long a call may hold a card's lock (beyond, the next call goes ahead), and how often a waiting call looks again. */
    private readonly lock = { holdMs: 30_000, pollMs: 20 },
  ) {}

  /** Adds a module's want; a higher rank wins over a lower one while both want something. */
  add(rank: number, want: SpeedWanter): void {
    this.#wanters = [...this.#wanters, { rank, want }].sort((a, b) => b.rank - a.rank);
  }

  /** The profile the card should run on at `now`: the highest-ranked want, or its own speed (null). */
  async wanted(simId: number, now: number): Promise<{ speedCode: string | null; until: number | null }> {
    for (const w of this.#wanters) {
      const want = await w.want(simId, now);
      if (want) return want;
    }
    return { speedCode: null, until: null };
  }

  /**
   * Sets the card at the carrier to what is wanted now, as the caller's operation `opKey` (a
   * repeat is the same operation). Call it with no transaction open, after the caller's own row
   * says what it wants; it rejects as `CarrierProvider.setSpeed` does.
   */
  async set(simId: number, card: CarrierCard, opKey: string, now: number): Promise<void> {
    const release = await this.#take(simId);
    try {
      // A pending operation is accepted: the carrier applies it by itself.
      const op = await this.carrier.setSpeed(card, { opKey, ...(await this.wanted(simId, now)) }, now).catch((err) => {
        throw refusal(err);
      });
      if (op?.state === 'failed') throw new ProvisionError(op.reason ?? `the carrier refused speed operation ${opKey}`);
    } finally {
      await release();
    }
  }

  /** Waits for the card's lock (a holder that never releases it loses it after `holdMs`). */
  async #take(simId: number): Promise<() => Promise<void>> {
    for (;;) {
      const release = await this.locks.acquire(`card-speed:${simId}`, this.lock.holdMs);
      if (release) return release;
      await new Promise((resolve) => setTimeout(resolve, this.lock.pollMs));
    }
  }
}
