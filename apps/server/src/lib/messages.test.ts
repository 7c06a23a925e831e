import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldOf, localize, localizeValidation, lookup, MESSAGES } from './messages.ts';

const HANS = 'zh-Hans';
const HANT = 'zh-Hant';

describe('localize', () => {
  it('leaves English as it is', () => {
    for (const [en] of MESSAGES) expect(localize(en, 'en')).toBe(en);
    expect(localize('mobile: a code was sent less than a minute ago, retry in 42 s', 'en')).toBe(
      'mobile: a code was sent less than a minute ago, retry in 42 s',
    );
  });

  it('translates whole messages', () => {
    expect(localize('the system is busy, please try again later', HANS)).toBe('系统繁忙，请稍后再试');
    expect(localize('the system is busy, please try again later', HANT)).toBe('系統繁忙，請稍後再試');
    expect(localize('login timed out, please log in again', HANT)).toBe('登入逾時，請重新登入');
  });

  it('puts placeholder values back', () => {
    expect(localize('too many requests, retry in 17 s', HANS)).toBe('请求过于频繁，请 17 秒后再试');
    expect(localize('this restriction can be lifted in 125 min', HANT)).toBe('請 125 分鐘後再解除限制');
    expect(localize('balance: ¥12.30 is not enough for ¥20.00, top up or pay online', HANS)).toBe(
      '余额：当前 ¥12.30，不足以支付 ¥20.00，请先充值或选择在线支付',
    );
    expect(localize('internal error (request 3f1c-77aa)', HANT)).toBe('系統繁忙，請稍後再試（請求編號 3f1c-77aa）');
    expect(
      localize(
        'paying with the pay password is locked after 5 wrong entries; it unlocks at 14:05 (UTC+8), in 28 min — or reset it with an SMS code',
        HANS,
      ),
    ).toBe('支付密码已连续输错 5 次，暂时锁定，将于 14:05（北京时间）即约 28 分钟后解锁；您也可以通过短信验证码重置支付密码');
  });

  it('drops the English plural word and keeps the count', () => {
    expect(localize('payPassword: wrong pay password, 1 try left', HANS)).toBe('支付密码：输入错误，还可尝试 1 次');
    expect(localize('code: wrong code, 3 tries left', HANT)).toBe('驗證碼：輸入錯誤，還可嘗試 3 次');
    expect(localize('packageId: this package can be bought 2 times per card', HANS)).toBe('套餐：该套餐每张卡限购 2 次');
  });

  it('translates words held by placeholders, lists item by item', () => {
    expect(localize('payMethod: wechat is not offered; choose balance or alipay or sandbox', HANS)).toBe(
      '支付方式：暂不支持微信支付，可选：余额支付、支付宝、在线支付（沙箱）',
    );
    expect(localize('effect: this package takes effect now only', HANT)).toBe('生效方式：此套餐僅支援立即生效');
    expect(localize('type: no privacy agreement is published', HANS)).toBe('协议类型：暂未发布隐私协议');
    // Unknown words stay as they are.
    expect(localize('method: paypal is not offered by this storefront', HANS)).toBe('支付方式：本店暂不支持paypal');
  });

  it('labels the field of invalid() messages; unknown fields keep their name', () => {
    expect(localize('mobile: a code was sent less than a minute ago, retry in 60 s', HANS)).toBe(
      '手机号：验证码发送过于频繁，请 60 秒后再试',
    );
    expect(localize('mobile: a code was sent less than a minute ago, retry in 60 s', HANT)).toBe(
      '手機號：驗證碼發送過於頻繁，請 60 秒後再試',
    );
    expect(localize('address.province: unknown province', HANS)).toBe('省份：无法识别，请重新选择');
    expect(localize('somethingNew: no such order', HANS)).toBe('somethingNew：订单不存在');
    // A whole-message entry wins over the field label (here `code` is a division code, not an SMS code).
    expect(localize('code: unknown division', HANS)).toBe('地区代码：未知的行政区划');
  });

  it('passes unknown messages through unchanged', () => {
    for (const message of ['', 'something nobody wrote down', 'layout.header.title: Invalid input', 'mobile: no idea']) {
      expect(localize(message, HANS)).toBe(message);
      expect(localize(message, HANT)).toBe(message);
    }
  });

  it('every template maps a sample of itself to its own translation (no template shadows another)', () => {
    for (const [en, hans, hant] of MESSAGES) {
      const sample = en.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      expect(lookup(sample, HANS), en).toBe(fill(hans));
      expect(lookup(sample, HANT), en).toBe(fill(hant));
    }
  });

  it('translations use only placeholders of their template, and every template is translated', () => {
    const names = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    const english = new Set<string>();
    for (const [en, hans, hant] of MESSAGES) {
      expect(english.has(en), `duplicate entry: ${en}`).toBe(false);
      english.add(en);
      const allowed = names(en);
      for (const zh of [hans, hant]) {
        expect(zh.trim(), en).not.toBe('');
        expect(/[\u4e00-\u9fff]/.test(zh), `${en} → ${zh}`).toBe(true);
        for (const name of names(zh)) expect(allowed.has(name), `${en} → ${zh}: {${name}}`).toBe(true);
      }
      // Only plural words may be left out of a translation.
      for (const name of allowed) {
        if (!names(hans).has(name) || !names(hant).has(name)) expect(['tries', 'times'], `${en}: {${name}}`).toContain(name);
      }
    }
  });

  it('exposes the English field of a refusal', () => {
    expect(fieldOf('cardPassword: this card needs its card password')).toBe('cardPassword');
    expect(fieldOf('address.province: unknown province')).toBe('address.province');
    expect(fieldOf('this card has been cancelled')).toBeUndefined();
    expect(fieldOf('too many requests, retry in 3 s')).toBeUndefined();
  });
});

describe('localizeValidation', () => {
  it('keeps English as zod wrote it', () => {
    expect(localizeValidation('promoCode', 'Too big: expected string to have <=64 characters', undefined, 'en')).toBe(
      'promoCode: Too big: expected string to have <=64 characters',
    );
  });

  it('uses the catalogue for the custom messages of the contract', () => {
    const issue = { code: 'invalid_format', format: 'regex', origin: 'string' };
    expect(localizeValidation('mobile', 'a mobile number is 11 digits starting with 1', issue, HANS)).toBe(
      '手机号：请输入以 1 开头的 11 位手机号',
    );
    expect(localizeValidation('address.detail', 'at least 4 characters', { code: 'too_small' }, HANT)).toBe('詳細地址：至少 4 個字元');
  });

  it('renders zod issues in Chinese', () => {
    const big = { code: 'too_big', origin: 'string', maximum: 64, inclusive: true };
    expect(localizeValidation('promoCode', 'Too big: expected string to have <=64 characters', big, HANS)).toBe('推广码：最多 64 个字符');
    expect(localizeValidation('promoCode', 'Too big: expected string to have <=64 characters', big, HANT)).toBe('推廣碼：最多 64 個字元');
    const missing = { code: 'invalid_type', expected: 'string' };
    expect(localizeValidation('sn', 'Invalid input: expected string, received undefined', missing, HANS)).toBe('卡号：不能为空');
    const wrongType = { code: 'invalid_type', expected: 'number' };
    expect(localizeValidation('packageId', 'Invalid input: expected number, received string', wrongType, HANT)).toBe(
      '套餐：格式不正確，應為數字',
    );
    const small = { code: 'too_small', origin: 'number', minimum: 1, inclusive: true };
    expect(localizeValidation('page', 'Too small: expected number to be >=1', small, HANS)).toBe('页码：不能小于 1');
    const option = { code: 'invalid_value', values: ['login'] };
    expect(localizeValidation('scene', 'Invalid input: expected "login"', option, HANS)).toBe('验证码用途：须为 login');
    const keys = { code: 'unrecognized_keys', keys: ['zz'] };
    expect(localizeValidation('body', 'Unrecognized key: "zz"', keys, HANT)).toBe('提交內容：包含無法識別的欄位：zz');
    // Other issues: zod's own Chinese locale.
    const key = { code: 'invalid_key', origin: 'map' };
    expect(localizeValidation('x', 'Invalid key in map', key, HANS)).toBe('x：map 中的键(key)无效');
  });
});

// ── Completeness: every message the sources can produce has a catalogue entry ────────────────

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = path.resolve(HERE, '..');
const CONTRACT_SRC = path.resolve(HERE, '../../../../packages/contract/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

/** Where a string, template or regex literal starting at i ends (index after it). */
function skipQuoted(src: string, i: number): number {
  const q = src[i]!;
  let j = i + 1;
  while (j < src.length) {
    const c = src[j]!;
    if (c === '\\') j += 2;
    else if (q === '`' && c === '$' && src[j + 1] === '{') j = skipBalanced(src, j + 1) + 1;
    else if (c === q) return j + 1;
    else if (q === '/' && c === '[') {
      j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      j++;
    } else j++;
  }
  return j;
}

/** Whether a / at i starts a regex literal (by the previous significant character). */
function isRegexStart(src: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /\s/.test(src[k]!)) k--;
  if (k < 0) return true;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(src[k]!)) return true;
  return /\b(return|typeof|case|in|of|throw|void|delete)$/.test(src.slice(Math.max(0, k - 8), k + 1));
}

/** With i at an opening bracket, the index of its matching closing bracket. */
function skipBalanced(src: string, i: number): number {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const c = src[j]!;
    if (c === "'" || c === '"' || c === '`' || (c === '/' && src[j + 1] !== '/' && src[j + 1] !== '*' && isRegexStart(src, j))) {
      j = skipQuoted(src, j) - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return j;
    }
  }
  return src.length;
}

/** The source with comments blanked out (same length, so indexes stay valid). */
function withoutComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && src[i + 1] === '*') {
      const stop = src.indexOf('*/', i + 2) + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`' || (c === '/' && isRegexStart(src, i))) {
      const stop = skipQuoted(src, i);
      out += src.slice(i, stop);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The top-level arguments of the call whose ( is at i. */
function callArgs(src: string, open: number): string[] {
  const close = skipBalanced(src, open);
  const args: string[] = [];
  let start = open + 1;
  let depth = 0;
  for (let j = open + 1; j < close; j++) {
    const c = src[j]!;
    if (c === "'" || c === '"' || c === '`' || (c === '/' && isRegexStart(src, j))) j = skipQuoted(src, j) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      args.push(src.slice(start, j).trim());
      start = j + 1;
    }
  }
  const last = src.slice(start, close).trim();
  if (last) args.push(last);
  return args;
}

const unquote = (s: string) => s.replace(/\\(.)/g, '$1');

/**
 * The texts an expression can be: a string or template literal (each `${…}` becomes {}), either
 * branch of a ternary; null when it is anything else (a variable, a call…).
 */
function texts(expr: string): string[] | null {
  let e = expr.trim();
  while (e.startsWith('(') && skipBalanced(e, 0) === e.length - 1) e = e.slice(1, -1).trim();
  const q = e[0];
  if ((q === "'" || q === '"' || q === '`') && skipQuoted(e, 0) === e.length) {
    const body = e.slice(1, -1);
    if (q !== '`') return [unquote(body)];
    let out = '';
    for (let j = 0; j < body.length; j++) {
      if (body[j] === '\\') out += body[++j];
      else if (body[j] === '$' && body[j + 1] === '{') {
        j = skipBalanced(body, j + 1);
        out += '{}';
      } else out += body[j];
    }
    return [out];
  }
  // cond ? a : b at the top level
  let depth = 0;
  let question = -1;
  let nested = 0;
  for (let j = 0; j < e.length; j++) {
    const c = e[j]!;
    if (c === "'" || c === '"' || c === '`' || (c === '/' && isRegexStart(e, j))) j = skipQuoted(e, j) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === '?' && e[j + 1] !== '.' && e[j + 1] !== '?' && e[j - 1] !== '?') {
      if (question === -1) question = j;
      else nested++;
    } else if (depth === 0 && c === ':' && question !== -1) {
      if (nested > 0) nested--;
      else {
        const a = texts(e.slice(question + 1, j));
        const b = texts(e.slice(j + 1));
        return a && b ? [...a, ...b] : null;
      }
    }
  }
  return null;
}

interface Found {
  file: string;
  call: string;
  message: string;
}

const rel = (file: string) => path.relative(path.resolve(HERE, '../../../..'), file);

/**
 * Message expressions that are not literals, by file and expression: where their texts come from.
 * A new one fails the test until it is listed here and its texts are scanned (EXTRA_SOURCES).
 */
const DYNAMIC: Record<string, string> = {
  'apps/server/src/modules/iot-auth/service.ts|message': 'the timeout(…) factory; its calls are scanned',
  'apps/server/src/modules/iot-money/orders.ts|refusal.message': 'unsellableReason() of catalogue.ts; scanned',
  'apps/server/src/modules/iot-money/ledger.ts|SHORT[p.account]': 'the SHORT record of ledger.ts; scanned',
  'apps/server/src/modules/iot-money/pay-password.ts|lockedMessage(until, now)': 'lockedMessage(); scanned',
  'apps/server/src/modules/iot-money/pay-password.ts|lockedMessage(g.locked_until, now)': 'lockedMessage(); scanned',
  "apps/server/src/modules/iot-money/pay-password.ts|err.message.replace(/^payPassword:/, 'oldPayPassword:')":
    'a payPassword: refusal re-labelled oldPayPassword: (label checked below)',
  'apps/server/src/lib/idempotency.ts|stored.message': 'the replay of a refusal already sent (its own message)',
  'apps/server/src/lib/idempotency.ts|s.message': 'the replay of a refusal already sent (its own message)',
};

/** Texts reached through DYNAMIC expressions: file, then where in it (a regex up to the literal). */
const EXTRA_SOURCES: [file: string, before: RegExp][] = [
  ['apps/server/src/modules/iot-auth/service.ts', /(?<![\w.$])timeout\(/g],
  ['apps/server/src/modules/iot-money/catalogue.ts', /\bmessage:\s*/g],
  ['apps/server/src/modules/iot-money/pay-password.ts', /function lockedMessage\([^)]*\)[^{]*\{[^`]*?return\s*/g],
];

/** Each value of the SHORT record of ledger.ts. */
function shortRecord(src: string): string[] {
  const start = src.indexOf('const SHORT');
  if (start === -1) return [];
  const open = src.indexOf('{', src.indexOf('=', start));
  const body = src.slice(open + 1, skipBalanced(src, open));
  return [...body.matchAll(/:\s*'((?:[^'\\]|\\.)*)'/g)].map((m) => unquote(m[1]!));
}

/** The literal (or ternary of literals) that starts at i, up to the end of its expression. */
function expressionAt(src: string, i: number): string {
  let j = i;
  let depth = 0;
  for (; j < src.length; j++) {
    const c = src[j]!;
    if (c === "'" || c === '"' || c === '`' || (c === '/' && isRegexStart(src, j))) j = skipQuoted(src, j) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === ',' || c === ';' || c === '\n')) break;
  }
  return src.slice(i, j);
}

function scanRefusals(): { found: Found[]; dynamic: string[]; fields: Set<string> } {
  const found: Found[] = [];
  const dynamic: string[] = [];
  const fields = new Set<string>();
  const files = sourceFiles(SERVER_SRC).filter((f) => !/lib[\\/](errors|messages)\.ts$/.test(f));
  for (const file of files) {
    const src = withoutComments(readFileSync(file, 'utf8'));
    const calls = /(?<![\w.$])(fail|invalid)\(|\bnew BizError\(/g;
    for (const m of src.matchAll(calls)) {
      const open = m.index + m[0].length - 1;
      const args = callArgs(src, open);
      const kind = m[1] ?? 'BizError';
      const messageArg = kind === 'fail' ? args[0] : args[1];
      if (messageArg === undefined) continue;
      const problems = texts(messageArg);
      if (!problems) {
        dynamic.push(`${rel(file)}|${messageArg.replace(/\s+/g, ' ')}`);
        continue;
      }
      let field = '';
      if (kind === 'invalid') {
        const f = texts(args[0]!);
        field = f?.length === 1 ? f[0]! : '{}';
        if (f?.length === 1 && !f[0]!.includes('{}')) fields.add(f[0]!);
      }
      for (const p of problems) {
        const message = kind === 'invalid' ? `${field}: ${p}` : p;
        found.push({ file: rel(file), call: `${kind}(${args.join(', ')})`, message });
        const prefix = fieldOf(message);
        if (prefix && !prefix.includes('{}')) fields.add(prefix);
      }
    }
  }
  for (const [file, before] of EXTRA_SOURCES) {
    const src = withoutComments(readFileSync(path.resolve(HERE, '../../../..', file), 'utf8'));
    const hits = [...src.matchAll(before)];
    expect(hits.length, `no message found in ${file} by ${before}`).toBeGreaterThan(0);
    for (const m of hits) {
      const at = m.index + m[0].length;
      const list = texts(expressionAt(src, at));
      if (!list) continue; // e.g. timeout(message: string): the parameter, not a text
      for (const message of list) {
        found.push({ file, call: before.source, message });
        const prefix = fieldOf(message);
        if (prefix) fields.add(prefix);
      }
    }
  }
  const ledger = 'apps/server/src/modules/iot-money/ledger.ts';
  const short = shortRecord(readFileSync(path.resolve(HERE, '../../../..', ledger), 'utf8'));
  expect(short.length, 'SHORT record of ledger.ts').toBeGreaterThan(0);
  for (const message of short) {
    found.push({ file: ledger, call: 'SHORT', message });
    const prefix = fieldOf(message);
    if (prefix) fields.add(prefix);
  }
  fields.add('oldPayPassword');
  return { found, dynamic, fields };
}

/** Custom messages of zod checks (contract and server schemas): they become validation problems. */
function scanZodMessages(): Found[] {
  const found: Found[] = [];
  const noValue = new Set(['int', 'positive', 'nonnegative', 'negative', 'nonpositive', 'email', 'url', 'uuid', 'nonempty', 'trim']);
  // config.ts checks the environment at start-up: its messages are for the operator, in English.
  const files = [...sourceFiles(CONTRACT_SRC), ...sourceFiles(SERVER_SRC).filter((f) => !/(lib[\\/]messages|[\\/]config)\.ts$/.test(f))];
  for (const file of files) {
    const src = withoutComments(readFileSync(file, 'utf8'));
    const calls =
      /\.(regex|min|max|length|literal|refine|superRefine|enum|gt|gte|lt|lte|multipleOf|int|positive|nonnegative|negative|nonpositive|email|url|uuid|nonempty)\(/g;
    for (const m of src.matchAll(calls)) {
      const args = callArgs(src, m.index + m[0].length - 1);
      const first = noValue.has(m[1]!) ? 0 : 1;
      args.forEach((arg, i) => {
        let list: string[] | null = null;
        if (arg.startsWith('{')) {
          const inner = /(?:message|error):\s*/.exec(arg);
          if (inner) list = texts(expressionAt(arg, inner.index + inner[0].length));
        } else if (i >= first) list = texts(arg);
        for (const message of list ?? []) found.push({ file: rel(file), call: `.${m[1]}(${args.join(', ')})`, message });
      });
    }
  }
  return found;
}

/** English words left in a translation (placeholders, technical names and the sample value aside). */
function englishLeft(text: string): string[] {
  const cleaned = text.replaceAll('X1', '').replace(/\b(ICCID|SIM|SMS|UTC|JSON|json|x-sim-no)\b/g, '');
  return cleaned.match(/[A-Za-z]{2,}/g) ?? [];
}

/** Messages that are passed through on purpose: their text is not ours (zod's English of a stored layout). */
const PASS_THROUGH = new Set(['layout.{}: {}']);

describe('catalogue completeness', () => {
  const { found, dynamic, fields } = scanRefusals();

  it('finds the refusals of the server', () => {
    expect(found.length).toBeGreaterThan(80);
    expect(found.map((f) => f.message)).toContain('packageName: unknown application');
    expect(found.map((f) => f.message)).toContain('packageId: this flash sale has ended');
    expect(found.map((f) => f.message)).toContain('code: wrong code, {} {} left');
  });

  it('knows where every non-literal message comes from', () => {
    const unknown = dynamic.filter((d) => !(d in DYNAMIC));
    expect(unknown, 'list the source of these messages in DYNAMIC and EXTRA_SOURCES').toEqual([]);
  });

  it('has a translation of every message fail(), invalid() and new BizError() can send', () => {
    const missing: string[] = [];
    for (const f of found) {
      if (PASS_THROUGH.has(f.message)) continue;
      const sample = f.message.replaceAll('{}', 'X1');
      for (const language of [HANS, HANT] as const) {
        const out = localize(sample, language);
        const left = englishLeft(out);
        if (out === sample || left.length) missing.push(`${f.file}: ${f.message}  →  ${out}`);
      }
    }
    expect(missing, 'add these messages to MESSAGES in lib/messages.ts (and fields to FIELD_LABELS)').toEqual([]);
  });

  it('has a label for every field the refusals name', () => {
    const unlabelled = [...fields].filter((f) => !FIELD_LABELS[f]);
    expect(unlabelled, 'add these fields to FIELD_LABELS in lib/messages.ts').toEqual([]);
  });

  it('has a translation of every custom message of the zod schemas', () => {
    const zod = scanZodMessages();
    expect(zod.map((f) => f.message)).toContain('a mobile number is 11 digits starting with 1');
    const missing = zod
      .filter((f) => {
        const out = lookup(f.message.replaceAll('{}', 'X1'), HANS);
        const hant = lookup(f.message.replaceAll('{}', 'X1'), HANT);
        return out === undefined || hant === undefined || englishLeft(out).length > 0 || englishLeft(hant).length > 0;
      })
      .map((f) => `${f.file}: ${f.message}`);
    expect(missing, 'add these messages to MESSAGES in lib/messages.ts').toEqual([]);
  });
});
