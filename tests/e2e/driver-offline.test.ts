import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, toMoneyString } from '#core/money';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import type { Order, OrderHistoryEntry } from '#core/schemas/order';
import { pdfText } from '../helpers/pdf-text';
import { demoEmail, signInDemo } from './support/accounts';
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { DEMO_PASSWORD } from '../../src/server/db/seed';

/**
 * The server as the phone reaches it: a small proxy to the test server that can be cut off
 * and brought back on the same address. Stopping it makes the API unreachable for the page and
 * for its service worker alike (the browser's offline switch does not cover the worker's own
 * fetches).
 */
class Line {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = createServer((incoming, outgoing) => {
      const headers = { ...incoming.headers, host: this.target.host };
      // The server checks that writes come from its own origin.
      if (headers.origin) headers.origin = this.target.origin;
      if (headers.referer) headers.referer = headers.referer.replace(this.url, this.target.origin);
      const forward = httpRequest(
        {
          host: this.target.hostname,
          port: this.target.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      incoming.pipe(forward);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

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

describe("the driver's phone without signal", () => {
  it('keeps the run, takes two deliveries offline and sends each once when the line is back', async () => {
    // Two fresh orders from the demo chef, out for delivery.
    const chef = await signInDemo(browser, 'Restaurant');
    const farm = await signInDemo(browser, 'Farmer');
    const farmId = (
      (await (await farm.context.request.get('/api/auth/user')).json()) as {
        profile: { id: number };
      }
    ).profile.id;
    const search = (await (
      await chef.context.request.get(
        `/api/products?farmId=${farmId}&availability=available&page=1&pageSize=1`,
      )
    ).json()) as { items: { id: number; price: string; farm: { deliveryFee: string } }[] };
    const product = search.items[0]!;
    const placed: { id: number; deliveryDate: string | null }[] = [];
    for (let index = 0; index < 2; index += 1) {
      const response = await chef.context.request.post('/api/orders', {
        data: {
          farmId,
          totalAmount: toMoneyString(centsOf(product.price) + centsOf(product.farm.deliveryFee)),
          items: [{ productId: product.id, quantity: 1, unitPrice: product.price }],
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      placed.push((await response.json()) as { id: number; deliveryDate: string | null });
    }
    for (const order of placed) {
      for (const status of ['confirmed', 'packed', 'in_transit']) {
        const moved = await farm.context.request.patch(`/api/orders/${order.id}/status`, {
          data: { status },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }
    }
    const day = placed[0]!.deliveryDate!;
    const runs = (await (
      await farm.context.request.get(`/api/delivery-runs?date=${day}`)
    ).json()) as DeliveryRun[];
    const run = runs.find((each) => each.stops.some((stop) => stop.orderId === placed[0]!.id))!;
    const [first, second] = placed.map((order) => order.id) as [number, number];

    // The driver opens the run on the phone, with signal, through the line.
    const driver = await browser.newContext({ viewport: PHONE, baseURL: line.url });
    driver.setDefaultTimeout(20_000);
    const login = await driver.request.post('/api/auth/login', {
      data: { email: demoEmail('Farmer'), password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const page = await driver.newPage();
    await page.goto(`/farmer/runs/${run.id}/drive`);
    await page.getByRole('heading', { name: `${run.name} run` }).waitFor();
    // Once the service worker has the page (it precaches the app first), the run is read
    // through it and kept.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await page.reload();
    const stopOf = (orderId: number) =>
      page.getByRole('article', { name: new RegExp(`order #${orderId}$`) });
    await stopOf(first).getByRole('button', { name: 'Delivered' }).waitFor();
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

    const secondStop = stopOf(second);
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
    for (const orderId of [first, second]) {
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
    await expect
      .poll(() => page.getByText(/wait on this phone|waits on this phone/).count())
      .toBe(0);
    await screenshot(page, 'driver-synced-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'driver-synced-desktop');

    // Each order delivered once, with the times confirmed on the phone.
    for (const [orderId, recipient] of [
      [first, 'Chef Malia'],
      [second, 'Kimo'],
    ] as const) {
      const history = await historyOf(chef.context, orderId);
      expect(history.filter((entry) => entry.toStatus === 'delivered')).toHaveLength(1);
      const order = (await (
        await chef.context.request.get(`/api/orders/restaurant?limit=20`)
      ).json()) as Order[];
      const delivered = order.find((each) => each.id === orderId)!;
      expect(delivered.status).toBe('delivered');
      expect(delivered.delivery?.recipientName).toBe(recipient);
      const confirmedAt = Date.parse(delivered.delivery!.deliveredAt);
      expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(confirmedAt).toBeLessThanOrEqual(after + 1000);
      expect(Date.parse(delivered.delivery!.receivedAt)).toBeGreaterThanOrEqual(back - 1000);
    }

    // Signing out forgets what the phone kept for the driver: the next person on it sees none.
    const keptForDriver = () =>
      page.evaluate(async () => {
        const addresses: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) addresses.push(new URL(request.url).pathname);
        }
        return addresses.filter((path) =>
          /^\/(farmer\/runs|api\/delivery-runs|api\/auth\/user)/.test(path),
        );
      });
    expect(await keptForDriver()).toEqual(
      expect.arrayContaining([`/farmer/runs/${run.id}/drive`, `/api/delivery-runs/${run.id}`]),
    );
    // A link of the page, as the menu's Log out is (a typed address is refused: another site
    // could point at it).
    await page.evaluate(() => window.location.assign('/api/logout'));
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(keptForDriver).toEqual([]);
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
});
