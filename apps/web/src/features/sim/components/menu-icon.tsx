import { type ComponentType, useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../../../lib/after-paint.tsx';

type Glyphs = Record<string, ComponentType<{ fontSize?: number | string }>>;

/** Glyph (by name, menu-glyphs.tsx) and tile colours of the built-in menu keys. */
const TILES: Record<string, [glyph: string, from: string, to: string]> = {
  package: ['GiftOutline', '#ff8a3d', '#ffb36b'],
  balance: ['PayCircleOutline', '#f5a623', '#ffcf5c'],
  packageInfo: ['BillOutline', '#2f80ed', '#56a8ff'],
  historyLine: ['HistogramOutline', '#7b61ff', '#a08bff'],
  realname: ['ScanningFaceOutline', '#00a870', '#3fd1a0'],
  realnameAuth: ['ScanningFaceOutline', '#00a870', '#3fd1a0'],
  bindPhone: ['PhonebookOutline', '#2f80ed', '#56a8ff'],
  oauth: ['LinkOutline', '#07c160', '#5ad88f'],
  orderLogs: ['UnorderedListOutline', '#ff6b6b', '#ff9a8b'],
  customer: ['MessageOutline', '#13c2c2', '#5cdbd3'],
  user: ['UserOutline', '#017a62', '#2fc39f'],
  guide: ['ContentOutline', '#597ef7', '#85a5ff'],
  mini: ['AppstoreOutline', '#eb2f96', '#ff85c0'],
  changeDevice: ['LoopOutline', '#2f80ed', '#56a8ff'],
  protocol: ['FileOutline', '#6e6e6e', '#bfbfbf'],
  wifi: ['GlobalOutline', '#13c2c2', '#5cdbd3'],
  integralShop: ['ShopbagOutline', '#ff6b6b', '#ff9a8b'],
  vip: ['StarOutline', '#d4a017', '#f2c94c'],
  task: ['TeamOutline', '#00a870', '#3fd1a0'],
  couponExchange: ['CouponOutline', '#fa541c', '#ff9c6e'],
  accelerate: ['FireFill', '#d4380d', '#ff7a45'],
  setting: ['SetOutline', '#595959', '#6e6e6e'],
  diagnose: ['CheckShieldOutline', '#0e9f6e', '#5ad88f'],
  more: ['AppOutline', '#6e6e6e', '#bfbfbf'],
  deviceManage: ['SetOutline', '#017a62', '#2fc39f'],
  switchNet: ['LoopOutline', '#597ef7', '#85a5ff'],
  deviceTerminalAuth: ['LockOutline', '#fa8c16', '#ffc069'],
};

/**
 * The glyphs (about 20 KiB of icon drawings) load at the first idle moment after the menus have
 * painted (lib/after-paint.tsx): the tiles show in
 * their colours at once and take their glyphs a moment later, in place, without moving.
 */
let glyphsLoaded: Glyphs | null = null;
let glyphsLoading: Promise<Glyphs> | null = null;

function useGlyphs(): Glyphs | null {
  const [glyphs, setGlyphs] = useState(glyphsLoaded);
  const afterPaint = useAfterFirstPaint();
  useEffect(() => {
    if (glyphs || !afterPaint) return;
    glyphsLoading ??= import('./menu-glyphs.tsx').then((m) => (glyphsLoaded = m as Glyphs));
    let live = true;
    glyphsLoading.then(
      (g) => live && setGlyphs(g),
      () => {
        glyphsLoading = null; // offline: the next menu to show tries again
      },
    );
    return () => {
      live = false;
    };
  }, [glyphs, afterPaint]);
  return glyphs;
}

const isRemote = (src: string) => /^https?:\/\//i.test(src);

/**
 * The icon of a menu item: an uploaded image (http link) when the promoter set one, else the
 * built-in glyph of its key, else a generic one.
 */
export function MenuIcon({ menuKey, src, size = 44 }: { menuKey: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const glyphs = useGlyphs();
  if (src && isRemote(src) && !failed) {
    return <img className="sim-menu-img" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
  }
  const [glyph, from, to] = TILES[menuKey] ?? (TILES.more as NonNullable<(typeof TILES)['more']>);
  const Glyph = glyphs?.[glyph];
  return (
    <span
      className="sim-menu-glyph"
      style={{ width: size, height: size, background: `linear-gradient(135deg, ${from}, ${to})`, boxShadow: `0 4px 10px ${from}33` }}
    >
      {Glyph && <Glyph fontSize={Math.round(size * 0.55)} />}
    </span>
  );
}
