import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signInDemo, signUpAs } from './support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { mailsInOutbox } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NOTE = 'First lychee of the season, and the kale is sweet after the rain.';

describe('the fresh sheet', () => {
  it('is written, featured, previewed and sent by the farm; a customer gets it; the chef opens the farm page from browse and follows', async () => {
    // The farm writes a note, features an item, previews and sends.
    const farmer = await signInDemo(browser, 'Farmer', DESKTOP);
    const me = (await (await farmer.context.request.get('/api/auth/user')).json()) as {
      profile: { id: number; name: string };
    };
    const farm = me.profile;
    await farmer.page.goto('/farmer/dashboard');
    await farmer.page.getByRole('link', { name: 'Fresh sheet' }).click();
    await farmer.page.getByRole('heading', { name: 'Fresh sheet', level: 1 }).waitFor();
    await farmer.page.getByLabel('Note from the farm').fill(NOTE);
    const firstItem = farmer.page
      .getByRole('group', { name: /Featured items/ })
      .getByRole('checkbox')
      .first();
    await firstItem.check();
    const featuredName = (await farmer.page
      .getByRole('group', { name: /Featured items/ })
      .locator('label')
      .first()
      .locator('span')
      .first()
      .textContent())!.trim();
    const preview = farmer.page.getByRole('region', { name: `${farm.name}’s fresh sheet` });
    await preview.getByText(NOTE).waitFor();
    await preview.getByRole('heading', { name: 'Featured' }).waitFor();
    await expect.poll(() => preview.getByText(featuredName).count()).toBeGreaterThan(0);
    await screenshot(farmer.page, 'fresh-sheet-desktop');
    await expectAccessible(farmer.page);

    await farmer.page.getByRole('button', { name: 'Send now' }).click();
    const dialog = farmer.page.getByRole('dialog', { name: 'Send the fresh sheet now?' });
    await dialog.getByRole('button', { name: 'Send to restaurants' }).click();
    await farmer.page.getByText('Fresh sheet sent', { exact: true }).waitFor();
    await farmer.page.getByText('Sent today: the next one can go out tomorrow.').waitFor();
    await farmer.page.getByText('Sent now').first().waitFor();

    // A customer's email is in the outbox, with the note, the item and the one-click headers.
    await expect
      .poll(() => mailsInOutbox(demoEmail('Restaurant'), NOTE).length, { timeout: 20_000 })
      .toBe(1);
    // Long headers are folded onto a second line: read them unfolded.
    const mail = mailsInOutbox(demoEmail('Restaurant'), NOTE)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/fresh-sheet\/unsubscribe\?token=/m,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail).toMatch(new RegExp(`Featured\\r?\\n- ${featuredName}: \\$`));
    const itemLink = new RegExp(
      `https?://[^\\s"]+/farms/${farm.id}\\?product=\\d+#product-\\d+`,
    ).exec(mail)![0];

    const farmerPhone = await signInDemo(browser, 'Farmer', PHONE);
    await farmerPhone.page.goto('/farmer/fresh-sheet');
    await farmerPhone.page.getByText('Sent today: the next one can go out tomorrow.').waitFor();
    await screenshot(farmerPhone.page, 'fresh-sheet-phone');
    expect(
      await farmerPhone.page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      ),
    ).toBe(false);
    await expectAccessible(farmerPhone.page);
    // The farm page's island and cover photo are set in the farm's profile.
    await farmerPhone.page.goto('/profile/edit');
    await farmerPhone.page.getByText('Farm page', { exact: true }).waitFor();
    await farmerPhone.page.getByText('From your ZIP code: Oahu').waitFor();
    await screenshot(farmerPhone.page, 'farm-page-settings-phone');
    await farmerPhone.context.close();
    await farmer.context.close();

    // The chef opens the farm page from browse's "From:" link and follows.
    const chef = await signInDemo(browser, 'Restaurant', PHONE);
    await chef.page.goto(`/restaurant/browse?farm=${farm.id}`);
    await chef.page.getByRole('link', { name: farm.name }).first().click();
    await chef.page.waitForURL(`**/farms/${farm.id}`);
    await chef.page.getByRole('heading', { name: farm.name, level: 1 }).waitFor();
    await chef.page.getByRole('heading', { name: /^Products/ }).waitFor();
    await chef.page.getByRole('button', { name: 'Follow' }).click();
    await chef.page.getByRole('button', { name: 'Following' }).waitFor();
    await screenshot(chef.page, 'farm-page-phone');
    await expectAccessible(chef.page);
    expect(
      await chef.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await chef.context.close();

    // The email's item link opens the farm page at the item, at 1280 px.
    const desk = await signInDemo(browser, 'Restaurant', DESKTOP);
    const url = new URL(itemLink);
    await desk.page.goto(url.pathname + url.search + url.hash);
    await desk.page.getByRole('button', { name: 'Following' }).waitFor();
    await desk.page.locator(`#${url.hash.slice(1)}`).waitFor();
    await expect
      .poll(() => desk.page.locator(`#${url.hash.slice(1)}`).getAttribute('class'))
      .toContain('border-primary');
    await screenshot(desk.page, 'farm-page-desktop');
    await expectAccessible(desk.page);
    await desk.context.close();
  });

  it('unsubscribes a chef who clicks the email’s link and presses the page’s button', async () => {
    // A farm of the test's own (a farm sends one sheet a day), followed by the demo chef.
    const farmName = `Unsubscribe Test Farm ${Date.now().toString(36)}`;
    const note = `Mamaki tea is back (${farmName})`;
    const farmer = await newContext(browser, DESKTOP);
    const farm = await signUpAs(farmer, 'farm', farmName, {
      location: '41-1 Kalanianaole Hwy, Waimanalo, HI 96795',
    });
    const product = await farmer.request.post('/api/products', {
      data: {
        name: 'Mamaki tea',
        unit: 'bunch',
        price: '6.00',
        category: 'herbs',
        availableQuantity: 12,
        isOrganic: false,
        isActive: true,
      },
    });
    expect(product.status(), await product.text()).toBe(201);
    const chef = await signInDemo(browser, 'Restaurant', PHONE);
    expect((await chef.context.request.post(`/api/farms/${farm.id}/follow`)).status()).toBe(200);
    const sent = await farmer.request.post('/api/fresh-sheet/send', { data: { note } });
    expect(sent.status(), await sent.text()).toBe(201);
    await farmer.close();

    await expect
      .poll(() => mailsInOutbox(demoEmail('Restaurant'), note).length, { timeout: 20_000 })
      .toBe(1);
    const mail = mailsInOutbox(demoEmail('Restaurant'), note)[0]!;
    // The link at the email's foot, as the chef clicks it: no sign-in needed.
    const link = new URL(
      /https?:\/\/[^\s"<>]+\/api\/fresh-sheet\/unsubscribe\?token=[\w.-]+/.exec(mail)![0],
    );
    const reader = await newContext(browser, PHONE);
    const page = await reader.newPage();
    await page.goto(link.pathname + link.search);
    await page
      .getByRole('heading', { name: `Unsubscribe from ${farmName}’s fresh sheet?` })
      .waitFor();
    await screenshot(page, 'unsubscribe-page-phone');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await page.getByText('cross_origin').count()).toBe(0);
    await screenshot(page, 'unsubscribed-phone');
    await expectAccessible(page);
    await reader.close();

    // The chef still follows, and the farm page says the sheet no longer comes.
    const farmPage = await chef.context.request.get(`/api/farms/${farm.id}`);
    expect(await farmPage.json()).toMatchObject({ following: true, freshSheet: 'off' });
    await chef.page.goto(`/farms/${farm.id}`);
    await chef.page.getByText(/fresh sheet does not come to you: you unsubscribed/).waitFor();
    await screenshot(chef.page, 'farm-page-unsubscribed-phone');
    await chef.context.close();
  });
});
