/** A QR code of a text as an SVG data URL, made on the server. */
export async function qrDataUrl(text: string): Promise<string> {
  const { toString: qrSvg } = await import('qrcode');
  const svg = await qrSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#1f2329', light: '#ffffff' } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
