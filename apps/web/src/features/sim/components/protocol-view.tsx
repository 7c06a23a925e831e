import './sim.css';
import type { Protocol } from '@simshop/contract/iot-sims';
import { Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/datetime.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { SimLoadFailed } from './page-state.tsx';

/** An agreement of the promoter: its title, when it was updated and its sanitised text. */
export function ProtocolView({ q }: { q: { data?: Protocol; isError: boolean; refetch: () => Promise<unknown> } }) {
  const { t } = useTranslation();
  const html = useMemo(() => (q.data ? sanitizeHtml(q.data.content) : ''), [q.data]);
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) {
    return (
      <div className="sim-protocol">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  return (
    <article className="sim-protocol">
      <h1>{q.data.title}</h1>
      <div className="muted">{t('iot.protocol.updated', { date: formatDate(q.data.updatedAt) })}</div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in sanitizeHtml */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
