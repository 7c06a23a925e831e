/** A phone number as shown back to its owner: 138****8001 (empty stays empty, a short one is hidden). */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile ? '****' : '';
}
