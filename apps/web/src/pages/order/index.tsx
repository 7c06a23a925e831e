import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { knowsPage, LOGIN, navigateTo } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';

export default function OrdersPage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const loggedIn = useSession((s) => s.userInfo.mobile !== '');
  return (
    <div>
      {!loggedIn && knowsPage(LOGIN) ? (
        <div className="card" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <span className="muted">{t('orders.loginHint')}</span>
          <Button
            size="small"
            color="primary"
            onClick={() => void navigateTo(`${LOGIN}?redirect=${encodeURIComponent('/pages/order/index')}`)}
          >
            {t('orders.login')}
          </Button>
        </div>
      ) : null}
      <div className="card">
        <ErrorBlock status="empty" title={t('orders.none')} description="" />
      </div>
      {config ? <ShopFooter front={config.front} /> : null}
    </div>
  );
}
