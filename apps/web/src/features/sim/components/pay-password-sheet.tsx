import './money.css';
import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, Popup } from 'antd-mobile';
import { CloseOutline, LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNearDateTime } from '../../../lib/datetime.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import { payPassStatusQuery, usePayPassStatus } from '../api/pay-pass-status.ts';
import { moneyText } from '../money-format.ts';
import { PayCells, PayKeyboard } from './pay-keyboard.tsx';

export const PAY_PASSWORD_PAGE = '/pages/iot/index/payPassword/index';

/** What a submission of the password gave: accepted, wrong (try again), or stopped for another reason. */
export type PasswordOutcome = 'ok' | 'wrong' | 'stop';

/** "until 14:35" today, or with the date on another day. */
export function unlockTime(ms: number, now = Date.now()): string {
  return formatNearDateTime(ms, now);
}

/**
 * The pay-password sheet (spec §2 payPassword/validate): asked before paying from the balance,
 * or when the server answers 41001. After 5 wrong tries paying by password is locked and the
 * sheet says until when.
 */
export function PayPasswordSheet({
  visible,
  amount,
  onClose,
  onSubmit,
}: {
  visible: boolean;
  /** Amount to pay, in fen (shown above the cells). */
  amount?: number;
  onClose: () => void;
  onSubmit: (password: string) => Promise<PasswordOutcome>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = usePayPassStatus(visible);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);

  useEffect(() => {
    if (visible) {
      setValue('');
      setWrong(false);
    }
  }, [visible]);

  const s = status.data;
  const locked = Boolean(s?.locked && s.lockedUntil && s.lockedUntil > Date.now());

  const submit = async (pw: string) => {
    setBusy(true);
    try {
      const outcome = await onSubmit(pw);
      if (outcome === 'wrong') {
        setWrong(true);
        setValue('');
        await queryClient.invalidateQueries({ queryKey: payPassStatusQuery(useSession.getState().simNo).queryKey });
      } else if (outcome === 'stop') {
        setValue('');
      }
    } finally {
      setBusy(false);
    }
  };

  let message: string | null = null;
  if (locked && s?.lockedUntil) message = t('iot.payPass.locked', { time: unlockTime(s.lockedUntil) });
  else if (wrong && s) message = t('iot.payPass.wrong', { count: s.attemptsLeft });

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="pay-sheet" destroyOnClose>
      <div role="dialog" aria-label={t('iot.payPass.enterTitle')} data-testid="pay-password-sheet">
        <div className="pay-sheet-head">
          <button type="button" className="pay-sheet-close" aria-label={t('iot.common.close')} onClick={onClose}>
            <CloseOutline />
          </button>
          <h3>{t('iot.payPass.enterTitle')}</h3>
        </div>
        {amount !== undefined ? (
          <div className="pay-sheet-amount" data-testid="pay-sheet-amount">
            {moneyText(amount)}
          </div>
        ) : null}
        {locked ? (
          <div className="pay-locked" role="alert" data-testid="pay-locked">
            <LockOutline fontSize={32} />
            <p>{message}</p>
            {knowsPage(PAY_PASSWORD_PAGE) ? (
              <button
                type="button"
                className="sim-primary-btn"
                onClick={() => {
                  onClose();
                  void navigateTo(`${PAY_PASSWORD_PAGE}?mode=sms`);
                }}
              >
                {t('iot.payPass.resetBySms')}
              </button>
            ) : null}
            <button type="button" className="sim-ghost-btn" onClick={onClose}>
              {t('iot.common.gotIt')}
            </button>
          </div>
        ) : (
          <>
            <PayCells value={value} error={wrong} label={t('iot.payPass.enterTitle')} />
            <div className={`pay-sheet-msg ${message ? 'error' : ''}`} role={message ? 'alert' : undefined} data-testid="pay-sheet-msg">
              {busy ? <DotLoading color="primary" /> : (message ?? t('iot.payPass.enterHint'))}
            </div>
            {knowsPage(PAY_PASSWORD_PAGE) ? (
              <button
                type="button"
                className="pay-forgot"
                onClick={() => {
                  onClose();
                  void navigateTo(`${PAY_PASSWORD_PAGE}?mode=sms`);
                }}
              >
                {t('iot.payPass.forgot')}
              </button>
            ) : null}
            <PayKeyboard value={value} onChange={setValue} onComplete={(pw) => void submit(pw)} disabled={busy || !visible} />
          </>
        )}
      </div>
    </Popup>
  );
}
