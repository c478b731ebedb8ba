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

const farmName = 'Kula Weigh Farm';
const restaurantName = 'Scale House Bistro';
const location = '12 Kula Hwy, Kula, HI 96790';

let browser: Browser;
let farmerContext: BrowserContext;
let restaurantContext: BrowserContext;
let farmId: number;
let tomatoId: number;
let eggId: number;

async function createProduct(name: string, unit: string, price: string, stock: number) {
  const created = await farmerContext.request.post('/api/products', {
    data: { name, category: 'vegetables', unit, price, availableQuantity: stock },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** 3 lb of tomatoes at $3.99 and a dozen eggs at $6.00: $17.97, no delivery fee. */
async function placeOrder(): Promise<number> {
  const placed = await restaurantContext.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: '17.97',
      items: [
        { productId: tomatoId, quantity: 3, unitPrice: '3.99', totalPrice: '11.97' },
        { productId: eggId, quantity: 1, unitPrice: '6.00', totalPrice: '6.00' },
      ],
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}

async function expectNoSideways(page: Page) {
  const fits = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(fits).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  farmerContext = await newContext(browser, DESKTOP);
  restaurantContext = await newContext(browser, DESKTOP);
  farmId = (await signUpAs(farmerContext, 'farm', farmName, { location })).id;
  await signUpAs(restaurantContext, 'restaurant', restaurantName, { location });
  tomatoId = await createProduct('Heirloom Tomatoes', 'lb', '3.99', 40.5);
  eggId = await createProduct('Farm Eggs', 'dozen', '6.00', 20);
});

afterAll(async () => {
  await browser?.close();
});

describe('adjusting an order to what was picked', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the farm adjusts a weighed line and the restaurant sees ordered vs delivered (${name})`, async () => {
      const orderId = await placeOrder();

      const farmerPage = await farmerContext.newPage();
      await farmerPage.setViewportSize(viewport);
      await farmerPage.goto('/farmer/orders');
      const card = farmerPage.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
      await card.waitFor();
      await card.getByRole('button', { name: 'Adjust' }).click();
      const dialog = farmerPage.getByRole('dialog', { name: `Adjust order #${orderId}` });
      await dialog.waitFor();

      const tomatoes = dialog.getByLabel('Heirloom Tomatoes quantity (lb)');
      expect(await tomatoes.getAttribute('step')).toBe('0.01');
      expect(await dialog.getByLabel('Farm Eggs quantity (dozen)').getAttribute('step')).toBe('1');
      // Three decimals and a missing reason are refused before anything is sent.
      await tomatoes.fill('2.755');
      await dialog.getByRole('button', { name: 'Save adjustment' }).click();
      await dialog.getByText('Use at most two decimals').waitFor();
      await tomatoes.fill('2.75');
      await dialog.getByText('Say why (for the restaurant)').waitFor();
      await dialog.getByLabel(/Why Heirloom Tomatoes changed/).fill('Weighed at packing');
      await dialog
        .getByText('New total about $16.97 (was $17.97, delivery fee and GET included).')
        .waitFor();
      await screenshot(farmerPage, `adjust-dialog-${name}`);
      await expectAccessible(farmerPage);
      await dialog.getByRole('button', { name: 'Save adjustment' }).click();
      await dialog.waitFor({ state: 'detached' });

      // $3.99 x 2.75 = $10.9725 -> $10.97, plus the eggs: $16.97.
      await card.getByText('Ordered 3 lb · Delivered 2.75 lb').waitFor();
      await card.getByText('$16.97').first().waitFor();
      await expectNoSideways(farmerPage);
      await screenshot(farmerPage, `adjusted-farmer-card-${name}`);
      await farmerPage.close();

      const restaurantPage = await restaurantContext.newPage();
      await restaurantPage.setViewportSize(viewport);
      await restaurantPage.goto('/restaurant/orders');
      const own = restaurantPage.getByRole('article', {
        name: new RegExp(`^Order #${orderId}\\b`),
      });
      await own.waitFor();
      await own.getByText('Ordered 3 lb · Delivered 2.75 lb').waitFor();
      await own.getByText('Adjusted total').waitFor();
      await own.getByText('(Weighed at packing)').waitFor();
      await own.getByText('$16.97').first().waitFor();
      await expectNoSideways(restaurantPage);
      await screenshot(restaurantPage, `adjusted-restaurant-card-${name}`);
      await expectAccessible(restaurantPage);
      await restaurantPage.close();
    });
  }
});
