import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signUpAs } from './support/accounts';
/** Where this file's new farms and restaurants are. */
const PROFILE = { location: '12 Kula Hwy, Kula, HI 96790', contactPhone: '(808) 555-0177' };

const run = Date.now().toString(36);
const farmName = `Kula Live Farm ${run}`;
const restaurantName = `Live Bistro ${run}`;
const productName = `Live Kale ${run}`;
/** Changes reach open pages within 2 s (docs/product.md#live-updates); plus the browser's time. */
const LIVE_TIMEOUT = 4000;

let browser: Browser;
let farmer: BrowserContext;
let restaurant: BrowserContext;
let productId: number;
let farmId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  farmer = await newContext(browser, DESKTOP);
  restaurant = await newContext(browser, DESKTOP);
  farmId = (await signUpAs(farmer, 'farm', farmName, PROFILE)).id;
  await signUpAs(restaurant, 'restaurant', restaurantName, PROFILE);
  const created = await farmer.request.post('/api/products', {
    data: {
      name: productName,
      description: 'Cut this morning',
      category: 'vegetables',
      unit: 'bunch',
      price: '3.50',
      availableQuantity: 40,
      isOrganic: true,
      isActive: true,
    },
  });
  expect(created.status()).toBe(201);
  productId = ((await created.json()) as { id: number }).id;
});

afterAll(async () => {
  await browser?.close();
});

describe('notifications and live updates', () => {
  it('brings a new order to the farm’s open orders page and bell without a reload', async () => {
    const page = await farmer.newPage();
    // Events before the stream opens are not replayed: wait for it like a user who has the page open.
    const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/farmer/orders');
    await streamOpen;
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    const placed = await restaurant.request.post('/api/orders', {
      data: {
        farmId,
        totalAmount: '7.00',
        items: [{ productId, quantity: 2, unitPrice: '3.50', totalPrice: '7.00' }],
      },
    });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;

    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: LIVE_TIMEOUT })
      .toBe('Notifications, 1 unread');
    await expect
      .poll(() => page.getByText(restaurantName).count(), { timeout: LIVE_TIMEOUT })
      .toBeGreaterThan(0);

    await bell.click();
    const entry = page.getByRole('button', {
      name: new RegExp(`^New order #${orderId} from ${restaurantName}`),
    });
    await entry.waitFor();
    await screenshot(page, 'notifications-bell-desktop');
    await expectAccessible(page);

    await entry.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#order-${orderId}-title`);
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: LIVE_TIMEOUT })
      .toBe('Notifications');
    await page.close();
  });

  it('brings stock changes to an open browse page without a reload', async () => {
    const page = await restaurant.newPage();
    const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/restaurant/browse');
    await streamOpen;
    await page.getByPlaceholder('Search products, farms, or descriptions...').fill(productName);
    const card = page.getByTestId('product-card').filter({ hasText: productName });
    await expect.poll(() => card.textContent()).toContain('38 bunch');

    const changed = await farmer.request.patch(`/api/products/${productId}`, {
      data: { availableQuantity: 3 },
    });
    expect(changed.status()).toBe(200);
    await expect.poll(() => card.textContent(), { timeout: LIVE_TIMEOUT }).toContain('3 bunch');
    await page.close();
  });

  it('lets a user choose email and SMS in Edit Profile, at phone width', async () => {
    const context = await newContext(browser, PHONE);
    await signUpAs(context, 'restaurant', `Phone Bistro ${run}`, PROFILE);
    const page = await context.newPage();
    await page.goto('/profile/edit');
    const card = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Notifications' }) })
      .last();
    const sms = page.getByRole('switch', { name: /Text messages/ });
    await sms.waitFor();
    expect(await page.getByRole('switch', { name: /Email/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await sms.click();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await page.getByText('Enter a 10-digit phone number to get text messages').waitFor();
    await page.getByLabel(/Mobile phone for text messages/).fill('8085550123');
    expect(await page.getByLabel(/Mobile phone for text messages/).inputValue()).toBe(
      '(808) 555-0123',
    );
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await page.getByText('Notification settings saved').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'notifications-preferences-phone');
    await expectAccessible(page);

    const saved = await context.request.get('/api/notification-preferences');
    expect(await saved.json()).toMatchObject({
      emailEnabled: true,
      smsEnabled: true,
      smsPhone: '(808) 555-0123',
    });
    await context.close();
  });
});
