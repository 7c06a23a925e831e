import type { AccelerateOrder } from '@simshop/contract/iot';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postCreateAccelerateOrder, useAccelerateList } from '../../../../../features/sim/api/accelerate.ts';
import { invalidateCardMoney } from '../../../../../features/sim/api/invalidate-money.ts';
import { useSimInfo } from '../../../../../features/sim/api/sim-info.ts';
import { ACCELERATE, accelerateState, speedLine } from '../../../../../features/sim/components/accelerate-parts.tsx';
import { CardsSkeleton, PayBar, PriceTag } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem, SimNotOffered } from '../../../../../features/sim/components/page-state.tsx';
import { goToCashier, isPasswordRequired, passwordRefusal } from '../../../../../features/sim/components/pay-flow.ts';
import { firstMethod, PayMethodChoice } from '../../../../../features/sim/components/pay-methods.tsx';
import { type PasswordOutcome, PayPasswordSheet } from '../../../../../features/sim/components/pay-password-sheet.tsx';
import { yuan } from '../../../../../features/sim/format.ts';
import { offers } from '../../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { formatDateTime } from '../../../../../lib/datetime.ts';
import { Dialog } from '../../../../../lib/feedback.ts';
import { submissionKeys } from '../../../../../lib/idempotency.ts';
import { knowsPage, redirectTo } from '../../../../../lib/nav.ts';
import { ApiError } from '../../../../../lib/request.ts';

const HOME = '/pages/iot/index/index';
const HOUR = 3_600_000;

function Done({ order }: { order: AccelerateOrder }) {
  const { t } = useTranslation();
  const state = accelerateState(order, Date.now());
  return (
    <div className="sim-page money-page" data-testid="accelerate-pay-done">
      <section className="card order-result">
        <h2 className="order-result-title" data-testid="accelerate-result">
          {state === 'active' ? t('engage.accelerate.done') : t(`engage.accelerate.status.${state}`)}
        </h2>
        <p className="muted">{order.accelerateName}</p>
        {state === 'active' || state === 'activating' ? (
          <p className="muted">{t('engage.vip.window', { from: formatDateTime(order.startAt), to: formatDateTime(order.endAt) })}</p>
        ) : null}
        {state === 'activating' ? <p className="muted">{t('engage.accelerate.activating')}</p> : null}
        <button type="button" className="sim-primary-btn" onClick={() => void redirectTo(knowsPage(HOME) ? HOME : ACCELERATE.index)}>
          {t('engage.accelerate.home')}
        </button>
        {knowsPage(ACCELERATE.orders) ? (
          <button type="button" className="sim-link strong" onClick={() => void redirectTo(ACCELERATE.orders)}>
            {t('engage.accelerate.orders')}
          </button>
        ) : null}
      </section>
    </div>
  );
}

/** Paying for a speed-up (spec §2 accelerate/cashier, ?accelerateId=): its window, the balance or an online method, the result. */
export default function AccelerateCashierPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const sim = useSimInfo();
  const offered = sim.data ? offers(ACCELERATE.cashier, sim.data) : false;
  const q = useAccelerateList(offered);
  const [method, setMethod] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<AccelerateOrder | null>(null);
  const keyFor = useRef(submissionKeys()).current;
  if (!loggedIn) return null;
  if (done) return <Done order={done} />;
  if (sim.data && !offered) return <SimNotOffered />;
  if (sim.isError) return <SimLoadFailed onRetry={() => void sim.refetch()} />;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={2} />;
  const data = q.data;
  const plan = data.plans.find((p) => p.id === Number(params.get('accelerateId')));
  if (!plan) return <SimMissingItem title={t('engage.accelerate.none')} action={t('engage.title.accelerate')} to={ACCELERATE.index} />;
  const chosen = method ?? firstMethod(data.balance, plan.price, data.payMethods);
  const now = Date.now();
  const blocked = data.packageEndAt === null || data.current !== null;

  const pay = async (payPassword?: string): Promise<PasswordOutcome> => {
    const body = { accelerateId: plan.id, payMethod: chosen, ...(payPassword ? { payPassword } : {}) };
    setBusy(true);
    try {
      const reply = await postCreateAccelerateOrder(body, keyFor({ accelerateId: plan.id, payMethod: chosen }));
      if (reply.payment && reply.order.status === 0) {
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
        if (!payPassword) setSheetOpen(true);
        return payPassword ? 'wrong' : 'stop';
      }
      void invalidateCardMoney(queryClient);
      return payPassword ? passwordRefusal(queryClient, error, () => setSheetOpen(false)) : 'stop';
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (chosen !== 'balance') void pay();
    else if (data.existPayPassword) setSheetOpen(true);
    else {
      Dialog.show({
        title: t('iot.pay.confirmTitle', { amount: yuan(plan.price) }),
        content: t('engage.accelerate.confirm', { name: plan.name, left: yuan(data.balance - plan.price) }),
        closeOnAction: true,
        actions: [
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'pay', text: t('iot.pay.confirmPay'), bold: true, onClick: () => void pay() },
          ],
        ],
      });
    }
  };

  return (
    <div className="sim-page money-page" data-testid="accelerate-cashier">
      <section className="card">
        <h1 className="section-title sim-mb">{plan.name}</h1>
        <div className="sim-kv">
          <span>{t('engage.accelerate.speedLabel')}</span>
          <b>{speedLine(t, plan)}</b>
        </div>
        <div className="sim-kv">
          <span>{t('engage.vip.from')}</span>
          <b>{formatDateTime(now)}</b>
        </div>
        <div className="sim-kv">
          <span>{t('engage.vip.to')}</span>
          <b data-testid="accelerate-ends">{formatDateTime(now + plan.durationHours * HOUR)}</b>
        </div>
        {blocked ? <p className="warn-text">{data.current ? t('engage.accelerate.running') : t('engage.accelerate.needPackage')}</p> : null}
      </section>
      <PayMethodChoice balance={data.balance} payable={plan.price} methods={data.payMethods} value={chosen} onChange={setMethod} />
      <PayBar total={<PriceTag fen={plan.price} testId="accelerate-pay-total" />}>
        <button
          type="button"
          className="pay-bar-btn"
          disabled={busy || blocked || (chosen === 'balance' && data.balance < plan.price)}
          onClick={submit}
          data-testid="accelerate-pay"
        >
          {chosen === 'balance' ? t('iot.pay.payNow') : t('iot.pay.goPay')}
        </button>
      </PayBar>
      <PayPasswordSheet visible={sheetOpen} amount={plan.price} onClose={() => setSheetOpen(false)} onSubmit={(pw) => pay(pw)} />
    </div>
  );
}
