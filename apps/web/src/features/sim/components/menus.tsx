import './sim.css';
import type { LayoutMenu } from '@simshop/contract/iot';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../../lib/feedback.ts';
import { t as translate } from '../../../lib/i18n.ts';
import { knowsPage, NavError, navigateTo, openPage, redirectTo } from '../../../lib/nav.ts';
import { useLayoutText } from '../layout-text.ts';
import { menuAction, splitMenus } from '../menu.ts';
import { MenuIcon } from './menu-icon.tsx';

/** Runs a layout menu (spec §2): page, tab-style page switch, url with placeholders, or not supported. */
export function runMenu(menu: Pick<LayoutMenu, 'type' | 'path'>, values: { promoCode: string; sn: string }): void {
  const action = menuAction(menu, values);
  const onNavError = (error: unknown) => {
    if (error instanceof NavError) Toast.show({ content: error.message });
  };
  switch (action.kind) {
    case 'page':
      (action.tabSwitch ? redirectTo(action.path) : openPage(action.path)).catch(onNavError);
      return;
    case 'url': {
      // A link to a page of this app (its own address with a #/pages route) opens in the app.
      if (action.url.startsWith('/pages')) {
        openPage(action.url).catch(onNavError);
        return;
      }
      const target = new URL(action.url, window.location.href);
      const inApp =
        target.origin === window.location.origin && target.pathname === window.location.pathname && target.hash.startsWith('#/');
      if (inApp) openPage(target.hash.slice(1)).catch(onNavError);
      else window.location.href = target.href;
      return;
    }
    case 'unsupported':
      Toast.show({ content: translate('iot.menu.unsupported') });
      return;
    default:
      return;
  }
}

/** Page menus only when the page exists in this build; urls and other types always (spec §2). */
export function visibleMenus(menus: readonly LayoutMenu[]): LayoutMenu[] {
  return menus.filter((m) => m.type !== 'page' || knowsPage(m.path));
}

export function MenuGrid({
  menus,
  values,
  max,
  morePath,
  columns = 4,
}: {
  menus: readonly LayoutMenu[];
  values: { promoCode: string; sn: string };
  max: number;
  morePath?: string;
  columns?: number;
}) {
  const { t } = useTranslation();
  const text = useLayoutText();
  const { shown, more } = splitMenus(menus, morePath ? max : Number.MAX_SAFE_INTEGER);
  return (
    <ul className="sim-menu-grid" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {shown.map((menu) => (
        <li key={menu.key + menu.path}>
          <button
            type="button"
            className="sim-menu-item"
            data-wrap-ok="grid label"
            onClick={() => runMenu(menu, values)}
            data-menu={menu.key}
          >
            <MenuIcon menuKey={menu.key} src={menu.icon} />
            <span>{text('menu', menu.key, menu.title)}</span>
          </button>
        </li>
      ))}
      {more && morePath ? (
        <li>
          <button
            type="button"
            className="sim-menu-item"
            data-wrap-ok="grid label"
            onClick={() => void navigateTo(morePath)}
            data-menu="more"
          >
            <MenuIcon menuKey="more" />
            <span>{t('iot.menu.more')}</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The menu card of a page: title, "all" link when some menus are under "more", the grid. */
export function Menus({
  title,
  menus,
  values,
  max,
  morePath,
}: {
  title: string;
  menus: readonly LayoutMenu[];
  values: { promoCode: string; sn: string };
  max: number;
  morePath: string;
}) {
  const { t } = useTranslation();
  const list = visibleMenus(menus);
  if (list.length === 0) return null;
  return (
    <section className="card sim-menus" aria-label={title}>
      <div className="sim-card-head">
        <h2 className="section-title">{title}</h2>
        {list.length > max ? (
          <button type="button" className="sim-link" onClick={() => void navigateTo(morePath)}>
            {t('iot.menu.all')} <RightOutline />
          </button>
        ) : null}
      </div>
      <MenuGrid menus={list} values={values} max={max} morePath={morePath} />
    </section>
  );
}
