import '../../../features/sim/components/sim.css';
import '../../../features/sim/components/account.css';
import type { WifiEntry } from '@simshop/contract/iot';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceCall, useDeviceCommands, useDeviceStatus } from '../../../features/sim/api/device.ts';
import { useSimInfo } from '../../../features/sim/api/sim-info.ts';
import { CommandBadge, CommandProgress, DangerFields } from '../../../features/sim/components/device.tsx';
import { SimLoadFailed, SimLoading, SimMissingItem } from '../../../features/sim/components/page-state.tsx';
import { ProveDevice } from '../../../features/sim/components/prove-device.tsx';
import { isDevice } from '../../../features/sim/labels.ts';
import { offers, offersBand } from '../../../features/sim/menu.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { formatNearDateTime } from '../../../lib/datetime.ts';
import { Dialog, Toast } from '../../../lib/feedback.ts';
import { navigateTo } from '../../../lib/nav.ts';

/** One Wi-Fi band: name, show the name, Wi-Fi on or off (off needs the confirmation and the pay password). */
function Band({
  wifi,
  hasPayPassword,
  onCommand,
}: {
  wifi: WifiEntry;
  hasPayPassword: boolean;
  onCommand: (id: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const display = useDeviceCall('setWiFiDisplay');
  const close = useDeviceCall('close');
  const [offOpen, setOffOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [payPassword, setPayPassword] = useState('');
  const band = wifi.wifiType;
  return (
    <section className="card dev-band" aria-label={t('iot.device.bandTitle', { band })} data-testid={`band-${band}`}>
      <div className="dev-band-head">
        <h2>{t('iot.device.bandTitle', { band })}</h2>
        <span className={`sim-badge tone-${wifi.switchWifi ? 'good' : 'bad'}`}>
          {wifi.switchWifi ? t('iot.device.on') : t('iot.device.off')}
        </span>
      </div>
      <div className="dev-row">
        <span>{t('iot.device.wifiName')}</span>
        <b data-testid={`ssid-${band}`}>{wifi.wifiName}</b>
      </div>
      <div className="dev-row">
        <span>{t('iot.device.clients')}</span>
        <b>
          {wifi.connCount}/{wifi.maxConnCount}
        </b>
      </div>
      <div className="dev-row">
        <span>{t('iot.device.showName')}</span>
        <Switch
          aria-label={t('iot.device.showName')}
          checked={wifi.showWifi}
          loading={display.isPending}
          onChange={(show) =>
            display.mutate(
              { wifiType: band, showWifi: show },
              { onSuccess: (c) => onCommand(c.commandId, t('iot.device.kind.setDisplay')) },
            )
          }
        />
      </div>
      <div className="dev-actions">
        <button
          type="button"
          className="sim-ghost-btn"
          onClick={() => void navigateTo(`/pages-sub/iot/deviceManage/setSsidPwd/index?wifiType=${encodeURIComponent(band)}`)}
        >
          {t('iot.device.changeNamePassword')}
        </button>
        {wifi.switchWifi ? (
          <button type="button" className="sim-ghost-btn dev-btn-danger" aria-expanded={offOpen} onClick={() => setOffOpen(!offOpen)}>
            {t('iot.device.turnOff')}
          </button>
        ) : (
          <button
            type="button"
            className="sim-ghost-btn"
            disabled={close.isPending}
            onClick={() =>
              close.mutate({ wifiType: band, switchWifi: true }, { onSuccess: (c) => onCommand(c.commandId, t('iot.device.kind.wifiOn')) })
            }
          >
            {t('iot.device.turnOn')}
          </button>
        )}
      </div>
      {offOpen && wifi.switchWifi ? (
        <>
          <DangerFields
            warning={t('iot.device.offWarning', { band })}
            confirmed={confirmed}
            onConfirm={setConfirmed}
            payPassword={payPassword}
            onPayPassword={setPayPassword}
            hasPayPassword={hasPayPassword}
          />
          <button
            type="button"
            className="sim-primary-btn"
            disabled={!confirmed || payPassword.length !== 6 || close.isPending}
            onClick={() =>
              close.mutate(
                { wifiType: band, switchWifi: false, confirm: true, payPassword },
                {
                  onSuccess: (c) => {
                    setOffOpen(false);
                    setPayPassword('');
                    setConfirmed(false);
                    onCommand(c.commandId, t('iot.device.kind.wifiOff'));
                  },
                },
              )
            }
          >
            {t('iot.device.turnOffConfirm')}
          </button>
        </>
      ) : null}
    </section>
  );
}

/** The device's other pages, shown when the card's device offers them. */
const DEVICE_LINKS = [
  { path: '/pages/iot/index/switchNet/index', title: 'iot.title.switchNet' },
  { path: '/pages-sub/iot/index/deviceTerminalAuth/index', title: 'iot.title.deviceTerminalAuth' },
  { path: '/pages-sub/iot/deviceManage/security/index', title: 'iot.title.securityCentre' },
] as const;

/** Device settings (spec §2 deviceManage): the device's state, each Wi-Fi band, restart, reset, the latest commands. */
export default function DeviceManagePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const status = useDeviceStatus();
  const commands = useDeviceCommands();
  const restart = useDeviceCall('restart');
  const reset = useDeviceCall('reset');
  const [following, setFollowing] = useState<{ id: string; label: string } | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [payPassword, setPayPassword] = useState('');
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const sim = info.data;
  if (!sim) return <SimLoading />;
  if (!isDevice(sim) || !sim.device) {
    return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  }
  const device = sim.device;
  const s = status.data;
  const links = DEVICE_LINKS.filter((l) => offers(l.path, sim));
  const follow = (id: string, label: string) => {
    setFollowing({ id, label });
    Toast.show({ content: t('iot.device.sent') });
  };

  return (
    <div className="sim-page dev-page acct-page">
      <section className="card" aria-label={t('iot.device.statusTitle')}>
        <div className="sim-card-head">
          <h2 className="section-title">{device.model || t('iot.device.statusTitle')}</h2>
          <span className={`sim-badge tone-${s?.rebooting ? 'warn' : s?.online === false ? 'bad' : 'good'}`} data-testid="device-online">
            {s?.rebooting ? t('iot.device.rebooting') : s?.online === false ? t('iot.device.offline') : t('iot.device.online')}
          </span>
        </div>
        <p className="muted">
          {t('iot.label.deviceNumber')} {device.deviceNo}
        </p>
        <div className="dev-status">
          <div>
            <b>{s && s.battery >= 0 ? `${s.battery}%` : '—'}</b>
            <span>{t('iot.device.battery')}</span>
          </div>
          <div>
            <b>{s && s.signal >= 0 ? t('iot.device.bars', { count: s.signal }) : '—'}</b>
            <span>{t('iot.device.signal')}</span>
          </div>
          <div>
            <b>{s ? s.clients : '—'}</b>
            <span>{t('iot.device.clients')}</span>
          </div>
          <div>
            <b>{s ? `${s.trafficMb} MB` : '—'}</b>
            <span>{t('iot.device.traffic')}</span>
          </div>
        </div>
        {s?.reportedAt ? <p className="muted">{t('iot.device.reportedAt', { time: formatNearDateTime(s.reportedAt) })}</p> : null}
        {following ? <CommandProgress key={following.id} commandId={following.id} label={following.label} /> : null}
      </section>

      {!sim.sessionProven ? <ProveDevice info={sim} what={t('iot.prove.settings')} /> : null}

      {device.wifis
        .filter((w) => sim.sessionProven && offersBand(w.wifiType, sim))
        .map((w) => (
          <Band key={w.wifiType} wifi={w} hasPayPassword={sim.existPayPassword} onCommand={follow} />
        ))}

      {links.length > 0 ? (
        <div className="dev-links">
          {links.map((l) => (
            <button key={l.path} type="button" className="sim-ghost-btn" onClick={() => void navigateTo(l.path)}>
              {t(l.title)}
            </button>
          ))}
        </div>
      ) : null}

      {sim.sessionProven ? (
        <section className="card dev-band" aria-label={t('iot.device.powerTitle')}>
          <h2 className="section-title">{t('iot.device.powerTitle')}</h2>
          <div className="dev-actions">
            <button
              type="button"
              className="sim-ghost-btn"
              disabled={restart.isPending}
              onClick={async () => {
                const ok = await Dialog.confirm({
                  content: t('iot.device.restartConfirm'),
                  confirmText: t('iot.device.restart'),
                  cancelText: t('common.cancel'),
                });
                if (!ok) return;
                restart.mutate({}, { onSuccess: (c) => follow(c.commandId, t('iot.device.kind.restart')) });
              }}
            >
              {t('iot.device.restart')}
            </button>
            <button
              type="button"
              className="sim-ghost-btn dev-btn-danger"
              aria-expanded={resetOpen}
              onClick={() => setResetOpen(!resetOpen)}
            >
              {t('iot.device.reset')}
            </button>
          </div>
          {resetOpen ? (
            <>
              <DangerFields
                warning={t('iot.device.resetWarning')}
                confirmed={confirmed}
                onConfirm={setConfirmed}
                payPassword={payPassword}
                onPayPassword={setPayPassword}
                hasPayPassword={sim.existPayPassword}
              />
              <button
                type="button"
                className="sim-primary-btn"
                disabled={!confirmed || payPassword.length !== 6 || reset.isPending}
                onClick={() =>
                  reset.mutate(
                    { confirm: true, payPassword },
                    {
                      onSuccess: (c) => {
                        setResetOpen(false);
                        setPayPassword('');
                        setConfirmed(false);
                        follow(c.commandId, t('iot.device.kind.reset'));
                      },
                    },
                  )
                }
              >
                {t('iot.device.resetConfirm')}
              </button>
            </>
          ) : null}
        </section>
      ) : null}

      <section className="card" aria-label={t('iot.device.historyTitle')}>
        <h2 className="section-title">{t('iot.device.historyTitle')}</h2>
        {commands.data && commands.data.list.length > 0 ? (
          <ul className="dev-commands" data-testid="command-list">
            {commands.data.list.map((c) => (
              <li key={c.commandId}>
                <span>
                  {t(`iot.device.kind.${c.kind}`)}
                  {c.wifiType ? ` · ${c.wifiType}` : ''}
                  <small>{formatNearDateTime(c.createdAt)}</small>
                </span>
                <CommandBadge state={c.state} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('iot.device.noHistory')}</p>
        )}
      </section>
    </div>
  );
}
