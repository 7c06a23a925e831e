import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The plain demo SIM. */
export const DEMO_SIM = '1440000000001';

/** The SIM session the app keeps in local storage. */
export async function session(page: Page): Promise<{ simNo: string; token: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state);
}

/** A GET of the IoT API on the session, expecting success; its data. */
export async function api<T>(request: APIRequestContext, url: string, s: { simNo: string; token: string }): Promise<T> {
  const res = await request.get(url, { headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token } });
  const body = (await res.json()) as { code: number; data: T; message: string };
  expect(body.code, `${url}: ${body.message}`).toBe(0);
  return body.data;
}

/** Logs in with a SIM number in English, as a holder does, and closes the layout's popup for good. */
export async function logIn(page: Page, sn = DEMO_SIM) {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await page.goto('/shop/#/pages/iot/login/index');
  await page.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(sn);
  await page.getByText('I have read and agree to the').click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('sim-dashboard')).toBeVisible();
  const popup = page.getByRole('dialog').filter({ hasText: "Don't show again" });
  await expect(popup).toBeVisible();
  await popup.getByText("Don't show again").click();
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();
}
