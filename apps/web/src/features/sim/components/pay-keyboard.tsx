import './money.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const PAY_PASSWORD_LENGTH = 6;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del'] as const;

/** The six cells of a pay password: a dot per digit entered, the next cell highlighted. */
export function PayCells({ value, error = false, label }: { value: string; error?: boolean; label: string }) {
  return (
    <div
      className={`pay-cells ${error ? 'error' : ''}`}
      role="img"
      aria-label={`${label} ${value.length}/${PAY_PASSWORD_LENGTH}`}
      data-testid="pay-cells"
      data-filled={value.length}
    >
      {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed cells
        <span key={i} className={`pay-cell ${i === value.length ? 'active' : ''}`}>
          {i < value.length ? <i className="pay-dot" /> : null}
        </span>
      ))}
    </div>
  );
}

/**
 * The on-screen number keyboard of the pay password (spec §2 payPassword/keyboard): digits never
 * go through the system keyboard; a hardware keyboard works too. `onComplete` fires at 6 digits.
 */
export function PayKeyboard({
  value,
  onChange,
  onComplete,
  disabled = false,
}: {
  value: string;
  onChange: (next: string) => void;
  onComplete?: (full: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const press = (key: string) => {
    if (disabled) return;
    if (key === 'del') {
      onChange(value.slice(0, -1));
      return;
    }
    if (!/^\d$/.test(key) || value.length >= PAY_PASSWORD_LENGTH) return;
    const next = value + key;
    onChange(next);
    if (next.length === PAY_PASSWORD_LENGTH) onComplete?.(next);
  };

  useEffect(() => {
    if (disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') press('del');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <fieldset className="pay-keypad" data-testid="pay-keypad">
      <legend className="sr-only">{t('iot.payPass.keyboard')}</legend>
      {KEYS.map((key, i) =>
        key === '' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed layout (a number key would equal the digit keys' own)
          <span key={`blank-${i}`} className="pay-key blank" />
        ) : (
          <button
            key={key}
            type="button"
            className={`pay-key ${key === 'del' ? 'del' : ''}`}
            disabled={disabled}
            aria-label={key === 'del' ? t('iot.payPass.delete') : key}
            onClick={() => press(key)}
          >
            {key === 'del' ? (
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  d="M9 5h11a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H9l-6-7 6-7Zm3.5 4.5 5 5m0-5-5 5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : (
              key
            )}
          </button>
        ),
      )}
    </fieldset>
  );
}
