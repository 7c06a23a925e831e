import type { SimInfo, SimLayoutReply } from '@simshop/contract/iot';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import type { PullStatus } from 'antd-mobile/es/components/pull-to-refresh';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSimInfo } from '../../../features/sim/api/sim-info.ts';
import { useSimLayout } from '../../../features/sim/api/sim-layout.ts';
import { refreshSimInfo } from '../../../features/sim/api/sim-refresh.ts';
import { FlowCard } from '../../../features/sim/components/flow-card.tsx';
import { SimHeader } from '../../../features/sim/components/header/header.tsx';
import { IotTabBar } from '../../../features/sim/components/iot-tab-bar.tsx';
import { ItemCard } from '../../../features/sim/components/item-card.tsx';
import { Menus } from '../../../features/sim/components/menus.tsx';
import { Notice } from '../../../features/sim/components/notice.tsx';
import { SimStatusTips } from '../../../features/sim/components/sim-status-tips.tsx';
import { SimSwiper } from '../../../features/sim/components/swiper.tsx';
import { Warranty } from '../../../features/sim/components/warranty.tsx';
import { isDevice } from '../../../features/sim/labels.ts';
import { useLayoutText } from '../../../features/sim/layout-text.ts';
import { menusForCard } from '../../../features/sim/menu.ts';
import { parsePreview, usePreview } from '../../../features/sim/stores/preview.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { FirstOpen, useAfterFirstPaint } from '../../../lib/after-paint.tsx';
import { formatNearDateTime } from '../../../lib/datetime.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const MORE_MENU = '/pages/iot/index/moreMenu/index';

// What the dashboard shows only on a tap, in a rare state or after the first paint loads apart
// from it: the popups (with their animation library), the pull-to-refresh gesture and the error view.
const BreakPopup = lazy(() => import('../../../features/sim/components/break-popup.tsx').then((m) => ({ default: m.BreakPopup })));
const LayoutPopup = lazy(() => import('../../../features/sim/components/layout-popup.tsx').then((m) => ({ default: m.LayoutPopup })));
const PullToRefresh = lazy(() => import('../../../features/sim/components/pull-refresh.tsx'));
const ErrorBlock = lazy(() => import('../../../components/error-view.tsx'));

/** The layout popup shows once per visit of the app, unless the holder said not to show it again. */
let layoutPopupShown = false;

function DashboardSkeleton() {
  return (
    <div className="sim-page" data-testid="sim-loading">
      <div className="sim-header-gradual">
        <div className="sim-header-bg" style={{ background: 'linear-gradient(180deg,#017a62,#3fbf9f)', height: 140 }} />
      </div>
      <div className="card" style={{ marginTop: -60, position: 'relative' }}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
      <div className="card">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}

function Elements({ info, reply, onBreak, preview }: { info: SimInfo; reply: SimLayoutReply; onBreak: () => void; preview: string }) {
  const { t } = useTranslation();
  const text = useLayoutText();
  const { layout } = reply;
  const values = { promoCode: info.promoCode || reply.promoCode, sn: info.simNo };
  const out: ReactNode[] = [];
  for (const el of layout.index.elements) {
    if (!el.switch) continue;
    const title = text('element', el.key, el.title);
    switch (el.key) {
      case 'header':
        out.push(<SimHeader key="header" layout={layout} info={info} preview={preview} />);
        break;
      case 'simStatusTips':
        out.push(<SimStatusTips key="tips" info={info} onBreak={onBreak} />);
        break;
      case 'notice':
        out.push(<Notice key="notice" text={layout.notice} notices={reply.notices} />);
        break;
      case 'flowCard':
        out.push(<FlowCard key="flow" info={info} title={title || t('iot.element.flowCard')} style={el.style} />);
        break;
      case 'itemCard':
        out.push(<ItemCard key="items" items={el.items} info={info} title={title} />);
        break;
      case 'menus':
        out.push(
          <Menus
            key="menus"
            title={title || t('iot.element.menus')}
            menus={menusForCard(layout.menus, isDevice(info))}
            values={values}
            max={layout.maxMenuTimes}
            morePath={MORE_MENU}
          />,
        );
        break;
      case 'swiper':
        out.push(<SimSwiper key="swiper" items={layout.carousels} values={values} />);
        break;
      case 'warranty':
        out.push(<Warranty key="warranty" info={info} title={title || t('iot.element.warranty')} />);
        break;
      default:
        break;
    }
  }
  return <>{out}</>;
}

/** The dashboard's pull-to-refresh, from the first idle moment after the dashboard first shows. */
function Refreshable({
  onRefresh,
  statusText,
  children,
}: {
  onRefresh: () => Promise<void>;
  statusText: Record<PullStatus, string>;
  children: ReactNode;
}) {
  const afterPaint = useAfterFirstPaint();
  if (!afterPaint) return <>{children}</>;
  return (
    <Suspense fallback={children}>
      <PullToRefresh onRefresh={onRefresh} renderText={(status) => <span data-testid="pull-status">{statusText[status]}</span>}>
        {children}
      </PullToRefresh>
    </Suspense>
  );
}

/** The SIM dashboard (spec §2), driven by the layout of the card's promoter. */
export default function IotHomePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const info = useSimInfo();
  const layout = useSimLayout();
  const [search] = useSearchParams();
  const preview = usePreview((s) => s.previewSimNo);
  const setPreview = usePreview((s) => s.setPreviewSimNo);
  const popupPrevent = useSession((s) => s.iotIndexPopupPrevent);
  const [breakOpen, setBreakOpen] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const breakShown = useRef(false);

  // ?iotPreview=IotLayout:{digits}: sets the preview SIM number and reloads the SIM info.
  const previewParam = parsePreview(search.get('iotPreview'));
  useEffect(() => {
    if (!previewParam || !loggedIn) return;
    setPreview(previewParam);
    void info.refetch();
  }, [previewParam, loggedIn, setPreview, info.refetch]);

  // A card in break state opens the break popup once when the dashboard shows.
  const inBreak = (info.data?.breakRuleId ?? 0) > 0;
  useEffect(() => {
    if (inBreak && !breakShown.current) {
      breakShown.current = true;
      setBreakOpen(true);
    }
  }, [inBreak]);

  const popup = layout.data?.layout.popup;
  useEffect(() => {
    if (!popup?.switch || popupPrevent || layoutPopupShown || inBreak || !info.data) return;
    layoutPopupShown = true;
    setPopupOpen(true);
  }, [popup?.switch, popupPrevent, inBreak, info.data]);

  if (!loggedIn) return null;
  if (info.isError || layout.isError) {
    return (
      <div className="center-view">
        <Suspense fallback={<p>{t('iot.common.loadFailed')}</p>}>
          <ErrorBlock status="default" title={t('iot.common.loadFailed')} description="" />
        </Suspense>
        <button
          type="button"
          className="sim-pill-btn"
          onClick={() => {
            void info.refetch();
            void layout.refetch();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!info.data || !layout.data) return <DashboardSkeleton />;

  const reply = layout.data;
  const tabsOn = reply.layout.tabBar.switch;
  const statusText: Record<PullStatus, string> = {
    pulling: t('iot.pull.pulling'),
    canRelease: t('iot.pull.canRelease'),
    refreshing: t('iot.pull.refreshing'),
    complete: t('iot.pull.complete'),
  };
  const body = (
    <>
      <Elements info={info.data} reply={reply} onBreak={() => setBreakOpen(true)} preview={preview} />
      <div className="sim-footer-tips" data-testid="synced-at">
        {info.data.lastRobinAt ? t('iot.home.synced', { time: formatNearDateTime(info.data.lastRobinAt) }) : null}
        {reply.layout.refreshSwitch ? <div>{t('iot.home.pullHint')}</div> : null}
      </div>
    </>
  );
  return (
    <div className={`sim-page ${tabsOn ? 'with-tabs' : ''}`} data-testid="sim-dashboard">
      {reply.layout.refreshSwitch ? (
        <Refreshable
          onRefresh={async () => {
            await Promise.all([refreshSimInfo(queryClient), layout.refetch()]);
          }}
          statusText={statusText}
        >
          {body}
        </Refreshable>
      ) : (
        body
      )}
      {tabsOn ? <IotTabBar tabBar={reply.layout.tabBar} /> : null}
      <FirstOpen open={breakOpen}>
        <BreakPopup info={info.data} visible={breakOpen} onClose={() => setBreakOpen(false)} />
      </FirstOpen>
      <FirstOpen open={popupOpen && !breakOpen}>
        <LayoutPopup
          title={popup?.title ?? ''}
          content={popup?.content ?? ''}
          visible={popupOpen && !breakOpen}
          onClose={() => setPopupOpen(false)}
        />
      </FirstOpen>
    </div>
  );
}
