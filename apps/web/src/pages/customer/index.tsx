import { Button, List } from 'antd-mobile';
import { MessageOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';

export default function CustomerServicePage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  if (!config) return null;
  const { front } = config;
  return (
    <div>
      <div className="card" style={{ textAlign: 'center' }}>
        <h2 className="section-title">{config.promoName}</h2>
        <p className="muted" style={{ margin: 0 }}>
          {t('service.hours')}
        </p>
      </div>
      <List mode="card">
        {front.kefuMobile ? (
          <List.Item
            prefix={<PhoneFill color="var(--brand)" fontSize={22} />}
            description={front.kefuMobile}
            extra={
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => {
                  window.location.href = `tel:${front.kefuMobile.replaceAll('-', '')}`;
                }}
              >
                {t('service.call')}
              </Button>
            }
          >
            {t('service.hotline')}
          </List.Item>
        ) : null}
        {front.kefuUrl ? (
          <List.Item
            prefix={<MessageOutline color="var(--brand)" fontSize={22} />}
            onClick={() => window.open(front.kefuUrl, '_blank', 'noopener')}
          >
            {t('service.online')}
          </List.Item>
        ) : null}
      </List>
      {front.kefuQr ? (
        <div className="card" style={{ textAlign: 'center' }}>
          <img src={front.kefuQr} alt={t('service.scanQr')} width={160} height={160} />
          <p className="muted" style={{ margin: '8px 0 0' }}>
            {t('service.scanQr')}
          </p>
        </div>
      ) : null}
      <ShopFooter front={front} />
    </div>
  );
}
