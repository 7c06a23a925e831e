import type { SimInfo } from '@simshop/contract/iot';
import type { DIAGNOSIS_ACTIONS, DIAGNOSIS_CAUSES, DIAGNOSIS_CHECKS, SimDiagnosis } from '@simshop/contract/iot-sims';
import type { MessageId } from '@simshop/contract/messages';
import { type Language, type Param, render } from '../../lib/messages.ts';
import type { StopReason } from '../../providers/carrier/types.ts';

type CauseKey = (typeof DIAGNOSIS_CAUSES)[number];
type Action = (typeof DIAGNOSIS_ACTIONS)[number];
type CheckKey = (typeof DIAGNOSIS_CHECKS)[number];

const TITLES: Readonly<Record<CauseKey, MessageId>> = {
  cancelled: 'diagnosis.cancelled',
  disabled: 'diagnosis.disabled',
  arrears: 'diagnosis.arrears',
  realname: 'diagnosis.realname',
  realnameReview: 'diagnosis.realnameReview',
  restricted: 'diagnosis.restricted',
  noPackage: 'diagnosis.noPackage',
  noDataLeft: 'diagnosis.noDataLeft',
  dataOff: 'diagnosis.dataOff',
  notActivated: 'diagnosis.notActivated',
  suspended: 'diagnosis.suspended',
  deviceOffline: 'diagnosis.deviceOffline',
  offline: 'diagnosis.offline',
  carrierStopped: 'diagnosis.carrierStopped',
};

const CHECK_LABELS: Readonly<Record<CheckKey, MessageId>> = {
  card: 'diagnosis.check.card',
  balance: 'diagnosis.check.balance',
  realname: 'diagnosis.check.realname',
  restriction: 'diagnosis.check.restriction',
  package: 'diagnosis.check.package',
  data: 'diagnosis.check.data',
  network: 'diagnosis.check.network',
  device: 'diagnosis.check.device',
};

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
/** YYYY-MM-DD HH:mm in China time. */
const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** What the card's operator says of it, read just before (null: it could not be read). */
export interface OperatorState {
  /** The operator stopped the card or its data (suspended, or data off there). */
  stopped: boolean;
  stopReason: StopReason;
}

const STOP_WORDS: Readonly<Record<Exclude<StopReason, 'none'>, { reason: MessageId; detail: MessageId; action: Action }>> = {
  requested: { reason: 'diagnosis.stop.requested', detail: 'diagnosis.stopDetail.requested', action: 'customerService' },
  arrears: { reason: 'diagnosis.stop.arrears', detail: 'diagnosis.stopDetail.arrears', action: 'customerService' },
  separated: { reason: 'diagnosis.stop.separated', detail: 'diagnosis.stopDetail.separated', action: 'customerService' },
  'real-name': { reason: 'diagnosis.stop.realName', detail: 'diagnosis.stopDetail.realName', action: 'realname' },
  quota: { reason: 'diagnosis.stop.quota', detail: 'diagnosis.stopDetail.quota', action: 'customerService' },
  operator: { reason: 'diagnosis.stop.operator', detail: 'diagnosis.stopDetail.operator', action: 'customerService' },
  other: { reason: 'diagnosis.stop.other', detail: 'diagnosis.stopDetail.operator', action: 'customerService' },
};

/**
 * The operator's stop reason in plain words: "China Mobile stopped data: the month's data limit was
 * reached", what it means for the holder, and the action that fixes it (real-name verification for
 * a card stopped for want of it; customer service otherwise: only the shop can ask the operator).
 */
export function stopReasonWords(
  operator: string,
  reason: StopReason,
  language: Language,
): { title: string; detail: string; action: Action } {
  const words = STOP_WORDS[reason === 'none' ? 'other' : reason];
  return {
    title: render('diagnosis.carrierStopped', { operator, reason: render(words.reason, {}, language) }, language),
    detail: render(words.detail, {}, language),
    action: words.action,
  };
}

/** The card's real-name state: missing (or rejected), under review, or done. */
function realname(info: SimInfo): 'missing' | 'rejected' | 'review' | 'done' {
  if (!info.needAuth && !info.needPlatformAuth) return 'done';
  if (info.authStatus === 2 || info.authPlatformStatus === 2) return 'review';
  if (info.authStatus === 3 || info.authPlatformStatus === 3) return 'rejected';
  return 'missing';
}

/**
 * Why a card may be off the internet (GET /api/iot/simDiagnose), read from its SIM info: each cause
 * in plain words with the one action that fixes it, most fundamental first (a cancelled card needs
 * nothing else; arrears come before a package), and every fact looked at.
 */
export function diagnose(info: SimInfo, now: number, language: Language, operator: OperatorState | null = null): SimDiagnosis {
  const say = (id: MessageId, params: Record<string, Param> = {}) => render(id, params, language);
  const causes: SimDiagnosis['causes'] = [];
  const add = (key: CauseKey, detail: string, action: Action | null, title = say(TITLES[key])) =>
    causes.push({ key, title, detail, action });

  const cancelled = info.cancelStatus === 1 || info.simStatus === 4;
  const disabled = info.status === 2;
  const arrears = info.arrearsBalance > 0 || info.needBuyCoupon;
  const named = realname(info);
  const restricted = info.breakRuleId > 0;
  const dataLeft = info.isInfiniteFlow || info.volumePackageId > 0 || info.totalFlow <= 0 || info.surplusFlow > 0;
  const device = info.device;
  const deviceOnline = device === null || (device.live ? device.live.online : device.onlineStatus !== 2);

  if (cancelled) add('cancelled', say('diagnosis.cancelledDetail'), 'customerService');
  else if (disabled) add('disabled', say('diagnosis.disabledDetail'), 'customerService');
  else {
    if (arrears) add('arrears', say('diagnosis.arrearsDetail'), 'topUp', say('diagnosis.arrears', { amount: yuan(info.arrearsBalance) }));
    if (named === 'review') add('realnameReview', say('diagnosis.realnameReviewDetail'), 'refresh');
    else if (named !== 'done')
      add('realname', say(named === 'rejected' ? 'diagnosis.realnameRejected' : 'diagnosis.realnameDetail'), 'realname');
    if (restricted) {
      const detail = info.breakTips ? `${info.breakTips}${language === 'en' ? ' ' : ''}` : '';
      if (info.allowRemoveBreak) add('restricted', `${detail}${say('diagnosis.restrictedNow')}`, 'removeBreak');
      else if (info.breakRemoveAt !== null && info.breakRemoveAt > now)
        add('restricted', `${detail}${say('diagnosis.restrictedLater', { time: chinaTime(info.breakRemoveAt) })}`, null);
      else add('restricted', `${detail}${say('diagnosis.restrictedService')}`, 'customerService');
    }
    if (info.needBuyPackage) add('noPackage', say('diagnosis.noPackageDetail'), 'buyPackage');
    else if (!dataLeft) add('noDataLeft', say('diagnosis.noDataLeftDetail'), 'buyPackage');
    // The operator stopped it: its own reason, unless ours already says the same (we asked it: our data is off or a
    // cause of ours explains it; or real name is missing).
    const carrierStopped = operator?.stopped === true;
    if (
      operator &&
      carrierStopped &&
      !(operator.stopReason === 'requested' && (causes.length > 0 || info.internetStatus === 0)) &&
      !(operator.stopReason === 'real-name' && causes.some((c) => c.key === 'realname'))
    ) {
      const words = stopReasonWords(info.operatorTypeName, operator.stopReason, language);
      add('carrierStopped', words.detail, words.action, words.title);
    }
    const explained = causes.length > 0;
    if (!explained && info.internetStatus === 0) add('dataOff', say('diagnosis.dataOffDetail'), 'customerService');
    if (!explained && info.simStatus === 1) add('notActivated', say('diagnosis.notActivatedDetail'), 'customerService');
    if (!explained && info.simStatus === 3) add('suspended', say('diagnosis.suspendedDetail'), 'customerService');
    if (!deviceOnline) add('deviceOffline', say('diagnosis.deviceOfflineDetail'), null);
    else if (causes.length === 0 && info.onlineStatus === 2)
      add('offline', say('diagnosis.offlineDetail'), device ? 'deviceManage' : 'refresh');
  }

  const check = (key: CheckKey, ok: boolean) => ({ key, label: say(CHECK_LABELS[key]), ok });
  const checks = [
    check('card', !cancelled && !disabled && info.simStatus === 2),
    check('balance', !arrears),
    check('realname', named === 'done'),
    check('restriction', !restricted),
    check('package', !info.needBuyPackage && dataLeft),
    check('data', info.internetStatus === 1 && operator?.stopped !== true),
    check('network', info.onlineStatus !== 2),
    ...(device ? [check('device', deviceOnline)] : []),
  ];
  return { ok: causes.length === 0, causes, checks, checkedAt: info.lastRobinAt ?? now };
}
