import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signUpAs } from './support/accounts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

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

/** A farm with a $5.00 fee, one product at $20.00 and a delivery day; the product's id. */
async function setUpFarm(context: BrowserContext, name: string, product: string) {
  await signUpAs(context, 'farm', name, { location });
  const terms = await context.request.put('/api/profile/farm', {
    data: { name, location, deliveryFee: '5.00', orderMinimum: '0.00' },
  });
  expect(terms.status()).toBe(200);
  const created = await context.request.post('/api/products', {
    data: {
      name: product,
      unit: 'lb',
      price: '20.00',
      description: 'Picked this morning',
      category: 'vegetables',
      availableQuantity: 40,
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

describe('General Excise Tax and Order again', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`farm sets a GET rate; the restaurant sees it, orders, then orders again (${size})`, async () => {
      const farmName = `Kula Tax Farm ${size} ${run}`;
      const productName = `Sweet Onion ${size} ${run}`;
      const farmer = await newContext(browser, viewport);
      const restaurant = await newContext(browser, viewport);
      try {
        const productId = await setUpFarm(farmer, farmName, productName);
        await signUpAs(restaurant, 'restaurant', `Tax Bistro ${size} ${run}`, { location });

        // The farm sets its rate in its profile; a rate above 10% is refused on the form.
        const farmPage = await farmer.newPage();
        await farmPage.goto('/profile/edit');
        const rate = farmPage.getByLabel('General Excise Tax passed on (%)');
        await rate.waitFor();
        await farmPage
          .getByText(/your accountant/)
          .first()
          .waitFor();
        await rate.fill('12');
        await farmPage.getByRole('button', { name: 'Save Changes' }).click();
        await farmPage
          .getByText('Enter a percentage from 0 to 10 with up to 4 decimals, like 4.712')
          .waitFor();
        await rate.fill('4.712');
        await farmPage.getByRole('button', { name: 'Save Changes' }).click();
        await farmPage.getByText('Profile Updated').first().waitFor();
        await expectNoHorizontalScroll(farmPage);
        await screenshot(farmPage, `tax-profile-${size}`);

        // The restaurant fills its cart: 2 lb at $20.00, $5.00 fee, GET 4.712% of $45.00.
        const page = await restaurant.newPage();
        await page.goto('/restaurant/browse');
        await page.getByPlaceholder('Search products, farms, or descriptions...').fill(productName);
        const card = page.getByTestId('product-card').filter({
          has: page.getByRole('heading', { name: productName, exact: true }),
        });
        await card.getByRole('button', { name: 'Add to Cart' }).click();
        await card.getByRole('button', { name: `Increase ${productName}` }).click();
        await page.goto('/restaurant/orders');
        const checkout = page.getByRole('region', { name: /Cart Checkout/ });
        const section = checkout.getByRole('region', { name: farmName });
        await section.getByText('GET 4.712%', { exact: true }).waitFor();
        await eventually(() => section.getByText('$2.12').isVisible()).toBe(true);
        await checkout.getByText('General Excise Tax').waitFor();
        await eventually(() => checkout.getByText('$47.12').isVisible()).toBe(true);
        await expectNoHorizontalScroll(page);
        await screenshot(page, `tax-checkout-${size}`);
        await expectAccessible(page);

        // The farm changes its rate meanwhile: the order is refused and the screen asks again.
        const changed = await farmer.request.put('/api/profile/farm', {
          data: { name: farmName, location, taxRate: '4.1666' },
        });
        expect(changed.status()).toBe(200);
        await checkout.getByRole('button', { name: 'Place Order' }).click();
        await section
          .getByText(
            'The delivery fee or GET has changed: the fee is now $5.00 and GET 4.1666% $1.87, for a total of $46.87.',
          )
          .waitFor();
        await page.getByText('The total has changed').first().waitFor();
        await screenshot(page, `tax-total-changed-${size}`);
        await checkout.getByRole('button', { name: 'Place Order' }).click();
        await page.getByText('Order Placed Successfully').first().waitFor();

        const orders = page.getByRole('region', { name: 'Orders' });
        const order = orders.getByRole('article').filter({ hasText: farmName });
        await order.getByText('GET 4.1666%').waitFor();
        await eventually(() => order.getByText('$46.87').first().isVisible()).toBe(true);

        // Today the price went up and only 1 lb is left: Order again says so.
        const repriced = await farmer.request.patch(`/api/products/${productId}`, {
          data: { price: '22.00', availableQuantity: 1 },
        });
        expect(repriced.status(), await repriced.text()).toBe(200);
        await order.getByRole('button', { name: 'Order again' }).click();
        // What changed is shown in the checkout, not in a dialog to close.
        const changes = checkout.getByRole('region', { name: 'Order again: what changed' });
        await changes.waitFor();
        await changes.getByText(`${productName}: now $22.00 (was $20.00)`).waitFor();
        await changes.getByText(`${productName}: 1 of the 2 lb ordered (all there is)`).waitFor();
        await expectNoHorizontalScroll(page);
        await screenshot(page, `reorder-changes-${size}`);
        await expectAccessible(page);
        await checkout.getByText('Cart Checkout (1 item)').waitFor();
        // $22.00 + $5.00 at 4.1666% is $1.12498: $1.12, for $28.12.
        await eventually(() => checkout.getByText('$28.12').isVisible()).toBe(true);
        await screenshot(page, `reorder-cart-${size}`);
      } finally {
        await Promise.all([farmer.close(), restaurant.close()]);
      }
    });
  }
});
