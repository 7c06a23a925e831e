import { expect, test } from '@playwright/test';
import { DurationUnit } from '@simshop/contract/iot';
import { DAY_MS, dayStart } from '../apps/server/src/lib/flow-math.ts';
import { makeAgent } from '../apps/server/src/modules/agents/test-kit.ts';
import { makeCard } from '../apps/server/src/modules/iot-money/test-kit.ts';
import { startFakeOneLink } from '../apps/server/src/providers/carrier/fake-onelink.ts';
import { consoleContext, DEMO_OWNER, openConsolePage, phoneContext, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';
import { logIn } from './support/sim.ts';

/**
 * Operator accounts in the console (1280×800), then the holder's dashboard (375×812): the owner adds
 * a China Mobile OneLink account pointing at a fake OneLink platform the test starts (ports
 * 18141-18149), tests the connection, assigns a card of the storefront to it; the scheduler reads
 * the card's day figures there, and the holder's dashboard shows OneLink's figures and how old they are.
 */

const yearly = { name: '全国通用流量 200GB 年包', flowMb: 200 * 1024, duration: 1, unit: DurationUnit.YEAR };

test('the owner adds a OneLink account, tests it and assigns a card; the holder sees its figures and freshness', async ({ browser }) => {
  test.setTimeout(150_000);
  const fake = await startFakeOneLink({ appid: '400001', password: 'e2e-onelink-pass', ports: [18141, 18149] });
  // 300 MB a day at the operator, every day.
  fake.dayKb = () => 300 * 1024;
  try {
    const { shop, card } = await withInstance(async (app) => {
      const made = await makeAgent(app, null);
      // Followed since the start of the China day three days ago; kept out of every sync until it is assigned.
      const since = dayStart(Date.now()) - 3 * DAY_MS;
      const sim = await makeCard(app, { promoCode: made.promoCode, packages: [yearly], now: since, status: 'disabled' });
      return { shop: made, card: sim };
    });
    fake.addCard(card.simNo, card.iccid);

    const desk = await consoleContext(browser);
    const page = await desk.newPage();
    await signInConsole(page, DEMO_OWNER);
    await openConsolePage(page, { name: '运营商账号' });
    await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: '添加账号' }).click();
    const dialog = page.getByRole('dialog', { name: '添加运营商账号' });
    await dialog.getByLabel('名称').fill('广东移动 OneLink');
    await dialog.getByLabel('接口地址').fill(fake.url);
    await dialog.getByLabel('App ID / 用户名').fill('400001');
    await dialog.getByLabel('密码 / 密钥').fill('e2e-onelink-pass');
    // Not the storefront's default: the card is assigned one by one.
    await dialog.getByLabel('设为店铺默认账号').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: '广东移动 OneLink' });
    await expect(row).toContainText('密码 / 密钥: 已设置');
    await expect(page.getByText('e2e-onelink-pass')).toHaveCount(0);

    await row.getByRole('button', { name: '测试连接' }).click();
    await expect(page.getByTestId('test-result')).toContainText('连接成功');
    await page.screenshot({ path: 'test-results/admin-carrier-accounts-test.zh-Hans.png' });
    await page
      .getByRole('dialog', { name: /连接测试/ })
      .getByRole('button', { name: /OK|确\s*定/ })
      .click();

    await row.getByRole('button', { name: '分配卡片' }).click();
    const assign = page.getByRole('dialog', { name: /分配卡片到/ });
    await assign.getByLabel('ICCID').fill(card.iccid);
    await assign.getByRole('button', { name: '分配卡片' }).click();
    await expect(page.getByText('已分配 1 张')).toBeVisible();
    await expect(row).toContainText('单独分配 1 张');

    // The card goes into service; the scheduler (every 10 s) reads it at OneLink.
    await withInstance((app) => app.db.db.updateTable('iot_sims').set({ status: 1 }).where('id', '=', card.id).execute());
    await expect(row).toContainText('上轮同步 1 张', { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/admin-carrier-accounts.zh-Hans.png' });
    expect(fake.requests.some((r) => r.path === 'query/sim-data-usage-daily/batch' && r.params.msisdns === card.simNo)).toBe(true);
    await desk.close();

    // The holder: three closed days of 300 MB each, as OneLink counted them, and how old they are.
    const holderContext = await phoneContext(browser);
    const holder = await holderContext.newPage();
    await logIn(holder, card.simNo);
    await expect(holder.getByTestId('flow-used')).toHaveText('900 MB');
    const hoursOld = (Date.now() - dayStart(Date.now())) / 3_600_000;
    if (hoursOld >= 1.1) {
      await expect(holder.getByTestId('carrier-freshness')).toHaveText(/^Updated \d+ h ago by China Mobile$/);
    }
    await holder.screenshot({ path: 'test-results/sim-dashboard-carrier-freshness.en.png', fullPage: true });
    for (const [language, said] of [
      ['zh-Hans', /^中国移动 \d+ 小时前更新$/],
      ['zh-Hant', /^中國移動 \d+ 小時前更新$/],
    ] as const) {
      // The same session in another tab, in that language.
      const tab = await holderContext.newPage();
      await tab.addInitScript((l) => localStorage.setItem('simshop-language', l), language);
      await tab.goto('/shop/#/pages/iot/index/index');
      await expect(tab.getByTestId('flow-used')).toHaveText('900 MB');
      if (hoursOld >= 1.1) await expect(tab.getByTestId('carrier-freshness')).toHaveText(said);
      await tab.screenshot({ path: `test-results/sim-dashboard-carrier-freshness.${language}.png`, fullPage: true });
      await tab.close();
    }
    await holderContext.close();
  } finally {
    await fake.close();
  }
});
