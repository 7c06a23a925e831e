import { CAPABILITIES } from '@simshop/contract/iot-capabilities';
import { describe, expect, it } from 'vitest';
import { menuAction, menusForCard, offers, offersBand, splitMenus } from './menu.ts';

const values = { promoCode: 'agent 01', sn: '1440000000001' };

describe('menuAction (spec §2)', () => {
  it('opens a page, as a tab-style switch when the path has type=page', () => {
    expect(menuAction({ type: 'page', path: '/pages/iot/index/package/index' }, values)).toEqual({
      kind: 'page',
      path: '/pages/iot/index/package/index',
      tabSwitch: false,
    });
    expect(menuAction({ type: 'page', path: '/pages-sub/iot/user/index?type=page' }, values)).toMatchObject({ tabSwitch: true });
    expect(menuAction({ type: 'page', path: '/x?a=1&type=pages' }, values)).toMatchObject({ tabSwitch: false });
  });

  it('fills [promoCode] and [sn] of a url, every occurrence, encoded', () => {
    expect(menuAction({ type: 'url', path: 'https://h.example/?p=[promoCode]&sn=[sn]&again=[sn]' }, values)).toEqual({
      kind: 'url',
      url: 'https://h.example/?p=agent%2001&sn=1440000000001&again=1440000000001',
    });
  });

  it('refuses other types', () => {
    expect(menuAction({ type: 'miniProgram', path: 'x' }, values)).toEqual({ kind: 'unsupported' });
    expect(menuAction({ type: '', path: '' }, values)).toEqual({ kind: 'unsupported' });
  });
});

describe('splitMenus', () => {
  const menus = Array.from({ length: 12 }, (_, i) => i);
  it('shows all when they fit', () => {
    expect(splitMenus(menus.slice(0, 10), 10)).toEqual({ shown: menus.slice(0, 10), more: false });
  });
  it('keeps a cell for "more" when they do not', () => {
    expect(splitMenus(menus, 10)).toEqual({ shown: menus.slice(0, 9), more: true });
  });
});

describe('the menus and pages of a card (capability table)', () => {
  const device = { sourceType: 2, deviceNo: 'MF0000000001' };
  const plain = { sourceType: 1, deviceNo: '', capabilities: ['speedUp' as const] };
  const menus = [
    { key: 'package', type: 'page', path: '/pages/iot/index/package/index' },
    { key: 'deviceManage', type: 'page', path: '/pages-sub/iot/deviceManage/index' },
    { key: 'switchNet', type: 'page', path: '/pages/iot/index/switchNet/index' },
    { key: 'deviceTerminalAuth', type: 'page', path: '/pages-sub/iot/index/deviceTerminalAuth/index' },
    { key: 'accelerate', type: 'page', path: '/pages-sub/iot/index/accelerate/index?from=menu' },
    { key: 'site', type: 'url', path: 'https://example.com/accelerate' },
  ];

  it('a plain SIM sees no device page; a device sees those its model offers', () => {
    expect(menusForCard(menus, plain).map((m) => m.key)).toEqual(['package', 'accelerate', 'site']);
    const full = { ...device, capabilities: [...CAPABILITIES] };
    expect(menusForCard(menus, full).map((m) => m.key)).toEqual([
      'package',
      'deviceManage',
      'switchNet',
      'deviceTerminalAuth',
      'accelerate',
      'site',
    ]);
    const lite = { ...device, capabilities: ['wifiControl' as const] };
    expect(menusForCard(menus, lite).map((m) => m.key)).toEqual(['package', 'deviceManage', 'site']);
  });

  it('switch network needs switching SIMs or the network mode; a band needs Wi-Fi control, the 5 GHz band its own', () => {
    const path = '/pages/iot/index/switchNet/index';
    expect(offers(path, { ...device, capabilities: ['networkMode'] })).toBe(true);
    expect(offers(path, { ...device, capabilities: ['switchSim'] })).toBe(true);
    expect(offers(path, { ...device, capabilities: ['wifiControl'] })).toBe(false);
    expect(offersBand('2.4G', { ...device, capabilities: ['wifiControl'] })).toBe(true);
    expect(offersBand('5G', { ...device, capabilities: ['wifiControl'] })).toBe(false);
    expect(offersBand('5G', { ...device, capabilities: ['wifiControl', 'fiveG'] })).toBe(true);
    expect(offersBand('5G', { ...device, capabilities: ['fiveG'] })).toBe(false);
    expect(offers('/pages/iot/index/balance/index', plain)).toBe(true);
  });
});
