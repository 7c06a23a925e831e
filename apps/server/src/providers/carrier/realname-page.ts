import { isChineseId } from '@simshop/contract/validate';
import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import { escapeHtml } from '../payment/sandbox-cashier.ts';

/**
 * The carrier simulator's own real-name page, as an operator's H5 page would be: the card's ICCID
 * in the address, the holder's name and ID number in a form (no script, CSP-safe). A submission is
 * passed to the platform's callback, which marks the card "under review" until the carrier answers.
 */

type Lang = 'en' | 'zh-Hans' | 'zh-Hant';

const EN = {
  title: 'Real-name registration',
  intro: 'Register the holder of this card with the operator, as required for every SIM card in China.',
  iccid: 'Card ICCID',
  name: 'Full name',
  idNumber: 'ID card number',
  submit: 'Submit',
  back: 'Back to the app',
  badName: 'Enter the full name (2 to 30 characters).',
  badId: 'Enter a valid 18-character ID card number.',
  unknown: 'This card is not on our network.',
  done: 'This card is already registered.',
  accepted: 'Submitted. The operator is reviewing it; the app shows the result.',
  op1: 'China Telecom',
  op2: 'China Unicom',
  op3: 'China Broadnet',
  op4: 'China Mobile',
};

const TEXTS: Record<Lang, typeof EN> = {
  en: EN,
  'zh-Hans': {
    title: '实名登记',
    intro: '根据规定，每张手机卡都须在运营商完成机主实名登记。',
    iccid: '卡号 ICCID',
    name: '姓名',
    idNumber: '身份证号',
    submit: '提交',
    back: '返回应用',
    badName: '请输入姓名（2 到 30 个字）。',
    badId: '请输入有效的 18 位身份证号。',
    unknown: '本网未找到此卡。',
    done: '此卡已完成实名登记。',
    accepted: '已提交，运营商审核中，结果将在应用中显示。',
    op1: '中国电信',
    op2: '中国联通',
    op3: '中国广电',
    op4: '中国移动',
  },
  'zh-Hant': {
    title: '實名登記',
    intro: '根據規定，每張手機卡都須在電信商完成機主實名登記。',
    iccid: '卡號 ICCID',
    name: '姓名',
    idNumber: '身分證號',
    submit: '提交',
    back: '返回應用',
    badName: '請輸入姓名（2 到 30 個字）。',
    badId: '請輸入有效的 18 位身分證號。',
    unknown: '本網未找到此卡。',
    done: '此卡已完成實名登記。',
    accepted: '已提交，電信商審核中，結果將在應用中顯示。',
    op1: '中國電信',
    op2: '中國聯通',
    op3: '中國廣電',
    op4: '中國移動',
  },
};

const COLOURS: Record<number, string> = { 1: '#1d4fa3', 2: '#c8102e', 3: '#6a2c91', 4: '#017a62' };

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#222}
header{color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:16px}
.muted{color:#666;font-size:14px}.mono{font-family:ui-monospace,monospace;word-break:break-all}
label{display:block;font-size:14px;color:#555;margin:14px 0 6px}
input{width:100%;font-size:17px;padding:12px;border:1px solid #ccc;border-radius:8px}
button,.back{display:block;width:100%;border:0;border-radius:24px;padding:12px;font-size:17px;margin-top:20px;cursor:pointer;color:#fff;text-align:center;text-decoration:none}
.error{color:#b42318;font-size:14px;margin-top:8px}.ok{font-size:17px;font-weight:600}`;

export type RealnameSubmitted = (iccid: string, name: string, idNumber: string) => Promise<'accepted' | 'unknown' | 'done'>;

const query = z.object({
  iccid: z.string().regex(/^[0-9A-Za-z]{6,24}$/),
  op: z.coerce.number().int().min(1).max(4).default(4),
  back: z.string().max(300).default('/shop/'),
  lang: z.enum(['en', 'zh-Hans', 'zh-Hant']).default('zh-Hans'),
});
type Query = z.infer<typeof query>;

function page(q: Query, body: string): string {
  const t = TEXTS[q.lang];
  const colour = COLOURS[q.op] ?? '#017a62';
  return `<!doctype html><html lang="${q.lang === 'en' ? 'en' : q.lang === 'zh-Hant' ? 'zh-TW' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${STYLE}header,button,.back{background:${colour}}</style></head><body><header>${escapeHtml(t[`op${q.op}` as 'op4'])} · ${escapeHtml(t.title)}</header><main>${body}</main></body></html>`;
}

function formPage(q: Query, error = '', values = { name: '', idNumber: '' }): string {
  const t = TEXTS[q.lang];
  const hidden = (['iccid', 'op', 'back', 'lang'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(String(q[k]))}">`)
    .join('');
  return page(
    q,
    `<div class="card"><p class="muted">${escapeHtml(t.intro)}</p><div class="muted">${escapeHtml(t.iccid)}</div><div class="mono">${escapeHtml(q.iccid)}</div></div>
<form class="card" method="post" action="/carrier/realname">${hidden}
<label for="name">${escapeHtml(t.name)}</label><input id="name" name="name" autocomplete="name" maxlength="30" value="${escapeHtml(values.name)}">
<label for="idNumber">${escapeHtml(t.idNumber)}</label><input id="idNumber" name="idNumber" maxlength="18" value="${escapeHtml(values.idNumber)}">
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}<button type="submit">${escapeHtml(t.submit)}</button></form>`,
  );
}

const resultPage = (q: Query, text: string) =>
  page(
    q,
    `<div class="card"><div class="ok" role="status">${escapeHtml(text)}</div></div><a class="back" href="${escapeHtml(q.back)}">${escapeHtml(TEXTS[q.lang].back)}</a>`,
  );

/** The address of the page for a card. */
export function carrierRealnameUrl(q: { iccid: string; operatorType: number; back: string; lang?: string }): string {
  const params = new URLSearchParams({ iccid: q.iccid, op: String(q.operatorType), back: q.back });
  if (q.lang) params.set('lang', q.lang);
  return `/carrier/realname?${params}`;
}

/** Serves GET and POST /carrier/realname; `submitted` is the platform's callback. */
export function carrierRealnameRoutes(app: App, submitted: RealnameSubmitted): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(text)))),
  );
  const html = (reply: { type(t: string): { send(b: string): unknown } }, body: string) =>
    reply.type('text/html; charset=utf-8').send(body);

  app.get('/carrier/realname', { schema: { hide: true } }, async (req, reply) => {
    const q = query.safeParse(req.query);
    if (!q.success) return reply.status(400).type('text/plain').send('bad request');
    return html(reply, formPage(q.data));
  });

  app.post('/carrier/realname', { schema: { hide: true } }, async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const q = query.safeParse(form);
    if (!q.success) return reply.status(400).type('text/plain').send('bad request');
    const t = TEXTS[q.data.lang];
    const name = String(form.name ?? '').trim();
    const idNumber = String(form.idNumber ?? '')
      .trim()
      .toUpperCase();
    if ([...name].length < 2 || [...name].length > 30) return html(reply, formPage(q.data, t.badName, { name, idNumber }));
    if (!isChineseId(idNumber)) return html(reply, formPage(q.data, t.badId, { name, idNumber }));
    const outcome = await submitted(q.data.iccid, name, idNumber);
    return html(reply, resultPage(q.data, outcome === 'accepted' ? t.accepted : outcome === 'done' ? t.done : t.unknown));
  });
}
