import type { PackageDetailsReply } from '@simshop/contract/iot-money';
import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceCard } from '../../../../../features/sim/components/money-parts.tsx';
import { yuan } from '../../../../../features/sim/format.ts';
import { formatDate } from '../../../../../lib/datetime.ts';

/**
 * Coupons that apply to the package (spec §2 SelectCoupon): one of the card's package coupons (paid
 * from the balance) or none, and coupon coins (1 coin = ¥0.01) or not.
 */
export function SelectCoupon({
  visible,
  coupon,
  coupons,
  value,
  couponId,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  coupon: PackageDetailsReply['coupon'];
  coupons: PackageDetailsReply['coupons'];
  value: boolean;
  couponId: number | null;
  onClose: () => void;
  onConfirm: (use: boolean, couponId: number | null) => void;
}) {
  const { t } = useTranslation();
  const [use, setUse] = useState(value);
  const [picked, setPicked] = useState(couponId);
  useEffect(() => {
    if (visible) {
      setUse(value);
      setPicked(couponId);
    }
  }, [visible, value, couponId]);
  const couponChoices = [
    { id: null, title: t('engage.coupon.none'), hint: t('engage.coupon.noneHint') },
    ...coupons.map((c) => ({
      id: c.id as number | null,
      title: t('engage.coupon.off', { amount: yuan(c.amount) }),
      hint: t('engage.coupon.hint', { min: yuan(c.minSpend), date: formatDate(c.expiresAt) }),
    })),
  ];
  const choices = [
    {
      use: true,
      title: t('iot.coupon.use', { amount: yuan(coupon.usable) }),
      hint: t('iot.coupon.useHint', { count: coupon.usable, held: coupon.available }),
    },
    { use: false, title: t('iot.coupon.dontUse'), hint: t('iot.coupon.dontUseHint') },
  ];
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="money-sheet">
      <div role="dialog" aria-label={t('iot.coupon.title')} data-testid="select-coupon">
        <h3 className="money-sheet-title">{t('iot.coupon.title')}</h3>
        {coupons.length > 0 ? (
          <>
            <h4 className="coupon-pick-title">{t('engage.coupon.packageCoupons')}</h4>
            <div className="choice-list coupon-pick-list">
              {couponChoices.map((c) => (
                <ChoiceCard key={c.id ?? 'none'} name="package-coupon" checked={picked === c.id} onSelect={() => setPicked(c.id)}>
                  <span className="choice-main" data-testid={c.id === null ? 'coupon-none' : `coupon-${c.id}`}>
                    <b>{c.title}</b>
                    <span className="muted">{c.hint}</span>
                  </span>
                </ChoiceCard>
              ))}
            </div>
            <p className="muted coupon-pick-note">{t('engage.coupon.balanceOnly')}</p>
          </>
        ) : null}
        {coupon.usable > 0 ? (
          <>
            <div className="coin-ticket">
              <div className="coin-ticket-amount">
                <small>¥</small>
                {yuan(coupon.usable)}
              </div>
              <div className="coin-ticket-text">
                <b>{t('iot.coupon.ticket')}</b>
                <span>{t('iot.coupon.limit', { amount: yuan(coupon.maxDeduct) })}</span>
              </div>
            </div>
            <div className="choice-list">
              {choices.map((c) => (
                <ChoiceCard key={String(c.use)} name="coupon" checked={use === c.use} onSelect={() => setUse(c.use)}>
                  <span className="choice-main">
                    <b>{c.title}</b>
                    <span className="muted">{c.hint}</span>
                  </span>
                </ChoiceCard>
              ))}
            </div>
          </>
        ) : null}
        <button
          type="button"
          className="sim-primary-btn"
          onClick={() => {
            onConfirm(use, picked);
            onClose();
          }}
        >
          {t('iot.common.confirm')}
        </button>
      </div>
    </Popup>
  );
}
