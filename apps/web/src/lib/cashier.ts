import type { WechatJsapi } from '@simshop/contract/payments';

interface WeixinJSBridge {
  invoke(api: 'getBrandWCPayRequest', params: WechatJsapi, done: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** How long to wait for WeChat's bridge before going back to the payment page. */
const BRIDGE_WAIT_MS = 3_000;

/**
 * Opens a payment where the shopper pays: the provider's cashier page (`payUrl`), or, inside
 * WeChat for a shopper signed in with WeChat (`wechatJsapi`), WeChat's own pay sheet, which then
 * closes onto `payUrl` (the order's payment page, which shows whether it was paid).
 */
export function openCashier(payment: { payUrl: string; wechatJsapi?: WechatJsapi | undefined }): void {
  const jsapi = payment.wechatJsapi;
  const back = () => {
    if (window.location.href === payment.payUrl) window.location.reload();
    else window.location.assign(payment.payUrl);
  };
  if (!jsapi) {
    window.location.assign(payment.payUrl);
    return;
  }
  let done = false;
  const invoke = () => {
    if (done) return;
    done = true;
    const bridge = window.WeixinJSBridge;
    if (!bridge) return back();
    bridge.invoke('getBrandWCPayRequest', jsapi, () => back());
  };
  if (window.WeixinJSBridge) invoke();
  else {
    document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
    setTimeout(invoke, BRIDGE_WAIT_MS);
  }
}
