import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../lib/messages.ts';
import type { StopReason } from '../../providers/carrier/types.ts';
import { stopReasonWords } from './diagnosis.ts';

const REASONS: StopReason[] = ['requested', 'arrears', 'separated', 'real-name', 'quota', 'operator', 'other', 'none'];

describe("the operator's stop reason in the holder's words", () => {
  it('says who stopped data and why, with the action that fixes it', () => {
    expect(stopReasonWords('China Mobile', 'quota', 'en')).toEqual({
      title: "China Mobile stopped data: the month's data limit was reached",
      detail: "The operator's monthly limit is not your package: customer service can have it lifted.",
      action: 'customerService',
    });
    expect(stopReasonWords('China Mobile', 'real-name', 'en')).toEqual({
      title: 'China Mobile stopped data: the card is not real-name verified',
      detail: 'Complete real-name verification: data comes back once the operator has it.',
      action: 'realname',
    });
    expect(stopReasonWords('中国联通', 'separated', 'zh-Hans')).toEqual({
      title: '中国联通已停止数据服务：卡片插在了非绑定的设备中（机卡分离）',
      detail: '请将卡片插回原绑定设备；如您是有意更换设备，客服可为您改绑。',
      action: 'customerService',
    });
    expect(stopReasonWords('中國電信', 'quota', 'zh-Hant').title).toBe('中國電信已停止數據服務：已達到本月流量上限');
    // A reason the operator did not give is said as such, never as a code.
    expect(stopReasonWords('China Telecom', 'none', 'en').title).toBe('China Telecom stopped data: for a reason it did not give');
  });

  it('has words for every reason in every language: no codes, no placeholders, no Chinese in English', () => {
    for (const language of LANGUAGES) {
      for (const reason of REASONS) {
        const w = stopReasonWords('X', reason, language);
        for (const text of [w.title, w.detail]) {
          expect(text, `${language} ${reason}`).not.toMatch(/[{}]|diagnosis\.|real-name$|quota$/);
          if (language === 'en') expect(text).not.toMatch(/[\u4e00-\u9fff]/);
          else expect(text).toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
  });
});
