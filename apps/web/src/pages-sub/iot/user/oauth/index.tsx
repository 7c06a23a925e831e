import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import { useTranslation } from 'react-i18next';
import { startWechatAuthorize, useWechatInfo } from '../../../../features/auth/api/wechat-info.ts';
import { useSimOauthList, useUnbindSimOauth } from '../../../../features/sim/api/sim-oauth.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../../lib/datetime.ts';
import { Dialog, Toast } from '../../../../lib/feedback.ts';

const PAGE = '/pages-sub/iot/user/oauth/index';

/** WeChat accounts linked to the card (spec §2 oauth: bind WeChat): link another, unlink one. */
export default function SimOauthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const list = useSimOauthList();
  const wechat = useWechatInfo();
  const unbind = useUnbindSimOauth();
  if (!loggedIn) return null;
  if (list.isError) return <SimLoadFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <SimLoading />;
  return (
    <div className="sim-page acct-page">
      <p className="acct-lead">{t('iot.oauth.lead')}</p>
      {list.data.list.length === 0 ? (
        <section className="card acct-card" data-testid="oauth-empty">
          <p className="muted">{t('iot.oauth.none')}</p>
        </section>
      ) : (
        list.data.list.map((a) => (
          <section key={a.id} className="card acct-card acct-oauth" data-testid="oauth-item">
            <span className="acct-oauth-avatar" aria-hidden="true">
              {a.headPortrait ? <img src={a.headPortrait} alt="" /> : (a.nickname || 'W').slice(0, 1)}
            </span>
            <span className="acct-sim-main">
              <b data-user-text>{a.nickname || t('iot.oauth.wechatUser')}</b>
              <span className="muted">{t('iot.oauth.since', { date: formatDate(a.createdAt), id: a.openIdMasked })}</span>
            </span>
            <button
              type="button"
              className="sim-ghost-btn"
              disabled={unbind.isPending}
              onClick={async () => {
                const ok = await Dialog.confirm({
                  content: t('iot.oauth.unbindConfirm'),
                  confirmText: t('iot.oauth.unbind'),
                  cancelText: t('common.cancel'),
                });
                if (ok) unbind.mutate(a.id, { onSuccess: () => Toast.show({ icon: 'success', content: t('iot.oauth.unbound') }) });
              }}
            >
              {t('iot.oauth.unbind')}
            </button>
          </section>
        ))
      )}
      {wechat.data?.enabled ? (
        <button
          type="button"
          className="sim-primary-btn"
          onClick={() => startWechatAuthorize({ type: 'iot', page: PAGE, syncRedirect: true })}
        >
          {t('iot.oauth.link')}
        </button>
      ) : null}
    </div>
  );
}
