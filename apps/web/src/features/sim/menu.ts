import type { LayoutMenu, SimInfo } from '@simshop/contract/iot';
import { isDevice } from './labels.ts';

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

type CardFacts = Pick<SimInfo, 'capabilities' | 'sourceType' | 'deviceNo'>;

/**
 * What a page needs of the card (the capability table of its device model and operator, decided by
 * the server): its menus are hidden, and the page itself says it is not offered, for cards without.
 */
const PAGE_NEEDS: Readonly<Record<string, (card: CardFacts) => boolean>> = {
  '/pages-sub/iot/deviceManage/index': (c) => isDevice(c),
  '/pages-sub/iot/deviceManage/setSsidPwd/index': (c) => c.capabilities.includes('wifiControl'),
  '/pages/iot/index/switchNet/index': (c) => c.capabilities.includes('switchSim') || c.capabilities.includes('networkMode'),
  '/pages-sub/iot/index/deviceTerminalAuth/index': (c) => c.capabilities.includes('terminalAuth'),
  '/pages-sub/iot/deviceManage/security/index': (c) => c.capabilities.includes('securityCentre'),
  '/pages-sub/iot/index/accelerate/index': (c) => c.capabilities.includes('speedUp'),
  '/pages-sub/iot/index/accelerate/cashier/index': (c) => c.capabilities.includes('speedUp'),
};

/** Whether the card has what the page (a path, its query aside) needs; pages without needs are for every card. */
export function offers(path: string, card: CardFacts): boolean {
  const need = PAGE_NEEDS[path.split('?')[0] ?? ''];
  return need ? need(card) : true;
}

/** Whether the card may change a Wi-Fi band: Wi-Fi control, and for the 5 GHz band its own capability. */
export function offersBand(band: string, card: CardFacts): boolean {
  return card.capabilities.includes('wifiControl') && (band !== '5G' || card.capabilities.includes('fiveG'));
}

/** The menus that apply to the card: those whose pages it has what they need for. */
export function menusForCard<T extends { path: string; type?: string }>(menus: readonly T[], card: CardFacts): T[] {
  return menus.filter((m) => m.type === 'url' || offers(m.path, card));
}
