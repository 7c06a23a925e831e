import { APP_VERSION } from '@simshop/contract/headers';
import { ErrorBlock, Image, List, Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { useShopLoginProtocol } from '../../features/site/api/login-protocol.ts';
import { APP_UPDATE } from '../../features/site/app-update.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { formatDate } from '../../lib/datetime.ts';
import { navigateTo } from '../../lib/nav.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import './about.css';

export const USER_AGREEMENT = '/pages/about/textTemplate?type=loginProtocol';

/** The user agreement of the storefront (GET /api/site/loginProtocol), sanitised before it is shown. */
function UserAgreement() {
  const { t } = useTranslation();
  const protocol = useShopLoginProtocol();
  const html = useMemo(() => (protocol.data ? sanitizeHtml(protocol.data.content) : ''), [protocol.data]);
  if (protocol.isError) return <ErrorBlock status="default" title={t('about.agreementMissing')} description="" />;
  if (!protocol.data) {
    return (
      <article className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </article>
    );
  }
  return (
    <article className="card about-text">
      <h1>{protocol.data.title}</h1>
      <p className="muted">{t('about.updated', { date: formatDate(protocol.data.updatedAt) })}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in sanitizeHtml */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/**
 * /pages/about/textTemplate: the shop's texts. Without a type, "about" from the storefront config
 * (logo, name, description, version, the shop's terms); `type=loginProtocol`: the user agreement.
 */
export default function TextTemplatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useBaseConfig();
  if (params.get('type') === 'loginProtocol') return <UserAgreement />;
  const front = config?.front;
  return (
    <div>
      <section className="card about-head">
        {front?.logo ? <Image src={front.logo} alt="" width={64} height={64} fit="contain" /> : null}
        <h1>{config?.promoName || front?.title || t('app.name')}</h1>
        {front?.description ? <p>{front.description}</p> : null}
      </section>
      <List mode="card">
        <List.Item extra={APP_VERSION} onClick={() => void navigateTo(APP_UPDATE)}>
          {t('about.version')}
        </List.Item>
        <List.Item onClick={() => void navigateTo(USER_AGREEMENT)}>{t('about.userAgreement')}</List.Item>
        <List.Item onClick={() => void navigateTo('/pages/about/payment')}>{t('title.aboutPayment')}</List.Item>
        <List.Item onClick={() => void navigateTo('/pages/about/promise')}>{t('title.aboutPromise')}</List.Item>
        {front?.kefuMobile ? <List.Item extra={front.kefuMobile}>{t('service.hotline')}</List.Item> : null}
      </List>
      {front ? <ShopFooter front={front} /> : null}
    </div>
  );
}
