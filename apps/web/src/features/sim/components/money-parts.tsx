import './sim.css';
import './money.css';
import type { CatalogPackage } from '@simshop/contract/iot-money';
import { Skeleton } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../format.ts';
import { allowanceText, durationText } from '../money-format.ts';

/** A price with the yuan sign and the fen smaller: ¥29.90. */
export function PriceTag({ fen, size = 'md', testId }: { fen: number; size?: 'sm' | 'md' | 'lg'; testId?: string }) {
  const [whole, cents] = yuan(fen).split('.');
  return (
    <span className={`price-tag ${size}`} data-testid={testId}>
      <small>¥</small>
      {whole}
      <small>.{cents}</small>
    </span>
  );
}

/** A package of the catalogue: allowance first, then validity, price on the right. */
export function PackageCard({ pkg, onOpen }: { pkg: CatalogPackage; onOpen: () => void }) {
  const { t } = useTranslation();
  const discounted = pkg.originalPrice > pkg.price;
  return (
    <button type="button" className="pkg-card" onClick={onOpen} data-testid={`package-${pkg.id}`}>
      <div className="pkg-card-main">
        <div className="pkg-card-name">
          <span>{pkg.name}</span>
          {pkg.tag ? <em className="pkg-tag">{pkg.tag}</em> : null}
        </div>
        <div className="pkg-card-flow">{allowanceText(t, pkg)}</div>
        <div className="pkg-card-meta">
          <span className="pkg-chip">{durationText(t, pkg)}</span>
          {pkg.effects.includes('next') ? <span className="pkg-chip soft">{t('iot.money.canQueue')}</span> : null}
          {pkg.couponDeductMax > 0 ? (
            <span className="pkg-chip coin">{t('iot.money.coinOff', { amount: yuan(pkg.couponDeductMax) })}</span>
          ) : null}
        </div>
        {pkg.description ? <div className="pkg-card-desc">{pkg.description}</div> : null}
      </div>
      <div className="pkg-card-side">
        <PriceTag fen={pkg.price} testId={`package-price-${pkg.id}`} />
        {discounted ? <s className="pkg-origin">¥{yuan(pkg.originalPrice)}</s> : null}
        <span className="pkg-buy">{t('iot.money.buy')}</span>
      </div>
    </button>
  );
}

/** Skeleton of a list of cards while it loads. */
export function CardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div data-testid="money-loading">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
        <div className="card" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/** An empty list: an illustration, a line and an optional action. */
export function MoneyEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="money-empty" data-testid="money-empty">
      <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
        <rect x="18" y="20" width="84" height="58" rx="8" fill="#eef6f3" />
        <rect x="30" y="34" width="44" height="6" rx="3" fill="#c9e6dc" />
        <rect x="30" y="48" width="60" height="6" rx="3" fill="#dcefe8" />
        <rect x="30" y="62" width="32" height="6" rx="3" fill="#dcefe8" />
        <circle cx="92" cy="22" r="12" fill="#017a62" opacity="0.15" />
        <path d="M86 22h12M92 16v12" stroke="#017a62" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <p>{text}</p>
      {action}
    </div>
  );
}

/** The bar stuck to the bottom of a pay page: total on the left, the action on the right (safe-area padded). */
export function PayBar({ children, total, note }: { children: ReactNode; total: ReactNode; note?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="pay-bar-space" aria-hidden="true" />
      <div className="pay-bar" data-testid="pay-bar">
        <div className="pay-bar-total">
          <span className="pay-bar-label">{t('iot.money.total')}</span>
          {total}
          {note ? <span className="pay-bar-note">{note}</span> : null}
        </div>
        {children}
      </div>
    </>
  );
}

/** A radio choice drawn as a card (real radio input inside a label, so it reads and works as one). */
export function ChoiceCard({
  name,
  checked,
  onSelect,
  disabled = false,
  compact = false,
  className = 'choice',
  trailing,
  children,
  testId,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  disabled?: boolean;
  compact?: boolean;
  className?: string;
  trailing?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className={`${className} ${compact ? 'compact' : ''} ${checked ? 'on' : ''} ${disabled ? 'disabled' : ''}`} data-testid={testId}>
      <input type="radio" className="sr-only" name={name} checked={checked} disabled={disabled} onChange={onSelect} />
      {children}
      {trailing === undefined ? checked ? <CheckCircleFill className="choice-check" /> : <i className="choice-ring" /> : trailing}
    </label>
  );
}
