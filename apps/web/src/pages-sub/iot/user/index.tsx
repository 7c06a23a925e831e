import type { SimInfo, SimLayoutReply } from '@simshop/contract/iot';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Avatar, List } from 'antd-mobile';
import {
  BillOutline,
  ClockCircleOutline,
  FileOutline,
  GlobalOutline,
  LeftOutline,
  LockOutline,
  PhoneFill,
  RightOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stackDepth } from '../../../app/history.ts';
import { useSimCouponList } from '../../../features/sim/api/sim-coupon-list.ts';
import '../../../features/sim/components/engage.css';
import { useSimInfo } from '../../../features/sim/api/sim-info.ts';
import { useSimLayout } from '../../../features/sim/api/sim-layout.ts';
import { useSimLogout } from '../../../features/sim/api/sim-logout.ts';
import { NumberRow } from '../../../features/sim/components/header/number-row.tsx';
import { IotTabBar } from '../../../features/sim/components/iot-tab-bar.tsx';
import { ItemCardItem } from '../../../features/sim/components/item-card.tsx';
import { Menus } from '../../../features/sim/components/menus.tsx';
import { SimLoadFailed, SimLoading } from '../../../features/sim/components/page-state.tsx';
import { SimSwiper } from '../../../features/sim/components/swiper.tsx';
import { authStatusLabel, isDevice, operatorKey, simStatusLabel } from '../../../features/sim/labels.ts';
import { useLayoutText } from '../../../features/sim/layout-text.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../lib/datetime.ts';
import { Dialog } from '../../../lib/feedback.ts';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../../../lib/i18n.ts';
import { knowsPage, navigateBack, navigateTo, redirectTo } from '../../../lib/nav.ts';

const PAY_PASSWORD = '/pages/iot/index/payPassword/index';
const SET_RENEW = '/pages/iot/index/setRenew/index';
const ORDER_LOGS = '/pages/iot/index/orderLogs/index';
const PROTOCOLS = '/pages-sub/iot/protocol/index';

/** Switching SIMs only means something inside a device. */
const CHANGE_DEVICE = '/pages-sub/iot/user/changeDevice/index';

/** Shown when the layout's asset block lists no items; untitled, so the app names them by key. */
const ASSET_ITEMS = [
  { key: 'balance', title: '', icon: '', path: '/pages/iot/index/balance/index' },
  { key: 'integral', title: '', icon: '', path: '/pages-sub/iot/index/integralLog/index' },
  { key: 'couponCoin', title: '', icon: '', path: '/pages-sub/iot/index/couponExchange/index' },
];

const EXCHANGE_ORDERS = '/pages-sub/iot/index/couponExchange/order/index';
const VIP = '/pages-sub/iot/index/vip/index';
const MY_VIP = '/pages-sub/iot/user/vip';
const ASSET = '/pages-sub/iot/user/asset';
const SERVICE = '/pages-sub/iot/user/service';
const CAROUSEL = '/pages-sub/iot/user/carousel';

/** The card's package coupons usable now, leading to its exchanges. */
function CouponsItem() {
  const { t } = useTranslation();
  const q = useSimCouponList();
  const body = (
    <>
      <span className="sim-item-value" data-testid="item-coupons">
        {q.data ? q.data.unused : '—'}
      </span>
      <span className="sim-item-label">{t('engage.coupon.assetLabel')}</span>
    </>
  );
  return knowsPage(EXCHANGE_ORDERS) ? (
    <button type="button" className="sim-item" onClick={() => void navigateTo(EXCHANGE_ORDERS)}>
      {body}
    </button>
  ) : (
    <div className="sim-item">{body}</div>
  );
}

function UserHead({ info, reply }: { info: SimInfo; reply: SimLayoutReply }) {
  const { t } = useTranslation();
  const sim = simStatusLabel(info.simStatus, info.breakRuleId);
  const auth = authStatusLabel(info.authStatus);
  const op = operatorKey(info);
  return (
    <header className="sim-user-head">
      <button
        type="button"
        className="sim-user-back"
        aria-label={t('common.back')}
        onClick={() => void (stackDepth() > 0 ? navigateBack() : redirectTo('/pages/iot/index/index'))}
      >
        <LeftOutline />
      </button>
      <div className="sim-user-title">{t('iot.title.user')}</div>
      <div className="sim-user-who">
        <Avatar alt="" src={reply.layout.avatar} style={{ '--size': '56px', '--border-radius': '50%' }} />
        <div className="sim-user-num">
          <NumberRow info={info} />
          <div className="sim-status-row">
            <span className={`sim-status-item pill tone-${sim.tone}`}>
              <i className="sim-dot" aria-hidden="true" />
              {t(sim.key)}
            </span>
            <span className={`sim-status-item pill tone-${auth.tone}`}>
              <i className="sim-dot" aria-hidden="true" />
              {t(auth.key)}
            </span>
            {op ? (
              <span className="sim-status-item pill">
                <i className="sim-dot" aria-hidden="true" />
                {t(op)}
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * The SIM app's own settings: its language (the same choice as the shop's, kept in the browser; the
 * server's texts asked for again in it) and its agreements.
 */
function LanguageSetting() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const language = (i18n.language || currentLanguage()) as Language;
  return (
    <>
      <List mode="card">
        <List.Item
          prefix={<GlobalOutline color="#017a62" />}
          extra={<span data-testid="sim-language">{t(`language.${language}`)}</span>}
          onClick={() => setOpen(true)}
        >
          {t('my.language')}
        </List.Item>
        {knowsPage(PROTOCOLS) ? (
          <List.Item prefix={<FileOutline color="#017a62" />} onClick={() => void navigateTo(PROTOCOLS)}>
            {t('iot.protocol.menu')}
          </List.Item>
        ) : null}
      </List>
      <ActionSheet
        visible={open}
        extra={t('language.choose')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        actions={LANGUAGES.map((lng) => ({
          key: lng,
          text: t(`language.${lng}`),
          bold: lng === language,
          onClick: () => {
            setOpen(false);
            void changeLanguage(lng).then(() => queryClient.invalidateQueries());
          },
        }))}
      />
    </>
  );
}

/** The SIM user page (spec §2): assets, VIP, carousel, menus and service of the layout; logout. */
export default function IotUserPage() {
  const { t } = useTranslation();
  const text = useLayoutText();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const layout = useSimLayout();
  const logout = useSimLogout();
  if (!loggedIn) return null;
  if (info.isError || layout.isError) return <SimLoadFailed onRetry={() => void Promise.all([info.refetch(), layout.refetch()])} />;
  if (!info.data || !layout.data) return <SimLoading lines={8} />;
  const data = info.data;
  const reply = layout.data;
  const { user } = reply.layout;
  const values = { promoCode: data.promoCode || reply.promoCode, sn: data.simNo };
  const blocks: ReactNode[] = [];
  for (const el of user.elements) {
    if (!el.switch) continue;
    const title = text('element', `user.${el.key}`, el.title);
    if (el.key === 'asset') {
      const items = el.items.length > 0 ? el.items : ASSET_ITEMS;
      blocks.push(
        <section key="asset" className="card sim-user-asset" aria-label={title}>
          {knowsPage(ASSET) ? (
            <button
              type="button"
              className="section-title sim-mb sim-user-block-link"
              onClick={() => void navigateTo(ASSET)}
              data-testid="user-asset-link"
            >
              {title} <RightOutline />
            </button>
          ) : (
            <h2 className="section-title sim-mb">{title}</h2>
          )}
          <div className="sim-item-card-inner">
            {items.map((item) => (
              <ItemCardItem key={item.key} item={item} info={data} />
            ))}
            <CouponsItem />
          </div>
        </section>,
      );
    } else if (el.key === 'vip' && data.vipOrder) {
      blocks.push(
        <button key="vip" type="button" className="card sim-user-vip" data-testid="user-vip" onClick={() => void navigateTo(MY_VIP)}>
          <b>{data.vipOrder.vipName}</b>
          <span>{t('iot.user.vipUntil', { date: formatDate(data.vipOrder.endAt) })}</span>
        </button>,
      );
    } else if (el.key === 'vip' && knowsPage(VIP)) {
      blocks.push(
        <section key="vip" className="card sim-user-vip-join" data-testid="user-vip">
          <span>
            <b>{t('engage.vip.join')}</b>
            <span className="muted"> · {t('engage.vip.pitch')}</span>
          </span>
          <button type="button" className="task-btn claim" onClick={() => void navigateTo(VIP)}>
            {t('engage.vip.open')}
          </button>
        </section>,
      );
    } else if (el.key === 'carousel') {
      blocks.push(<SimSwiper key="carousel" items={user.carousels} values={values} />);
      if (user.carousels.length > 1 && knowsPage(CAROUSEL)) {
        blocks.push(
          <button
            key="carousel-all"
            type="button"
            className="sim-link strong sim-user-carousel-all"
            onClick={() => void navigateTo(CAROUSEL)}
          >
            {t('iot.title.userCarousel')} <RightOutline />
          </button>,
        );
      }
    } else if (el.key === 'menus') {
      blocks.push(
        <Menus
          key="menus"
          title={title || t('iot.element.menus')}
          menus={isDevice(data) ? user.menus : user.menus.filter((m) => !m.path.startsWith(CHANGE_DEVICE))}
          values={values}
          max={user.maxMenuTimes}
          morePath="/pages-sub/iot/user/moreMenu/index"
        />,
      );
    } else if (el.key === 'service') {
      const s = user.service;
      if (!s.kefuMobile && !s.wechat && !s.workTime) continue;
      blocks.push(
        <List
          key="service"
          mode="card"
          header={
            knowsPage(SERVICE) ? (
              <button
                type="button"
                className="sim-user-block-link"
                onClick={() => void navigateTo(SERVICE)}
                data-testid="user-service-link"
              >
                {title} <RightOutline />
              </button>
            ) : (
              title
            )
          }
        >
          {s.kefuMobile ? (
            <List.Item
              prefix={<PhoneFill color="#017a62" />}
              extra={
                <a className="sim-tel" href={`tel:${s.kefuMobile.replace(/[^\d+]/g, '')}`}>
                  {s.kefuMobile}
                </a>
              }
            >
              {t('iot.service.hotline')}
            </List.Item>
          ) : null}
          {s.wechat ? (
            <List.Item prefix={<UserContactOutline color="#07c160" />} extra={s.wechat}>
              {t('iot.service.wechat')}
            </List.Item>
          ) : null}
          {s.workTime ? (
            <List.Item prefix={<ClockCircleOutline color="#f5a623" />} extra={s.workTime}>
              {t('iot.service.hours')}
            </List.Item>
          ) : null}
        </List>,
      );
    }
  }
  const payment = (
    <List key="payment" mode="card" header={t('iot.user.payment')}>
      {knowsPage(PAY_PASSWORD) ? (
        <List.Item
          prefix={<LockOutline color="#017a62" />}
          extra={data.existPayPassword ? t('iot.user.payPassOn') : t('iot.user.payPassOff')}
          onClick={() => void navigateTo(PAY_PASSWORD)}
        >
          {t('iot.title.payPassword')}
        </List.Item>
      ) : null}
      {knowsPage(SET_RENEW) ? (
        <List.Item prefix={<ClockCircleOutline color="#017a62" />} onClick={() => void navigateTo(SET_RENEW)}>
          {t('iot.title.setRenew')}
        </List.Item>
      ) : null}
      {knowsPage(ORDER_LOGS) ? (
        <List.Item prefix={<BillOutline color="#017a62" />} onClick={() => void navigateTo(ORDER_LOGS)}>
          {t('iot.title.orderLogs')}
        </List.Item>
      ) : null}
    </List>
  );
  const assetAt = blocks.findIndex((b) => (b as { key?: string } | null)?.key === 'asset');
  blocks.splice(assetAt + 1, 0, payment);
  return (
    <div className={`sim-page ${reply.layout.tabBar.switch ? 'with-tabs' : ''}`}>
      <UserHead info={data} reply={reply} />
      {blocks}
      <List mode="card">
        <List.Item extra={data.iccid}>ICCID</List.Item>
        {data.apn ? <List.Item extra={data.apn}>APN</List.Item> : null}
        {data.mobile ? <List.Item extra={data.mobile}>{t('iot.user.boundPhone')}</List.Item> : null}
      </List>
      <LanguageSetting />
      <div style={{ padding: '0 12px' }}>
        <button
          type="button"
          className="sim-ghost-btn sim-logout"
          disabled={logout.isPending}
          onClick={async () => {
            const ok = await Dialog.confirm({
              content: t('iot.user.logoutConfirm'),
              confirmText: t('iot.user.logout'),
              cancelText: t('common.cancel'),
            });
            if (ok) logout.mutate();
          }}
        >
          {t('iot.user.logout')}
        </button>
      </div>
      {reply.layout.tabBar.switch ? <IotTabBar tabBar={reply.layout.tabBar} /> : null}
    </div>
  );
}
