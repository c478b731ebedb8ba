import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);
const deliveryDay = addDays(hawaiiToday(), 3);
const location = '41-1 Kalanianaole Hwy, Waimanalo, HI 96795';

/** A farm without fee or minimum, one tomato at $4.00/lb and a delivery day; the tomato's id. */
async function setUpFarm(context: BrowserContext, name: string, product: string) {
  await signUpAs(context, 'farm', name, { location });
  const terms = await context.request.put('/api/profile/farm', {
    data: { name, location, deliveryFee: '0.00', orderMinimum: '0.00' },
  });
  expect(terms.status()).toBe(200);
  const created = await context.request.post('/api/products', {
    data: {
      name: product,
      unit: 'lb',
      price: '4.00',
      description: 'Vine ripened',
      category: 'vegetables',
      availableQuantity: 100,
      isOrganic: false,
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const schedule = await context.request.post('/api/delivery-schedules', {
    data: { deliveryDates: [deliveryDay], deliveryArea: 'Honolulu' },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

async function findCard(page: Page, productName: string) {
  await page.goto('/restaurant/browse');
  await page.getByPlaceholder('Search products, farms, or descriptions...').fill(productName);
  const card = page.getByTestId('product-card').filter({
    has: page.getByRole('heading', { name: productName, exact: true }),
  });
  await card.waitFor();
  return card;
}

describe('price lists', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`a farm gives restaurant A 10% off and a break; A pays it, B sees list prices (${size})`, async () => {
      const farmName = `Chef Farm ${size} ${run}`;
      const tomato = `Heirloom Tomato ${size} ${run}`;
      const chefA = `Chef A ${size} ${run}`;
      const farmer = await newContext(browser, viewport);
      const restaurantA = await newContext(browser, viewport);
      const restaurantB = await newContext(browser, viewport);
      try {
        const tomatoId = await setUpFarm(farmer, farmName, tomato);
        const a = await signUpAs(restaurantA, 'restaurant', chefA, { location });
        await signUpAs(restaurantB, 'restaurant', `Chef B ${size} ${run}`, { location });
        // A has ordered before: a customer the farm can put on a list.
        const first = await restaurantA.request.post('/api/checkout', {
          data: {
            orders: [
              {
                farmId: (await (await farmer.request.get('/api/auth/user')).json()).profile.id,
                totalAmount: '4.00',
                deliveryDate: deliveryDay,
                items: [
                  { productId: tomatoId, quantity: 1, unitPrice: '4.00', totalPrice: '4.00' },
                ],
              },
            ],
          },
        });
        expect(first.status(), await first.text()).toBe(201);

        // The farm makes "Chef's table": 10% off, 10 lb or more of tomato at $3.50.
        const farmPage = await farmer.newPage();
        await farmPage.goto('/farmer/dashboard');
        await farmPage.getByRole('link', { name: /Price Lists/ }).click();
        await farmPage.getByText('No price lists yet').waitFor();
        await farmPage.getByRole('button', { name: 'New price list' }).click();
        const editor = farmPage.getByRole('dialog', { name: 'New price list' });
        await editor.getByLabel(/^Name/).fill("Chef's table");
        await editor.getByLabel(/^Percentage off/).fill('120');
        await editor.getByRole('button', { name: 'Add break' }).click();
        await editor
          .getByLabel('Product', { exact: true })
          .selectOption({ label: `${tomato} (lb)` });
        await editor.getByLabel(/^From/).fill('10');
        await editor.getByLabel('Price each').fill('3.50');
        await editor.getByRole('button', { name: 'Save price list' }).click();
        await editor.getByText(/Enter a percentage from 0 to 100/).waitFor();
        await editor.getByLabel(/^Percentage off/).fill('10');
        await screenshot(farmPage, `price-list-editor-${size}`);
        await expectAccessible(farmPage);
        await editor.getByRole('button', { name: 'Save price list' }).click();
        const card = farmPage.getByTestId('price-list').filter({ hasText: "Chef's table" });
        await card.getByText('10% off list prices').waitFor();
        await card.getByText(`${tomato}: 10+ lb: $3.50/lb`).waitFor();

        await card.getByRole('button', { name: "Restaurants on Chef's table" }).click();
        const assign = farmPage.getByRole('dialog', { name: "Restaurants on Chef's table" });
        await assign.getByLabel(chefA).check();
        await assign.getByRole('button', { name: 'Save restaurants' }).click();
        await card.getByText(`1 restaurant`).waitFor();
        await expectNoHorizontalScroll(farmPage);
        await screenshot(farmPage, `price-lists-${size}`);
        await expectAccessible(farmPage);

        // A sees its price, the list price struck through, and the break.
        const pageA = await restaurantA.newPage();
        const cardA = await findCard(pageA, tomato);
        await expect
          .poll(() => cardA.getByText('$3.60').isVisible(), { timeout: 15_000 })
          .toBe(true);
        await cardA.locator('s').getByText('$4.00').waitFor();
        await cardA.getByText('10+ lb: $3.50/lb').waitFor();
        await screenshot(pageA, `price-list-browse-a-${size}`);
        await cardA.getByRole('button', { name: 'Add to Cart' }).click();
        await cardA.getByLabel(`Quantity of ${tomato} (lb)`).fill('12');
        await pageA.goto('/restaurant/orders');
        const checkout = pageA.getByRole('region', { name: /Cart Checkout/ });
        const section = checkout.getByRole('region', { name: farmName });
        await section.getByText('10+ lb: $3.50/lb').waitFor();
        await expect.poll(() => section.getByText('$42.00').first().isVisible()).toBe(true);
        await expectNoHorizontalScroll(pageA);
        await screenshot(pageA, `price-list-cart-a-${size}`);
        await expectAccessible(pageA);
        await checkout.getByRole('button', { name: 'Place Order' }).click();
        await pageA.getByText('Order Placed Successfully').first().waitFor();

        // B sees list prices and no break.
        const pageB = await restaurantB.newPage();
        const cardB = await findCard(pageB, tomato);
        await cardB.getByText('$4.00').waitFor();
        expect(await cardB.getByText('10+ lb').count()).toBe(0);
        expect(await cardB.getByText('$3.60').count()).toBe(0);
        await screenshot(pageB, `price-list-browse-b-${size}`);

        // The invoice shows what A paid.
        const orders = (await (await restaurantA.request.get('/api/orders/restaurant')).json()) as {
          id: number;
          orderItems: { quantity: number; unitPrice: string }[];
        }[];
        const order = orders.find((each) => each.orderItems[0]?.quantity === 12)!;
        expect(order.orderItems[0]!.unitPrice).toBe('3.50');
        const confirmed = await farmer.request.patch(`/api/orders/${order.id}/status`, {
          data: { status: 'confirmed' },
        });
        expect(confirmed.status(), await confirmed.text()).toBe(200);
        const invoice = await restaurantA.request.get(`/api/orders/${order.id}/invoice`);
        expect(invoice.status()).toBe(200);
        const text = await pdfText(await invoice.body());
        expect(text).toContain('$3.50');
        expect(text).toContain('$42.00');
        expect(text).toContain(chefA);
        expect(a.id).toBeGreaterThan(0);
      } finally {
        await Promise.all([farmer.close(), restaurantA.close(), restaurantB.close()]);
      }
    });
  }
});
