import { yuan } from '../lib/money.ts';
import './shop.css';

/** A price in fen shown in yuan, red, with a small ¥ sign. */
export function Price({ fen, size = 'md', className = '' }: { fen: number; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return (
    <span className={`price price-${size} ${className}`}>
      <span className="price-sign">¥</span>
      {yuan(fen)}
    </span>
  );
}
