import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, toMoneyString } from '#core/money';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function runsOf(context: BrowserContext, day: string): Promise<DeliveryRun[]> {
  const response = await context.request.get(`/api/delivery-runs?date=${day}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeliveryRun[];
}

/** The order numbers of a run's stops as a page shows them, top to bottom. */
async function shownOrder(page: Page, runName: string): Promise<string[]> {
  const labels = await page
    .getByRole('list', { name: `Stops of ${runName}` })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return labels.map((label) => /order (#\d+)/.exec(label)?.[1] ?? '');
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the farm's delivery runs", () => {
  it('reorders a run in two tabs at once (the second is told and shown the first’s order), by dragging, and starts it', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer');
    const farmId = (
      (await (await context.request.get('/api/auth/user')).json()) as { profile: { id: number } }
    ).profile.id;
    // Three fresh orders from the demo chef, on whatever day the server gives them.
    const chef = await signInDemo(browser, 'Restaurant');
    const search = (await (
      await chef.context.request.get(
        `/api/products?farmId=${farmId}&availability=available&page=1&pageSize=1`,
      )
    ).json()) as { items: { id: number; price: string; farm: { deliveryFee: string } }[] };
    const product = search.items[0]!;
    let day: string | undefined;
    const placed: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await chef.context.request.post('/api/orders', {
        data: {
          farmId,
          totalAmount: toMoneyString(centsOf(product.price) + centsOf(product.farm.deliveryFee)),
          items: [{ productId: product.id, quantity: 1, unitPrice: product.price }],
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const order = (await response.json()) as { id: number; deliveryDate: string | null };
      day = order.deliveryDate ?? undefined;
      placed.push(order.id);
    }
    await chef.context.close();
    expect(day, 'the demo farm has an upcoming delivery day').toBeDefined();
    const run = (await runsOf(context, day!)).find((each) =>
      each.stops.some((stop) => stop.orderId === placed[0]),
    )!;
    expect(run.stops.length).toBeGreaterThanOrEqual(3);

    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto(`/farmer/runs?date=${day}`);
      await tab.getByRole('heading', { name: 'Delivery runs', exact: true }).waitFor();
      await tab.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    }
    const before = await shownOrder(page, run.name);
    expect(await shownOrder(other, run.name)).toEqual(before);

    // The first tab moves its last stop up; the second, still showing the old order, moves
    // its second stop up.
    await page.getByRole('button', { name: `Move ${before.at(-1)} up` }).click();
    await expect
      .poll(async () => (await runsOf(context, day!)).find((each) => each.id === run.id)!.version)
      .toBeGreaterThan(run.version);
    const first = (await runsOf(context, day!))
      .find((each) => each.id === run.id)!
      .stops.map((stop) => stop.orderNumber);
    await other.getByRole('button', { name: `Move ${before[1]} up` }).click();
    await other
      .getByRole('region', { name: run.name })
      .getByText('Someone else changed this run — here is its current order')
      .waitFor();
    await expect.poll(() => shownOrder(other, run.name)).toEqual(first);
    const after = (await runsOf(context, day!)).find((each) => each.id === run.id)!;
    expect(after.stops.map((stop) => stop.orderNumber)).toEqual(first);
    await screenshot(other, 'delivery-runs-changed-elsewhere-desktop');
    await other.close();

    // Drag and drop: the last stop dropped on the one above it goes before it. The two are
    // side by side whatever else the day holds (a run of the shared demo farm gathers the
    // orders of every other test), so nothing scrolls between taking and dropping.
    await page.reload();
    const stops = page.getByRole('list', { name: `Stops of ${run.name}` }).getByRole('listitem');
    await stops.first().waitFor();
    const shown = await shownOrder(page, run.name);
    const dragged = shown.at(-1)!;
    const target = stops.nth(shown.length - 2);
    // Dragged once the card takes drags (not while it is saving), by Playwright's own drag,
    // which walks the browser's drag events as a hand on the mouse does.
    await expect.poll(() => stops.last().getAttribute('draggable')).toBe('true');
    await target.scrollIntoViewIfNeeded();
    await stops.last().dragTo(target, { targetPosition: { x: 24, y: 8 } });
    await expect.poll(async () => (await shownOrder(page, run.name)).at(-2)).toBe(dragged);
    await expect
      .poll(async () => {
        const saved = (await runsOf(context, day!)).find((each) => each.id === run.id)!.stops;
        return saved.at(-2)!.orderNumber;
      })
      .toBe(dragged);

    await page.setViewportSize(DESKTOP);

    // One of the new orders packed; "Start run" asks, then sends the run's packed orders out.
    for (const status of ['confirmed', 'packed']) {
      const moved = await context.request.patch(`/api/orders/${placed[0]}/status`, {
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await page.reload();
    const region = page.getByRole('region', { name: run.name });
    await region.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    await screenshot(page, 'delivery-runs-desktop');
    await expectAccessible(page);
    const packed = (await runsOf(context, day!))
      .find((each) => each.id === run.id)!
      .stops.filter((stop) => stop.status === 'packed');
    await region.getByRole('button', { name: 'Start run' }).click();
    const dialog = page.getByRole('dialog', { name: `Start ${run.name} run?` });
    await dialog
      .getByText(
        `${packed.length} packed ${packed.length === 1 ? 'order goes' : 'orders go'} out for delivery`,
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Start run' }).click();
    await region.getByText(/^Out for delivery: #/).waitFor();
    const started = (await runsOf(context, day!)).find((each) => each.id === run.id)!;
    for (const stop of packed) {
      expect(started.stops.find((each) => each.orderId === stop.orderId)!.status).toBe(
        'in_transit',
      );
    }

    const sheet = context.waitForEvent('page');
    await page
      .getByRole('region', { name: run.name })
      .getByRole('button', { name: 'Print run sheet' })
      .click();
    expect((await sheet).url()).toContain(`/api/delivery-runs/${run.id}/sheet`);

    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'delivery-runs-phone');
    await context.close();
  });
});
