import { describe, expect, it } from 'vitest';
import { menuAction, splitMenus } from './menu.ts';

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
