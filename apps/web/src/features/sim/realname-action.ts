import { t } from '../../lib/i18n.ts';
import { knowsPage, navigateTo } from '../../lib/nav.ts';

const REALNAME = '/pages/iot/index/realnameAuth/index';
const SIM_SERVICE = '/pages/iot/index/customer/index';

/**
 * Where a holder completes real-name verification: the verification page when the app has it,
 * else customer service. Every message asking for verification carries this action. Apart from
 * the payment flow (components/pay-flow.ts), so the dashboard's status tips do not load it, and
 * the cashier with it, before the dashboard first paints.
 */
export function realnameAction(): { label: string; hint: string; go: () => void } {
  if (knowsPage(REALNAME)) return { label: t('iot.realname.go'), hint: '', go: () => void navigateTo(REALNAME) };
  return { label: t('iot.realname.contact'), hint: t('iot.realname.viaService'), go: () => void navigateTo(SIM_SERVICE) };
}
