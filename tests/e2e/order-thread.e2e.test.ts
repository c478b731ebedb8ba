import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const farmName = 'Waikāne Thread Farm';
const restaurantName = 'Midnight Prep Kitchen';
const location = '48-140 Kamehameha Hwy, Kaneohe, HI 96744';

let browser: Browser;
let farmerContext: BrowserContext;
let restaurantContext: BrowserContext;
let orderId: number;

const orderCard = (page: Page) =>
  page.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
const thread = (page: Page) => page.getByRole('dialog', { name: `Messages · Order #${orderId}` });

beforeAll(async () => {
  browser = await launchBrowser();
  farmerContext = await newContext(browser, PHONE);
  restaurantContext = await newContext(browser, DESKTOP);
  const farmId = (await signUpAs(farmerContext, 'farm', farmName, { location })).id;
  await signUpAs(restaurantContext, 'restaurant', restaurantName, { location });
  const created = await farmerContext.request.post('/api/products', {
    data: {
      name: 'Butter Lettuce',
      category: 'vegetables',
      unit: 'head',
      price: '3.50',
      availableQuantity: 100,
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;
  const placed = await restaurantContext.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: '21.00',
      items: [{ productId, quantity: 6, unitPrice: '3.50', totalPrice: '21.00' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  orderId = ((await placed.json()) as { id: number }).id;
  const confirmed = await farmerContext.request.patch(`/api/orders/${orderId}/status`, {
    data: { status: 'confirmed' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

describe("an order's thread", () => {
  it('the chef writes, the farmer sees it is new and answers with a photo', async () => {
    // The chef writes from the order's card, Ctrl+Enter sending.
    const chef = await restaurantContext.newPage();
    await chef.goto('/restaurant/orders');
    await orderCard(chef).getByRole('button', { name: 'Messages' }).click();
    const chefThread = thread(chef);
    await chefThread.getByText('No messages yet. Write to the farm about this order.').waitFor();
    await chefThread.getByText(/^Confirmed/).waitFor();
    const box = chefThread.getByRole('textbox', { name: 'Message' });
    await box.fill('Could the lettuce come in a cooler box tonight?');
    await box.press('Control+Enter');
    // Sent: the button reads Send again and the message stays in the thread.
    await chefThread.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await chefThread.getByText('Could the lettuce come in a cooler box tonight?').waitFor();
    expect(await box.inputValue()).toBe('');
    await screenshot(chef, 'order-thread-chef-desktop');
    // Closed: an open thread is read as answers arrive, and the chef should see this one new.
    await chefThread.getByRole('button', { name: 'Close' }).click();
    await chefThread.waitFor({ state: 'detached' });

    // The farmer, on a phone, sees one new message on the card and answers with a photo.
    const farmer = await farmerContext.newPage();
    await farmer.goto('/farmer/orders');
    const messages = orderCard(farmer).getByRole('button', { name: 'Messages · 1 new' });
    await messages.click();
    const farmThread = thread(farmer);
    await farmThread.getByText('Could the lettuce come in a cooler box tonight?').waitFor();
    const photo = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#5a8f3c' },
    })
      .png()
      .toBuffer();
    await farmThread
      .getByLabel('Add photo')
      .setInputFiles({ name: 'cooler.png', mimeType: 'image/png', buffer: photo });
    await farmThread.getByRole('img', { name: 'Photo 1: cooler.png' }).waitFor();
    await farmThread.getByRole('textbox', { name: 'Message' }).fill('Cooler box it is.');
    await farmThread.getByRole('button', { name: 'Send' }).click();
    await farmThread
      .getByRole('button', { name: 'Open full size: photo 1 of 1 from You' })
      .waitFor();
    await expectAccessible(farmer);
    await screenshot(farmer, 'order-thread-farmer-phone');
    // Read: the card's count is gone once the thread has been opened.
    await farmThread.getByRole('button', { name: 'Close' }).click();
    await orderCard(farmer).getByRole('button', { name: 'Messages', exact: true }).waitFor();

    // The chef sees the answer new, with its photo full size.
    await chef.reload();
    await orderCard(chef).getByRole('button', { name: 'Messages · 1 new' }).click();
    await chefThread.getByText('Cooler box it is.').waitFor();
    await chefThread.getByRole('button', { name: /^Open full size: photo 1 of 1 from / }).click();
    const full = chefThread.getByRole('group', { name: /^Full size: / });
    expect(
      await full.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(80);
    await chef.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    await chefThread.waitFor();
  });
});
