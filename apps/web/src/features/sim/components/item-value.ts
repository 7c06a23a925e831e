import type { SimInfo } from '@simshop/contract/iot';
import { formatDate } from '../../../lib/datetime.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { flowParts, yuan } from '../format.ts';
import { authStatusLabel, onlineStatusLabel, operatorKey, simStatusLabel, type Tone } from '../labels.ts';

export interface ItemValue {
  value: string;
  unit?: string;
  prefix?: string;
  tone?: Tone;
}

function flow(mb: number): ItemValue {
  const { value, unit } = flowParts(mb);
  return { value, unit };
}

/** The value shown for a layout item key (header info and status items, item cards). */
export function itemValue(key: string, info: SimInfo, t: TFunction): ItemValue {
  switch (key) {
    case 'balance':
      return { prefix: '¥', value: yuan(info.balance) };
    case 'arrearsBalance':
      return { prefix: '¥', value: yuan(info.arrearsBalance), tone: info.arrearsBalance > 0 ? 'bad' : 'plain' };
    case 'integral':
      return { value: String(info.integral) };
    case 'couponCoin':
      return { value: String(info.couponCoin) };
    case 'surplusFlow':
      return info.isInfiniteFlow ? { value: t('iot.flow.unlimited') } : flow(info.surplusFlow);
    case 'useFlow':
      return flow(info.useFlow);
    case 'totalFlow':
      return info.isInfiniteFlow ? { value: t('iot.flow.unlimited') } : flow(info.totalFlow);
    case 'dayUseFlow':
      return flow(info.dayUseFlow);
    case 'monthUseFlow':
      return flow(info.monthUseFlow);
    case 'endAt':
      return { value: info.isLifetime ? t('iot.flow.lifetime') : info.endAt ? formatDate(info.endAt) : '—' };
    case 'surplusTime':
      return { value: info.surplusTimeTips || '—' };
    case 'simStatus': {
      const l = simStatusLabel(info.simStatus, info.breakRuleId);
      return { value: t(l.key), tone: l.tone };
    }
    case 'authStatus': {
      const l = authStatusLabel(info.authStatus);
      return { value: t(l.key), tone: l.tone };
    }
    case 'onlineStatus': {
      const l = onlineStatusLabel(info.onlineStatus);
      return { value: t(l.key), tone: l.tone };
    }
    case 'internetStatus':
      return {
        value: t(info.internetStatus === 1 ? 'iot.internet.on' : 'iot.internet.off'),
        tone: info.internetStatus === 1 ? 'good' : 'plain',
      };
    case 'operator': {
      const k = operatorKey(info);
      return { value: k ? t(k) : info.operatorTypeName || '—' };
    }
    case 'rechargeNo':
      return { value: info.rechargeNo };
    case 'iccid':
      return { value: info.iccid };
    case 'apn':
      return { value: info.apn || '—' };
    default:
      return { value: '—' };
  }
}
