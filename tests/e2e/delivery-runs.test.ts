import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryDayStartResult, DeliveryRun } from '#core/schemas/delivery-run';
import { pdfText } from '../helpers/pdf-text';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { placeOneOf } from './support/orders';
import { signInDemo, signUpAs } from './support/accounts';

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

/** A run's stops (its places) as a page shows them, top to bottom: "Stop N: {restaurant}, …". */
const stopsOf = (page: Page, runName: string) =>
  page.getByRole('list', { name: `Stops of ${runName}` }).locator(':scope > li[aria-label]');

/** The restaurants of a run's stops as a page shows them, top to bottom. */
async function shownOrder(page: Page, runName: string): Promise<string[]> {
  const labels = await stopsOf(page, runName).evaluateAll((items) =>
    items.map((item) => item.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label) => /^Stop \d+: (.+), orders? #/.exec(label)?.[1] ?? '');
}

/** The restaurants of a run's stops as the server has them. */
const placesOf = (run: DeliveryRun) => run.places.map((place) => place.restaurant.name);

/** Text as a regular expression matches it, as it is. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the farm's delivery runs", () => {
  it('shows a restaurant as one stop, reorders stops in two tabs at once (the second is told and shown the first’s order), by dragging, renames and deletes a spare run, prints the day’s sheets and starts all runs', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer');
    const farmId = (
      (await (await context.request.get('/api/auth/user')).json()) as { profile: { id: number } }
    ).profile.id;
    // Two fresh orders from the demo chef, and one from a restaurant of the chef's zone: on
    // whatever day the server gives them, the chef's two are one stop.
    const chef = await signInDemo(browser, 'Restaurant');
    const chefProfile = (
      (await (await chef.context.request.get('/api/auth/user')).json()) as {
        profile: { name: string; deliveryZone: string | null };
      }
    ).profile;
    const search = (await (
      await chef.context.request.get(
        `/api/products?farmId=${farmId}&availability=available&page=1&pageSize=1`,
      )
    ).json()) as { items: { id: number; price: string; farm: { deliveryFee: string } }[] };
    const product = search.items[0]!;
    const placed: number[] = [];
    let day: string | undefined;
    for (let index = 0; index < 2; index += 1) {
      const order = await placeOneOf(chef.context, farmId, product);
      day = order.deliveryDate ?? undefined;
      placed.push(order.id);
    }
    await chef.context.close();
    const neighbour = await newContext(browser);
    const neighbourName = `Corner Stop ${Date.now().toString(36)}`;
    await signUpAs(neighbour, 'restaurant', neighbourName, {
      location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      ...(chefProfile.deliveryZone ? { deliveryZone: chefProfile.deliveryZone } : {}),
    });
    const theirs = await placeOneOf(neighbour, farmId, product);
    await neighbour.close();
    expect(day, 'the demo farm has an upcoming delivery day').toBeDefined();
    expect(theirs.deliveryDate).toBe(day);

    const run = (await runsOf(context, day!)).find((each) =>
      each.stops.some((stop) => stop.orderId === placed[0]),
    )!;
    const chefStop = run.places.find((place) => place.orderIds.includes(placed[0]!))!;
    expect(chefStop.orderIds).toContain(placed[1]);
    expect(chefStop.restaurant.name).toBe(chefProfile.name);
    expect(run.places.some((place) => place.orderIds.includes(theirs.id))).toBe(true);
    expect(run.places.length).toBeGreaterThanOrEqual(2);

    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto(`/farmer/runs?date=${day}`);
      await tab.getByRole('heading', { name: 'Delivery runs', exact: true }).waitFor();
      await tab.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    }
    // The chef's orders are one stop: one item of the list, with both numbers.
    await page
      .getByRole('listitem', {
        name: new RegExp(`^Stop \\d+: ${literally(chefProfile.name)}, orders .*#${placed[0]}\\b`),
      })
      .getByText(`#${placed[1]}`, { exact: true })
      .waitFor();
    const before = await shownOrder(page, run.name);
    expect(await shownOrder(other, run.name)).toEqual(before);
    expect(before).toEqual(placesOf(run));

    // The first tab moves its last stop up; the second, still showing the old order, moves
    // its second stop up.
    await page.getByRole('button', { name: `Move ${before.at(-1)} up` }).click();
    await expect
      .poll(async () => (await runsOf(context, day!)).find((each) => each.id === run.id)!.version)
      .toBeGreaterThan(run.version);
    const first = placesOf((await runsOf(context, day!)).find((each) => each.id === run.id)!);
    await other.getByRole('button', { name: `Move ${before[1]} up` }).click();
    await other
      .getByRole('region', { name: run.name })
      .getByText('Someone else changed this run — here is its current order')
      .waitFor();
    await expect.poll(() => shownOrder(other, run.name)).toEqual(first);
    const after = (await runsOf(context, day!)).find((each) => each.id === run.id)!;
    expect(placesOf(after)).toEqual(first);
    await screenshot(other, 'delivery-runs-changed-elsewhere-desktop');
    await other.close();

    // Drag and drop: the last stop dropped on the one above it goes before it, with all its
    // orders. The two are side by side whatever else the day holds (a run of the shared demo
    // farm gathers the orders of every other test), so nothing scrolls between taking and
    // dropping.
    await page.reload();
    const stops = stopsOf(page, run.name);
    await stops.first().waitFor();
    const shown = await shownOrder(page, run.name);
    const dragged = shown.at(-1)!;
    const target = stops.nth(shown.length - 2);
    // Dragged once the card takes drags (not while it is saving), by Playwright's own drag,
    // which walks the browser's drag events as a hand on the mouse does.
    await expect.poll(() => stops.last().getAttribute('draggable')).toBe('true');
    await target.scrollIntoViewIfNeeded();
    // Taken by its handle (the top left corner): lower down are the order's controls.
    await stops.last().dragTo(target, {
      sourcePosition: { x: 16, y: 16 },
      targetPosition: { x: 24, y: 8 },
    });
    await expect.poll(async () => (await shownOrder(page, run.name)).at(-2)).toBe(dragged);
    await expect
      .poll(async () => {
        const saved = (await runsOf(context, day!)).find((each) => each.id === run.id)!;
        return placesOf(saved).at(-2);
      })
      .toBe(dragged);
    // A stop's orders stay together, wherever it went.
    const regrouped = (await runsOf(context, day!)).find((each) => each.id === run.id)!;
    expect(
      regrouped.places.find((place) => place.orderIds.includes(placed[0]!))!.orderIds,
    ).toContain(placed[1]);

    await page.setViewportSize(DESKTOP);

    // A spare truck: added, renamed, and deleted while it has no stops.
    await page.getByRole('button', { name: 'Add run' }).click();
    const adding = page.getByRole('dialog', { name: 'Add run' });
    await adding.getByLabel(/Run name/).fill('Spare truck');
    await adding.getByRole('button', { name: 'Add run' }).click();
    const spare = page.getByRole('region', { name: 'Spare truck' });
    await spare.getByRole('button', { name: 'Rename Spare truck run' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename Spare truck' });
    await renaming.getByLabel(/Run name/).fill('Spare van');
    await renaming.getByRole('button', { name: 'Rename' }).click();
    const van = page.getByRole('region', { name: 'Spare van' });
    await van.getByRole('button', { name: 'Delete Spare van run' }).click();
    await expect.poll(() => van.count()).toBe(0);
    expect((await runsOf(context, day!)).some((each) => each.name.startsWith('Spare'))).toBe(false);

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

    // The day at once: every run's sheet in one PDF, and every run set off.
    const daySheets = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Print the day’s run sheets' }).click();
    expect((await daySheets).url()).toContain(`/api/delivery-runs/sheets?date=${day}`);
    const pdf = await context.request.get(`/api/delivery-runs/sheets?date=${day}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(await pdfText(await pdf.body())).toContain(`RUN SHEET · ${run.name}`);

    for (const status of ['confirmed', 'packed']) {
      const moved = await context.request.patch(`/api/orders/${placed[1]}/status`, {
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await page.reload();
    await region.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    await page.getByRole('button', { name: 'Start all runs' }).click();
    const all = page.getByRole('dialog', { name: /^Start all runs of / });
    await all.getByText(/packed orders? on \d+ runs? go(es)? out for delivery/).waitFor();
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/delivery-runs/start') &&
        response.request().method() === 'POST',
    );
    await all.getByRole('button', { name: 'Start all runs' }).click();
    const report = (await (await answered).json()) as DeliveryDayStartResult;
    await region.getByText(new RegExp(`^Out for delivery: .*#${placed[1]}\\b`)).waitFor();
    const allStarted = (await runsOf(context, day!)).flatMap((each) => each.stops);
    expect(allStarted.find((stop) => stop.orderId === placed[1])!.status).toBe('in_transit');
    // Other tests share the demo farm's day: a packed order of theirs may be refused (a traced
    // line without its lot, say). What stays packed is exactly what was refused, each shown why.
    const refused = report.runs.flatMap((each) => each.refused);
    expect(
      allStarted
        .filter((stop) => stop.status === 'packed')
        .map((stop) => stop.orderId)
        .sort(),
    ).toEqual(refused.map((entry) => entry.id).sort());
    for (const entry of refused) {
      await page.getByText(`#${entry.id} not moved: ${entry.message}`).first().waitFor();
    }

    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: `Stops of ${run.name}` }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'delivery-runs-phone');
    await context.close();
  });
});
