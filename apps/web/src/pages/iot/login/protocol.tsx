import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginProtocol } from '../../../features/sim/api/login-protocol.ts';
import '../../../features/sim/components/sim.css';
import { sanitizeHtml } from '../../../features/sim/sanitize.ts';
import { formatDate } from '../../../lib/datetime.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/** The SIM login agreement of the promoter, in the app language. */
export default function SimLoginProtocolPage() {
  const { t, i18n } = useTranslation();
  const promoCode = useSession((s) => s.carried.promoCode);
  const language = i18n.language ? currentLanguage() : 'en';
  const { data, isError, refetch } = useLoginProtocol(promoCode, language);
  const html = useMemo(() => (data ? sanitizeHtml(data.content) : ''), [data]);
  if (isError) {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('iot.common.loadFailed')} description="" />
        <button type="button" className="sim-pill-btn" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="sim-protocol">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  return (
    <article className="sim-protocol">
      <h1>{data.title}</h1>
      <div className="muted">{t('iot.protocol.updated', { date: formatDate(data.updatedAt) })}</div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in sanitizeHtml */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
