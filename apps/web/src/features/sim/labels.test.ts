import { describe, expect, it } from 'vitest';
import { simStatusLabel } from './labels.ts';

describe('simStatusLabel', () => {
  it('reads an active card as active', () => {
    expect(simStatusLabel(2)).toEqual({ key: 'iot.simStatus.2', tone: 'good' });
  });

  it('reads an active card under a break rule as restricted, never active', () => {
    expect(simStatusLabel(2, 7)).toEqual({ key: 'iot.simStatus.restricted', tone: 'bad' });
  });

  it('keeps the carrier state of a card that is not active', () => {
    expect(simStatusLabel(3, 7)).toEqual({ key: 'iot.simStatus.3', tone: 'bad' });
    expect(simStatusLabel(9)).toEqual({ key: 'iot.simStatus.unknown', tone: 'plain' });
  });
});
