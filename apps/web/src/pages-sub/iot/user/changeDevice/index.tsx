import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useChangeSim } from '../../../../features/sim/api/change-sim.ts';
import { useChangeSimList } from '../../../../features/sim/api/change-sim-list.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { authStatusLabel, simStatusLabel } from '../../../../features/sim/labels.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { Dialog, Toast } from '../../../../lib/feedback.ts';
import { reLaunch } from '../../../../lib/nav.ts';

const OPERATORS = [1, 2, 3, 4];

/** The SIMs of the holder's device; the session can switch to another one. */
export default function ChangeDevicePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const { data, isError, refetch } = useChangeSimList();
  const change = useChangeSim();
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!data) return <SimLoading />;
  if (!data.deviceNo || data.list.length === 0) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('iot.device.notDevice')} description={t('iot.device.notDeviceHint')} />
      </div>
    );
  }
  const sims = [...data.list].sort((a, b) => a.slot - b.slot);
  return (
    <div className="sim-page">
      <div className="sim-device-hero">
        <span className="muted">{t('iot.label.deviceNumber')}</span>
        <b className="sim-device-hero-no" data-testid="device-no">
          {data.deviceNo}
        </b>
        <span className="muted">{t('iot.device.count', { n: sims.length })}</span>
      </div>
      {sims.map((sim) => {
        const status = simStatusLabel(sim.simStatus);
        const auth = authStatusLabel(sim.authStatus);
        return (
          <section key={sim.simNo} className={`card sim-device-sim ${sim.current ? 'current' : ''}`} data-testid="device-sim">
            <div className="sim-card-head">
              <span className="sim-slot">{t('iot.device.slot', { slot: sim.slot })}</span>
              <span className="sim-device-tags">
                {sim.inUse ? <span className="sim-badge tone-good">{t('iot.device.inUse')}</span> : null}
                {sim.current ? <span className="sim-badge tone-warn">{t('iot.device.current')}</span> : null}
              </span>
            </div>
            <div className="sim-device-sim-no">{sim.simNo}</div>
            <div className="muted">ICCID {sim.iccid}</div>
            <div className="sim-status-row">
              <span className="sim-status-item line">
                <i className="sim-dot" aria-hidden="true" />
                {OPERATORS.includes(sim.operatorType) ? t(`iot.operator.${sim.operatorType}`) : sim.operatorTypeName}
              </span>
              <span className={`sim-status-item line tone-${status.tone}`}>
                <i className="sim-dot" aria-hidden="true" />
                {t(status.key)}
              </span>
              <span className={`sim-status-item line tone-${auth.tone}`}>
                <i className="sim-dot" aria-hidden="true" />
                {t(auth.key)}
              </span>
            </div>
            {!sim.current ? (
              <button
                type="button"
                className="sim-ghost-btn"
                disabled={change.isPending}
                onClick={async () => {
                  const ok = await Dialog.confirm({
                    content: t('iot.device.switchConfirm', { no: sim.simNo }),
                    confirmText: t('iot.device.switch'),
                    cancelText: t('common.cancel'),
                  });
                  if (!ok) return;
                  change.mutate(sim.simNo, {
                    onSuccess: () => {
                      Toast.show({ icon: 'success', content: t('iot.device.switched', { no: sim.simNo }) });
                      void reLaunch('/pages/iot/index/index');
                    },
                  });
                }}
              >
                {t('iot.device.switch')}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
