import type { SimInfo } from '@simshop/contract/iot';
import { DownOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { isDevice } from '../../labels.ts';

const CHANGE_DEVICE = '/pages-sub/iot/user/changeDevice/index';

async function copyText(text: string, label: string, t: (k: string, o?: Record<string, unknown>) => string) {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: t('common.copied', { label }), duration: 1500 });
  } catch {
    Toast.show({ content: t('common.copyFailed'), duration: 1500 });
  }
}

/**
 * The recharge number with its label (spec §3): 'device number' for a device, 'recharge number'
 * for a plain SIM; copyable; a device with several SIMs can switch between them.
 */
export function NumberRow({ info }: { info: SimInfo }) {
  const { t } = useTranslation();
  const label = t(`iot.label.${info.rechargeNoLabel}`);
  const canSwitch = isDevice(info) && info.viceSims.length > 1 && knowsPage(CHANGE_DEVICE);
  const active = isDevice(info) ? info.viceSims.find((s) => s.current) : undefined;
  return (
    <>
      <div className="sim-number-row">
        <div className="sim-number-main">
          <span className="sim-number-label" data-testid="recharge-label">
            {label}
          </span>
          <span className="sim-number" data-testid="recharge-no">
            {info.rechargeNo}
          </span>
          <button
            type="button"
            className="sim-icon-btn"
            aria-label={t('iot.home.copy')}
            onClick={() => void copyText(info.rechargeNo, label, t)}
          >
            <FileOutline />
          </button>
        </div>
        {canSwitch ? (
          <button type="button" className="sim-switch-btn" onClick={() => void navigateTo(CHANGE_DEVICE)}>
            {t('iot.home.switchSim')} <DownOutline />
          </button>
        ) : null}
      </div>
      {active ? (
        <div className="sim-active-sim" data-testid="active-sim">
          {t('iot.home.activeSim', { no: active.simNo, slot: active.slot })}
          {info.viceSims.length > 1 ? <span className="sim-active-sim-hint">{t('iot.home.perSimFigures')}</span> : null}
        </div>
      ) : null}
    </>
  );
}
