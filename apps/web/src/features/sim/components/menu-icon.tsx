import {
  AppOutline,
  AppstoreOutline,
  BillOutline,
  CheckShieldOutline,
  ContentOutline,
  CouponOutline,
  FileOutline,
  FireFill,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  LinkOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  PayCircleOutline,
  PhonebookOutline,
  ScanningFaceOutline,
  SetOutline,
  ShopbagOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { type ComponentType, useState } from 'react';

/** Glyph and tile colours of the built-in menu keys. */
const GLYPHS: Record<string, [ComponentType<{ fontSize?: number | string }>, string, string]> = {
  package: [GiftOutline, '#ff8a3d', '#ffb36b'],
  balance: [PayCircleOutline, '#f5a623', '#ffcf5c'],
  packageInfo: [BillOutline, '#2f80ed', '#56a8ff'],
  historyLine: [HistogramOutline, '#7b61ff', '#a08bff'],
  realname: [ScanningFaceOutline, '#00a870', '#3fd1a0'],
  realnameAuth: [ScanningFaceOutline, '#00a870', '#3fd1a0'],
  bindPhone: [PhonebookOutline, '#2f80ed', '#56a8ff'],
  oauth: [LinkOutline, '#07c160', '#5ad88f'],
  orderLogs: [UnorderedListOutline, '#ff6b6b', '#ff9a8b'],
  customer: [MessageOutline, '#13c2c2', '#5cdbd3'],
  user: [UserOutline, '#017a62', '#2fc39f'],
  guide: [ContentOutline, '#597ef7', '#85a5ff'],
  mini: [AppstoreOutline, '#eb2f96', '#ff85c0'],
  changeDevice: [LoopOutline, '#2f80ed', '#56a8ff'],
  protocol: [FileOutline, '#6e6e6e', '#bfbfbf'],
  wifi: [GlobalOutline, '#13c2c2', '#5cdbd3'],
  integralShop: [ShopbagOutline, '#ff6b6b', '#ff9a8b'],
  vip: [StarOutline, '#d4a017', '#f2c94c'],
  task: [TeamOutline, '#00a870', '#3fd1a0'],
  couponExchange: [CouponOutline, '#fa541c', '#ff9c6e'],
  accelerate: [FireFill, '#d4380d', '#ff7a45'],
  setting: [SetOutline, '#595959', '#6e6e6e'],
  diagnose: [CheckShieldOutline, '#0e9f6e', '#5ad88f'],
  more: [AppOutline, '#6e6e6e', '#bfbfbf'],
  deviceManage: [SetOutline, '#017a62', '#2fc39f'],
  switchNet: [LoopOutline, '#597ef7', '#85a5ff'],
  deviceTerminalAuth: [LockOutline, '#fa8c16', '#ffc069'],
};

const isRemote = (src: string) => /^https?:\/\//i.test(src);

/**
 * The icon of a menu item: an uploaded image (http link) when the promoter set one, else the
 * built-in glyph of its key, else a generic one.
 */
export function MenuIcon({ menuKey, src, size = 44 }: { menuKey: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (src && isRemote(src) && !failed) {
    return <img className="sim-menu-img" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
  }
  const [Glyph, from, to] = GLYPHS[menuKey] ?? (GLYPHS.more as NonNullable<(typeof GLYPHS)['more']>);
  return (
    <span
      className="sim-menu-glyph"
      style={{ width: size, height: size, background: `linear-gradient(135deg, ${from}, ${to})`, boxShadow: `0 4px 10px ${from}33` }}
    >
      <Glyph fontSize={Math.round(size * 0.55)} />
    </span>
  );
}
