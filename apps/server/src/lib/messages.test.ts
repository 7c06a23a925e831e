import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIELDS, MESSAGES, type MessageId } from '@simshop/contract/messages';
import { describe, expect, it } from 'vitest';
import { BizError, fail, invalid, schemaRefusal } from './errors.ts';
import { CATALOGUES, fieldLabel, LANGUAGES, PLACEHOLDER, render, renderAbout, termOr, yuan } from './messages.ts';

const placeholders = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();

describe('the catalogues', () => {
  const expected = [...Object.keys(MESSAGES), ...FIELDS.map((f) => `field.${f}`)].sort();

  it('hold exactly the ids of the contract and the field labels, in every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual(expected);
  });

  it('give every text the values its id declares, no more, no fewer', () => {
    for (const id of Object.keys(MESSAGES) as MessageId[]) {
      for (const language of LANGUAGES) {
        expect(placeholders(CATALOGUES[language][id] ?? ''), `${language} ${id}`).toEqual([...MESSAGES[id]].sort());
      }
    }
    for (const f of FIELDS) for (const language of LANGUAGES) expect(placeholders(CATALOGUES[language][`field.${f}`] ?? '')).toEqual([]);
  });

  it('speak of no request field by its name (the columns of a CSV file excepted: an operator types them)', () => {
    for (const language of LANGUAGES) {
      for (const [id, text] of Object.entries(CATALOGUES[language])) {
        if (id === 'simsImport.badHeader') continue;
        expect(text.replace(PLACEHOLDER, ''), `${language} ${id}`).not.toMatch(/\b[a-z]+[A-Z]\w*/);
      }
    }
  });

  it('name every field by a label a person reads, never by its name in the request', () => {
    // A camelCase name, a dotted path, a header name: what a person must never read before a colon
    const internal = /\b[a-z]+[A-Z]\w*(\.\d+)?(\.\w+)?:\s|\b\w+\.\d+\.\w+|^x-|Idempotency|querystring/;
    for (const f of FIELDS) {
      for (const language of LANGUAGES) {
        const label = CATALOGUES[language][`field.${f}`] ?? '';
        if (/[A-Z.-]/.test(f)) expect(label, `${language} field.${f}`).not.toBe(f);
        expect(`${renderAbout(f, 'validation.required', {}, language)}`, `${language} ${f}`).not.toMatch(internal);
      }
    }
  });

  it('hold no message the code never gives (words are put in by termOr and the schema refusals)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const sources = ['apps/server/src', 'packages/contract/src']
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages.ts')
          .map((f) => readFileSync(path.join(root, dir, f), 'utf8')),
      )
      .join('\n');
    const unused = Object.keys(MESSAGES).filter((id) => !id.startsWith('term.') && !sources.includes(`'${id}'`));
    expect(unused).toEqual([]);
  });

  it('have no empty text, and Chinese texts that differ from the English', () => {
    for (const language of LANGUAGES)
      for (const [k, v] of Object.entries(CATALOGUES[language])) expect(v.trim(), `${language} ${k}`).not.toBe('');
    for (const id of Object.keys(MESSAGES) as MessageId[]) {
      if (id.startsWith('term.') || id === 'request.notFound') continue;
      expect(CATALOGUES['zh-Hans'][id], id).not.toBe(CATALOGUES.en[id]);
    }
  });
});

describe('render', () => {
  it('fills values in, in each language', () => {
    expect(render('request.tooMany', { seconds: 17 }, 'en')).toBe('too many requests, retry in 17 s');
    expect(render('request.tooMany', { seconds: 17 }, 'zh-Hans')).toBe('请求过于频繁，请 17 秒后再试');
    expect(render('request.tooMany', { seconds: 17 }, 'zh-Hant')).toBe('請求過於頻繁，請 17 秒後再試');
  });

  it('picks the English word after a count, and drops it in Chinese', () => {
    expect(render('payPassword.wrong', { left: 1 }, 'en')).toBe('wrong pay password, 1 try left');
    expect(render('payPassword.wrong', { left: 3 }, 'en')).toBe('wrong pay password, 3 tries left');
    expect(render('payPassword.wrong', { left: 3 }, 'zh-Hant')).toBe('輸入錯誤，還可嘗試 3 次');
    expect(render('packages.perCardLimit', { limit: 1 }, 'en')).toBe('this package can be bought 1 time per card');
  });

  it('translates words and lists held by values; unknown words stay as they are', () => {
    const params = {
      method: termOr('term.payMethod', 'wechat'),
      methods: ['balance', 'alipay', 'paypal'].map((m) => termOr('term.payMethod', m)),
    };
    expect(render('money.methodNotOffered', params, 'en')).toBe('wechat is not offered; choose balance or alipay or paypal');
    expect(render('money.methodNotOffered', params, 'zh-Hans')).toBe('暂不支持微信支付，可选：余额支付、支付宝、paypal');
    expect(render('site.noAgreement', { type: termOr('term.agreement', 'privacy') }, 'zh-Hant')).toBe('尚未發布隱私協議');
  });
});

describe('refusals', () => {
  it('name their field with its label in every language', () => {
    const e = invalid('mobile', 'sms.resendTooSoon', { seconds: 60 });
    expect(e.field).toBe('mobile');
    expect(e.message).toBe('Mobile number: a code was sent less than a minute ago, retry in 60 s');
    expect(invalid('cardPassword', 'validation.required').render('en')).toBe('Card password: is required');
    expect(e.render('zh-Hans')).toBe('手机号：验证码发送过于频繁，请 60 秒后再试');
    expect(e.render('zh-Hant')).toBe('手機號：驗證碼發送過於頻繁，請 60 秒後再試');
    expect(fail('system.busy').render('zh-Hant')).toBe('系統繁忙，請稍後再試');
  });

  it('moved to another field keep their text', () => {
    const e = invalid('payPassword', 'payPassword.wrong', { left: 2 }).about('oldPayPassword');
    expect(e.field).toBe('oldPayPassword');
    expect(e.render('zh-Hans')).toBe('原支付密码：输入错误，还可尝试 2 次');
  });

  it('refuse an unknown id or an English text at compile time', () => {
    // @ts-expect-error an English sentence is not a message id
    expect(() => fail('the system is busy, please try again later')).not.toThrow();
    // @ts-expect-error a message with values needs them
    expect(fail('request.tooMany')).toBeInstanceOf(BizError);
    // @ts-expect-error a field outside the contract
    expect(invalid('nickname', 'system.busy')).toBeInstanceOf(BizError);
  });
});

describe('schema failures', () => {
  const zh = (issue: Parameters<typeof schemaRefusal>[0], field: string) => schemaRefusal(issue, field).render('zh-Hans');

  it('map each kind of zod issue to a message', () => {
    const required = { code: 'invalid_type', expected: 'string', message: 'Invalid input: expected string, received undefined' };
    expect(zh(required, 'sn')).toBe('卡号：不能为空');
    expect(schemaRefusal(required, 'sn').message).toBe('Card number: is required');
    expect(zh({ code: 'invalid_type', expected: 'number', message: 'Invalid input: expected number, received string' }, 'packageId')).toBe(
      '套餐：格式不正确，应为数字',
    );
    expect(zh({ code: 'too_big', origin: 'string', maximum: 64, inclusive: true }, 'promoCode')).toBe('推广码：最多 64 个字符');
    expect(zh({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true }, 'content')).toBe('评价内容：不能为空');
    expect(zh({ code: 'too_small', origin: 'string', minimum: 2, inclusive: true }, 'content')).toBe('评价内容：至少 2 个字符');
    expect(zh({ code: 'too_small', origin: 'number', minimum: 1, inclusive: true }, 'page')).toBe('页码：不能小于 1');
    expect(zh({ code: 'too_big', origin: 'array', maximum: 3, inclusive: true }, 'days')).toBe('天数：最多 3 项');
    expect(zh({ code: 'invalid_value', values: ['login'] }, 'scene')).toBe('验证码用途：须为以下之一：login');
    expect(schemaRefusal({ code: 'invalid_value', values: ['', '0'] }, 'exclude4').message).toBe('Without 4: must be one of: "" or 0');
    expect(zh({ code: 'unrecognized_keys', keys: ['zz', 'yy'] }, 'body')).toBe('提交内容：包含无法识别的字段：zz、yy');
    expect(zh({ code: 'not_multiple_of', divisor: 5 }, 'amount')).toBe('金额：须为 5 的倍数');
    expect(zh({ code: 'invalid_format' }, 'layout.header.title')).toBe('标题：格式不正确');
  });

  it("use the contract's own message id when the schema gives one", () => {
    const e = schemaRefusal({ code: 'invalid_format', message: 'validation.mobile' }, 'mobile');
    expect(e.message).toBe('Mobile number: a mobile number is 11 digits starting with 1');
    expect(e.render('zh-Hant')).toBe('手機號：請輸入以 1 開頭的 11 位手機號');
  });
});

describe('paths deep in a body', () => {
  it('are named by their deepest part with a label, else "this entry"', () => {
    expect(fieldLabel('numberRules.0.markup', 'en')).toBe('markup');
    expect(fieldLabel('numberRules.0.markup', 'zh-Hant')).toBe('加價');
    expect(fieldLabel('numberRules.3', 'zh-Hans')).toBe('号码加价规则');
    expect(fieldLabel('layout.blocks.2.zz', 'en')).toBe('this entry');
    expect(renderAbout('skus.0.wholesaleQ', 'validation.required', {}, 'zh-Hans')).toBe('规格：不能为空');
    expect(renderAbout('blocks.0.wholesaleQ', 'validation.required', {}, 'zh-Hans')).toBe('此项：不能为空');
  });
});

describe('money limits', () => {
  it('are written in yuan with separators, never in fen', () => {
    expect(yuan(10_000_000)).toBe('¥100,000.00');
    expect(yuan(1)).toBe('¥0.01');
    expect(yuan(-250)).toBe('-¥2.50');
    const over = { code: 'too_big', origin: 'number', maximum: 10_000_000, inclusive: true, message: 'validation.moneyMax' };
    expect(schemaRefusal(over, 'numberRules.0.markup').render('en')).toBe('Markup: must not be above ¥100,000.00');
    expect(schemaRefusal(over, 'numberRules.0.markup').render('zh-Hans')).toBe('加价：不能超过 ¥100,000.00');
    const under = { code: 'too_small', origin: 'number', minimum: 1, inclusive: true, message: 'validation.moneyMin' };
    expect(schemaRefusal(under, 'amount').render('zh-Hant')).toBe('金額：不能低於 ¥0.01');
  });
});
