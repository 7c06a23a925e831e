import type { Page } from '@playwright/test';

/**
 * Picks 广东省 / 深圳市 / 南山区 in the address picker of a page. A postal address is picked with
 * its Chinese names: Traditional for a Traditional reader, Simplified otherwise (English too).
 */
export async function pickShenzhenNanshan(page: Page, lang: string): Promise<string> {
  const names = lang === 'zh-Hant' ? ['廣東省', '深圳市', '南山區'] : ['广东省', '深圳市', '南山区'];
  const cascader = page.locator('.address-popup');
  for (const name of names) await cascader.getByText(name, { exact: true }).click();
  return names.join(' ');
}
