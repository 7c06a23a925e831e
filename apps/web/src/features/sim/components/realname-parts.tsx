import './sim.css';
import './account.css';
import type { RealnameRequest } from '@simshop/contract/iot-account';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import { authStatusLabel } from '../labels.ts';

/** A real-name state with its tone (0 none, 1 verified, 2 under review, 3 rejected). */
export function AuthBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const label = authStatusLabel(status);
  return (
    <span className={`sim-badge tone-${label.tone}`} data-testid="auth-badge">
      {t(label.key)}
    </span>
  );
}

/** The latest request: what was submitted (masked), when, and why it was rejected. */
export function RequestSummary({ request }: { request: RealnameRequest | null }) {
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <dl className="acct-request">
      {request.nameMasked ? (
        <>
          <dt>{t('iot.realnameAuth.name')}</dt>
          <dd data-user-text>{request.nameMasked}</dd>
        </>
      ) : null}
      {request.idNumberMasked ? (
        <>
          <dt>{t('iot.realnameAuth.idNumber')}</dt>
          <dd>{request.idNumberMasked}</dd>
        </>
      ) : null}
      <dt>{t('iot.realnameAuth.submittedAt')}</dt>
      <dd>{formatDateTime(request.createdAt)}</dd>
      {request.status === 'rejected' && request.reason ? (
        <>
          <dt>{t('iot.realnameAuth.reason')}</dt>
          <dd className="acct-reason" data-testid="reject-reason" data-user-text>
            {request.reason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
