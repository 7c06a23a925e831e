import type { PackageDetailsReply } from '@simshop/contract/iot-money';
import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceCard } from '../../../../../features/sim/components/money-parts.tsx';
import { yuan } from '../../../../../features/sim/format.ts';

/** Coupon coins that apply to the package (spec §2 SelectCoupon): use them (1 coin = ¥0.01) or not. */
export function SelectCoupon({
  visible,
  coupon,
  value,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  coupon: PackageDetailsReply['coupon'];
  value: boolean;
  onClose: () => void;
  onConfirm: (use: boolean) => void;
}) {
  const { t } = useTranslation();
  const [use, setUse] = useState(value);
  useEffect(() => {
    if (visible) setUse(value);
  }, [visible, value]);
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
        <button
          type="button"
          className="sim-primary-btn"
          onClick={() => {
            onConfirm(use);
            onClose();
          }}
        >
          {t('iot.common.confirm')}
        </button>
      </div>
    </Popup>
  );
}
