import type { VipOrder } from '@simshop/contract/iot';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postCreateVipOrder } from '../../../../../features/sim/api/create-vip-order.ts';
import { invalidateCardMoney } from '../../../../../features/sim/api/invalidate-money.ts';
import { useVipList } from '../../../../../features/sim/api/vip-list.ts';
import { CardsSkeleton, PayBar, PriceTag } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../features/sim/components/page-state.tsx';
import { goToCashier, isPasswordRequired, passwordRefusal } from '../../../../../features/sim/components/pay-flow.ts';
import { firstMethod, PayMethodChoice } from '../../../../../features/sim/components/pay-methods.tsx';
import { type PasswordOutcome, PayPasswordSheet } from '../../../../../features/sim/components/pay-password-sheet.tsx';
import { VipBadge } from '../../../../../features/sim/components/vip-parts.tsx';
import { yuan } from '../../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../../../lib/datetime.ts';
import { Dialog } from '../../../../../lib/feedback.ts';
import { submissionKeys } from '../../../../../lib/idempotency.ts';
import { knowsPage, redirectTo } from '../../../../../lib/nav.ts';
import { ApiError } from '../../../../../lib/request.ts';

const VIP = '/pages-sub/iot/index/vip/index';
const MY_VIP = '/pages-sub/iot/user/vip';
const DAY = 86_400_000;

/** Paying for a VIP plan from the balance (spec §2 vip/pay, ?vipId=): its window, the pay password, the result. */
export default function VipPayPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const q = useVipList();
  const [method, setMethod] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<VipOrder | null>(null);
  const keyFor = useRef(submissionKeys()).current;
  if (!loggedIn) return null;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={2} />;
  const data = q.data;
  const plan = data.plans.find((p) => p.id === Number(params.get('vipId')));
  if (!plan) return <SimMissingItem title={t('engage.vip.none')} action={t('engage.title.vip')} to={VIP} />;

  if (done) {
    return (
      <div className="sim-page money-page" data-testid="vip-pay-done">
        <section className="card order-result">
          <h2 className="order-result-title" data-testid="vip-result">
            {t('engage.vip.paid')}
          </h2>
          <VipBadge order={done} />
          <p className="muted">{t('engage.vip.window', { from: formatDate(done.startAt), to: formatDate(done.endAt) })}</p>
          <button type="button" className="sim-primary-btn" onClick={() => void redirectTo(knowsPage(MY_VIP) ? MY_VIP : VIP)}>
            {t('engage.title.myVip')}
          </button>
        </section>
      </div>
    );
  }

  const now = Date.now();
  const startAt = data.endAt && data.endAt > now ? data.endAt : now;
  const chosen = method ?? firstMethod(data.balance, plan.price, data.payMethods);
  const short = chosen === 'balance' && data.balance < plan.price;

  const pay = async (payPassword?: string): Promise<PasswordOutcome> => {
    const body = { vipId: plan.id, payMethod: chosen, ...(payPassword ? { payPassword } : {}) };
    setBusy(true);
    try {
      const reply = await postCreateVipOrder(body, keyFor({ vipId: plan.id, payMethod: chosen }));
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
      return payPassword ? passwordRefusal(queryClient, error, () => setSheetOpen(false)) : 'stop';
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (chosen !== 'balance') {
      void pay();
      return;
    }
    if (data.existPayPassword) {
      setSheetOpen(true);
      return;
    }
    Dialog.show({
      title: t('iot.pay.confirmTitle', { amount: yuan(plan.price) }),
      content: t('engage.vip.confirm', { name: plan.name, left: yuan(data.balance - plan.price) }),
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('common.cancel') },
          { key: 'pay', text: t('iot.pay.confirmPay'), bold: true, onClick: () => void pay() },
        ],
      ],
    });
  };

  return (
    <div className="sim-page money-page" data-testid="vip-pay-page">
      <section className="card">
        <h1 className="section-title sim-mb">{plan.name}</h1>
        <div className="sim-kv">
          <span>{t('engage.vip.duration')}</span>
          <b>{t('engage.vip.days', { count: plan.durationDays })}</b>
        </div>
        <div className="sim-kv">
          <span>{t('engage.vip.from')}</span>
          <b data-testid="vip-starts">{formatDate(startAt)}</b>
        </div>
        <div className="sim-kv">
          <span>{t('engage.vip.to')}</span>
          <b data-testid="vip-ends">{formatDate(startAt + plan.durationDays * DAY)}</b>
        </div>
        {data.endAt && data.endAt > now ? <p className="muted">{t('engage.vip.extendsNote')}</p> : null}
      </section>
      <PayMethodChoice balance={data.balance} payable={plan.price} methods={data.payMethods} value={chosen} onChange={setMethod} />
      <PayBar total={<PriceTag fen={plan.price} testId="vip-pay-total" />}>
        <button type="button" className="pay-bar-btn" disabled={busy || short} onClick={submit} data-testid="vip-pay">
          {chosen === 'balance' ? t('iot.pay.payNow') : t('iot.pay.goPay')}
        </button>
      </PayBar>
      <PayPasswordSheet visible={sheetOpen} amount={plan.price} onClose={() => setSheetOpen(false)} onSubmit={(pw) => pay(pw)} />
    </div>
  );
}
