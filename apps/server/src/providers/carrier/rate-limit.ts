/**
 * A token bucket: at most `perSecond` calls a second on average, bursts of at most `burst` (1 by
 * default: calls evenly spaced, so no window of a second holds more than the rate, however the
 * operator counts it). Each
 * `take` waits its turn (callers are served in order). One bucket per operator account and process;
 * sharing an account's limit across instances is the sync scheduler's part (decision 0070).
 */
export class RateLimiter {
  #tokens: number;
  #last: number;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond: number,
    private readonly burst = 1,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.#tokens = burst;
    this.#last = clock();
  }

  /** Resolves when a call may be made. */
  take(): Promise<void> {
    const turn = this.#queue.then(() => this.#wait());
    this.#queue = turn;
    return turn;
  }

  /** Holds every caller back for `ms` (the operator said it was throttling us). */
  pause(ms: number): void {
    this.#tokens = Math.min(this.#tokens, 0) - (ms / 1000) * this.perSecond;
  }

  async #wait(): Promise<void> {
    for (;;) {
      const now = this.clock();
      this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.perSecond);
      this.#last = now;
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - this.#tokens) / this.perSecond) * 1000)));
    }
  }
}
