import type { ReactNode } from 'react';

/**
 * A card that opens something when tapped: its content stays plain text (so long names wrap as text
 * does) and one button named `label` covers the whole card for taps, keyboards and screen readers.
 */
export function TapCard({
  label,
  onOpen,
  className,
  children,
  testId,
}: {
  label: string;
  onOpen: () => void;
  className: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`mall-tap ${className}`}>
      {children}
      <button type="button" className="mall-tap-btn" aria-label={label} onClick={onOpen} data-testid={testId} />
    </div>
  );
}
