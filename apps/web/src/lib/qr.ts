import { toString as qrSvg } from 'qrcode';

/** A QR code of a text as an SVG data URL, made in the browser (no outside service). */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await qrSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#1f2329', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The address of a page of this app for a storefront (what a QR code or a shared link opens). */
export function appAddress(page: string, promoCode: string | undefined, origin = location.origin): string {
  const query = promoCode ? `${page.includes('?') ? '&' : '?'}promoCode=${encodeURIComponent(promoCode)}` : '';
  return `${origin}${import.meta.env.BASE_URL}#${page}${query}`;
}
