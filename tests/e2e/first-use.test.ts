import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser';

const PHONE = { width: 390, height: 844 };
import { signUpAs } from './support/accounts';

/* What a chef and a farmer tripped over at 390 px: the layout, measured by bounding boxes. */

const location = '12 Kula Hwy, Kula, HI 96790';
let browser: Browser;
let farmer: BrowserContext;
let restaurant: BrowserContext;
let orderId: number;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  farmer = await newContext(browser, PHONE);
  restaurant = await newContext(browser, PHONE);
  const farmId = (await signUpAs(farmer, 'farm', 'Layout Farm', { location })).id;
  await signUpAs(restaurant, 'restaurant', 'Layout Bistro', { location });
  const created = await farmer.request.post('/api/products', {
    data: {
      name: 'Kale',
      category: 'vegetables',
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 10,
    },
  });
  const productId = ((await created.json()) as { id: number }).id;
  const placed = await restaurant.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: '6.00',
      items: [{ productId, quantity: 2, unitPrice: '3.00', totalPrice: '6.00' }],
    },
  });
  expect(placed.status()).toBe(201);
  orderId = ((await placed.json()) as { id: number }).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('at 390 px', () => {
  it('shows the farm cutoff day whole, in line with the time', async () => {
    const page: Page = await farmer.newPage();
    await page.goto('/profile/edit');
    const time = page.getByLabel('Ordering closes at (Hawaii time)');
    const day = page.getByLabel('On', { exact: true });
    await day.waitFor();
    const [timeBox, dayBox] = [await box(time), await box(day)];
    // Each takes the row: the same left edge and width, one under the other.
    expect(Math.abs(timeBox.x - dayBox.x)).toBeLessThan(1);
    expect(Math.abs(timeBox.width - dayBox.width)).toBeLessThan(1);
    // The longest choice fits inside the select beside its arrow.
    const fits = await day.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.style.position = 'absolute';
      probe.textContent = 'the delivery day';
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width + 48;
      probe.remove();
      return needed <= select.clientWidth;
    });
    expect(fits).toBe(true);
    await day.scrollIntoViewIfNeeded();
    await screenshot(page, 'first-use-profile-cutoff-phone');
    await page.close();
  });

  it('keeps the farmer report tabs on one row', async () => {
    const page = await farmer.newPage();
    await page.goto('/farmer/reports');
    const tabs = page.getByRole('tablist', { name: 'Report views' }).getByRole('tab');
    await tabs.first().waitFor();
    const tops = await Promise.all([0, 1, 2].map(async (index) => (await box(tabs.nth(index))).y));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
    await screenshot(page, 'first-use-report-tabs-phone');
    await page.close();
  });

  it('shows a toast raised in a dialog clear of the dialog title', async () => {
    const page = await restaurant.newPage();
    await page.goto('/restaurant/orders');
    const card = page.getByRole('article', { name: new RegExp(`Order #${orderId}`) });
    await card.getByRole('button', { name: 'Change quantities' }).click();
    const dialog = page.getByRole('dialog', { name: `Change order #${orderId}` });
    await dialog.getByLabel(/^Kale/).fill('9999');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.locator('li', { hasText: 'Could not change the order' });
    await toast.waitFor();
    const title = await box(dialog.getByRole('heading', { name: `Change order #${orderId}` }));
    const shown = await box(toast);
    const overlaps =
      shown.x < title.x + title.width &&
      title.x < shown.x + shown.width &&
      shown.y < title.y + title.height &&
      title.y < shown.y + shown.height;
    expect(overlaps).toBe(false);
    await screenshot(page, 'first-use-toast-in-dialog-phone');
    await page.close();
  });
});
