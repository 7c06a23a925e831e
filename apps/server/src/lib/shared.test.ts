import { describe, expect, it } from 'vitest';
import { openShared } from './shared.ts';

const log = { warn: () => {}, error: () => {} } as never;

describe('shared parts of a single instance (no Redis)', () => {
  it('the bus runs its handlers at once, in order, with nothing to wait for', async () => {
    const shared = await openShared(null, log);
    const heard: string[] = [];
    shared.bus.subscribe('c', (m) => heard.push(`1:${m}`));
    shared.bus.subscribe('c', (m) => heard.push(`2:${m}`));
    shared.bus.subscribe('other', (m) => heard.push(`other:${m}`));
    shared.bus.publish('c', 'x');
    expect(heard).toEqual(['1:x', '2:x']);
    expect(shared.bus.settled()).toBeUndefined();
    expect(shared.bus.flushed()).toBeUndefined();
  });

  it('a lock is held until released or run out', async () => {
    const { locks } = await openShared(null, log);
    const release = await locks.acquire('l', 60_000);
    expect(release).not.toBeNull();
    expect(await locks.acquire('l', 60_000)).toBeNull();
    await release!();
    expect(await locks.acquire('l', 1)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    expect(await locks.acquire('l', 60_000)).not.toBeNull();
  });
});
