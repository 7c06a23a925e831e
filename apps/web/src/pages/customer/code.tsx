import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ContactList } from '../../features/customer/components/contact-list.tsx';
import { customerServiceAddress } from '../../features/customer/qr.ts';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { openLink } from '../../features/site/open-link.ts';
import { qrDataUrl } from '../../lib/qr.ts';
import { useSession } from '../../lib/session.ts';
import '../../features/customer/components/customer.css';

/**
 * The QR code to add customer service: the promoter's own code image when it has one, else a code
 * made here of its online-service address (spec §2 /pages/customer/code).
 */
export default function CustomerCodePage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const promoCode = useSession((s) => s.carried.promoCode);
  const front = config?.front;
  const address = front && !front.kefuQr ? customerServiceAddress(front.kefuUrl, promoCode || config?.promoCode) : '';
  const made = useQuery({
    queryKey: ['customerQr', address] as const,
    queryFn: () => qrDataUrl(address),
    enabled: address !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const image = front?.kefuQr || made.data;
  return (
    <div>
      <section className="help-qr">
        <h1>{t('service.wechat')}</h1>
        <p className="muted" style={{ margin: '0 0 16px', fontSize: 13 }}>
          {t('service.scanQr')}
        </p>
        {image ? (
          <img src={image} alt={t('service.qrAlt')} width={200} height={200} data-testid="customer-qr" />
        ) : (
          <div style={{ height: 212 }} className="center-view">
            <DotLoading color="primary" />
          </div>
        )}
        <p className="muted" style={{ margin: 0, fontSize: 13 }}>
          {t('service.hours')}
        </p>
      </section>
      {front ? <ContactList front={front} onOpenLink={openLink} showQr={false} /> : null}
    </div>
  );
}
