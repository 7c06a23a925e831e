import { describe, expect, it } from 'vitest';
import { REFRESH_THROTTLE_MS, throttle } from './throttle.ts';

describe('leading-edge throttle', () => {
  it('runs the first call at once and drops calls within the window', () => {
    let now = 10_000;
    let runs = 0;
    const refresh = throttle(
      () => ++runs,
      REFRESH_THROTTLE_MS,
      () => now,
    );
    expect(refresh()).toBe(1);
    now += 999;
    expect(refresh()).toBe(1);
    expect(runs).toBe(1);
    now += 1;
    expect(refresh()).toBe(2);
    now += 5000;
    expect(refresh()).toBe(3);
  });
});
