import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, toMoneyString } from '#core/money';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The number of the farm's orders of `day` in `status`, from the list's X-Total-Count. */
async function countOf(context: BrowserContext, day: string, status: string): Promise<number> {
  const response = await context.request.get(
    `/api/orders/farm?limit=1&deliveryDate=${day}&status=${status}`,
  );
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

/** Whether the page is wider than the window (a sideways scroll). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the farmer's Orders by delivery day", () => {
  it('groups a day’s orders, confirms all pending and packs all confirmed, reporting each', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer');
    // Two fresh pending orders from the demo chef, on whatever day the server gives them.
    const farmId = (
      (await (await context.request.get('/api/auth/user')).json()) as {
        profile: { id: number };
      }
    ).profile.id;
    const chef = await signInDemo(browser, 'Restaurant');
    const search = (await (
      await chef.context.request.get(
        `/api/products?farmId=${farmId}&availability=available&page=1&pageSize=1`,
      )
    ).json()) as {
      items: { id: number; price: string; farm: { deliveryFee: string } }[];
    };
    const product = search.items[0]!;
    let day: string | undefined;
    for (let index = 0; index < 2; index += 1) {
      const placed = await chef.context.request.post('/api/orders', {
        data: {
          farmId,
          totalAmount: toMoneyString(centsOf(product.price) + centsOf(product.farm.deliveryFee)),
          items: [{ productId: product.id, quantity: 1, unitPrice: product.price }],
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      day = ((await placed.json()) as { deliveryDate: string | null }).deliveryDate ?? undefined;
    }
    await chef.context.close();
    expect(day, 'the demo farm has an upcoming delivery day').toBeDefined();
    const pending = await countOf(context, day!, 'pending');
    const confirmedBefore = await countOf(context, day!, 'confirmed');

    await page.goto('/farmer/orders');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByText(/^Showing \d+ of \d+ orders$/).waitFor();
    await page.getByLabel('Show orders for').selectOption(day!);
    await page.getByRole('heading', { name: `Pending (${pending})`, exact: true }).waitFor();
    const confirmAll = page.getByRole('button', { name: `Confirm all pending (${pending})` });
    await confirmAll.waitFor();
    await screenshot(page, 'farmer-orders-day-desktop');
    await expectAccessible(page);

    await confirmAll.click();
    // The toast that reports it does not sit over the buttons it answers.
    const toastTitle = page.getByText(/^Confirmed \d+ orders?$/);
    const toastBox = await toastTitle.boundingBox({ timeout: 10_000 });
    const buttonBox = await page
      .getByRole('button', { name: /^Confirm all pending/ })
      .boundingBox({ timeout: 10_000 });
    expect(toastBox).not.toBeNull();
    expect(buttonBox).not.toBeNull();
    const overlaps =
      toastBox!.x < buttonBox!.x + buttonBox!.width &&
      buttonBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < buttonBox!.y + buttonBox!.height &&
      buttonBox!.y < toastBox!.y + toastBox!.height;
    expect(overlaps).toBe(false);
    const report = page.getByRole('status').filter({ hasText: 'Confirmed: #' });
    await report.waitFor();
    expect(await countOf(context, day!, 'pending')).toBe(0);
    expect(await countOf(context, day!, 'confirmed')).toBe(confirmedBefore + pending);
    await screenshot(page, 'farmer-orders-day-confirmed-desktop');

    const packAll = page.getByRole('button', {
      name: `Mark all confirmed as packed (${confirmedBefore + pending})`,
    });
    await packAll.click();
    await page.getByRole('status').filter({ hasText: 'Marked as packed: #' }).waitFor();
    expect(await countOf(context, day!, 'confirmed')).toBe(0);
    await page.getByRole('heading', { name: /^Packed \(\d+\)$/ }).waitFor();
    expect(await page.getByRole('heading', { name: /^Pending \(\d+\)$/ }).count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Pick List' }).click();
    expect((await download).suggestedFilename()).toBe(`pick-list-${day}.pdf`);

    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: /^Packed \(\d+\)$/ }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'farmer-orders-day-phone');
    await context.close();
  });

  it('pages My Orders with the total and finds an order by its number', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', PHONE);
    const first = await context.request.get('/api/orders/restaurant');
    const total = Number(first.headers()['x-total-count']);
    const newest = ((await first.json()) as { id: number }[])[0]!;
    expect(total).toBeGreaterThan(25);
    await page.goto('/restaurant/orders');
    const orders = page.getByRole('region', { name: 'Orders' });
    await orders.getByText(`Showing 25 of ${total} orders`).waitFor();
    // The first cards come with the data and the rest in the render after it.
    await eventually(() => orders.getByRole('article').count()).toBe(25);
    await orders.getByRole('button', { name: 'Load more' }).click();
    await orders.getByText(`Showing ${Math.min(50, total)} of ${total} orders`).waitFor();
    await orders.getByLabel('Search').fill(String(newest.id));
    await orders.getByText(/^Showing 1 of 1 orders?$/).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'my-orders-search-phone');
    await context.close();
  });
});

describe('navigation at phone and desktop widths', () => {
  const farmerPaths = [
    '/farmer/dashboard',
    '/farmer/inventory',
    '/farmer/orders',
    '/farmer/runs',
    '/farmer/calendar',
    '/farmer/reports',
    '/hub',
    '/profile/edit',
  ];
  const restaurantPaths = [
    '/restaurant/dashboard',
    '/restaurant/browse',
    '/restaurant/orders',
    '/restaurant/reports',
    '/hub',
  ];

  it('shows every item in a Menu at 360 px and no screen scrolls sideways', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer', PHONE);
    await page.goto('/farmer/orders');
    const menu = page.getByRole('button', { name: /^Menu/ });
    await menu.click();
    const nav = page.getByRole('menu');
    for (const label of [
      'Dashboard',
      'Inventory',
      'Orders',
      'Delivery runs',
      'Calendar',
      'Reports',
      'Hub',
    ]) {
      await nav.getByRole('menuitem', { name: label, exact: true }).waitFor();
    }
    expect(
      await nav.getByRole('menuitem', { name: 'Orders', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await screenshot(page, 'nav-menu-phone');
    await nav.getByRole('menuitem', { name: 'Calendar', exact: true }).click();
    await eventually(() => page.url()).toContain('/farmer/calendar');

    for (const path of farmerPaths) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      expect(await scrollsSideways(page), path).toBe(false);
    }
    await context.close();

    const restaurant = await signInDemo(browser, 'Restaurant', PHONE);
    for (const path of restaurantPaths) {
      await restaurant.page.goto(path);
      await restaurant.page.getByRole('main').getByRole('heading').first().waitFor();
      expect(await scrollsSideways(restaurant.page), path).toBe(false);
    }
    await restaurant.context.close();
  });

  it('shows the items in the bar at 1280 px, with no Menu button', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer', DESKTOP);
    await page.goto('/farmer/orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Inventory',
      'Orders',
      'Delivery runs',
      'Calendar',
      'Reports',
      'Hub',
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: /^Menu/ }).isVisible()).toBe(false);
    await screenshot(page, 'nav-bar-desktop');
    await context.close();
  });
});
