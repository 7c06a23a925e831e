import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import type { WirelessAuthList } from '@simshop/contract/iot-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../../components/text-input.tsx';
import { useTerminalAuth, useTerminalAuthSms, useWirelessAuthList } from '../../../../features/sim/api/device.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { CodeField } from '../../../../features/sim/components/code-field.tsx';
import { CommandBadge } from '../../../../features/sim/components/device.tsx';
import { SimLoadFailed, SimLoading, SimMissingItem, SimNotOffered } from '../../../../features/sim/components/page-state.tsx';
import { ProveDevice } from '../../../../features/sim/components/prove-device.tsx';
import { isDevice } from '../../../../features/sim/labels.ts';
import { offers } from '../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatNearDateTime } from '../../../../lib/datetime.ts';
import { Toast } from '../../../../lib/feedback.ts';

type Terminal = WirelessAuthList['list'][number];

/** Authorising one phone: its owner's number, the code sent to it, then the device lets the phone through. */
function AuthoriseForm({ terminal }: { terminal: Terminal }) {
  const { t } = useTranslation();
  const send = useTerminalAuthSms();
  const auth = useTerminalAuth();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const mobileOk = /^1\d{10}$/.test(mobile);
  return (
    <div className="dev-danger">
      <div className="sim-field">
        <Input
          aria-label={t('iot.terminal.mobile')}
          placeholder={t('iot.terminal.mobile')}
          inputMode="tel"
          maxLength={11}
          value={mobile}
          onChange={(v) => setMobile(v.replace(/\D/g, ''))}
        />
      </div>
      <CodeField
        label={t('iot.code.label')}
        value={code}
        onChange={setCode}
        onSend={() => send.mutateAsync({ mobile, mac: terminal.mac })}
        disabled={!mobileOk}
        testId="terminal-dev-code"
      />
      <button
        type="button"
        className="sim-primary-btn"
        disabled={!mobileOk || !/^\d{6}$/.test(code) || auth.isPending}
        onClick={() => auth.mutate({ mobile, mac: terminal.mac, code }, { onSuccess: () => Toast.show({ content: t('iot.device.sent') }) })}
      >
        {t('iot.terminal.authorise')}
      </button>
    </div>
  );
}

/**
 * Phone access (spec §2 deviceTerminalAuth): the phones that joined the device's Wi-Fi; one that is
 * not yet let through is authorised by a code sent to its owner's number, and the device enforces it.
 */
const TERMINAL_AUTH = '/pages-sub/iot/index/deviceTerminalAuth/index';

export default function DeviceTerminalAuthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const sim = useSimInfo();
  const offered = sim.data ? offers(TERMINAL_AUTH, sim.data) : false;
  // The phones on the Wi-Fi are the device's secrets: asked for once the session is proven (decision 0105).
  const list = useWirelessAuthList(offered && sim.data?.sessionProven === true);
  const [open, setOpen] = useState('');
  if (!loggedIn) return null;
  if (sim.data && (!isDevice(sim.data) || !sim.data.device)) {
    return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  }
  if (sim.data && !offered) return <SimNotOffered />;
  if (sim.data && !sim.data.sessionProven) {
    return (
      <div className="sim-page dev-page acct-page">
        <ProveDevice info={sim.data} what={t('iot.prove.phones')} />
      </div>
    );
  }
  if (list.isError) return <SimLoadFailed onRetry={() => void list.refetch()} />;
  const d = list.data;
  if (!d) return <SimLoading />;
  return (
    <div className="sim-page dev-page acct-page">
      <div className="acct-hero">
        <b>{t('iot.terminal.title')}</b>
        <span>{t('iot.terminal.hint')}</span>
      </div>
      {d.list.length === 0 ? (
        <section className="card">
          <p className="muted">{t('iot.terminal.none')}</p>
        </section>
      ) : null}
      {d.list.map((x) => (
        <section key={x.mac} className="card dev-sim" aria-label={x.name || x.mac} data-testid={`terminal-${x.mac}`}>
          <div className="dev-sim-head">
            <b>{x.name || t('iot.terminal.unnamed')}</b>
            <span className={`sim-badge tone-${x.authorized ? 'good' : 'warn'}`}>
              {x.authorized ? t('iot.terminal.authorised') : t('iot.terminal.waiting')}
            </span>
          </div>
          <p className="muted">
            {x.mac} · {t('iot.terminal.seen', { time: formatNearDateTime(x.seenAt) })}
          </p>
          {x.mobile ? <p className="muted">{t('iot.terminal.by', { mobile: x.mobile })}</p> : null}
          {x.commandState && !x.authorized ? <CommandBadge state={x.commandState as never} /> : null}
          {!x.authorized ? (
            open === x.mac ? (
              <AuthoriseForm terminal={x} />
            ) : (
              <button type="button" className="sim-ghost-btn" onClick={() => setOpen(x.mac)}>
                {t('iot.terminal.authorise')}
              </button>
            )
          ) : null}
        </section>
      ))}
    </div>
  );
}
