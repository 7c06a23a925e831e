import type { SimInfo } from '@simshop/contract/iot';
import { ExclamationCircleFill, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { yuan } from '../format.ts';
import { realnameAction } from '../realname-action.ts';

interface Tip {
  key: string;
  text: string;
  action?: string;
  onAction?: () => void;
  tone: 'warn' | 'bad';
}

/** The connection check, where every cause comes with its fix. */
const DIAGNOSE = '/pages-sub/iot/index/diagnose/index';

const go = (path: string) => (knowsPage(path) ? () => void navigateTo(path) : undefined);

/**
 * What the card needs before it works (spec §2 simStatusTips): a package, real-name
 * authentication, paying arrears, or lifting a break.
 */
export function SimStatusTips({ info, onBreak }: { info: SimInfo; onBreak: () => void }) {
  const { t } = useTranslation();
  const tips: Tip[] = [];
  if (info.breakRuleId > 0) {
    tips.push({ key: 'break', tone: 'bad', text: info.breakTips || t('iot.tips.break'), action: t('iot.tips.view'), onAction: onBreak });
  }
  if (info.arrearsBalance > 0 || info.needBuyCoupon) {
    const onAction = go('/pages/iot/index/balance/index');
    tips.push({
      key: 'arrears',
      tone: 'bad',
      text: t('iot.tips.arrears', { amount: yuan(info.arrearsBalance) }),
      action: onAction ? t('iot.tips.topUp') : undefined,
      onAction,
    });
  }
  if (info.needAuth || info.needPlatformAuth) {
    const action = realnameAction();
    tips.push({ key: 'auth', tone: 'warn', text: t('iot.tips.needAuth'), action: action.label, onAction: action.go });
  }
  if (info.needBuyPackage) {
    const onAction = go('/pages/iot/index/package/index');
    tips.push({
      key: 'package',
      tone: 'warn',
      text: t('iot.tips.needPackage'),
      action: onAction ? t('iot.tips.buyPackage') : undefined,
      onAction,
    });
  }
  if (tips.length === 0) return null;
  return (
    <section className="sim-tips" aria-label={t('iot.tips.title')}>
      {tips.map((tip) => (
        <div key={tip.key} className={`sim-tip tone-${tip.tone}`} data-testid={`tip-${tip.key}`}>
          <ExclamationCircleFill className="sim-tip-icon" />
          <span className="sim-tip-text">{tip.text}</span>
          {tip.action && tip.onAction ? (
            <button type="button" className="sim-tip-action" onClick={tip.onAction}>
              {tip.action}
              <RightOutline />
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" className="sim-tips-diagnose" onClick={() => void navigateTo(DIAGNOSE)}>
        {t('iot.diagnose.link')}
        <RightOutline />
      </button>
    </section>
  );
}
