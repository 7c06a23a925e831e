import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import { useTranslation } from 'react-i18next';
import { isFinal, useSwitchNet, useSwitchNetInfo } from '../../../../features/sim/api/device.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { CommandProgress } from '../../../../features/sim/components/device.tsx';
import { SimLoadFailed, SimLoading, SimMissingItem, SimNotOffered } from '../../../../features/sim/components/page-state.tsx';
import { flowText } from '../../../../features/sim/format.ts';
import { isDevice } from '../../../../features/sim/labels.ts';
import { offers } from '../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { Dialog } from '../../../../lib/feedback.ts';
import { navigateTo } from '../../../../lib/nav.ts';

/**
 * Switch network (spec §2 switchNet): the device's SIMs with operator, signal and data left; switching
 * to one tells the device and follows it until the device reports that SIM on line; the network mode
 * (automatic or fixed) is set here too.
 */
const SWITCH_NET = '/pages/iot/index/switchNet/index';

export default function SwitchNetPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const sim = useSimInfo();
  const info = useSwitchNetInfo();
  const switchNet = useSwitchNet();
  if (!loggedIn) return null;
  if (sim.data && (!isDevice(sim.data) || !sim.data.device)) {
    return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  }
  if (sim.data && !offers(SWITCH_NET, sim.data)) return <SimNotOffered />;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const d = info.data;
  if (!d) return <SimLoading />;
  const inFlight = d.switching !== null && !isFinal(d.switching);
  const canMode = sim.data?.capabilities.includes('networkMode') ?? false;
  const canSwitch = sim.data?.capabilities.includes('switchSim') ?? false;

  return (
    <div className="sim-page dev-page acct-page">
      {canMode || d.switching ? (
        <section className="card" aria-label={t(canMode ? 'iot.switchNet.modeTitle' : 'iot.title.switchNet')}>
          {canMode ? (
            <>
              <h2 className="section-title">{t('iot.switchNet.modeTitle')}</h2>
              <div className="dev-modes">
                {([1, 2] as const).map((mode) => (
                  <button
                    key={mode}
                    type="button"
                    aria-pressed={d.deviceNetworkMode === mode}
                    className={`dev-mode ${d.deviceNetworkMode === mode ? 'on' : ''}`}
                    disabled={switchNet.isPending}
                    onClick={() => {
                      if (d.deviceNetworkMode !== mode) switchNet.mutate({ deviceNetworkMode: mode });
                    }}
                  >
                    {t(`iot.switchNet.mode${mode}`)}
                  </button>
                ))}
              </div>
              <p className="muted">{t(`iot.switchNet.modeHint${d.deviceNetworkMode === 2 ? 2 : 1}`)}</p>
            </>
          ) : null}
          {d.switching ? (
            <CommandProgress
              key={d.switching.commandId}
              commandId={d.switching.commandId}
              label={t('iot.switchNet.progress', { simNo: d.targetSimNo })}
            />
          ) : null}
        </section>
      ) : null}

      {d.sims.map((s) => {
        const ready = s.realnamed && s.hasPackage;
        return (
          <section key={s.simNo} className="card dev-sim" aria-label={s.simNo} data-testid={`sim-${s.simNo}`}>
            <div className="dev-sim-head">
              <b>{s.operatorTypeName || t('iot.switchNet.slot', { slot: s.slot })}</b>
              {s.inUse ? <span className="sim-badge tone-good">{t('iot.switchNet.inUse')}</span> : null}
            </div>
            <p className="muted">
              {t('iot.switchNet.slot', { slot: s.slot })} · {s.simNo}
            </p>
            <div className="dev-sim-facts">
              <span>
                <em>{t('iot.device.signal')}</em>
                {s.signal >= 0 ? t('iot.device.bars', { count: s.signal }) : '—'}
              </span>
              <span>
                <em>{t('iot.switchNet.dataLeft')}</em>
                {s.surplusFlow < 0 ? t('iot.switchNet.unlimited') : flowText(s.surplusFlow)}
              </span>
              <span>
                <em>{t('iot.switchNet.realname')}</em>
                {s.realnamed ? t('iot.switchNet.yes') : t('iot.switchNet.no')}
              </span>
            </div>
            {!s.inUse && !ready ? (
              <div className="dev-tags">
                {!s.realnamed ? (
                  <button type="button" className="sim-pill-btn" onClick={() => void navigateTo('/pages/iot/index/realnameAuth/index')}>
                    {t('iot.switchNet.needRealname')}
                  </button>
                ) : null}
                {!s.hasPackage ? <span className="sim-badge tone-warn">{t('iot.switchNet.needPackage')}</span> : null}
              </div>
            ) : null}
            {!s.inUse && canSwitch ? (
              <button
                type="button"
                className="sim-primary-btn"
                disabled={!ready || inFlight || switchNet.isPending}
                onClick={async () => {
                  const ok = await Dialog.confirm({
                    content: t('iot.switchNet.confirm', { simNo: s.simNo }),
                    confirmText: t('iot.switchNet.switchTo'),
                    cancelText: t('common.cancel'),
                  });
                  if (!ok) return;
                  switchNet.mutate({ simNo: s.simNo });
                }}
              >
                {t('iot.switchNet.switchTo')}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
