import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { Toast } from '../../../lib/feedback.ts';

/** A "get code" button with its resend countdown and, in the demo, the code shown to fill in. */
export function CodeField({
  label,
  value,
  onChange,
  onSend,
  disabled = false,
  testId = 'dev-code',
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** Sends the code; a refusal is shown by the request layer. */
  onSend: () => Promise<{ resendIn: number; mobile: string; devCode?: string | null }>;
  disabled?: boolean;
  testId?: string;
  /** Another class of the field beside sim-field. */
  className?: string;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [devCode, setDevCode] = useState('');
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <>
      <div className={className ? `sim-field ${className}` : 'sim-field'}>
        <Input
          aria-label={label}
          placeholder={t('iot.code.placeholder')}
          inputMode="numeric"
          maxLength={6}
          value={value}
          onChange={(v) => onChange(v.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="sim-field-btn"
          disabled={disabled || left > 0 || sending}
          onClick={async () => {
            setSending(true);
            try {
              const r = await onSend();
              setLeft(r.resendIn || 60);
              setSentOnce(true);
              setDevCode(r.devCode ?? '');
              Toast.show({ content: t('iot.code.sent', { mobile: r.mobile }) });
            } catch {
              // The refusal was shown by the request layer.
            } finally {
              setSending(false);
            }
          }}
        >
          {left > 0 ? t('iot.code.resendIn', { seconds: left }) : sentOnce ? t('iot.code.resend') : t('iot.code.send')}
        </button>
      </div>
      {devCode ? (
        <div className="sim-dev-code" data-testid={testId}>
          {t('iot.code.demo', { code: devCode })}
          <button type="button" onClick={() => onChange(devCode)}>
            {t('iot.code.fill')}
          </button>
        </div>
      ) : null}
    </>
  );
}
