import type { SimLayout } from '@simshop/contract/iot';
import { AppOutline, GiftOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { knowsPage, redirectTo } from '../../../lib/nav.ts';
import { useLayoutText } from '../layout-text.ts';

const GLYPH: Record<string, ComponentType<{ fontSize?: number }>> = {
  '/pages/iot/index/index': AppOutline,
  '/pages/iot/index/package/index': GiftOutline,
  '/pages-sub/iot/user/index': UserOutline,
};
const KEY: Record<string, string> = {
  '/pages/iot/index/index': 'home',
  '/pages/iot/index/package/index': 'package',
  '/pages-sub/iot/user/index': 'user',
};

/** The tab bar of the SIM layout, when switched on (spec §2): its items switch pages tab-style. */
export function IotTabBar({ tabBar }: { tabBar: SimLayout['tabBar'] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const text = useLayoutText();
  const items = tabBar.items.filter((i) => i.switch && knowsPage(i.path));
  if (!tabBar.switch || items.length < 2) return null;
  const middle = tabBar.middleBulge && items.length % 2 === 1 ? (items.length - 1) / 2 : -1;
  return (
    <nav className="sim-tab-bar" aria-label={t('tab.bar')}>
      {items.map((item, i) => {
        const path = item.path.split('?')[0] ?? '';
        const selected = location.pathname === path;
        const Glyph = GLYPH[path] ?? AppOutline;
        return (
          <button
            key={item.path}
            type="button"
            role="tab"
            aria-selected={selected}
            className={`sim-tab ${i === middle ? 'bulge' : ''}`}
            onClick={() => {
              if (!selected) void redirectTo(item.path);
            }}
          >
            <span className="sim-tab-icon">
              <Glyph fontSize={i === middle ? 26 : 22} />
            </span>
            <span>{text('element', `tab.${KEY[path] ?? 'other'}`, item.text)}</span>
          </button>
        );
      })}
    </nav>
  );
}
