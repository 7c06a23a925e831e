import { LAYOUT_MENU_PAGES } from '@simshop/contract/admin-layouts';
import { describe, expect, it } from 'vitest';
import { pages } from './pages.ts';

describe('pages the console offers as layout menu targets', () => {
  it('are all pages of this app', () => {
    const known = new Set(pages.map((p) => p.path));
    expect(LAYOUT_MENU_PAGES.filter((p) => !known.has(p.path)).map((p) => p.path)).toEqual([]);
  });
});
