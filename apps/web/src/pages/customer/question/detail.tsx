import { ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuestion } from '../../../features/customer/api/question-view.ts';
import { ContactList } from '../../../features/customer/components/contact-list.tsx';
import { useBaseConfig } from '../../../features/site/api/base-config.ts';
import { openLink } from '../../../features/site/open-link.ts';
import { formatDate } from '../../../lib/datetime.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import '../../../features/customer/components/customer.css';

/** One question and its answer (query `id`), and who to ask when it does not help. */
export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const question = useQuestion(id);
  const config = useBaseConfig();
  const html = useMemo(() => (question.data ? sanitizeHtml(question.data.content) : ''), [question.data]);
  if (id <= 0 || question.isError) {
    return <ErrorBlock status="empty" title={t('help.missing')} description={t('help.missingHint')} />;
  }
  return (
    <div>
      {question.data ? (
        <article className="help-answer">
          <h1>{question.data.title}</h1>
          <div className="help-answer-meta">
            {question.data.categoryName ? (
              <Tag color="primary" fill="outline">
                {question.data.categoryName}
              </Tag>
            ) : null}
            <span>{t('help.updated', { date: formatDate(question.data.updatedAt) })}</span>
          </div>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify in sanitizeHtml */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      ) : (
        <div className="help-answer">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      )}
      {config ? <ContactList front={config.front} onOpenLink={openLink} /> : null}
    </div>
  );
}
