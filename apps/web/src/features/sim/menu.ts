import type { LayoutMenu } from '@simshop/contract/iot';

/**
 * What tapping a layout menu does (spec §2): `page` opens an internal page (a path containing
 * type=page is a tab-style switch, replacing the current page); `url` opens the link with
 * [promoCode] and [sn] replaced; any other type is not supported.
 */
export type MenuAction =
  | { kind: 'page'; path: string; tabSwitch: boolean }
  | { kind: 'url'; url: string }
  | { kind: 'unsupported' }
  | { kind: 'none' };

/** Replaces the [promoCode] and [sn] placeholders of a url menu (same rule as the contract's fillMenuUrl). */
export function fillMenuUrl(url: string, values: { promoCode: string; sn: string }): string {
  return url.replaceAll('[promoCode]', encodeURIComponent(values.promoCode)).replaceAll('[sn]', encodeURIComponent(values.sn));
}

export function menuAction(menu: Pick<LayoutMenu, 'type' | 'path'>, values: { promoCode: string; sn: string }): MenuAction {
  if (menu.type === 'page') {
    if (!menu.path) return { kind: 'none' };
    return { kind: 'page', path: menu.path, tabSwitch: /[?&]type=page(&|$)/.test(menu.path) };
  }
  if (menu.type === 'url') {
    if (!menu.path) return { kind: 'none' };
    return { kind: 'url', url: fillMenuUrl(menu.path, values) };
  }
  return { kind: 'unsupported' };
}

/** The menus shown on the page (at most maxMenuTimes) and whether the rest go under "more". */
export function splitMenus<T>(menus: readonly T[], max: number): { shown: T[]; more: boolean } {
  const limit = Math.max(1, Math.floor(max) || 10);
  if (menus.length <= limit) return { shown: [...menus], more: false };
  // The last cell becomes the "more" entry.
  return { shown: menus.slice(0, limit - 1), more: true };
}

/** Pages only a card in a portable Wi-Fi device has use for: their menus are hidden for a plain SIM. */
export const DEVICE_ONLY_PAGES = [
  '/pages-sub/iot/deviceManage/index',
  '/pages/iot/index/switchNet/index',
  '/pages-sub/iot/index/deviceTerminalAuth/index',
] as const;

/** The menus that apply to the card: device pages only for a device. */
export function menusForCard<T extends { path: string }>(menus: readonly T[], device: boolean): T[] {
  return device ? [...menus] : menus.filter((m) => !DEVICE_ONLY_PAGES.some((p) => m.path.split('?')[0] === p));
}
