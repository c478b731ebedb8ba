import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
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
const PROFILE = { location: '64-1550 Kamamalu St, Waimea, HI 96743' };

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A photo-like JPEG: papayas on a green ground, as a phone would send it. */
function papayaPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="#3f7d3a"/>
    <ellipse cx="560" cy="620" rx="300" ry="420" fill="#f2a33a"/>
    <ellipse cx="1060" cy="600" rx="300" ry="420" fill="#e8872b"/>
    <ellipse cx="1060" cy="600" rx="120" ry="200" fill="#d4572a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('photo upload on a %s', (label, viewport) => {
  const farmName = `Waimea Papaya Test Farm ${label} ${Date.now().toString(36)}`;
  const productName = `Sunrise Papaya ${label}`;

  it('a farmer adds a photo from the product dialog; a bad file gets a message', async () => {
    const farmer = await newContext(browser, viewport);
    contexts.push(farmer);
    await signUpAs(farmer, 'farm', farmName, PROFILE);
    const created = await farmer.request.post('/api/products', {
      data: {
        name: productName,
        category: 'fruits',
        unit: 'lb',
        price: '3.25',
        availableQuantity: 40,
      },
    });
    expect(created.status()).toBe(201);

    const page = await farmer.newPage();
    await page.goto('/farmer/inventory');
    await page.getByRole('button', { name: `Edit ${productName}` }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByText('No photos yet').isVisible()).toBe(true);

    const input = dialog.getByTestId('photo-input');
    await input.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is a shopping list, not a photo\n'),
    });
    await eventually(() => dialog.getByRole('alert').textContent()).toMatch(
      /notes\.jpg: This file is not a photo we can read/,
    );

    await input.setInputFiles({
      name: 'papaya.jpg',
      mimeType: 'image/jpeg',
      buffer: await papayaPhoto(),
    });
    await eventually(() => dialog.getByTestId('product-photo').count()).toBe(1);
    const thumbnail = dialog.getByTestId('product-photo').locator('img');
    await eventually(() =>
      thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBe(320);
    expect(await dialog.getByText('Main').isVisible()).toBe(true);
    expect(await dialog.getByText('(1 of 4)').isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Photos' }).scrollIntoViewIfNeeded();
    await screenshot(page, `photos-dialog-${viewport.width}`);

    await page.keyboard.press('Escape');
    const card = page.getByTestId('inventory-product').filter({ hasText: productName });
    await eventually(() => card.isVisible()).toBe(true);
  });

  it('a restaurant sees the photo on the product card when browsing', async () => {
    const restaurant = await newContext(browser, viewport);
    contexts.push(restaurant);
    await signUpAs(restaurant, 'restaurant', `Waimea Table ${label}`, PROFILE);
    const page = await restaurant.newPage();
    await page.goto(`/restaurant/browse?q=${encodeURIComponent(farmName)}`);
    const card = page.getByTestId('product-card').filter({ hasText: productName });
    await eventually(() => card.isVisible()).toBe(true);
    const image = card.locator('img').first();
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    await eventually(() =>
      image.evaluate((element) => (element as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    // The photo spans the card, not wider than the screen.
    const box = await image.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(page, `photos-browse-${viewport.width}`);
  });
});
