import { describe, expect, it } from 'vitest';
import { DAY_MS, dayStartOf } from '../../lib/flow-math.ts';
import { CarrierSimulator, simulatedDayUsage } from './simulator.ts';

const card = { simNo: '1440000000001', iccid: '89860400000000000001', operatorType: 4 };
const sim = new CarrierSimulator();
const start = dayStartOf('2026-03-10');

describe('carrier simulator', () => {
  it('gives the same day usage for a card and day, different across cards and days, within the habit bounds', () => {
    const a = simulatedDayUsage(card.simNo, '2026-03-10');
    expect(simulatedDayUsage(card.simNo, '2026-03-10')).toBe(a);
    const days = Array.from({ length: 20 }, (_, i) => simulatedDayUsage(card.simNo, `2026-03-${String(i + 1).padStart(2, '0')}`));
    expect(new Set(days).size).toBeGreaterThan(10);
    for (const d of days) expect(d).toBeGreaterThanOrEqual(15);
    for (const d of days) expect(d).toBeLessThanOrEqual(400 * 1.5 * 1.2);
    expect(simulatedDayUsage('1440000000009', '2026-03-10')).not.toBe(a);
  });

  it('adds up to the day usage however the day is split', async () => {
    const total = simulatedDayUsage(card.simNo, '2026-03-10');
    expect(sim.usageBetween(card, start, start + DAY_MS)).toBe(total);
    let sum = 0;
    for (let t = start; t < start + DAY_MS; t += 7 * 60_000) sum += sim.usageBetween(card, t, Math.min(t + 7 * 60_000, start + DAY_MS));
    expect(sum).toBe(total);
    const half = sim.usageBetween(card, start, start + DAY_MS / 2);
    expect(half).toBe(Math.floor(total / 2));
  });

  it('refuses a span across China midnight and gives 0 for an empty span', async () => {
    expect(() => sim.usageBetween(card, start + DAY_MS - 1000, start + DAY_MS + 1000)).toThrow(/one UTC\+8 day/);
    expect(sim.usageBetween(card, start, start)).toBe(0);
  });

  it('puts a card offline in its quiet hour only', async () => {
    const states = await Promise.all(
      Array.from({ length: 24 }, (_, h) => sim.status([card], start + h * 3_600_000 + 60_000).then((s) => s[0]!)),
    );
    expect(states.filter((s) => s.onlineStatus === 2)).toHaveLength(1);
    expect(states.filter((s) => s.onlineStatus === 1)).toHaveLength(23);
  });
});
