// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCashier } from './cashier.ts';

const jsapi = {
  appId: 'wxd678efh567hg6787',
  timeStamp: '1763900000',
  nonceStr: '0123456789abcdef0123456789abcdef',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA' as const,
  paySign: 'c2lnbmF0dXJl',
};

describe('openCashier', () => {
  const assign = vi.fn();
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.WeixinJSBridge;
    assign.mockReset();
    vi.useRealTimers();
  });

  function stubLocation() {
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://shop.example/shop/#/pages/order/pay/index?orderNo=X&promoCode=demo',
      assign,
    });
  }

  it("goes to the provider's cashier page when there is no pay sheet", () => {
    stubLocation();
    openCashier({ payUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1' });
    expect(assign).toHaveBeenCalledWith('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1');
  });

  it("opens WeChat's pay sheet with the signed parameters once the bridge is ready, then returns to the payment page", () => {
    stubLocation();
    const invoke = vi.fn();
    openCashier({ payUrl: 'http://shop.example/shop/#/pages/order/pay/index?orderNo=X', wechatJsapi: jsapi });
    expect(assign).not.toHaveBeenCalled();
    window.WeixinJSBridge = { invoke };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0]![0]).toBe('getBrandWCPayRequest');
    expect(invoke.mock.calls[0]![1]).toEqual(jsapi);
    invoke.mock.calls[0]![2]({ err_msg: 'get_brand_wcpay_request:ok' });
    expect(assign).toHaveBeenCalledWith('http://shop.example/shop/#/pages/order/pay/index?orderNo=X');
  });

  it('returns to the payment page when no bridge comes', () => {
    vi.useFakeTimers();
    stubLocation();
    openCashier({ payUrl: 'http://shop.example/shop/#/pages/order/pay/index?orderNo=Y', wechatJsapi: jsapi });
    vi.advanceTimersByTime(3_000);
    expect(assign).toHaveBeenCalledWith('http://shop.example/shop/#/pages/order/pay/index?orderNo=Y');
  });
});
