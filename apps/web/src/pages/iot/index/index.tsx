import type { LayoutPreviewReply } from '@simshop/contract/admin-layouts';
import type { CarrierFreshness } from '@simshop/contract/carrier-accounts';
import type { SimInfo, SimLayoutReply } from '@simshop/contract/iot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import type { PullStatus } from 'antd-mobile/es/components/pull-to-refresh';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCarrierFreshness } from '../../../features/sim/api/carrier-freshness.ts';
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
import { useLayoutText } from '../../../features/sim/layout-text.ts';
import { menusForCard } from '../../../features/sim/menu.ts';
import { parsePreview } from '../../../features/sim/stores/preview.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { FirstOpen, useAfterFirstPaint } from '../../../lib/after-paint.tsx';
import { formatNearDateTime } from '../../../lib/datetime.ts';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

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

function Elements({ info, reply, onBreak, preview }: { info: SimInfo; reply: SimLayoutReply; onBreak: () => void; preview?: string }) {
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
            menus={menusForCard(layout.menus, info)}
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

/**
 * The SIM dashboard (spec §2): a layout preview when the address asks for one (`iotPreview`, with the
 * console's preview token), else the dashboard of the session's card.
 */
export default function IotHomePage() {
  const [search] = useSearchParams();
  const iotPreview = search.get('iotPreview');
  const previewToken = search.get('previewToken');
  if (iotPreview === null && previewToken === null) return <CardDashboard />;
  return <PreviewDashboard simNo={parsePreview(iotPreview)} token={previewToken ?? ''} />;
}

/** The dashboard of the session's card, driven by the layout of the card's promoter. */
function CardDashboard() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const info = useSimInfo();
  const layout = useSimLayout();
  const freshness = useCarrierFreshness();
  const popupPrevent = useSession((s) => s.iotIndexPopupPrevent);

  if (!loggedIn) return null;
  if (info.isError || layout.isError) {
    return (
      <LoadFailed
        message={t('iot.common.loadFailed')}
        onRetry={() => {
          void info.refetch();
          void layout.refetch();
        }}
      />
    );
  }
  if (!info.data || !layout.data) return <DashboardSkeleton />;
  return (
    <DashboardView
      info={info.data}
      reply={layout.data}
      freshness={freshness.data}
      popupAllowed={!popupPrevent && !layoutPopupShown}
      onPopupShown={() => {
        layoutPopupShown = true;
      }}
      onRefresh={async () => {
        await Promise.all([refreshSimInfo(queryClient), layout.refetch(), freshness.refetch()]);
      }}
    />
  );
}

/**
 * A console preview (`?iotPreview=IotLayout:{digits}&previewToken=…`): the layout the token names with
 * demo card facts under the preview SIM number (the digits; other digits load the facts again), no
 * SIM session; taps on the page do nothing. The server checks the token; an address without one, or
 * whose iotPreview is not IotLayout and digits, is refused.
 */
function PreviewDashboard({ simNo, token }: { simNo: string | null; token: string }) {
  const { t, i18n } = useTranslation();
  const valid = simNo !== null && token !== '';
  const q = useQuery({
    queryKey: ['iot-preview', token, simNo, i18n.language],
    queryFn: () => get<LayoutPreviewReply>('/api/layoutPreview', { token, simNo }, { hideErrorToast: true, quietCodes: [-1] }),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!valid) return <LoadFailed message={t('iot.home.previewInvalid')} />;
  if (q.isError) {
    return (
      <LoadFailed
        message={q.error instanceof Error && q.error.message ? q.error.message : t('iot.common.loadFailed')}
        onRetry={() => void q.refetch()}
      />
    );
  }
  if (!q.data) return <DashboardSkeleton />;
  return (
    <DashboardView
      info={q.data.simInfo}
      reply={q.data.layout}
      preview={q.data.simInfo.simNo}
      popupAllowed
      inert
      onPopupShown={() => undefined}
      onRefresh={async () => {
        await q.refetch();
      }}
    />
  );
}

const OPERATOR_NAMES = ['onelink', 'unicom', 'telecom', 'simulator'];

/** Figures the operator reported long ago, said as such: "Updated 6 h ago by China Mobile". */
function StaleFigures({ asOf, operator }: { asOf: number; operator: string }) {
  const { t } = useTranslation();
  const minutes = Math.max(1, Math.floor((Date.now() - asOf) / 60_000));
  const ago =
    minutes < 60
      ? t('iot.home.agoMinutes', { count: minutes })
      : minutes < 48 * 60
        ? t('iot.home.agoHours', { count: Math.floor(minutes / 60) })
        : t('iot.home.agoDays', { count: Math.floor(minutes / 1440) });
  const name = t(`iot.home.operatorName.${OPERATOR_NAMES.includes(operator) ? operator : 'other'}`);
  return (
    <div className="sim-stale" data-testid="carrier-freshness">
      {t('iot.home.staleBy', { ago, operator: name })}
    </div>
  );
}

/** A dashboard that could not load (with a retry) or a preview link that is refused (without). */
function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="center-view">
      <Suspense fallback={<p>{message}</p>}>
        <ErrorBlock status="default" title={message} description="" />
      </Suspense>
      {onRetry ? (
        <button type="button" className="sim-pill-btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** What the dashboard shows of a card and a layout: its elements, tab bar, break and layout popups. */
function DashboardView({
  info,
  reply,
  freshness,
  preview,
  popupAllowed,
  onPopupShown,
  onRefresh,
  inert = false,
}: {
  info: SimInfo;
  reply: SimLayoutReply;
  /** Which operator the figures come from and up to when (none in a preview). */
  freshness?: CarrierFreshness;
  /** The preview SIM number (a console preview only). */
  preview?: string;
  /** The layout popup may open (once) now. */
  popupAllowed: boolean;
  onPopupShown: () => void;
  onRefresh: () => Promise<void>;
  /** A preview: taps on the page do nothing. */
  inert?: boolean;
}) {
  const { t } = useTranslation();
  const [breakOpen, setBreakOpen] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const breakShown = useRef(false);
  const popupShown = useRef(false);

  // A card in break state opens the break popup once when the dashboard shows.
  const inBreak = info.breakRuleId > 0;
  useEffect(() => {
    if (inBreak && !breakShown.current) {
      breakShown.current = true;
      setBreakOpen(true);
    }
  }, [inBreak]);

  const popup = reply.layout.popup;
  useEffect(() => {
    if (!popup.switch || !popupAllowed || popupShown.current || inBreak) return;
    popupShown.current = true;
    onPopupShown();
    setPopupOpen(true);
  }, [popup.switch, popupAllowed, inBreak, onPopupShown]);

  const tabsOn = reply.layout.tabBar.switch;
  const statusText: Record<PullStatus, string> = {
    pulling: t('iot.pull.pulling'),
    canRelease: t('iot.pull.canRelease'),
    refreshing: t('iot.pull.refreshing'),
    complete: t('iot.pull.complete'),
  };
  const body = (
    <>
      <Elements info={info} reply={reply} onBreak={() => setBreakOpen(true)} preview={preview} />
      <div className="sim-footer-tips" data-testid="synced-at">
        {info.lastRobinAt ? t('iot.home.synced', { time: formatNearDateTime(info.lastRobinAt) }) : null}
        {freshness?.stale && freshness.asOf !== null ? <StaleFigures asOf={freshness.asOf} operator={freshness.operator} /> : null}
        {reply.layout.refreshSwitch ? <div>{t('iot.home.pullHint')}</div> : null}
      </div>
    </>
  );
  const page = (
    <>
      {reply.layout.refreshSwitch && !inert ? (
        <Refreshable onRefresh={onRefresh} statusText={statusText}>
          {body}
        </Refreshable>
      ) : (
        body
      )}
      {tabsOn ? <IotTabBar tabBar={reply.layout.tabBar} /> : null}
    </>
  );
  return (
    <div className={`sim-page ${tabsOn ? 'with-tabs' : ''}`} data-testid="sim-dashboard">
      {inert ? (
        <div
          data-testid="preview-page"
          onClickCapture={(e) => {
            e.preventDefault();
            e.stopPropagation();
          }}
        >
          {page}
        </div>
      ) : (
        page
      )}
      <FirstOpen open={breakOpen}>
        <BreakPopup info={info} visible={breakOpen} onClose={() => setBreakOpen(false)} />
      </FirstOpen>
      <FirstOpen open={popupOpen && !breakOpen}>
        <LayoutPopup
          title={popup.title}
          content={popup.content}
          visible={popupOpen && !breakOpen}
          onClose={() => setPopupOpen(false)}
          preview={inert}
        />
      </FirstOpen>
    </div>
  );
}
