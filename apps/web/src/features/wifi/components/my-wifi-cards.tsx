import './wifi.css';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/datetime.ts';
import { useMyWifiCards } from '../stores/my-cards.ts';

/** The Wi-Fi cards made in this browser, each opening its share page. */
export function MyWifiCards({ onOpen, now }: { onOpen: (token: string) => void; now: number }) {
  const { t } = useTranslation();
  const cards = useMyWifiCards((s) => s.cards);
  if (cards.length === 0) return null;
  return (
    <section className="card" aria-label={t('wifi.mine')}>
      <h2 className="section-title">{t('wifi.mine')}</h2>
      {cards.map((c) => {
        const ended = c.withdrawn || c.expiresAt <= now;
        return (
          <button key={c.token} type="button" className="wifi-list-item" onClick={() => onOpen(c.token)}>
            <span className="wifi-field-value">{c.ssid}</span>
            <span className="muted">
              {c.withdrawn ? t('wifi.withdrawn') : ended ? t('wifi.ended') : t('wifi.until', { date: formatDate(c.expiresAt) })}
            </span>
            <RightOutline />
          </button>
        );
      })}
    </section>
  );
}
