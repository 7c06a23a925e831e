import { List } from 'antd-mobile';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { MyGrid } from './index2.tsx';
import { LogoutButton, MyHead, OrderShortcuts, useMyEntries } from './my-parts.tsx';

/** The My tab: the visitor, orders by state, invite, customer service, language, about, logout. */
export default function MyPage() {
  const config = useBaseConfig();
  const { entries, popups } = useMyEntries(config);
  // Storefront template 2 lays the tab out as a grid (spec §2 /pages/user/index2).
  if (config?.front.shopTemplate === 2) return <MyGrid />;
  return (
    <div className="my">
      <MyHead config={config} />
      <OrderShortcuts />
      <List mode="card">
        {entries.map((e) => (
          <List.Item
            key={e.key}
            prefix={<span className="my-entry-icon">{e.icon}</span>}
            extra={e.extra}
            onClick={e.onClick}
            data-testid={e.testId ?? `my-${e.key}`}
          >
            {e.label}
          </List.Item>
        ))}
      </List>
      <LogoutButton />
      {config ? <ShopFooter front={config.front} /> : null}
      {popups}
    </div>
  );
}
