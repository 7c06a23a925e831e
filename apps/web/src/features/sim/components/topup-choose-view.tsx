import './money.css';
import type { TopupChooseReply } from '@simshop/contract/iot-money';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { Toast } from '../../../lib/feedback.ts';
import { grouped } from '../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { type TopupKind, useTopupChoose } from '../api/topup-choose.ts';
import { yuan } from '../format.ts';
import { parseYuan, topupOutcome } from '../money-format.ts';
import { CardsSkeleton, ChoiceCard, MoneyEmpty, PayBar, PriceTag } from './money-parts.tsx';
import { SimLoadFailed } from './page-state.tsx';

const PAY_PAGE: Record<TopupKind, string> = {
  balance: '/pages/iot/index/balance/pay/index',
  coupon: '/pages/iot/index/couponChoose/pay/index',
};
const OTHER_PAGE: Record<TopupKind, string> = {
  balance: '/pages/iot/index/couponChoose/index',
  coupon: '/pages/iot/index/balance/index',
};
const ORDER_LOGS = '/pages/iot/index/orderLogs/index';
/** The card's top-up code: someone else scans it and tops the card up without logging in. */
const TOPUP_CODE = '/pages-sub/iot/machineCode/index';

type Choice = { offerId: number } | { custom: string };

function Hero({ data }: { data: TopupChooseReply }) {
  const { t } = useTranslation();
  const coin = data.kind === 'coupon';
  return (
    <section className="money-hero topup-hero">
      <div className="money-hero-label">{coin ? t('iot.item.couponCoin') : t('iot.topup.currentBalance')}</div>
      <div className="money-hero-big" data-testid={coin ? 'topup-coins' : 'topup-balance'}>
        {coin ? (
          grouped(data.couponCoin)
        ) : (
          <>
            <small>¥</small>
            {yuan(data.balance)}
          </>
        )}
      </div>
      <div className="money-hero-sub">{coin ? t('iot.topup.coinWorth', { amount: yuan(data.couponCoin) }) : t('iot.topup.balanceUse')}</div>
      {data.arrearsBalance > 0 ? (
        <div className="money-hero-warn" data-testid="topup-arrears">
          {t('iot.topup.arrears', { amount: yuan(data.arrearsBalance) })}
        </div>
      ) : null}
    </section>
  );
}

/** Top-up amounts with their offers (spec §2 balance/index and couponChoose/index). */
export function TopupChooseView({ kind }: { kind: TopupKind }) {
  const { t } = useTranslation();
  const choose = useTopupChoose(kind);
  const [pick, setPick] = useState<Choice | null>(null);
  if (choose.isError) return <SimLoadFailed onRetry={() => void choose.refetch()} />;
  const data = choose.data;
  if (!data) {
    return (
      <>
        <div className="money-hero topup-hero skeleton" />
        <CardsSkeleton count={2} />
      </>
    );
  }
  const coin = kind === 'coupon';
  const preset = data.offers.find((o) => o.recommended) ?? data.offers[0];
  const current: Choice | null = pick ?? (preset ? { offerId: preset.id } : null);
  const offer = current && 'offerId' in current ? data.offers.find((o) => o.id === current.offerId) : undefined;
  const customFen = current && 'custom' in current ? parseYuan(current.custom) : null;
  const pay = offer ? offer.payAmount : (customFen ?? 0);
  const outcome = topupOutcome(data, pay, offer?.bonusBalance ?? 0, offer?.bonusCoin ?? 0);
  const customOk = customFen !== null && customFen >= data.minAmount && customFen <= data.maxAmount;

  const next = () => {
    if (offer) {
      void navigateTo(`${PAY_PAGE[kind]}?offerId=${offer.id}`);
      return;
    }
    if (!customOk) {
      Toast.show({ content: t('iot.topup.range', { min: yuan(data.minAmount), max: yuan(data.maxAmount) }) });
      return;
    }
    void navigateTo(`${PAY_PAGE[kind]}?amount=${customFen}`);
  };

  return (
    <>
      <Hero data={data} />
      <section className="card" aria-label={t('iot.topup.choose')}>
        <div className="sim-card-head">
          <h2 className="section-title">{t('iot.topup.choose')}</h2>
          {knowsPage(ORDER_LOGS) ? (
            <button type="button" className="sim-link" onClick={() => void navigateTo(`${ORDER_LOGS}?tab=balance`)}>
              {t('iot.topup.records')} <RightOutline />
            </button>
          ) : null}
        </div>
        {data.offers.length === 0 && !data.allowCustom ? <MoneyEmpty text={t('iot.topup.noOffers')} /> : null}
        <div className="offer-grid">
          {data.offers.map((o) => {
            const on = offer?.id === o.id;
            const bonus = coin ? o.bonusCoin : o.bonusBalance;
            return (
              <ChoiceCard
                key={o.id}
                name="topup"
                className="offer"
                checked={on}
                onSelect={() => setPick({ offerId: o.id })}
                testId={`offer-${o.payAmount}`}
                trailing={null}
              >
                {o.tag ? <em className="offer-tag">{o.tag}</em> : null}
                <span className="offer-pay">
                  <small>¥</small>
                  {yuan(o.payAmount).replace(/\.00$/, '')}
                </span>
                <span className="offer-get">
                  {coin ? t('iot.topup.getCoins', { count: o.credit }) : t('iot.topup.getBalance', { amount: yuan(o.credit) })}
                </span>
                {bonus > 0 || (!coin && o.bonusCoin > 0) ? (
                  <span className="offer-bonus">
                    {coin
                      ? t('iot.topup.bonusCoin', { count: o.bonusCoin })
                      : o.bonusBalance > 0
                        ? t('iot.topup.bonusBalance', { amount: yuan(o.bonusBalance) })
                        : t('iot.topup.bonusCoin', { count: o.bonusCoin })}
                  </span>
                ) : (
                  <span className="offer-bonus plain">{t('iot.topup.noBonus')}</span>
                )}
              </ChoiceCard>
            );
          })}
          {data.allowCustom ? (
            <ChoiceCard
              name="topup"
              className="offer custom"
              checked={current !== null && 'custom' in current}
              onSelect={() => setPick({ custom: current && 'custom' in current ? current.custom : '' })}
              trailing={null}
            >
              <span className="offer-pay other">{t('iot.topup.other')}</span>
              <span className="offer-get">{t('iot.topup.otherHint', { min: yuan(data.minAmount) })}</span>
            </ChoiceCard>
          ) : null}
        </div>
        {current && 'custom' in current ? (
          <div className="custom-amount">
            <span>¥</span>
            <Input
              autoFocus
              inputMode="decimal"
              aria-label={t('iot.topup.customLabel')}
              placeholder={t('iot.topup.range', { min: yuan(data.minAmount), max: yuan(data.maxAmount) })}
              value={current.custom}
              onChange={(v) => setPick({ custom: v })}
            />
          </div>
        ) : null}
        {pay > 0 ? (
          <div className="topup-outcome" data-testid="topup-outcome">
            {outcome.settled > 0 ? (
              <div>
                <span>{t('iot.topup.arrearsSettled')}</span>
                <b>¥{yuan(outcome.settled)}</b>
              </div>
            ) : null}
            {outcome.balance > 0 ? (
              <div>
                <span>{t('iot.topup.balanceCredited')}</span>
                <b className="accent">+¥{yuan(outcome.balance)}</b>
              </div>
            ) : null}
            {outcome.coins > 0 ? (
              <div>
                <span>{t('iot.topup.coinsCredited')}</span>
                <b className="accent">+{grouped(outcome.coins)}</b>
              </div>
            ) : null}
          </div>
        ) : null}
      </section>
      <section className="card money-notes">
        <h2 className="section-title sim-mb">{t('iot.topup.notesTitle')}</h2>
        <ul>
          <li>{t('iot.topup.note1')}</li>
          <li>{coin ? t('iot.topup.noteCoin') : t('iot.topup.note2')}</li>
          <li>{t('iot.topup.note3')}</li>
        </ul>
        {knowsPage(OTHER_PAGE[kind]) ? (
          <button type="button" className="detail-tip" onClick={() => void navigateTo(OTHER_PAGE[kind])}>
            {coin ? t('iot.topup.toBalance') : t('iot.topup.toCoins')} <RightOutline />
          </button>
        ) : null}
        {!coin && knowsPage(TOPUP_CODE) ? (
          <button type="button" className="detail-tip" onClick={() => void navigateTo(TOPUP_CODE)} data-testid="topup-code-link">
            {t('iot.topup.codeForOthers')} <RightOutline />
          </button>
        ) : null}
      </section>
      <PayBar total={<PriceTag fen={pay} testId="topup-total" />}>
        <button type="button" className="pay-bar-btn" disabled={pay <= 0} onClick={next} data-testid="topup-next">
          {t('iot.topup.now')}
        </button>
      </PayBar>
    </>
  );
}
