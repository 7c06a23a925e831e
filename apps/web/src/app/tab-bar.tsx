import { useTranslation } from 'react-i18next';
import { switchTab } from '../lib/nav.ts';
import { HomeIcon, MyIcon, OrdersIcon, ServiceIcon } from './icons.tsx';
import { TAB_PAGES } from './pages.ts';

const ICONS = [HomeIcon, OrdersIcon, ServiceIcon, MyIcon];
const LABELS = ['tab.home', 'tab.orders', 'tab.service', 'tab.my'];

/** The bottom tab bar: four entries, green when selected (spec §2). */
export function TabBar({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('tab.bar')}>
      <div className="tab-bar-list" role="tablist">
        {TAB_PAGES.map((page, i) => {
          const Icon = ICONS[i] ?? HomeIcon;
          const selected = page.tab === current;
          return (
            <button
              key={page.path}
              type="button"
              role="tab"
              aria-selected={selected}
              className="tab-bar-item"
              onClick={() => {
                if (!selected) void switchTab(page.path).catch(() => undefined);
              }}
            >
              <Icon filled={selected} />
              <span>{t(LABELS[i] ?? '')}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
