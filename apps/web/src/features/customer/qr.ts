import { isHttpLink } from '@simshop/contract/validate';
import { appAddress } from '../../lib/qr.ts';

/**
 * The address a customer-service QR code leads to: the configured online-service link (an internal
 * page opens in this app, for the storefront of the promo code), else the Customer service tab.
 */
export function customerServiceAddress(kefuUrl: string, promoCode: string | undefined): string {
  if (isHttpLink(kefuUrl)) return kefuUrl;
  return appAddress(kefuUrl.startsWith('/pages') ? kefuUrl : '/pages/customer/index', promoCode);
}
