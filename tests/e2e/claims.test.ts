import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../helpers/pdf-text';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signUpAs } from './support/accounts';

const farmName = 'Waiāhole Claims Farm';
const restaurantName = 'Crate Kitchen';
const location = '48-140 Kamehameha Hwy, Kaneohe, HI 96744';

let browser: Browser;
let farmerContext: BrowserContext;
let restaurantContext: BrowserContext;
let farmId: number;
let orderId: number;

async function createProduct(name: string, unit: string, price: string) {
  const created = await farmerContext.request.post('/api/products', {
    data: { name, category: 'vegetables', unit, price, availableQuantity: 100 },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function expectNoSideways(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    widest: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)}`),
  }));
  expect(widths.scroll <= widths.client, JSON.stringify(widths)).toBe(true);
}

/** The screen at 360 px and at 1280 px, both saved, neither scrolling sideways. */
async function bothSizes(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await expectNoSideways(page);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await expectNoSideways(page);
}

const orderCard = (page: Page) =>
  page.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });

beforeAll(async () => {
  browser = await launchBrowser();
  farmerContext = await newContext(browser, DESKTOP);
  restaurantContext = await newContext(browser, DESKTOP);
  farmId = (await signUpAs(farmerContext, 'farm', farmName, { location })).id;
  await signUpAs(restaurantContext, 'restaurant', restaurantName, { location });
  const eggs = await createProduct('Farm Eggs', 'dozen', '6.00');
  const lettuce = await createProduct('Butter Lettuce', 'head', '3.50');
  // 4 dozen eggs and 6 heads of lettuce: $24.00 + $21.00 = $45.00, no fee, no tax.
  const placed = await restaurantContext.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: '45.00',
      items: [
        { productId: eggs, quantity: 4, unitPrice: '6.00', totalPrice: '24.00' },
        { productId: lettuce, quantity: 6, unitPrice: '3.50', totalPrice: '21.00' },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  orderId = ((await placed.json()) as { id: number }).id;
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const moved = await farmerContext.request.patch(`/api/orders/${orderId}/status`, {
      data: { status, recipientName: 'Keoni at the back door' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('a problem with a delivery, from report to credit', () => {
  it('the restaurant reports, the farm accepts part, the credit note lowers the bill', async () => {
    // The restaurant reports crushed lettuce from the delivered order's card, with a photo.
    const restaurantPage = await restaurantContext.newPage();
    await restaurantPage.goto('/restaurant/orders');
    const card = orderCard(restaurantPage);
    await card.waitFor();
    await card.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = restaurantPage.getByRole('dialog', {
      name: `Report a problem with order #${orderId}`,
    });
    await dialog.waitFor();
    // Nothing chosen is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Send to the farm' }).click();
    await dialog.getByText('Choose at least one line with a problem').waitFor();
    await dialog.getByLabel(/Problem with Butter Lettuce/).check();
    await dialog.getByLabel('What went wrong').selectOption('damaged');
    const howMuch = dialog.getByLabel('How much (head)');
    await howMuch.fill('7');
    await dialog.getByRole('button', { name: 'Send to the farm' }).click();
    await dialog.getByText('At most 6 head: what was delivered').waitFor();
    await howMuch.fill('2');
    await dialog.getByLabel('Note for the farm').fill('Two heads crushed under the crate');
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#5a8f3c' },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Photo (optional)')
      .setInputFiles({ name: 'crushed.png', mimeType: 'image/png', buffer: photo });
    await expectAccessible(restaurantPage);
    await bothSizes(restaurantPage, 'claims-report-dialog');
    await dialog.getByRole('button', { name: 'Send to the farm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await restaurantPage.getByText('Problem reported').first().waitFor();

    // The farm decides part of it on its Claims screen.
    const farmerPage = await farmerContext.newPage();
    await farmerPage.goto('/farmer/claims');
    const claim = farmerPage.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
    await claim.waitFor();
    await claim.getByText('Two heads crushed under the crate').waitFor();
    await claim.getByRole('img', { name: /Photo 1 of the problem/ }).waitFor();
    await expectAccessible(farmerPage);
    await bothSizes(farmerPage, 'claims-farm-open');
    await claim.getByRole('button', { name: 'Decide' }).click();
    const decide = farmerPage.getByRole('dialog', {
      name: `Decide the claim on order #${orderId}`,
    });
    await decide.waitFor();
    await decide.getByLabel(/Accept part/).check();
    await decide.getByLabel('Butter Lettuce: accept how much (head)').fill('1');
    await decide.getByText('Credit before GET: $3.50').waitFor();
    await expectAccessible(farmerPage);
    await bothSizes(farmerPage, 'claims-decide-dialog');
    await decide.getByRole('button', { name: 'Save decision' }).click();
    await decide.waitFor({ state: 'detached' });
    await claim.getByText('Partly accepted').first().waitFor();
    await claim.getByText('CN-00001').waitFor();

    // The credit note's PDF.
    const [download] = await Promise.all([
      farmerPage.waitForEvent('download'),
      claim.getByRole('button', { name: 'Credit note PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('credit-note-CN-00001.pdf');
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('CREDIT NOTE CN-00001');
    expect(text).toContain('Butter Lettuce');
    expect(text).toContain('$3.50');
    await bothSizes(farmerPage, 'claims-farm-decided');

    // The restaurant's Bills owe $41.50 for the order, and list the credit note.
    await restaurantPage.goto('/restaurant/bills');
    const invoice = restaurantPage.getByRole('listitem').filter({ hasText: `Order #${orderId}` });
    await invoice.first().waitFor();
    await invoice.getByText('$41.50').first().waitFor();
    await invoice.getByText(/\$3\.50 credited/).waitFor();
    await restaurantPage.getByText(`CN-00001 · Order #${orderId}`).waitFor();
    await expectAccessible(restaurantPage);
    await bothSizes(restaurantPage, 'claims-bills');

    // Receivables say the same for the farm.
    await farmerPage.goto('/farmer/receivables');
    await farmerPage.getByText(`CN-00001 · Order #${orderId}`).waitFor();
    await farmerPage.getByText(/\$3\.50 credited/).waitFor();
    await bothSizes(farmerPage, 'claims-receivables');

    // And the restaurant sees the decision on its own Claims screen.
    await restaurantPage.goto('/restaurant/claims');
    const own = restaurantPage.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
    await own.getByText('Partly accepted').first().waitFor();
    await expectAccessible(restaurantPage);
    await bothSizes(restaurantPage, 'claims-restaurant');
  });
});
