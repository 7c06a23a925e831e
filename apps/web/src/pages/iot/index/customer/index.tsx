import { List } from 'antd-mobile';
import { ClockCircleOutline, MessageOutline, PhoneFill, UserContactOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimLayout } from '../../../../features/sim/api/sim-layout.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { Toast } from '../../../../lib/feedback.ts';

/** Service contacts of the card's layout: online chat, hotline, WeChat, QR code and hours. */
export default function IotCustomerPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const layout = useSimLayout();
  const [qrFailed, setQrFailed] = useState(false);
  if (!loggedIn) return null;
  if (layout.isError) return <SimLoadFailed onRetry={() => void layout.refetch()} />;
  if (!layout.data) return <SimLoading />;
  const { user, kefuUrl: layoutKefu, name } = layout.data.layout;
  const service = user.service;
  const chatUrl = service.kefuUrl || layoutKefu;
  const copy = async (text: string, label: string) => {
    try {
      await navigator.clipboard.writeText(text);
      Toast.show({ content: t('common.copied', { label }), duration: 1500 });
    } catch {
      Toast.show({ content: t('common.copyFailed'), duration: 1500 });
    }
  };
  const nothing = !chatUrl && !service.kefuMobile && !service.wechat && !service.kefuQr;
  return (
    <div className="sim-page">
      <div className="sim-service-hero">
        <MessageOutline fontSize={36} />
        <div>
          <h2>{t('iot.service.hello')}</h2>
          <p>{name}</p>
        </div>
      </div>
      {nothing ? <div className="card muted">{t('iot.service.none')}</div> : null}
      {chatUrl ? (
        <div className="card sim-service-chat">
          <div>
            <b>{t('iot.service.online')}</b>
            <div className="muted">{t('iot.service.onlineHint')}</div>
          </div>
          <a className="sim-pill-btn" href={chatUrl}>
            {t('iot.service.chat')}
          </a>
        </div>
      ) : null}
      <List mode="card">
        {service.kefuMobile ? (
          <List.Item
            prefix={<PhoneFill color="#017a62" fontSize={20} />}
            extra={
              <a className="sim-call" href={`tel:${service.kefuMobile.replace(/[^\d+]/g, '')}`}>
                {t('iot.service.call')}
              </a>
            }
            description={service.kefuMobile}
          >
            {t('iot.service.hotline')}
          </List.Item>
        ) : null}
        {service.wechat ? (
          <List.Item
            prefix={<UserContactOutline color="#07c160" fontSize={20} />}
            description={service.wechat}
            onClick={() => void copy(service.wechat, t('iot.service.wechat'))}
            extra={t('iot.service.copy')}
          >
            {t('iot.service.wechat')}
          </List.Item>
        ) : null}
        {service.workTime ? (
          <List.Item prefix={<ClockCircleOutline color="#f5a623" fontSize={20} />} extra={service.workTime}>
            {t('iot.service.hours')}
          </List.Item>
        ) : null}
      </List>
      {service.kefuQr && !qrFailed ? (
        <div className="card sim-service-qr">
          <img src={service.kefuQr} alt={t('iot.service.qr')} width={160} height={160} onError={() => setQrFailed(true)} />
          <div className="muted">{t('iot.service.qr')}</div>
        </div>
      ) : null}
    </div>
  );
}
