import type { OperatorRole } from '@simshop/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { LanguagePicker } from '../components/language-picker.tsx';
import { useOperator } from '../components/use-operator.ts';
import { api, setSignedOutHandler } from '../lib/api.ts';
import { getToken, setToken } from '../lib/session.ts';

/** The side menu: every entry is a page of the router, shown to the roles that may use it. */
const MENU: { path: string; key: string; roles: readonly OperatorRole[] }[] = [
  { path: '/', key: 'reports.menuDashboard', roles: ['owner', 'agent'] },
  { path: '/storefronts', key: 'menu.storefronts', roles: ['owner', 'agent', 'staff'] },
  { path: '/orders', key: 'menu.orders', roles: ['owner', 'agent', 'staff'] },
  { path: '/fastNumber', key: 'fastNumber.menu', roles: ['owner', 'agent', 'staff'] },
  { path: '/reconciliation', key: 'reports.menuReconciliation', roles: ['owner'] },
  { path: '/goods', key: 'catalogue.menu', roles: ['owner', 'agent'] },
  { path: '/packages', key: 'catalogue.menuPackages', roles: ['owner', 'agent'] },
  { path: '/engage', key: 'engage.menu', roles: ['owner', 'agent'] },
  { path: '/topupOffers', key: 'iotCatalogue.menuOffers', roles: ['owner', 'agent'] },
  { path: '/coupons', key: 'iotCatalogue.menuCoupons', roles: ['owner', 'agent'] },
  { path: '/numbers', key: 'menu.numbers', roles: ['owner'] },
  { path: '/numbers/prices', key: 'priceRules.menu', roles: ['owner'] },
  { path: '/numberPackages', key: 'numberPlans.menu', roles: ['owner'] },
  { path: '/agents', key: 'menu.agents', roles: ['owner', 'agent'] },
  { path: '/sims', key: 'sims.menu', roles: ['owner', 'agent'] },
  { path: '/sims/realname', key: 'sims.review.menu', roles: ['owner', 'agent'] },
  { path: '/capabilities', key: 'capabilities.menu', roles: ['owner'] },
  { path: '/layouts', key: 'layouts.menu', roles: ['owner', 'agent'] },
  { path: '/content', key: 'layouts.contentMenu', roles: ['owner', 'agent'] },
  { path: '/operators', key: 'operators.menu', roles: ['owner'] },
  { path: '/audit', key: 'menu.audit', roles: ['owner'] },
  { path: '/webhooks', key: 'webhooks.menu', roles: ['owner', 'agent'] },
  { path: '/carrierAccounts', key: 'carrierAccounts.menu', roles: ['owner', 'agent'] },
  { path: '/carrierReconciliation', key: 'carrierRecon.menu', roles: ['owner', 'agent'] },
];

export function ConsoleLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useOperator();
  // A page's code loads when it is first opened; meanwhile the page before it stays, dimmed.
  const opening = useNavigation().state === 'loading';
  useEffect(() => {
    setSignedOutHandler(() => {
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);
  if (!getToken()) return <Navigate to="/login" replace />;
  if (!me.data) return <Spin fullscreen />;
  const op = me.data.operator;
  const items = MENU.filter((m) => m.roles.includes(op.role)).map((m) => ({ key: m.path, label: t(m.key) }));
  const signOut = async () => {
    await api('POST', '/logout').catch(() => undefined);
    setToken('');
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="light" breakpoint="lg">
        <div style={{ padding: '16px 20px', fontWeight: 600 }}>{t('app.title')}</div>
        <Menu mode="inline" selectedKeys={[location.pathname]} items={items} onClick={({ key }) => navigate(key)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16 }}>
          <Space>
            <Typography.Text data-testid="operator">
              {op.name} · {t(`role.${op.role}`)}
              {op.promoter ? ` · ${op.promoter.name}` : ''}
            </Typography.Text>
            <LanguagePicker />
            <Button onClick={signOut}>{t('common.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Spin spinning={opening} delay={200}>
            <Outlet context={op} />
          </Spin>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
