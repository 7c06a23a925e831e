import { expect, test } from '@playwright/test';
import { DurationUnit } from '@simshop/contract/iot';
import { makeAgent } from '../apps/server/src/modules/agents/test-kit.ts';
import { makeCard } from '../apps/server/src/modules/iot-money/test-kit.ts';
import { startFakeOneLink } from '../apps/server/src/providers/carrier/fake-onelink.ts';
import { consoleContext, DEMO_OWNER, openConsolePage, phoneContext, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';
import { logIn } from './support/sim.ts';

/**
 * A card we sell as active that China Mobile stopped for its own monthly limit, on a storefront
 * whose default operator account points at a fake OneLink platform the test starts (ports
 * 18111-18113): the holder's connection check (375×812) says why in plain words in three
 * languages; the reconciliation finds the difference, and the owner resumes the card at the
 * operator from the console's Carrier reconciliation page (1280×800).
 */

const yearly = { name: 'Yearly 200 GB', flowMb: 200 * 1024, duration: 1, unit: DurationUnit.YEAR };

test('the holder is told China Mobile stopped data for its monthly limit; the owner resumes the card from the reconciliation page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const fake = await startFakeOneLink({ appid: '500001', password: 'e2e-recon-pass', ports: [18111, 18113] });
  try {
    const { shop, card, unnamed } = await withInstance(async (app) => {
      const made = await makeAgent(app, null);
      const sim = await makeCard(app, { promoCode: made.promoCode, packages: [yearly] });
      // Not real-named with us; China Mobile has it registered.
      const other = await makeCard(app, { promoCode: made.promoCode, packages: [yearly], realname: false });
      await app.iotCarrierAccounts.create({
        promoterId: made.id,
        kind: 'onelink',
        name: 'China Mobile e2e',
        baseUrl: fake.url,
        appId: '500001',
        secret: 'e2e-recon-pass',
        callsPerSecond: 50,
        isDefault: true,
      });
      return { shop: made, card: sim, unnamed: other };
    });
    fake.addCard(unnamed.simNo, unnamed.iccid);
    // Stopped at China Mobile: stop reason 05, the month's allowance at the operator used up.
    const atOperator = fake.addCard(card.simNo, card.iccid);
    atOperator.cardStatus = '4';
    atOperator.stopReason = '05';

    // The holder: the server reads the card at its storefront's account (routes are read every 30 s).
    const holderContext = await phoneContext(browser);
    const holder = await holderContext.newPage();
    await logIn(holder, card.simNo);
    const cause = holder.getByTestId('cause-carrierStopped');
    await expect(async () => {
      await holder.goto('/shop/#/pages-sub/iot/index/diagnose/index');
      await holder.reload();
      await expect(cause.getByRole('heading')).toHaveText("China Mobile stopped data: the month's data limit was reached", {
        timeout: 3_000,
      });
    }).toPass({ timeout: 75_000 });
    await expect(cause).toContainText("The operator's monthly limit is not your package: customer service can have it lifted.");
    await expect(cause.getByRole('button')).toBeVisible();
    await expect(holder.getByTestId('check-data').getByLabel('problem')).toBeVisible();
    expect(await holder.locator('main, body').first().textContent()).not.toMatch(/\p{Script=Han}|quota|diagnosis\./u);
    await holder.screenshot({ path: 'test-results/diagnose-carrier-stopped.en.png', fullPage: true });
    for (const [language, said] of [
      ['zh-Hans', '中国移动已停止数据服务：已达到本月流量上限'],
      ['zh-Hant', '中國移動已停止數據服務：已達到本月流量上限'],
    ] as const) {
      const tab = await holderContext.newPage();
      await tab.addInitScript((l) => localStorage.setItem('simshop-language', l), language);
      await tab.goto('/shop/#/pages-sub/iot/index/diagnose/index');
      await expect(tab.getByTestId('cause-carrierStopped').getByRole('heading')).toHaveText(said);
      await tab.screenshot({ path: `test-results/diagnose-carrier-stopped.${language}.png`, fullPage: true });
      await tab.close();
    }
    await holderContext.close();

    // The reconciliation reads the card at the operator and records the difference.
    await withInstance(async (app) => {
      await app.iotCarrierRecon.checkCard(card.id, Date.now());
      await app.iotCarrierRecon.checkCard(unnamed.id, Date.now());
    });

    const desk = await consoleContext(browser);
    const page = await desk.newPage();
    await signInConsole(page, DEMO_OWNER);
    await openConsolePage(page, { name: '运营商对账' });
    await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: card.simNo });
    await expect(row).toContainText('套餐不符');
    await expect(row).toContainText('已停机：已达月度上限');
    await expect(row).toContainText('中国移动 OneLink');
    await page.screenshot({ path: 'test-results/admin-carrier-recon.zh-Hans.png' });
    for (const [language, kind, menu] of [
      ['en', 'Package differs', 'Carrier reconciliation'],
      ['zh-Hant', '套餐不符', '電信商對帳'],
    ] as const) {
      // The same tab (the console's session is the tab's), in that language.
      await page.evaluate((l) => localStorage.setItem('simshop-admin-language', l), language);
      await page.reload();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: menu })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: card.simNo })).toContainText(kind);
      if (language === 'en')
        expect((await page.locator('.ant-table-thead, .ant-card-head-title, .ant-tag, .ant-btn').allTextContents()).join(' ')).not.toMatch(
          /\p{Script=Han}/u,
        );
      await page.screenshot({ path: `test-results/admin-carrier-recon.${language}.png` });
    }
    await page.evaluate(() => localStorage.setItem('simshop-admin-language', 'zh-Hans'));
    await page.reload();
    await expect(row).toContainText('套餐不符');

    // Resume at the operator: OneLink takes the change and does it; the difference closes once both sides agree.
    await row.getByRole('button', { name: '在运营商处复机' }).click();
    await expect(page.getByText(/运营商已受理变更|双方已一致/)).toBeVisible();
    if (await page.getByText('运营商已受理变更').isVisible()) {
      await row.getByRole('button', { name: '在运营商处复机' }).click();
      await expect(page.getByText('双方已一致：差异已关闭')).toBeVisible();
    }
    await expect(row).toHaveCount(0);
    expect(atOperator.cardStatus).toBe('2');

    // The real-name difference: a resync finds China Mobile still says otherwise; explained with a note.
    const realname = page.getByRole('row').filter({ hasText: unnamed.simNo }).filter({ hasText: '实名不符' });
    await expect(realname).toContainText('未实名');
    await expect(realname.getByRole('button', { name: '在运营商处复机' })).toHaveCount(0);
    await realname.getByRole('button', { name: '重新同步此卡' }).click();
    await expect(page.getByText('运营商数据仍不一致：差异保持打开')).toBeVisible();
    await realname.getByRole('button', { name: '标记为已说明' }).click();
    const explain = page.getByRole('dialog', { name: `说明 ${unnamed.simNo} 的差异` });
    await explain.getByRole('button', { name: '标记为已说明' }).click();
    await expect(explain.getByText('请说明原因')).toBeVisible();
    await explain.getByLabel('备注').fill('柜台已实名，资料未同步');
    await explain.getByRole('button', { name: '标记为已说明' }).click();
    await expect(explain).toBeHidden();
    await expect(realname).toHaveCount(0);

    await page.getByRole('switch', { name: '同时显示已处理' }).click();
    await expect(row).toContainText('已复机');
    await expect(realname).toContainText('已说明');
    await expect(realname).toContainText('柜台已实名，资料未同步');
    await page.screenshot({ path: 'test-results/admin-carrier-recon-resolved.zh-Hans.png' });
    await desk.close();
  } finally {
    await fake.close();
  }
});
