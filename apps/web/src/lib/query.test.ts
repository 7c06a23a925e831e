import { describe, expect, it } from 'vitest';
import { CARRIED_PARAMS, isSet, pickCarried, withCarried } from './query.ts';

describe('carried query parameters', () => {
  it('lists the §2 parameters', () => {
    expect(CARRIED_PARAMS).toEqual([
      'promoCode',
      'bd_vid',
      'qz_gdt',
      'cb',
      'mark',
      'mark_id',
      'autoFilterDelivery',
      'agreeAgreement',
      'showHotSearch',
      'pageCode',
    ]);
  });
  it('counts empty, undefined and null texts as unset', () => {
    expect(isSet('undefined')).toBe(false);
    expect(isSet('null')).toBe(false);
    expect(isSet('')).toBe(false);
    expect(isSet(undefined)).toBe(false);
    expect(isSet('0')).toBe(true);
  });
  it('picks only carried, set parameters', () => {
    expect(pickCarried({ promoCode: 'a', other: 'x', mark: 'null', qz_gdt: 'q' })).toEqual({ promoCode: 'a', qz_gdt: 'q' });
  });
  it('drops an unset carried value given in the url', () => {
    expect(withCarried('/pages/order/index?promoCode=undefined', {})).toBe('/pages/order/index');
    expect(withCarried('/pages/order/index?promoCode=undefined', { promoCode: 'b' })).toBe('/pages/order/index?promoCode=b');
  });
});
