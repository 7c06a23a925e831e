import { describe, expect, it } from 'vitest';
import { DAY_MS, dayStartOf } from '../../lib/flow-math.ts';
import type { CardStatus, DayUsage } from '../../providers/carrier/types.ts';
import { closedDays, compareCard, type ReconCard, usageDiffers } from './service.ts';

/** 2026-03-20 09:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 1);

const card = (over: Partial<ReconCard> = {}): ReconCard => ({
  id: 1,
  sim_no: '1440000000001',
  iccid: '89860400000000000001',
  operator_type: 4,
  promo_code: 'demo',
  status: 1,
  sim_status: 2,
  cancel_status: 0,
  internet_status: 1,
  carrier_data: 1,
  auth_status: 1,
  total_flow: 1024,
  use_flow: 24,
  is_infinite_flow: 0,
  volume_package_id: null,
  usage_synced_at: NOW,
  created_at: NOW - 10 * DAY_MS,
  ...over,
});
const figure = (day: string, mb: number, final = true): DayUsage => ({
  iccid: '89860400000000000001',
  day,
  mb,
  asOf: dayStartOf(day) + DAY_MS,
  final,
});
const status = (over: Partial<CardStatus> = {}): CardStatus => ({
  iccid: '89860400000000000001',
  lifecycle: 'active',
  dataOn: true,
  onlineStatus: 1,
  stopReason: 'none',
  stopDetail: null,
  asOf: NOW,
  ...over,
});

describe('comparing a card with its operator', () => {
  const days = closedDays(NOW);

  it('compares the three closed days before today', () => {
    expect(days).toEqual(['2026-03-17', '2026-03-18', '2026-03-19']);
  });

  it('holds usage within 2 MB or 2 % as agreeing', () => {
    expect(usageDiffers(100, 102)).toBe(false);
    expect(usageDiffers(100, 103)).toBe(true);
    expect(usageDiffers(1000, 1020)).toBe(false);
    expect(usageDiffers(1000, 1021)).toBe(true);
    expect(usageDiffers(0, 3)).toBe(true);
  });

  it('compares usage only on closed days the card was in service, activated and synchronised for', () => {
    const charged = new Map([
      ['2026-03-17', 100],
      ['2026-03-18', 100],
      ['2026-03-19', 100],
    ]);
    const figures = [figure('2026-03-17', 100), figure('2026-03-18', 150), figure('2026-03-19', 190, false)];
    const { found, checked } = compareCard(card(), charged, { figures }, days, NOW);
    expect(found).toEqual([{ day: '2026-03-18', kind: 'usage', ours: '100', theirs: '150', stopReason: null, detail: null }]);
    // The last day's figure is not final yet: not compared.
    expect(checked.usageDays).toEqual(['2026-03-17', '2026-03-18']);
    // Created during the 18th, synchronised before the 18th ended, not activated: none compared.
    expect(compareCard(card({ created_at: dayStartOf('2026-03-18') + 1 }), charged, { figures }, days, NOW).checked.usageDays).toEqual([]);
    expect(compareCard(card({ usage_synced_at: dayStartOf('2026-03-18') }), charged, { figures }, days, NOW).checked.usageDays).toEqual([
      '2026-03-17',
    ]);
    expect(compareCard(card({ sim_status: 1 }), charged, { figures }, days, NOW).found).toEqual([]);
  });

  it('finds a card we sell as active stopped at the operator, a quota stop as a package difference, and data on there we cut', () => {
    expect(
      compareCard(
        card(),
        new Map(),
        { status: status({ lifecycle: 'suspended', dataOn: false, stopReason: 'arrears', stopDetail: '欠费停机' }) },
        [],
        NOW,
      ).found,
    ).toEqual([{ day: '2026-03-20', kind: 'state', ours: 'active', theirs: 'stopped', stopReason: 'arrears', detail: '欠费停机' }]);
    expect(compareCard(card(), new Map(), { status: status({ dataOn: false, stopReason: 'quota' }) }, [], NOW).found).toEqual([
      { day: '2026-03-20', kind: 'package', ours: '1000', theirs: 'stopped', stopReason: 'quota', detail: null },
    ]);
    expect(compareCard(card({ internet_status: 0, carrier_data: 0 }), new Map(), { status: status() }, [], NOW).found).toEqual([
      { day: '2026-03-20', kind: 'state', ours: 'data-off', theirs: 'active', stopReason: null, detail: null },
    ]);
    // A data switch of ours under way is not a difference; an operator that does not say whether data is on neither.
    const switching = compareCard(card({ carrier_data: 0 }), new Map(), { status: status({ dataOn: false }) }, [], NOW);
    expect(switching).toEqual({ found: [], checked: { usageDays: [], state: false, realName: false } });
    expect(
      compareCard(card({ internet_status: 0, carrier_data: 0 }), new Map(), { status: status({ dataOn: null }) }, [], NOW).found,
    ).toEqual([]);
  });

  it('finds real-name states that differ, and leaves an unknown one alone', () => {
    const rn = (state: 'registered' | 'unregistered' | 'reviewing' | 'unknown') => ({ iccid: '89860400000000000001', state, asOf: NOW });
    expect(compareCard(card({ auth_status: 0 }), new Map(), { realName: rn('registered') }, [], NOW).found).toEqual([
      { day: '2026-03-20', kind: 'realname', ours: 'unregistered', theirs: 'registered', stopReason: null, detail: null },
    ]);
    expect(compareCard(card({ auth_status: 2 }), new Map(), { realName: rn('reviewing') }, [], NOW).found).toEqual([]);
    expect(compareCard(card(), new Map(), { realName: rn('unknown') }, [], NOW).checked.realName).toBe(false);
  });
});
