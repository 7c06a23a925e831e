import { describe, expect, it } from 'vitest';
import { mapLimited } from './limited.ts';

describe('mapLimited', () => {
  it('answers every result in order with at most the limit under way', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it('answers nothing for no items and rejects with the first failure', async () => {
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
    await expect(
      mapLimited([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('gateway down');
        return n;
      }),
    ).rejects.toThrow('gateway down');
  });
});
