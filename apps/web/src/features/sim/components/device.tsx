import type { DeviceCommand } from '@simshop/contract/iot-device';
import { useTranslation } from 'react-i18next';
import { isFinal, useDeviceCommand } from '../api/device.ts';
import './device.css';
import { Input } from '../../../components/text-input.tsx';

const TONE: Record<DeviceCommand['state'], string> = {
  pending: 'plain',
  sent: 'plain',
  acked: 'warn',
  applied: 'good',
  timedOut: 'bad',
  failed: 'bad',
};

/** The state of a device command as a badge (sent, received by the device, applied, timed out, failed). */
export function CommandBadge({ state }: { state: DeviceCommand['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`sim-badge tone-${TONE[state]}`} data-testid="command-state" data-state={state}>
      {t(`iot.device.state.${state}`)}
    </span>
  );
}

/** Follows one command until it is over: its kind, state and, when it failed, why. */
export function CommandProgress({ commandId, label }: { commandId: string; label: string }) {
  const { t } = useTranslation();
  const q = useDeviceCommand(commandId);
  const c = q.data;
  if (!c) return null;
  return (
    <div className={`dev-progress ${isFinal(c) ? 'done' : ''}`} role="status" aria-live="polite">
      <div className="dev-progress-head">
        <span>{label}</span>
        <CommandBadge state={c.state} />
      </div>
      <p className="muted">{t(`iot.device.stateHint.${c.state}`)}</p>
    </div>
  );
}

/** What a risky operation needs: the holder ticks that they understand, and gives the pay password. */
export function DangerFields({
  warning,
  confirmed,
  onConfirm,
  payPassword,
  onPayPassword,
  hasPayPassword,
}: {
  warning: string;
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
  payPassword: string;
  onPayPassword: (v: string) => void;
  hasPayPassword: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="dev-danger">
      <label className="dev-check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
        <span>{warning}</span>
      </label>
      {hasPayPassword ? (
        <div className="sim-field">
          <Input
            aria-label={t('iot.device.payPassword')}
            placeholder={t('iot.device.payPassword')}
            type="password"
            inputMode="numeric"
            maxLength={6}
            value={payPassword}
            onChange={(v) => onPayPassword(v.replace(/\D/g, ''))}
          />
        </div>
      ) : (
        <p className="acct-error">{t('iot.device.noPayPassword')}</p>
      )}
    </div>
  );
}
