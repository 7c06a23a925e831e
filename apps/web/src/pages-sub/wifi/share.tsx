import '../../features/wifi/components/wifi.css';
import { TOKEN } from '@simshop/contract/iot-codes';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SimLoading } from '../../features/sim/components/page-state.tsx';
import { useWifiCode } from '../../features/wifi/api/get-wifi-code.ts';
import { postWifiRevoke } from '../../features/wifi/api/wifi-revoke.ts';
import { useMyWifiCards } from '../../features/wifi/stores/my-cards.ts';
import { copyWithToast } from '../../lib/clipboard.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { Dialog, Toast } from '../../lib/feedback.ts';
import { navigateTo } from '../../lib/nav.ts';
import { appAddress, qrDataUrl } from '../../lib/qr.ts';

const WIFI = '/pages-sub/wifi/index';
const CONNECT = '/pages-sub/wifi/connect';

/** Share a Wi-Fi card (spec §2 /pages-sub/wifi/share): its link and the QR of the link; its maker may withdraw it. */
export default function WifiSharePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = TOKEN.test(token);
  const code = useWifiCode(valid ? { token } : null);
  const mine = useMyWifiCards((s) => s.cards.find((c) => c.token === token));
  const markWithdrawn = useMyWifiCards((s) => s.markWithdrawn);
  const link = valid ? appAddress(`${CONNECT}?token=${token}`, undefined) : '';
  const [linkQr, setLinkQr] = useState('');
  useEffect(() => {
    if (link) void qrDataUrl(link).then(setLinkQr);
  }, [link]);

  if (!valid) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('wifi.noCard')} description="" />
        <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(WIFI)}>
          {t('wifi.makeCard')}
        </button>
      </div>
    );
  }
  if (code.isError) {
    return (
      <div className="center-view" data-testid="wifi-unavailable">
        <ErrorBlock status="default" title={t('wifi.unavailable')} description={code.error.message} />
        <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(WIFI)}>
          {t('wifi.makeCard')}
        </button>
      </div>
    );
  }
  if (!code.data) return <SimLoading lines={6} />;

  const withdraw = async () => {
    if (!mine) return;
    const sure = await Dialog.confirm({
      title: t('wifi.withdrawTitle'),
      content: t('wifi.withdrawConfirm', { ssid: mine.ssid }),
      confirmText: t('wifi.withdraw'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await postWifiRevoke(token, mine.ownerKey);
      markWithdrawn(token);
      Toast.show({ content: t('wifi.withdrawDone') });
      await queryClient.invalidateQueries({ queryKey: ['wifi', 'code', token] });
    } catch {
      // The request layer showed the refusal.
    }
  };

  return (
    <div className="wifi-page" data-testid="wifi-share">
      <section className="card" aria-label={t('wifi.shareTitle')}>
        <div className="wifi-head">
          <h2>{code.data.title || code.data.ssid}</h2>
        </div>
        <div className="wifi-qr">
          {linkQr ? <img src={linkQr} alt={t('wifi.linkQrAlt', { ssid: code.data.ssid })} data-testid="wifi-link-qr" /> : null}
          <p>{t('wifi.linkQrHint')}</p>
        </div>
        <p className="wifi-link" data-testid="wifi-link">
          {link}
        </p>
        {code.data.expiresAt !== null ? (
          <p className="wifi-note">{t('wifi.validUntil', { time: formatDateTime(code.data.expiresAt) })}</p>
        ) : null}
        <div className="wifi-actions">
          <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(`${CONNECT}?token=${token}`)}>
            {t('wifi.preview')}
          </button>
          <button type="button" className="sim-primary-btn" onClick={() => void copyWithToast(link, t('wifi.link'))}>
            {t('wifi.copyLink')}
          </button>
        </div>
        <p className="wifi-note">{t('wifi.linkNote')}</p>
      </section>
      {mine && !mine.withdrawn ? (
        <section className="card">
          <h2 className="section-title">{t('wifi.withdrawTitle')}</h2>
          <p className="wifi-note">{t('wifi.withdrawNote')}</p>
          <button type="button" className="sim-ghost-btn" onClick={() => void withdraw()} data-testid="wifi-withdraw">
            {t('wifi.withdraw')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
