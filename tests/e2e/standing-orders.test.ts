import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Outlook {
  farmId: number;
  status: string;
  openDays: unknown[];
}

/**
 * A farm with open delivery days to the chef's zone, and one of its products in stock. Two days
 * at least: a day whose placement moment has already passed is placed as soon as the standing
 * order is saved, and a farm another test made with one day would then have none left to show.
 */
async function farmAndProduct(context: BrowserContext) {
  const farms = (await (await context.request.get('/api/farms')).json()) as {
    id: number;
    name: string;
  }[];
  const next = await context.request.get(
    `/api/delivery-schedules/next?farmIds=${farms.map((farm) => farm.id).join(',')}`,
  );
  const open = ((await next.json()).farms as Outlook[]).filter(
    (o) => o.status === 'open' && o.openDays.length >= 2,
  );
  for (const outlook of open) {
    const page = await context.request.get(
      `/api/products?farmId=${outlook.farmId}&availability=available&pageSize=100&sort=name`,
    );
    const items = (await page.json()).items as {
      id: number;
      name: string;
      availableQuantity: number;
    }[];
    const product = items.find((item) => item.availableQuantity >= 2);
    if (product) return { farm: farms.find((farm) => farm.id === outlook.farmId)!, product };
  }
  throw new Error('The demo data has no farm with an open day to the chef’s zone');
}

describe('standing orders', () => {
  it('shows the list at 1280 px', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', DESKTOP);
    await page.goto('/restaurant/standing-orders');
    await page.getByRole('heading', { name: 'Standing orders' }).waitFor();
    await page.getByRole('link', { name: 'Standing orders' }).first().waitFor();
    await page
      .getByText(/No standing orders yet|Next placement|Paused/)
      .first()
      .waitFor();
    await screenshot(page, 'standing-orders-desktop');
    await expectAccessible(page);
    // The restaurant's navigation, one item longer, still fits without scrolling sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await context.close();
  });

  it('sets one up at 360 px, and when the clock reaches its moment the order is placed', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', PHONE);
    const { farm, product } = await farmAndProduct(context);
    let standingId: number | null = null;
    let orderId: number | null = null;
    try {
      await page.goto('/restaurant/standing-orders');
      await page.getByRole('heading', { name: 'Standing orders' }).waitFor();
      await page.getByRole('button', { name: 'New standing order' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New standing order' });
      await dialog.waitFor();
      // Validation before anything is sent.
      await dialog.getByRole('button', { name: 'Set up standing order' }).click();
      await dialog.getByText('Choose a farm').last().waitFor();
      await dialog.getByLabel(/Farm/).selectOption(String(farm.id));
      await dialog.getByLabel(product.name).fill('2');
      for (const day of [
        'Sunday',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
      ]) {
        await dialog.getByRole('button', { name: day, exact: true }).click();
      }
      await screenshot(page, 'standing-order-dialog-phone');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Set up standing order' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = page.getByRole('article', { name: farm.name });
      await card.getByText('Next placement:').waitFor();
      await screenshot(page, 'standing-orders-phone');
      const scrolls = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(scrolls).toBe(false);

      const list = (await (await context.request.get('/api/standing-orders')).json()) as {
        id: number;
        farm: { id: number };
        nextPlacement: { placeAt: string; deliveryDate: string } | null;
      }[];
      const standing = list.find((entry) => entry.farm.id === farm.id)!;
      standingId = standing.id;
      expect(standing.nextPlacement).not.toBeNull();
      // Move the development clock to the placement moment (or keep now, if it has passed).
      const moment = Math.max(Date.parse(standing.nextPlacement!.placeAt), Date.now());
      const clock = await context.request.post('/api/test/clock', {
        data: { now: new Date(moment).toISOString(), frozen: false },
      });
      expect(clock.status()).toBe(200);

      await expect
        .poll(
          async () => {
            const orders = (await (
              await context.request.get('/api/orders/restaurant?limit=10')
            ).json()) as { id: number; standingOrderId: number | null; deliveryDate: string }[];
            return (
              orders.find(
                (order) =>
                  order.standingOrderId === standingId &&
                  order.deliveryDate === standing.nextPlacement!.deliveryDate,
              )?.id ?? null
            );
          },
          { timeout: 30_000, interval: 500 },
        )
        .not.toBeNull();
      const orders = (await (
        await context.request.get('/api/orders/restaurant?limit=10')
      ).json()) as { id: number; standingOrderId: number | null; deliveryDate: string }[];
      orderId = orders.find(
        (order) =>
          order.standingOrderId === standingId &&
          order.deliveryDate === standing.nextPlacement!.deliveryDate,
      )!.id;

      await page.goto('/restaurant/orders');
      const orderCard = page.getByRole('article', { name: new RegExp(`Order #${orderId}\\b`) });
      await orderCard.getByText('Standing order', { exact: true }).waitFor();
      await screenshot(page, 'standing-order-placed-phone');
    } finally {
      await context.request.post('/api/test/clock', { data: { now: null } });
      // Every order the standing order placed: an earlier day's moment may have passed already.
      const placed = (await (
        await context.request.get('/api/orders/restaurant?limit=50')
      ).json()) as { id: number; standingOrderId: number | null }[];
      for (const order of placed.filter((entry) => entry.standingOrderId === standingId)) {
        await context.request.patch(`/api/orders/${order.id}/status`, {
          data: { status: 'cancelled' },
        });
      }
      if (standingId !== null) await context.request.delete(`/api/standing-orders/${standingId}`);
      await context.close();
    }
  });
});
