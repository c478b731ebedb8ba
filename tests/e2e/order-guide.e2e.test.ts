import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';
import { countClicks } from './support/clicks';

/** A phone the size the order guide is built for. */
const PHONE_390 = { width: 390, height: 844 };

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
  hold: unknown;
}

interface Listed {
  id: number;
  name: string;
  price: string;
  availableQuantity: number;
  pricedByWeight?: boolean;
  farm: { id: number; name: string; orderMinimum: string };
}

/**
 * Eight in-stock products of three farms that deliver to the chef's zone on an open day, each
 * with a par that fills its farm's order past the farm's minimum (so checkout asks nothing).
 */
async function guideItems(context: BrowserContext) {
  const farms = (await (await context.request.get('/api/farms')).json()) as { id: number }[];
  const next = await context.request.get(
    `/api/delivery-schedules/next?farmIds=${farms.map((farm) => farm.id).join(',')}`,
  );
  const open = ((await next.json()).farms as Outlook[]).filter(
    (outlook) => outlook.status === 'open' && !outlook.hold,
  );
  const chosen: { product: Listed; par: number }[] = [];
  for (const outlook of open) {
    if (chosen.length === 8) break;
    const page = await context.request.get(
      `/api/products?farmId=${outlook.farmId}&availability=available&pageSize=100&sort=name`,
    );
    const wanted = chosen.length < 6 ? 3 : 2;
    const stocked = ((await page.json()).items as Listed[])
      .filter((item) => !item.pricedByWeight && item.availableQuantity >= 12)
      .slice(0, wanted);
    if (stocked.length < wanted) continue;
    // Par less the one on hand, summed over the farm's items, clears its minimum.
    const minimumCents = Math.round(Number(stocked[0]!.farm.orderMinimum) * 100);
    for (const product of stocked) {
      const priceCents = Math.round(Number(product.price) * 100);
      const needed = Math.ceil(minimumCents / wanted / priceCents) + 1;
      const par = needed + 1;
      if (par - 1 > product.availableQuantity) break;
      chosen.push({ product, par });
    }
  }
  expect(chosen, 'three demo farms with open days and stock').toHaveLength(8);
  return chosen;
}

describe('the order guide', () => {
  it('counts 8 items of 3 farms at 390 px and places the orders in at most 3 clicks after the last count', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', PHONE_390);
    const items = await guideItems(context);
    const saved = await context.request.put('/api/order-guide', {
      data: {
        sections: [
          {
            name: 'Walk-in',
            items: items.map(({ product, par }) => ({
              productId: product.id,
              pars: { mon: par, tue: par, wed: par, thu: par, fri: par, sat: par, sun: par },
            })),
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const before = new Set(
      (
        (await (await context.request.get('/api/orders/restaurant?limit=50')).json()) as {
          id: number;
        }[]
      ).map((order) => order.id),
    );
    const placedIds: number[] = [];
    try {
      const clicks = await countClicks(context);
      await page.goto('/restaurant/order-guide');
      await page.getByRole('heading', { name: 'Order guide' }).waitFor();
      const fields = page.getByLabel(/^On hand/);
      await fields.first().waitFor();
      expect(await fields.count()).toBe(8);
      await screenshot(page, 'order-guide-phone');
      await expectAccessible(page);

      // The chef counts: one on hand of each, Enter moving down the list.
      await fields.first().focus();
      for (let index = 0; index < items.length; index += 1) {
        await page.keyboard.type('1');
        await page.keyboard.press('Enter');
      }
      expect(await fields.nth(7).inputValue()).toBe('1');
      const afterCounting = clicks.count;

      await page.getByRole('button', { name: 'Fill to par' }).click();
      await page.getByRole('link', { name: /Go to checkout/ }).click();
      await page.getByRole('button', { name: 'Place Order' }).click();

      await expect
        .poll(
          async () => {
            const orders = (await (
              await context.request.get('/api/orders/restaurant?limit=50')
            ).json()) as { id: number }[];
            return orders.filter((order) => !before.has(order.id)).length;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(3);
      expect(clicks.count - afterCounting, clicks.clicks.join(' | ')).toBeLessThanOrEqual(3);

      const orders = (await (
        await context.request.get('/api/orders/restaurant?limit=50')
      ).json()) as {
        id: number;
        orderItems: { productId: number; quantity: number }[];
      }[];
      const placed = orders.filter((order) => !before.has(order.id));
      placedIds.push(...placed.map((order) => order.id));
      // Each item ordered up to its par: par less the one on hand.
      const ordered = new Map(
        placed.flatMap((order) => order.orderItems.map((line) => [line.productId, line.quantity])),
      );
      for (const { product, par } of items) expect(ordered.get(product.id)).toBe(par - 1);
      await screenshot(page, 'order-guide-placed-phone');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
    } finally {
      // The demo's stock back as it was.
      for (const id of placedIds) {
        await context.request.patch(`/api/orders/${id}/status`, { data: { status: 'cancelled' } });
      }
      await context.close();
    }
  });
});
