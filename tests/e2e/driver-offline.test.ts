import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import type { Order, OrderHistoryEntry } from '#core/schemas/order';
import { pdfText } from '../helpers/pdf-text';
import { placeOneOf } from './support/orders';
import { demoEmail, signInDemo, signUpAs } from './support/accounts';
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { Line } from './support/line';

let browser: Browser;
let line: Line;
beforeAll(async () => {
  browser = await launchBrowser();
  line = new Line(new URL(baseURL()));
  await line.open();
});
afterAll(async () => {
  await line?.cut();
  await browser?.close();
});

/** A phone's photo of the drop, with a camera's EXIF. */
const dropPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' } })
    .toBuffer();

/** Draws a signature with the mouse on the stop's canvas. */
async function sign(page: Page, stop: ReturnType<Page['getByRole']>) {
  const canvas = stop.getByRole('img', { name: /Signature/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      box.x + 20 + step * 18,
      box.y + box.height / 2 + (step % 2 === 0 ? -25 : 25),
    );
  }
  await page.mouse.up();
}

async function historyOf(context: BrowserContext, orderId: number) {
  const response = await context.request.get(`/api/orders/${orderId}/history`);
  return (await response.json()) as OrderHistoryEntry[];
}

/** Fresh orders of the demo farm, out for delivery, on one run: the chef's and a neighbour's. */
async function ordersOutForDelivery(chefOrders: number, neighbourOrders: number) {
  const chef = await signInDemo(browser, 'Restaurant');
  const farm = await signInDemo(browser, 'Farmer');
  const farmId = (
    (await (await farm.context.request.get('/api/auth/user')).json()) as {
      profile: { id: number };
    }
  ).profile.id;
  const chefZone = (
    (await (await chef.context.request.get('/api/auth/user')).json()) as {
      profile: { deliveryZone: string | null };
    }
  ).profile.deliveryZone;
  const search = (await (
    await chef.context.request.get(
      `/api/products?farmId=${farmId}&availability=available&page=1&pageSize=1`,
    )
  ).json()) as { items: { id: number; price: string; farm: { deliveryFee: string } }[] };
  const product = search.items[0]!;
  const chefPlaced: { id: number; deliveryDate: string | null }[] = [];
  for (let index = 0; index < chefOrders; index += 1) {
    chefPlaced.push(await placeOneOf(chef.context, farmId, product));
  }
  // A restaurant of the chef's zone: its orders go on the same run, a stop of their own.
  const neighbour = await newContext(browser);
  await signUpAs(neighbour, 'restaurant', `Corner Stop ${Date.now().toString(36)}`, {
    location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
    ...(chefZone ? { deliveryZone: chefZone } : {}),
  });
  const neighbourPlaced: { id: number; deliveryDate: string | null }[] = [];
  for (let index = 0; index < neighbourOrders; index += 1) {
    neighbourPlaced.push(await placeOneOf(neighbour, farmId, product));
  }
  await neighbour.close();
  for (const order of [...chefPlaced, ...neighbourPlaced]) {
    for (const status of ['confirmed', 'packed', 'in_transit']) {
      const moved = await farm.context.request.patch(`/api/orders/${order.id}/status`, {
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }
  const day = chefPlaced[0]!.deliveryDate!;
  const runs = (await (
    await farm.context.request.get(`/api/delivery-runs?date=${day}`)
  ).json()) as DeliveryRun[];
  const run = runs.find((each) => each.stops.some((stop) => stop.orderId === chefPlaced[0]!.id))!;
  for (const order of neighbourPlaced) {
    expect(run.stops.some((stop) => stop.orderId === order.id)).toBe(true);
  }
  return {
    chef,
    farm,
    run,
    chefOrders: chefPlaced.map((order) => order.id),
    neighbourOrders: neighbourPlaced.map((order) => order.id),
  };
}

/** A phone signed in as the demo farmer, reaching the server through the line. */
async function driverPhone(): Promise<BrowserContext> {
  const driver = await browser.newContext({ viewport: PHONE, baseURL: line.url });
  driver.setDefaultTimeout(20_000);
  const login = await driver.request.post('/api/auth/login', {
    data: { email: demoEmail('Farmer'), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return driver;
}

/** The addresses the service worker keeps for the person, as paths with their search. */
const keptForDriver = (page: Page) =>
  page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        addresses.push(url.pathname + url.search);
      }
    }
    return addresses.filter((path) =>
      /^\/(farmer\/runs|api\/delivery-runs|api\/auth\/user)/.test(path),
    );
  });

describe("the driver's phone without signal", () => {
  it('keeps the run, takes two stops offline (one with two orders, one confirmation) and sends each once when the line is back', async () => {
    const { chef, farm, run, chefOrders, neighbourOrders } = await ordersOutForDelivery(2, 1);
    const [first, second] = chefOrders as [number, number];
    const [third] = neighbourOrders as [number];

    // The driver opens the run on the phone, with signal, through the line.
    const driver = await driverPhone();
    const page = await driver.newPage();
    await page.goto(`/farmer/runs/${run.id}/drive`);
    await page.getByRole('heading', { name: `${run.name} run` }).waitFor();
    // Once the service worker has the page (it precaches the app first), the run is read
    // through it and kept.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await page.reload();
    // A stop is a restaurant: the chef's two orders are one stop.
    const stopOf = (orderId: number) =>
      page.getByRole('article', { name: new RegExp(`#${orderId}\\b`) });
    await stopOf(first).getByRole('button', { name: 'Delivered' }).waitFor();
    expect(await stopOf(first).getAttribute('aria-label')).toMatch(
      new RegExp(`orders .*#${first}, #${second}\\b`),
    );
    await stopOf(first)
      .getByRole('list', { name: `Lines of #${second}` })
      .waitFor();
    expect(await stopOf(first).getByRole('button', { name: 'Delivered' }).count()).toBe(1);
    expect(await stopOf(first).locator('a[href^="https://maps.google.com/?q="]').count()).toBe(1);
    await screenshot(page, 'driver-run-phone');
    await expectAccessible(page);

    // No signal: the line is cut and the browser says it is offline; the page opens again.
    await line.cut();
    await driver.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `${run.name} run` }).waitFor();
    await page.getByText('No signal: deliveries you confirm wait on this phone.').waitFor();

    const before = Date.now();
    const firstStop = stopOf(first);
    await firstStop.getByRole('button', { name: 'Delivered' }).click();
    await firstStop.getByLabel(/Received by/).fill('Chef Malia');
    await firstStop.getByLabel(/Photo of the drop/).setInputFiles({
      name: 'drop.jpg',
      mimeType: 'image/jpeg',
      buffer: await dropPhoto(),
    });
    await firstStop.getByRole('img', { name: 'The photo of the drop' }).waitFor();
    await sign(page, firstStop);
    await firstStop.getByRole('button', { name: 'Confirm delivery' }).click();
    await firstStop.getByText(/received by Chef Malia · waiting to send/).waitFor();

    const secondStop = stopOf(third);
    await secondStop.getByRole('button', { name: 'Delivered' }).click();
    await secondStop.getByRole('button', { name: 'Confirm delivery' }).click();
    await secondStop.getByText("Please enter the recipient's name").waitFor();
    await secondStop.getByLabel(/Received by/).fill('Kimo');
    await secondStop.getByRole('button', { name: 'Confirm delivery' }).click();
    await secondStop.getByText(/received by Kimo · waiting to send/).waitFor();
    const after = Date.now();
    await page.getByText('2 deliveries wait on this phone.', { exact: false }).waitFor();
    await screenshot(page, 'driver-offline-phone');
    await expectAccessible(page);

    // Nothing reached the server meanwhile.
    for (const orderId of [first, second, third]) {
      const order = (await (
        await farm.context.request.get(`/api/orders/${orderId}/history`)
      ).json()) as OrderHistoryEntry[];
      expect(order.at(-1)?.toStatus).toBe('in_transit');
    }

    // Signal again: the line comes back and the browser says it is online.
    const back = Date.now();
    await line.open();
    await driver.setOffline(false);
    await firstStop.getByText(/Delivered .*, received by Chef Malia$/).waitFor();
    await secondStop.getByText(/Delivered .*, received by Kimo$/).waitFor();
    expect(await firstStop.getByText(/received by Chef Malia$/).count()).toBe(1);
    await expect
      .poll(() => page.getByText(/wait on this phone|waits on this phone/).count())
      .toBe(0);
    await screenshot(page, 'driver-synced-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'driver-synced-desktop');

    // Each order delivered once, with the times confirmed on the phone; the chef's two with
    // the one proof of their stop.
    const farmOrders = (await (
      await farm.context.request.get(`/api/orders/farm?limit=50`)
    ).json()) as Order[];
    for (const [orderId, recipient] of [
      [first, 'Chef Malia'],
      [second, 'Chef Malia'],
      [third, 'Kimo'],
    ] as const) {
      const history = await historyOf(farm.context, orderId);
      expect(history.filter((entry) => entry.toStatus === 'delivered')).toHaveLength(1);
      const delivered = farmOrders.find((each) => each.id === orderId)!;
      expect(delivered.status).toBe('delivered');
      expect(delivered.delivery?.recipientName).toBe(recipient);
      const confirmedAt = Date.parse(delivered.delivery!.deliveredAt);
      expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(confirmedAt).toBeLessThanOrEqual(after + 1000);
      expect(Date.parse(delivered.delivery!.receivedAt)).toBeGreaterThanOrEqual(back - 1000);
    }

    const [firstProof, secondProof] = [first, second].map(
      (orderId) => farmOrders.find((each) => each.id === orderId)!.delivery!,
    );
    expect(secondProof!.deliveredAt).toBe(firstProof!.deliveredAt);
    expect(secondProof!.photoUrl).not.toBeNull();
    expect(secondProof!.signatureUrl).not.toBeNull();

    // Signing out forgets what the phone kept for the driver: the next person on it sees none.
    expect(await keptForDriver(page)).toEqual(
      expect.arrayContaining([`/farmer/runs/${run.id}/drive`, `/api/delivery-runs/${run.id}`]),
    );
    // A link of the page, as the menu's Log out is (a typed address is refused: another site
    // could point at it).
    await page.evaluate(() => window.location.assign('/api/logout'));
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => keptForDriver(page)).toEqual([]);
    await driver.close();

    // The restaurant sees the proof on its order card, and on its invoice.
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await chef.page.setViewportSize(viewport);
      await chef.page.goto('/restaurant/orders');
      const card = chef.page.getByRole('article', { name: new RegExp(`Order #${first}\\b`) });
      await card.getByText('Chef Malia').waitFor();
      const photo = card.getByRole('img', { name: 'Photo of the delivery' });
      const signature = card.getByRole('img', { name: 'Signature of Chef Malia' });
      for (const picture of [photo, signature]) {
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await screenshot(chef.page, `restaurant-proof-${name}`);
      await expectAccessible(chef.page);
    }
    const invoice = await chef.context.request.get(`/api/invoices/${first}/download`);
    expect(invoice.status()).toBe(200);
    const bytes = await invoice.body();
    const text = await pdfText(bytes);
    expect(text).toContain('Received by Chef Malia');
    expect(text).toContain('Proof of delivery');
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);

    await chef.context.close();
    await farm.context.close();
  });

  it('shows the run without signal after one visit with signal, on a reload and in a new tab, never the sign-in page', async () => {
    const { chef, farm, run, chefOrders } = await ordersOutForDelivery(1, 0);
    await chef.context.close();
    await farm.context.close();

    // One visit with signal: the page opens, the worker installs and takes it over, and keeps
    // the page, the signed-in user and the run. Nothing else is done with signal.
    const driver = await driverPhone();
    const page = await driver.newPage();
    const drive = `/farmer/runs/${run.id}/drive`;
    await page.goto(drive);
    await page.getByRole('heading', { name: `${run.name} run` }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await expect
      .poll(() => keptForDriver(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([drive, `/api/delivery-runs/${run.id}`, '/api/auth/user']));

    // No signal; the page is reloaded.
    await line.cut();
    await driver.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `${run.name} run` }).waitFor();
    const stop = page.getByRole('article', { name: new RegExp(`#${chefOrders[0]}\\b`) });
    await stop.getByRole('button', { name: 'Delivered' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(drive);
    await screenshot(page, 'driver-first-visit-offline-phone');

    // The tab is discarded and the run opened again, still without signal.
    await page.close();
    const again = await driver.newPage();
    await again.goto(drive);
    await again.getByRole('heading', { name: `${run.name} run` }).waitFor();
    await again
      .getByRole('article', { name: new RegExp(`#${chefOrders[0]}\\b`) })
      .getByRole('button', { name: 'Delivered' })
      .waitFor();
    expect(await again.getByRole('heading', { name: /sign in/i }).count()).toBe(0);
    await expectAccessible(again);

    await driver.close();
    await line.open();
  });
});
