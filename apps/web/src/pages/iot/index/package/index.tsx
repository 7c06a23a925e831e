import type { CatalogPackage, PackageChooseReply } from '@simshop/contract/iot-money';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePackageChoose } from '../../../../features/sim/api/package-choose.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { useSimLayout } from '../../../../features/sim/api/sim-layout.ts';
import { IotTabBar } from '../../../../features/sim/components/iot-tab-bar.tsx';
import { CardsSkeleton, MoneyEmpty, PackageCard } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { realnameAction } from '../../../../features/sim/realname-action.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../../lib/datetime.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { SeckillSection } from './SeckillSection.tsx';

const DETAILS = '/pages-sub/iot/index/packageDetails/index';
const SET_RENEW = '/pages/iot/index/setRenew/index';
const ORDER_LOGS = '/pages/iot/index/orderLogs/index';
const BALANCE = '/pages/iot/index/balance/index';

type Category = 'base' | 'addon' | 'volume';
const CATEGORIES: Category[] = ['base', 'addon', 'volume'];

function Summary({ data }: { data: PackageChooseReply }) {
  const { t } = useTranslation();
  return (
    <section className="money-hero pkg-hero">
      <div className="money-hero-row">
        <div>
          <div className="money-hero-label">{data.needBuyPackage ? t('iot.package.none') : t('iot.money.currentEnds')}</div>
          <div className="money-hero-value" data-testid="current-end">
            {data.needBuyPackage || !data.endAt ? t('iot.money.buyToStart') : formatDate(data.endAt)}
          </div>
        </div>
        <button type="button" className="money-hero-side" onClick={() => knowsPage(BALANCE) && void navigateTo(BALANCE)}>
          <span className="money-hero-label">{t('iot.item.balance')}</span>
          <b data-testid="choose-balance">¥{yuan(data.balance)}</b>
        </button>
      </div>
      <div className="money-hero-links">
        {knowsPage(SET_RENEW) ? (
          <button type="button" onClick={() => void navigateTo(SET_RENEW)}>
            {t('iot.title.setRenew')} <RightOutline />
          </button>
        ) : null}
        {knowsPage(ORDER_LOGS) ? (
          <button type="button" onClick={() => void navigateTo(ORDER_LOGS)}>
            {t('iot.title.orderLogs')} <RightOutline />
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** Packages of the card by category (spec §2 package/index), flash sales on top. */
export default function PackagePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const choose = usePackageChoose();
  const layout = useSimLayout();
  const info = useSimInfo();
  const [tab, setTab] = useState<Category | null>(null);
  if (!loggedIn) return null;
  if (choose.isError) return <SimLoadFailed onRetry={() => void choose.refetch()} />;

  const realname = realnameAction();
  const open = (pkg: CatalogPackage) => void navigateTo(`${DETAILS}?packageId=${pkg.id}`);
  const data = choose.data;
  const categories = data ? CATEGORIES.filter((c) => data[c].length > 0) : [];
  const active = tab && categories.includes(tab) ? tab : (categories[0] ?? 'base');
  const tabsOn = layout.data?.layout.tabBar.switch ?? false;

  return (
    <div className={`sim-page money-page ${tabsOn ? 'with-tabs' : ''}`} data-testid="package-page">
      <PullToRefresh onRefresh={async () => void (await choose.refetch())}>
        {data ? <Summary data={data} /> : <div className="money-hero pkg-hero skeleton" />}
        {data?.realnameRequired && info.data?.needAuth ? (
          <div className="money-banner" role="status" data-testid="realname-banner">
            <span>{t('iot.money.realnameBanner')}</span>
            <button type="button" className="sim-pill-btn" onClick={realname.go}>
              {realname.label}
            </button>
          </div>
        ) : null}
        {data ? <SeckillSection packages={data.seckill} onOpen={open} /> : null}
        {!data ? (
          <CardsSkeleton />
        ) : categories.length === 0 ? (
          <MoneyEmpty text={t('iot.money.noPackages')} />
        ) : (
          <>
            <Tabs activeKey={active} onChange={(k) => setTab(k as Category)} className="money-tabs">
              {categories.map((c) => (
                <Tabs.Tab key={c} title={t(`iot.money.kind.${c}`)} />
              ))}
            </Tabs>
            <ul className="pkg-list" aria-label={t(`iot.money.kind.${active}`)}>
              {data[active].map((p) => (
                <li key={p.id}>
                  <PackageCard pkg={p} onOpen={() => open(p)} />
                </li>
              ))}
            </ul>
            <p className="money-footnote">{t(`iot.money.kindHint.${active}`)}</p>
          </>
        )}
      </PullToRefresh>
      {tabsOn && layout.data ? <IotTabBar tabBar={layout.data.layout.tabBar} /> : null}
    </div>
  );
}
