import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import './security.css';
import type { DeviceCommand, SecurityCentre, WifiSchedule } from '@simshop/contract/iot-device';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinal, useDeviceSms, useReadSms, useSecurityCall, useSecurityCentre } from '../../../../features/sim/api/device.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { CommandBadge } from '../../../../features/sim/components/device.tsx';
import { SimLoadFailed, SimLoading, SimMissingItem, SimNotOffered } from '../../../../features/sim/components/page-state.tsx';
import { ProveDevice } from '../../../../features/sim/components/prove-device.tsx';
import { isDevice } from '../../../../features/sim/labels.ts';
import { offers } from '../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatNearDateTime } from '../../../../lib/datetime.ts';
import { Toast } from '../../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const SECURITY = '/pages-sub/iot/deviceManage/security/index';
/** Where a phone not yet authorised gets its authorisation (the same record this page shows). */
const PHONE_ACCESS = '/pages-sub/iot/index/deviceTerminalAuth/index';
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The badge of a command while it is open, or after it failed; nothing once applied. */
function OpenCommand({ command }: { command: Pick<DeviceCommand, 'state'> | null }) {
  if (!command || command.state === 'applied') return null;
  return <CommandBadge state={command.state} />;
}

/** The clients of the device's Wi-Fi: each one's band and traffic, blocked or not, authorised or not (as Phone access says). */
function Clients({ data }: { data: SecurityCentre }) {
  const { t } = useTranslation();
  const call = useSecurityCall();
  return (
    <section className="card" aria-label={t('iot.security.clientsTitle')}>
      <h2 className="section-title">{t('iot.security.clientsTitle')}</h2>
      {data.clients.length === 0 ? <p className="muted">{t('iot.security.noClients')}</p> : null}
      {data.clients.map((x) => {
        const busy = x.commandState !== '' && !isFinal({ state: x.commandState as DeviceCommand['state'] });
        return (
          <div key={x.mac} className="sec-client" data-testid={`client-${x.mac}`}>
            <div className="sec-client-head">
              <b>{x.name || t('iot.terminal.unnamed')}</b>
              <span className={`sim-badge tone-${x.blocked ? 'bad' : x.authorized === false ? 'warn' : 'good'}`} data-testid="client-state">
                {x.blocked ? t('iot.security.blocked') : x.authorized === false ? t('iot.terminal.waiting') : t('iot.security.allowed')}
              </span>
            </div>
            <p className="muted">
              {x.mac}
              {x.band ? ` · ${x.band}` : ''} · {t('iot.terminal.seen', { time: formatNearDateTime(x.seenAt) })}
            </p>
            <div className="sec-client-foot">
              <span>{t('iot.security.traffic', { mb: x.trafficMb })}</span>
              {busy || x.commandState === 'failed' || x.commandState === 'timedOut' ? (
                <CommandBadge state={x.commandState as DeviceCommand['state']} />
              ) : null}
              <span className="sec-client-actions">
                {!x.blocked && x.authorized === false && knowsPage(PHONE_ACCESS) ? (
                  <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(PHONE_ACCESS)}>
                    {t('iot.terminal.authorise')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className={`sim-ghost-btn${x.blocked ? '' : ' dev-btn-danger'}`}
                  disabled={busy || call.isPending}
                  onClick={() =>
                    call.mutate(
                      { call: 'blockClient', body: { mac: x.mac, block: !x.blocked } },
                      { onSuccess: () => Toast.show({ content: t('iot.device.sent') }) },
                    )
                  }
                >
                  {x.blocked ? t('iot.security.unblock') : t('iot.security.block')}
                </button>
              </span>
            </div>
          </div>
        );
      })}
    </section>
  );
}

/** AP isolation: phones on the Wi-Fi cannot see each other. */
function Isolation({ data }: { data: SecurityCentre }) {
  const { t } = useTranslation();
  const call = useSecurityCall();
  const busy = !!data.apIsolationCommand && !isFinal(data.apIsolationCommand);
  return (
    <section className="card dev-band" aria-label={t('iot.security.isolationTitle')}>
      <div className="dev-row">
        <span>
          <b>{t('iot.security.isolationTitle')}</b>
          <br />
          <small className="muted">{t('iot.security.isolationHint')}</small>
        </span>
        <Switch
          aria-label={t('iot.security.isolationTitle')}
          checked={data.apIsolation}
          loading={busy || call.isPending}
          onChange={(enabled) =>
            call.mutate({ call: 'apIsolation', body: { enabled } }, { onSuccess: () => Toast.show({ content: t('iot.device.sent') }) })
          }
        />
      </div>
      <OpenCommand command={data.apIsolationCommand} />
    </section>
  );
}

/** The night schedule the device keeps: Wi-Fi off from one time to another on the chosen days. */
function Schedule({ data }: { data: SecurityCentre }) {
  const { t } = useTranslation();
  const call = useSecurityCall();
  const [draft, setDraft] = useState<WifiSchedule>(data.schedule);
  const busy = !!data.scheduleCommand && !isFinal(data.scheduleCommand);
  const valid = /^\d{2}:\d{2}$/.test(draft.off) && /^\d{2}:\d{2}$/.test(draft.on) && draft.off !== draft.on && draft.days.length > 0;
  const toggle = (day: number) =>
    setDraft((d) => ({ ...d, days: d.days.includes(day) ? d.days.filter((x) => x !== day) : [...d.days, day].sort((a, b) => a - b) }));
  return (
    <section className="card dev-band" aria-label={t('iot.security.scheduleTitle')}>
      <div className="dev-row">
        <span>
          <b>{t('iot.security.scheduleTitle')}</b>
          <br />
          <small className="muted">{t('iot.security.scheduleHint')}</small>
        </span>
        <Switch
          aria-label={t('iot.security.scheduleOn')}
          checked={draft.enabled}
          onChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
        />
      </div>
      <div className="sec-times">
        <label>
          {t('iot.security.offAt')}
          <input type="time" value={draft.off} onChange={(e) => setDraft((d) => ({ ...d, off: e.target.value }))} />
        </label>
        <label>
          {t('iot.security.onAt')}
          <input type="time" value={draft.on} onChange={(e) => setDraft((d) => ({ ...d, on: e.target.value }))} />
        </label>
      </div>
      <fieldset className="sec-days" aria-label={t('iot.security.days')}>
        {DAYS.map((day) => (
          <button key={day} type="button" aria-pressed={draft.days.includes(day)} onClick={() => toggle(day)}>
            {t(`iot.security.day.${day}`)}
          </button>
        ))}
      </fieldset>
      <p className="muted">
        {data.schedule.enabled
          ? t('iot.security.scheduleNow', {
              off: data.schedule.off,
              on: data.schedule.on,
              days: data.schedule.days.map((d) => t(`iot.security.day.${d}`)).join(' '),
            })
          : t('iot.security.scheduleNone')}
      </p>
      <OpenCommand command={data.scheduleCommand} />
      <button
        type="button"
        className="sim-primary-btn"
        disabled={!valid || busy || call.isPending}
        onClick={() =>
          call.mutate({ call: 'wifiSchedule', body: draft }, { onSuccess: () => Toast.show({ content: t('iot.device.sent') }) })
        }
      >
        {t('iot.security.saveSchedule')}
      </button>
    </section>
  );
}

/** The SIM's text messages as the device received them: sender and time; opening one shows it and marks it read. */
function Inbox({ offered }: { offered: boolean }) {
  const { t } = useTranslation();
  const inbox = useDeviceSms(offered);
  const read = useReadSms();
  const [open, setOpen] = useState<number | null>(null);
  const d = inbox.data;
  return (
    <section className="card" aria-label={t('iot.security.inboxTitle')}>
      <div className="sim-card-head">
        <h2 className="section-title">{t('iot.security.inboxTitle')}</h2>
        {d && d.unread > 0 ? (
          <span className="sim-badge tone-warn" data-testid="sms-unread">
            {t('iot.security.unread', { count: d.unread })}
          </span>
        ) : null}
      </div>
      {!d ? <p className="muted">{t('common.loading')}</p> : null}
      {d && d.list.length === 0 ? <p className="muted">{t('iot.security.noSms')}</p> : null}
      {d && d.list.length > 0 ? (
        <ul className="sec-sms" data-testid="sms-list">
          {d.list.map((m) => (
            <li key={m.id} className={`${m.read ? '' : 'unread'} ${open === m.id ? 'open' : ''}`} data-testid={`sms-${m.id}`}>
              <button
                type="button"
                aria-expanded={open === m.id}
                onClick={() => {
                  setOpen(open === m.id ? null : m.id);
                  if (!m.read) read.mutate(m.id);
                }}
              >
                <span className="sec-sms-head">
                  <b>
                    <span data-outside-text>{m.from}</span>
                    {m.read ? '' : ` · ${t('iot.security.new')}`}
                  </b>
                  <small>{formatNearDateTime(m.receivedAt)}</small>
                </span>
                {open === m.id ? <p data-outside-text>{m.text}</p> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The security centre of a portable Wi-Fi: the clients on its Wi-Fi (block or let in again), AP
 * isolation, the night schedule the device keeps, and the SIM's text messages.
 */
export default function DeviceSecurityPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const sim = useSimInfo();
  const offered = sim.data ? offers(SECURITY, sim.data) : false;
  // Clients and messages are the device's secrets: asked for once the session is proven (decision 0105).
  const centre = useSecurityCentre(offered && sim.data?.sessionProven === true);
  if (!loggedIn) return null;
  if (sim.data && (!isDevice(sim.data) || !sim.data.device)) {
    return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  }
  if (sim.data && !offered) return <SimNotOffered />;
  if (sim.data && !sim.data.sessionProven) {
    return (
      <div className="sim-page dev-page acct-page">
        <ProveDevice info={sim.data} what={t('iot.prove.security')} />
      </div>
    );
  }
  if (centre.isError) return <SimLoadFailed onRetry={() => void centre.refetch()} />;
  const d = centre.data;
  if (!d) return <SimLoading />;
  return (
    <div className="sim-page dev-page acct-page">
      <div className="acct-hero">
        <b>{t('iot.security.title')}</b>
        <span>{t('iot.security.hint')}</span>
      </div>
      <Clients data={d} />
      <Isolation data={d} />
      <Schedule key={JSON.stringify(d.schedule)} data={d} />
      <Inbox offered={offered} />
    </div>
  );
}
