import { expect, test } from '@playwright/test';

test('installable app: the manifest is linked and served, the service worker registers, offline the app opens on the network check', async ({
  page,
  context,
}) => {
  await page.goto('/shop/#/pages/index/default');
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/shop/manifest.webmanifest');
  const manifest = await page.request.get('/shop/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({
    name: '号码优选 SIM shop',
    short_name: '号码优选',
    start_url: '/shop/',
    scope: '/shop/',
    display: 'standalone',
    icons: [
      { src: 'static/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'static/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'static/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
  const icon = await page.request.get('/shop/static/icon-192.png');
  expect(icon.headers()['content-type']).toBe('image/png');

  // Registered a moment after the app starts, then it keeps the app's files (never an API reply).
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/shop/'))?.active?.state ?? 'none'), {
      timeout: 20_000,
    })
    .toBe('activated');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(kept).toContain('/shop/offline.html');
  expect(kept.filter((u) => !u.startsWith('/shop/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/#\/pages\/index\/networkCheck$/);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
});
