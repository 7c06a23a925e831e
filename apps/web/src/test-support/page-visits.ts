import type { PageDef } from '../app/pages.ts';
import { MINUTE, mallOrderNo } from './fake-data.ts';
import { mallOrder } from './fake-routes-iot.ts';
import type { FakeServer } from './fake-server.ts';

/**
 * How the page-table tests open each page: the query a page needs to show something (an order, a
 * number, a package of the demo data), and the pages that are meant to move on by themselves.
 */

/** Query strings of pages with a required parameter, naming the fake server's demo data. */
export const PAGE_QUERIES: Readonly<Record<string, string>> = {
  '/pages/goods/general/index': 'id=101',
  '/pages/goods/pretty/index': 'number=13923458888',
  '/pages/goods/pretty/package': 'number=13923458888',
  '/pages/goods/pretty/comment': 'orderNo=N20260510120000000001',
  '/pages/order/pay/index': 'orderNo=N20260510120000000001',
  '/pages/order/logistics/index': 'orderNo=G20260510120000000002',
  '/pages/order/detail/index': 'orderNo=N20260510120000000001',
  '/pages/goods/fastNumber/formSubmit': 'operator=4&packageId=301',
  '/pages/resetCert/index': 'orderNo=F20260510120000000003',
  '/pages-sub/iot/index/packageDetails/index': 'packageId=11',
  '/pages-sub/iot/integralShop/details/index': 'goodsId=501',
  '/pages-sub/iot/index/accelerate/cashier/index': 'accelerateId=31',
  '/pages-sub/iot/index/vip/pay/index': 'vipId=21',
  '/pages-sub/iot/index/vip/popup': 'vipId=21',
  '/pages-sub/iot/integralShop/details/payment/index': 'goodsId=501',
  '/pages-sub/iot/integralShop/details/cashier/index': `orderNo=${mallOrderNo(2)}`,
  '/pages-sub/iot/integralShop/order/orderDetails/index': `orderNo=${mallOrderNo(1)}`,
  '/pages-sub/iot/integralShop/order/orderDetails/logistics/index': `orderNo=${mallOrderNo(1)}`,
  '/pages-sub/iot/integralShop/order/orderDetails/pay/index': `orderNo=${mallOrderNo(1)}`,
  '/pages/customer/question/detail': 'id=2',
  '/pages/customer/question/index': 'category=iot',
  '/pages/about/textTemplate': 'type=loginProtocol',
  '/pages-sub/single/index': 'pageCode=lucky',
  '/pages-sub/single/single': 'pageCode=lucky',
  '/pages-sub/wifi/connect': 'token=DemoWiFiCardCornerCafe',
  '/pages-sub/wifi/share': 'token=DemoWiFiCardCornerCafe',
  '/pages-sub/iot/machineCode/index': 'code=DemoMF01TopUpCode7qXw2',
  '/pages/webview/index': `url=${encodeURIComponent('https://help.example.com/guide')}`,
};

/** The address a page is opened at. */
export const routeOf = (page: Pick<PageDef, 'path'>) => (PAGE_QUERIES[page.path] ? `${page.path}?${PAGE_QUERIES[page.path]}` : page.path);

/**
 * Pages that go on to another page once they have done their work, and where they go: data
 * initialisation opens the home page (spec §2, loadDomain). Every other page stays.
 */
export const MOVES_ON: Readonly<Record<string, { to: string; hold: string }>> = {
  // Held until its title is checked: the app-domain service's answer sends it on.
  '/pages/index/loadDomain': { to: '/pages/index/index', hold: 'GET /api/app/domain' },
};

/** Pages shown to a visitor without a SIM session (the SIM login page sends a logged-in card to its dashboard). */
export const SHOWN_WITHOUT_SIM: ReadonlySet<string> = new Set(['/pages/iot/login/index']);

/** Data a page needs beyond the demo defaults. */
export function prepareServer(path: string, server: FakeServer): void {
  if (path === '/pages-sub/iot/integralShop/details/cashier/index') {
    // The cashier of an order whose money part is still to be paid.
    server.on('GET /api/iot/shopOrderDetails', (req) => {
      const now = Date.now();
      return {
        ...mallOrder(now, req.language),
        orderNo: mallOrderNo(2),
        status: 'pending',
        goodsId: 502,
        points: 800,
        amount: 2900,
        paidAt: null,
        shippedAt: null,
        logistics: null,
        createdAt: now - 2 * MINUTE,
        expiresAt: now + 28 * MINUTE,
        canCancel: true,
        canPay: true,
      };
    });
  }
}
