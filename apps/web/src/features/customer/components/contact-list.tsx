import type { Front } from '@simshop/contract/site';
import { Button, List } from 'antd-mobile';
import { MessageOutline, PhoneFill, SystemQRcodeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../lib/nav.ts';

export const CUSTOMER_CODE = '/pages/customer/code';

/** Ways to reach customer service from the storefront config: hotline, online service, the WeChat QR. */
export function ContactList({ front, onOpenLink, showQr = true }: { front: Front; onOpenLink: (link: string) => void; showQr?: boolean }) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('help.contact')}>
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
          description={t('service.onlineHint')}
          onClick={() => onOpenLink(front.kefuUrl)}
        >
          {t('service.online')}
        </List.Item>
      ) : null}
      {showQr ? (
        <List.Item
          prefix={<SystemQRcodeOutline color="var(--brand)" fontSize={22} />}
          description={t('service.wechatHint')}
          onClick={() => void navigateTo(CUSTOMER_CODE)}
        >
          {t('service.wechat')}
        </List.Item>
      ) : null}
    </List>
  );
}
