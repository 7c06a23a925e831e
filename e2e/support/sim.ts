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

type SimSession = { simNo: string; token: string };
/** Sessions proven earlier in this run, by login number: codes are one a minute per card. */
const provenSessions = new Map<string, SimSession>();

const iotPost = async (request: APIRequestContext, url: string, s: SimSession, data: object = {}) =>
  (await (await request.post(url, { data, headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token } })).json()) as {
    code: number;
    data: any;
    message: string;
  };

/**
 * Logs in with a number as `logIn` does, then proves the session holds the card (decision 0105) so
 * the device's secrets and controls open: by the code sent to the bound phone (the demo set-up
 * shows it), or with a session of the same card proven earlier in this run. Reloads the app.
 */
export async function logInProven(page: Page, sn = DEMO_SIM) {
  await logIn(page, sn);
  const s = await session(page);
  const earlier = provenSessions.get(sn);
  let use: SimSession = s;
  if (earlier && earlier.simNo === s.simNo) {
    const res = await page.request.get('/api/iot/simInfo', { headers: { 'x-sim-no': earlier.simNo, 'x-sim-token': earlier.token } });
    const info = (await res.json()) as { code: number; data?: { sessionProven: boolean } };
    if (info.code === 0 && info.data?.sessionProven) use = earlier;
  }
  if (use === s) {
    await proveSession(page.request, s);
    provenSessions.set(sn, s);
  } else {
    await page.evaluate((t) => {
      const stored = JSON.parse(localStorage.getItem('simshop-session') ?? '{}');
      stored.state = { ...stored.state, simNo: t.simNo, token: t.token };
      localStorage.setItem('simshop-session', JSON.stringify(stored));
    }, use);
  }
  await page.reload();
  await expect(page.getByTestId('sim-dashboard')).toBeVisible();
}

/**
 * Proves a SIM session with the code sent to the card's bound phone (the demo set-up hands it
 * back), waiting out the one-code-a-minute limit of the card when another test just asked.
 */
export async function proveSession(request: APIRequestContext, s: SimSession) {
  let sent = await iotPost(request, '/api/iot/simProofCode', s);
  for (let i = 0; sent.code !== 0 && i < 3; i++) {
    const wait = Number(/(\d+)\s*s\b/.exec(sent.message)?.[1] ?? 0);
    expect(wait, sent.message).toBeGreaterThan(0);
    await new Promise((done) => setTimeout(done, wait * 1000 + 200));
    sent = await iotPost(request, '/api/iot/simProofCode', s);
  }
  expect(sent.code, sent.message).toBe(0);
  const proved = await iotPost(request, '/api/iot/simProve', s, { code: sent.data.devCode });
  expect(proved.code, proved.message).toBe(0);
}
