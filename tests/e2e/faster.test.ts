import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { DESKTOP, launchBrowser, newContext, screenshot } from './support/browser';
import { signInDemo, signUpAs } from './support/accounts';

/**
 * What the chef does every day, measured (docs/product.md#how-fast): nothing covers a product
 * or runs out of its box, and a counted quantity is typed.
 */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const PHONE_390 = { width: 390, height: 844 };
const run = Date.now().toString(36);
const tag = `Faster${run}`;
const location = '41-1 Kalanianaole Hwy, Waimanalo, HI 96795';

let browser: Browser;
let farmer: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  // One farm with three products whose names share the tag: a search shows exactly three cards.
  farmer = await newContext(browser, DESKTOP);
  // A first sign-up starts the password checker, slow on a busy machine.
  farmer.setDefaultTimeout(90_000);
  await signUpAs(farmer, 'farm', `Kalo Patch ${run}`, { location });
  for (const [name, unit, price] of [
    ['Kalo', 'bunch', '54.00'],
    ['Ulu', 'piece', '3.00'],
    ['Olena', 'lb', '12.00'],
  ] as const) {
    const created = await farmer.request.post('/api/products', {
      data: {
        name: `${tag} ${name}`,
        unit,
        price,
        category: 'vegetables',
        availableQuantity: 40,
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
});
afterAll(async () => {
  await farmer?.close();
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every card's box on screen against the Cart Summary's: none may share a pixel. */
async function coveredCards(page: Page): Promise<string[]> {
  const panel = await page.getByRole('complementary', { name: 'Cart summary' }).boundingBox();
  expect(panel).not.toBeNull();
  const covered: string[] = [];
  const cards = page.getByTestId('product-card');
  for (let index = 0; index < (await cards.count()); index += 1) {
    const card = cards.nth(index);
    for (const part of [card, card.getByRole('button').last()] as Locator[]) {
      const box = await part.boundingBox();
      if (box && overlaps(box, panel!)) covered.push(`${index}: ${await part.innerText()}`);
    }
  }
  return covered;
}

const checkoutEmptied = (page: Page) => page.getByText('Your cart is empty').isVisible();

async function searchTag(page: Page) {
  await page.goto(`/restaurant/browse?q=${tag}&zones=all`);
  await eventually(() => page.getByTestId('product-card').count()).toBe(3);
}

describe('the cart never covers products', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const) {
    it(`keeps every card clear of the Cart Summary, open or not (${size})`, async () => {
      const { context, page } = await signInDemo(browser, 'Restaurant', viewport);
      try {
        await searchTag(page);
        await page
          .getByTestId('product-card')
          .filter({ hasText: `${tag} Ulu` })
          .getByRole('button', { name: /Add to Cart/ })
          .click();
        const panel = page.getByRole('complementary', { name: 'Cart summary' });
        await panel.waitFor();
        for (const state of ['as shown', 'toggled']) {
          if (state === 'toggled')
            await panel.getByRole('button', { name: /Cart Summary/ }).click();
          // Scrolled to the very end (and, where it is a column, at the top too): no card under
          // the panel. A phone's bottom bar is passed by scrolling, as long as the end clears it.
          // The room after the last product follows the panel's height a frame later, so the
          // scroll is repeated until the page has settled, as a user's second swipe would.
          for (const scroll of size === 'desktop' ? [0, 1_000_000] : [1_000_000]) {
            await expect
              .poll(
                async () => {
                  await page.evaluate((y) => window.scrollTo(0, y), scroll);
                  return coveredCards(page);
                },
                { message: `${state}, scrolled to ${scroll}`, timeout: 5_000 },
              )
              .toEqual([]);
          }
        }
        await screenshot(page, `cart-clear-${size}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('counted quantities are typed', () => {
  it('orders 26 bunches in three interactions, and says why 41 cannot be', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', PHONE_390);
    try {
      await searchTag(page);
      const card = page.getByTestId('product-card').filter({ hasText: `${tag} Kalo` });
      let interactions = 0;
      await card.getByRole('button', { name: /Add to Cart/ }).click();
      interactions += 1;
      const box = card.getByLabel(`Quantity of ${tag} Kalo (bunch)`);
      await box.fill('26');
      interactions += 1;
      expect(interactions).toBeLessThanOrEqual(3);
      await eventually(() => page.getByText('Cart Summary (1 item)').isVisible()).toBe(true);

      await box.fill('41');
      await card.getByText('Only 40 bunch available').waitFor();
      await box.fill('2.5');
      await card.getByText('Use a whole number for bunch').waitFor();
      await box.press('Enter');
      expect(await box.inputValue()).toBe('26');

      // At checkout the same box: 3 bunches at $54.00 stay inside the farm's box at 390 px.
      await page.goto('/restaurant/orders');
      const farm = page.getByRole('region', { name: `Kalo Patch ${run}` });
      const line = farm.getByRole('listitem').filter({ hasText: `${tag} Kalo` });
      const quantity = line.getByLabel(`Quantity of ${tag} Kalo (bunch)`);
      await quantity.fill('3');
      const total = line.getByText('$162.00');
      await total.waitFor();
      const [farmBox, totalBox] = [await farm.boundingBox(), await total.boundingBox()];
      expect(totalBox!.x + totalBox!.width).toBeLessThanOrEqual(farmBox!.x + farmBox!.width);
      expect(await line.locator('img, [data-testid="photo-placeholder"]').count()).toBe(1);
      await screenshot(page, 'checkout-typed-390');
    } finally {
      await context.close();
    }
  });
});

describe('the chef’s weekly order', () => {
  it('orders last week’s three farms again in five clicks', async () => {
    const day = addDays(hawaiiToday(), 3);
    const farms: BrowserContext[] = [];
    const restaurant = await newContext(browser, DESKTOP);
    try {
      await signUpAs(restaurant, 'restaurant', `Weekly Bistro ${run}`, {
        location,
        deliveryZone: 'honolulu',
      });
      for (const name of ['Mauka', 'Makai', 'Kula']) {
        const farm = await newContext(browser, DESKTOP);
        farms.push(farm);
        const farmName = `${name} Weekly ${run}`;
        await signUpAs(farm, 'farm', farmName, { location });
        const terms = await farm.request.put('/api/profile/farm', {
          data: { name: farmName, location, deliveryFee: '0.00', orderMinimum: '0.00' },
        });
        expect(terms.status(), await terms.text()).toBe(200);
        const created = await farm.request.post('/api/products', {
          data: {
            name: `${name} greens ${run}`,
            unit: 'bunch',
            price: '10.00',
            availableQuantity: 50,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const schedule = await farm.request.post('/api/delivery-schedules', {
          data: { deliveryDates: [day], deliveryArea: 'Honolulu' },
        });
        expect(schedule.status(), await schedule.text()).toBe(201);
        const product = (await created.json()) as { id: number; farmId: number };
        // Last week's order from this farm.
        const placed = await restaurant.request.post('/api/orders', {
          data: {
            farmId: product.farmId,
            totalAmount: '20.00',
            deliveryDate: day,
            items: [{ productId: product.id, quantity: 2, unitPrice: '10.00' }],
          },
        });
        expect(placed.status(), await placed.text()).toBe(201);
      }

      const page = await restaurant.newPage();
      await page.goto('/restaurant/dashboard');
      let clicks = 0;
      await page.getByRole('link', { name: 'My Orders' }).first().click();
      clicks += 1;
      const orders = page.getByRole('region', { name: 'Orders' });
      await eventually(() => orders.getByRole('button', { name: 'Order again' }).count()).toBe(3);
      for (let index = 0; index < 3; index += 1) {
        // Each card's own button (while one is busy it reads 'Adding...').
        await orders
          .getByRole('article')
          .nth(index)
          .getByRole('button', { name: 'Order again' })
          .click();
        clicks += 1;
      }
      const checkout = page.getByRole('region', { name: /Cart Checkout/ });
      await eventually(() => checkout.getByText('Cart Checkout (3 items)').isVisible()).toBe(true);
      await checkout.getByRole('button', { name: 'Place Order' }).click();
      clicks += 1;
      await eventually(() => checkoutEmptied(page)).toBe(true);
      const placed = await restaurant.request.get('/api/orders/restaurant');
      expect(((await placed.json()) as unknown[]).length).toBe(6);
      expect(clicks).toBeLessThanOrEqual(5);
    } finally {
      await Promise.all([restaurant.close(), ...farms.map((farm) => farm.close())]);
    }
  });
});
