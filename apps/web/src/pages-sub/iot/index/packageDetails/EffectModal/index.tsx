import type { Effect, PackageDetailsReply } from '@simshop/contract/iot-money';
import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceCard } from '../../../../../features/sim/components/money-parts.tsx';
import { formatDate } from '../../../../../lib/datetime.ts';

/** Choice of when a purchase takes effect (spec §2 EffectModal): now, or when the current package ends. */
export function EffectModal({
  visible,
  options,
  value,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  options: PackageDetailsReply['effectOptions'];
  value: Effect;
  onClose: () => void;
  onConfirm: (effect: Effect) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Effect>(value);
  useEffect(() => {
    if (visible) setPicked(value);
  }, [visible, value]);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="money-sheet">
      <div role="dialog" aria-label={t('iot.effect.title')} data-testid="effect-modal">
        <h3 className="money-sheet-title">{t('iot.effect.title')}</h3>
        <div className="choice-list">
          {options.map((o) => (
            <ChoiceCard key={o.effect} name="effect" checked={picked === o.effect} onSelect={() => setPicked(o.effect)}>
              <span className="choice-main">
                <b>{t(`iot.effect.${o.effect}`)}</b>
                <span className="muted">{t(`iot.effect.${o.effect}Hint`)}</span>
                <span className="choice-window">
                  {formatDate(o.startsAt)} – {formatDate(o.endsAt)}
                </span>
              </span>
            </ChoiceCard>
          ))}
        </div>
        <button
          type="button"
          className="sim-primary-btn"
          onClick={() => {
            onConfirm(picked);
            onClose();
          }}
        >
          {t('iot.common.confirm')}
        </button>
      </div>
    </Popup>
  );
}
