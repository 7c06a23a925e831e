import { msg } from '@simshop/contract/messages';
import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import type { SandboxProvider } from './sandbox.ts';

/**
 * The sandbox provider's own cashier: a small server-rendered page (no script, no outside asset,
 * CSP-safe) with Pay and Cancel as plain form posts, like a provider's H5 cashier.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const yuan = (fen: number) => (fen / 100).toFixed(2);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#222}
header{background:#1677ff;color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:16px;text-align:center}
.amount{font-size:36px;font-weight:700;margin:8px 0}.amount small{font-size:20px}
.muted{color:#888;font-size:14px;word-break:break-all}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;text-align:left;font-size:14px;margin:16px 0 0}dt{color:#888}dd{margin:0;word-break:break-all}
button{display:block;width:100%;border:0;border-radius:24px;padding:12px;font-size:17px;margin-top:12px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#555;border:1px solid #ddd}
.state{font-size:18px;font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/shop/static/logo.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><header>沙箱收银台 · Sandbox cashier</header><main>${body}</main></body></html>`;
}

type Trade = NonNullable<Awaited<ReturnType<SandboxProvider['trade']>>>;

function tradePage(t: Trade, now: number, notice = ''): string {
  const details = `<dl><dt>商品 Item</dt><dd>${escapeHtml(t.subject)}</dd><dt>支付单号 Payment</dt><dd>${escapeHtml(t.payment_no)}</dd><dt>交易号 Trade</dt><dd>${escapeHtml(t.trade_no)}</dd></dl>`;
  const amount = `<div class="amount"><small>¥</small>${yuan(t.amount)}</div>`;
  const back = `<form method="post" action="/sandbox/cashier/${escapeHtml(t.payment_no)}/cancel"><button class="cancel" type="submit">返回商家 Back to the shop</button></form>`;
  if (t.status === 'WAIT' && t.expires_at > now) {
    return page(
      '支付 Pay',
      `<div class="card"><div class="muted">应付金额 Amount due</div>${amount}${details}</div>
<form method="post" action="/sandbox/cashier/${escapeHtml(t.payment_no)}/pay"><button class="pay" type="submit">确认支付 Pay ¥${yuan(t.amount)}</button></form>
<form method="post" action="/sandbox/cashier/${escapeHtml(t.payment_no)}/cancel"><button class="cancel" type="submit">取消 Cancel</button></form>`,
    );
  }
  const state =
    t.status === 'SUCCESS'
      ? '已支付 Paid'
      : t.status === 'REFUND'
        ? '已退款 Refunded'
        : t.status === 'CLOSED'
          ? '已关闭 Closed'
          : '已过期 Expired';
  return page(state, `<div class="card"><div class="state">${notice || state}</div>${amount}${details}</div>${back}`);
}

function withResult(returnUrl: string, result: 'paid' | 'cancel'): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}result=${result}`;
}

export function sandboxCashierRoutes(sandbox: SandboxProvider, now: () => number, kick: () => void) {
  return async (app: App): Promise<void> => {
    // Browsers post forms urlencoded; the forms carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const params = z.object({ paymentNo: z.string().regex(/^P\d{20}$/, msg('validation.paymentNo')) });
    const notFound = page('Not found', '<div class="card"><div class="state">支付单不存在 No such payment</div></div>');

    app.get('/sandbox/cashier/:paymentNo', { schema: { hide: true, params } }, async (req, reply) => {
      const t = await sandbox.trade(req.params.paymentNo);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return t ? tradePage(t, now()) : reply.status(404).send(notFound);
    });

    app.post('/sandbox/cashier/:paymentNo/pay', { schema: { hide: true, params } }, async (req, reply) => {
      const t = await sandbox.trade(req.params.paymentNo);
      if (!t) return reply.status(404).type('text/html; charset=utf-8').send(notFound);
      const result = await sandbox.pay(t.payment_no, now());
      if (result !== 'paid') {
        const notice = result === 'expired' ? '支付已过期 The payment has expired' : '';
        return reply.type('text/html; charset=utf-8').send(tradePage((await sandbox.trade(t.payment_no)) ?? t, now(), notice));
      }
      kick();
      return reply.redirect(withResult(t.return_url, 'paid'), 303);
    });

    app.post('/sandbox/cashier/:paymentNo/cancel', { schema: { hide: true, params } }, async (req, reply) => {
      const t = await sandbox.trade(req.params.paymentNo);
      if (!t) return reply.status(404).type('text/html; charset=utf-8').send(notFound);
      return reply.redirect(withResult(t.return_url, 'cancel'), 303);
    });
  };
}
