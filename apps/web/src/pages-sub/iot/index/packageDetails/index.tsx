import type { Effect, IotOrderView, PackageDetailsReply } from '@simshop/contract/iot-money';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postBuyPackage } from '../../../../features/sim/api/buy-package.ts';
import { invalidateCardMoney } from '../../../../features/sim/api/invalidate-money.ts';
import { useReturnedOrder } from '../../../../features/sim/api/iot-order.ts';
import { usePackageDetails } from '../../../../features/sim/api/package-details.ts';
import { CardsSkeleton, ChoiceCard, PayBar, PriceTag } from '../../../../features/sim/components/money-parts.tsx';
import { OrderResult } from '../../../../features/sim/components/order-result.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../features/sim/components/page-state.tsx';
import {
  goToCashier,
  isPasswordRequired,
  isRealnameRequired,
  passwordRefusal,
  showRealnameRequired,
} from '../../../../features/sim/components/pay-flow.ts';
import { type PasswordOutcome, PayPasswordSheet } from '../../../../features/sim/components/pay-password-sheet.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { allowanceText, durationText, payMethodLabel } from '../../../../features/sim/money-format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { useScrollTop } from '../../../../features/sim/use-scroll-top.ts';
import { formatDate } from '../../../../lib/datetime.ts';
import { Dialog } from '../../../../lib/feedback.ts';
import { submissionKeys } from '../../../../lib/idempotency.ts';
import { knowsPage, navigateTo, reLaunch } from '../../../../lib/nav.ts';
import { ApiError } from '../../../../lib/request.ts';
import { EffectModal } from './EffectModal/index.tsx';
import { SelectCoupon } from './SelectCoupon/index.tsx';

const IOT_HOME = '/pages/iot/index/index';
const ORDER_LOGS = '/pages/iot/index/orderLogs/index';
const BALANCE = '/pages/iot/index/balance/index';
const PACKAGES = '/pages/iot/index/package/index';
const PAY_PASSWORD = '/pages/iot/index/payPassword/index';

function ResultView({ order, waiting }: { order: IotOrderView; waiting: boolean }) {
  const { t } = useTranslation();
  return (
    <OrderResult
      order={order}
      waiting={waiting}
      actions={
        <>
          <button type="button" className="sim-primary-btn" onClick={() => void reLaunch(IOT_HOME)}>
            {t('iot.orderResult.viewData')}
          </button>
          {knowsPage(ORDER_LOGS) ? (
            <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(`${ORDER_LOGS}?tab=package`)}>
              {t('iot.title.orderLogs')}
            </button>
          ) : null}
        </>
      }
    />
  );
}

/**
 * A purchase from the balance as it was answered; one paid and still being opened at the carrier
 * ("paid") is asked about until it settles.
 */
function PlacedResult({ order }: { order: IotOrderView }) {
  const { order: latest, polling } = useReturnedOrder(order.orderNo, order.status === 'paid');
  return <ResultView order={latest.data?.order ?? order} waiting={polling} />;
}

/** The outcome of an order paid at the cashier: the browser came back here with ?orderNo=&result=. */
function ReturnedResult({ orderNo, returned }: { orderNo: string; returned: string | null }) {
  const { t } = useTranslation();
  const { order, polling } = useReturnedOrder(orderNo, returned === 'paid');
  if (order.isError) return <SimLoadFailed onRetry={() => void order.refetch()} />;
  if (!order.data) return <CardsSkeleton count={1} />;
  if (returned === 'cancel' && order.data.order.status === 'pending') {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('iot.orderResult.cancelled')} description={t('iot.orderResult.cancelledHint')} />
      </div>
    );
  }
  return <ResultView order={order.data.order} waiting={polling} />;
}

function Kv({ label, children, onClick, testId }: { label: string; children: React.ReactNode; onClick?: () => void; testId?: string }) {
  const body = (
    <>
      <span className="detail-row-label">{label}</span>
      <span className="detail-row-value" data-testid={testId}>
        {children}
      </span>
      {onClick ? <RightOutline className="detail-row-arrow" /> : null}
    </>
  );
  return onClick ? (
    <button type="button" className="detail-row" onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className="detail-row">{body}</div>
  );
}

function Details({ data }: { data: PackageDetailsReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pkg = data.package;
  const [effect, setEffect] = useState<Effect>(pkg.defaultEffect);
  const [useCoin, setUseCoin] = useState(data.coupon.usable > 0);
  const [couponId, setCouponId] = useState<number | null>(null);
  // A VIP's discount comes first, then a coupon's money off, then coupon coins.
  const price = data.vip?.price ?? pkg.price;
  const off = Math.min(price, data.coupons.find((c) => c.id === couponId)?.amount ?? 0);
  const coin = useCoin ? Math.min(data.coupon.usable, price - off) : 0;
  const payable = Math.max(0, price - off - coin);
  const online = data.payMethods.filter((m) => m.method !== 'balance');
  const balanceMethod = data.payMethods.find((m) => m.method === 'balance');
  const balanceShort = data.balance < payable;
  const [method, setMethod] = useState(() => (balanceMethod && !balanceShort ? 'balance' : (online[0]?.method ?? 'balance')));
  const [effectOpen, setEffectOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<IotOrderView | null>(null);
  useScrollTop(done?.orderNo);
  const keyFor = useRef(submissionKeys()).current;
  const option = data.effectOptions.find((o) => o.effect === effect) ?? data.effectOptions[0];
  const seckill = pkg.seckill;
  const unavailable = seckill !== null && seckill.state !== 'ongoing';

  /** Sends the purchase; with the password when given. What the pay-password sheet should do next is returned. */
  const buy = async (payPassword?: string): Promise<PasswordOutcome> => {
    const body = {
      packageId: pkg.id,
      effect,
      payMethod: method,
      useCouponCoin: useCoin && coin > 0,
      ...(couponId !== null ? { couponId } : {}),
      ...(payPassword ? { payPassword } : {}),
    };
    setBusy(true);
    try {
      const reply = await postBuyPackage(body, keyFor(body));
      if (reply.payment && reply.order.status === 'pending') {
        goToCashier(reply.payment);
        return 'ok';
      }
      setSheetOpen(false);
      setDone(reply.order);
      await invalidateCardMoney(queryClient);
      return 'ok';
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (isPasswordRequired(error.code)) {
        if (!payPassword) {
          setSheetOpen(true);
          return 'stop';
        }
        return 'wrong';
      }
      if (isRealnameRequired(error.code)) {
        setSheetOpen(false);
        showRealnameRequired();
        return 'stop';
      }
      void invalidateCardMoney(queryClient);
      // Refused with the password: wrong or locked, the sheet says so; anything else is told here.
      return payPassword ? passwordRefusal(queryClient, error, () => setSheetOpen(false)) : 'stop';
    } finally {
      setBusy(false);
    }
  };

  /** Money leaves the balance only after the holder confirms: the pay password, or without one a confirmation that offers to set it. */
  const submit = () => {
    if (method !== 'balance') void buy();
    else if (data.existPayPassword) setSheetOpen(true);
    else {
      const setPassword = knowsPage(PAY_PASSWORD);
      Dialog.show({
        title: t('iot.pay.confirmTitle', { amount: yuan(payable) }),
        content: (
          <div data-testid="balance-confirm">
            <p>{t('iot.pay.confirmText', { name: pkg.name, left: yuan(data.balance - payable) })}</p>
            {setPassword ? <p className="muted">{t('iot.payPass.suggest')}</p> : null}
          </div>
        ),
        closeOnAction: true,
        actions: [
          ...(setPassword ? [{ key: 'password', text: t('iot.pay.setPassword'), onClick: () => void navigateTo(PAY_PASSWORD) }] : []),
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'pay', text: t('iot.pay.confirmPay'), bold: true, onClick: () => void buy() },
          ],
        ],
      });
    }
  };

  if (done) return <PlacedResult order={done} />;

  return (
    <>
      <section className="detail-hero" data-testid="package-hero">
        <div className="detail-hero-top">
          <span className="detail-kind">{t(`iot.money.kind.${pkg.kind}`)}</span>
          {pkg.tag ? <em className="pkg-tag light">{pkg.tag}</em> : null}
        </div>
        <h1 className="detail-name">{pkg.name}</h1>
        <div className="detail-flow" data-testid="detail-allowance">
          {allowanceText(t, pkg)}
        </div>
        <div className="detail-hero-meta">
          <span>{durationText(t, pkg)}</span>
          <span className="detail-hero-price">
            <PriceTag fen={pkg.price} size="lg" testId="detail-price" />
            {pkg.originalPrice > pkg.price ? <s>¥{yuan(pkg.originalPrice)}</s> : null}
          </span>
        </div>
        {seckill ? (
          <div className="detail-seckill">
            {t(`iot.seckill.state.${seckill.state}`)} · {t('iot.seckill.left', { count: seckill.left })}
          </div>
        ) : null}
      </section>

      <section className="card detail-card">
        <Kv label={t('iot.package.allowance')}>{allowanceText(t, pkg)}</Kv>
        <Kv label={t('iot.money.validity')}>{durationText(t, pkg)}</Kv>
        <Kv
          label={t('iot.effect.title')}
          onClick={data.effectOptions.length > 1 ? () => setEffectOpen(true) : undefined}
          testId="effect-value"
        >
          <b>{t(`iot.effect.${effect}`)}</b>
          {option ? (
            <small className="detail-sub">
              {formatDate(option.startsAt)} – {pkg.isLifetime ? t('iot.flow.lifetime') : formatDate(option.endsAt)}
            </small>
          ) : null}
        </Kv>
        {data.vip ? (
          <Kv label={t('engage.vip.price')} testId="vip-price">
            <b className="accent">¥{yuan(data.vip.price)}</b>
            <small className="detail-sub">{t('engage.vip.discount', { off: 100 - data.vip.discount })}</small>
          </Kv>
        ) : null}
        <Kv
          label={t('iot.coupon.title')}
          onClick={data.coupon.usable > 0 || data.coupons.length > 0 ? () => setCouponOpen(true) : undefined}
          testId="coupon-value"
        >
          {off + coin > 0 ? (
            <b className="accent">-¥{yuan(off + coin)}</b>
          ) : data.coupons.length > 0 ? (
            <span>{t('engage.coupon.available', { count: data.coupons.length })}</span>
          ) : data.coupon.usable > 0 ? (
            <span>{t('iot.coupon.available', { count: data.coupon.usable })}</span>
          ) : (
            <span className="muted">{t('iot.coupon.none')}</span>
          )}
        </Kv>
      </section>

      <section className="card detail-card" aria-label={t('iot.pay.title')}>
        <h2 className="section-title sim-mb">{t('iot.pay.title')}</h2>
        <div className="choice-list">
          {balanceMethod ? (
            <ChoiceCard
              name="pay-method"
              compact
              checked={method === 'balance'}
              disabled={balanceShort}
              onSelect={() => setMethod('balance')}
              trailing={
                balanceShort && knowsPage(BALANCE) ? (
                  <button type="button" className="sim-link strong" onClick={() => void navigateTo(BALANCE)}>
                    {t('iot.tips.topUp')}
                  </button>
                ) : undefined
              }
            >
              <span className="pay-method-icon balance">¥</span>
              <span className="choice-main">
                <b>{t('iot.pay.method.balance')}</b>
                <span className={balanceShort ? 'warn-text' : 'muted'} data-testid="detail-balance">
                  {balanceShort
                    ? t('iot.pay.balanceShort', { amount: yuan(data.balance) })
                    : t('iot.pay.balanceLeft', { amount: yuan(data.balance) })}
                </span>
              </span>
            </ChoiceCard>
          ) : null}
          {online.map((m) => (
            <ChoiceCard
              key={m.method}
              name="pay-method"
              compact
              checked={method === m.method}
              onSelect={() => {
                // Package coupons are for payments from the balance.
                setCouponId(null);
                setMethod(m.method);
              }}
            >
              <span className={`pay-method-icon ${m.method}`}>{m.method === 'alipay' ? '支' : m.method === 'wechat' ? '微' : '¥'}</span>
              <span className="choice-main">
                <b>{payMethodLabel(t, m)}</b>
                <span className="muted">{t('iot.pay.onlineHint')}</span>
              </span>
            </ChoiceCard>
          ))}
        </div>
        {method === 'balance' && !data.existPayPassword && knowsPage(PAY_PASSWORD) ? (
          <button type="button" className="detail-tip" onClick={() => void navigateTo(PAY_PASSWORD)}>
            {t('iot.payPass.suggest')} <RightOutline />
          </button>
        ) : null}
      </section>

      {data.rules.length > 0 || pkg.description ? (
        <section className="card detail-card">
          <h2 className="section-title sim-mb">{t('iot.money.rules')}</h2>
          {pkg.description ? <p className="detail-desc">{pkg.description}</p> : null}
          <ol className="detail-rules">
            {data.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </section>
      ) : null}

      <PayBar
        total={<PriceTag fen={payable} testId="pay-total" />}
        note={off + coin > 0 ? t('iot.coupon.saved', { amount: yuan(off + coin) }) : undefined}
      >
        <button type="button" className="pay-bar-btn" disabled={busy || unavailable} onClick={submit} data-testid="buy-button">
          {unavailable
            ? t(`iot.seckill.state.${seckill?.state ?? 'ended'}`)
            : method === 'balance'
              ? t('iot.pay.payNow')
              : t('iot.pay.goPay')}
        </button>
      </PayBar>

      <EffectModal
        visible={effectOpen}
        options={data.effectOptions}
        value={effect}
        onClose={() => setEffectOpen(false)}
        onConfirm={setEffect}
      />
      <SelectCoupon
        visible={couponOpen}
        coupon={data.coupon}
        coupons={data.coupons}
        value={useCoin}
        couponId={couponId}
        onClose={() => setCouponOpen(false)}
        onConfirm={(use, id) => {
          setUseCoin(use);
          setCouponId(id);
          // A package coupon is used with the balance.
          if (id !== null && balanceMethod) setMethod('balance');
        }}
      />
      <PayPasswordSheet visible={sheetOpen} amount={payable} onClose={() => setSheetOpen(false)} onSubmit={(pw) => buy(pw)} />
    </>
  );
}

/** A package: allowance, validity, rules, coupons that apply, when it takes effect; buy by balance or at the cashier. */
export default function PackageDetailsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const packageId = Number(search.get('packageId') ?? 0);
  const orderNo = search.get('orderNo') ?? '';
  const details = usePackageDetails(orderNo ? 0 : packageId);
  if (!loggedIn) return null;
  if (orderNo) {
    return (
      <div className="sim-page money-page">
        <ReturnedResult orderNo={orderNo} returned={search.get('result')} />
      </div>
    );
  }
  return (
    <div className="sim-page money-page" data-testid="package-details">
      {!(packageId > 0) ? (
        <SimMissingItem title={t('iot.money.noPackageChosen')} action={t('iot.money.seePackages')} to={PACKAGES} />
      ) : details.isError ? (
        <SimLoadFailed onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <Details key={details.data.package.id} data={details.data} />
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
