import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { centsOf, toMoneyString } from '#core/money';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import type { OrderHistoryEntry } from '#core/schemas/order';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { demoEmail, signInDemo } from './support/accounts';
import { baseURL, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { countClicks } from './support/clicks';
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

/** The demo restaurants of three zones the demo farm delivers to on Wednesdays (Honolulu added). */
const KITCHENS = [
  { email: demoEmail('Restaurant'), name: 'Kaimukī Table', zone: 'Honolulu', traced: 11, plain: 2 },
  {
    email: 'mele@haleiwaharbor.example',
    name: 'Haleʻiwa Harbor Kitchen',
    zone: 'North Shore',
    traced: 3,
    plain: 1,
  },
  {
    email: 'ryan@makakilogrill.example',
    name: 'Makakilo Grill',
    zone: 'West Oahu',
    traced: 3,
    plain: 0,
  },
] as const;

interface Product {
  id: number;
  name: string;
  price: string;
  farm: { deliveryFee: string };
}

async function signIn(email: string): Promise<BrowserContext> {
  const context = await newContext(browser);
  const login = await context.request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

/** The farm's first Wednesday at least two weeks out: past every order the demo data holds. */
function quietWednesday(): string {
  let day = addDays(hawaiiToday(), 14);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1);
  return day;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("a farm's delivery day in ten clicks", () => {
  it('confirms, packs with lots, prints and starts 20 orders on 3 runs in ≤ 10 clicks; the driver delivers each stop with one confirmation, part of it offline', async () => {
    const farm = await signInDemo(browser, 'Farmer');
    const me = (await (await farm.context.request.get('/api/auth/user')).json()) as {
      profile: { id: number; name: string; location: string; contactPhone: string | null };
    };
    const farmId = me.profile.id;
    const day = quietWednesday();

    // The farm: traceability on, Mixed Greens on the Food Traceability List with a lot that
    // covers the day, Honolulu added to its Wednesday (North Shore and West Oahu) runs.
    const profile = await farm.context.request.put('/api/profile/farm', {
      data: {
        name: me.profile.name,
        location: me.profile.location,
        ...(me.profile.contactPhone ? { contactPhone: me.profile.contactPhone } : {}),
        traceabilityEnabled: true,
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const catalogue = (await (
      await farm.context.request.get(`/api/products?farmId=${farmId}&page=1&pageSize=100`)
    ).json()) as { items: Product[] };
    const greens = catalogue.items.find((item) => item.name === 'Waimānalo Mixed Greens')!;
    const onions = catalogue.items.find((item) => item.name === 'Green Onions')!;
    expect(greens && onions).toBeTruthy();
    const traced = await farm.context.request.patch(`/api/products/${greens.id}`, {
      data: { traceabilityCategory: 'leafy_greens' },
    });
    expect(traced.status(), await traced.text()).toBe(200);
    // The demo farm is every browser test's: its traceability goes back off after this one,
    // or another test's packing would find its lines wanting lots.
    onTestFinished(async () => {
      const untraced = await farm.context.request.patch(`/api/products/${greens.id}`, {
        data: { traceabilityCategory: null },
      });
      expect(untraced.status(), await untraced.text()).toBe(200);
      const off = await farm.context.request.put('/api/profile/farm', {
        data: {
          name: me.profile.name,
          location: me.profile.location,
          ...(me.profile.contactPhone ? { contactPhone: me.profile.contactPhone } : {}),
          traceabilityEnabled: false,
        },
      });
      expect(off.status(), await off.text()).toBe(200);
      await farm.context.close();
    });
    const lot = await farm.context.request.post('/api/lots', {
      data: {
        code: `WVF-${day.replaceAll('-', '')}-A`,
        productId: greens.id,
        harvestDate: hawaiiToday(),
        location: 'Field 3, Waimānalo',
        quantity: 30,
      },
    });
    expect(lot.status(), await lot.text()).toBe(201);
    const scheduled = await farm.context.request.post('/api/delivery-schedules', {
      data: { deliveryDates: [day], deliveryArea: 'Honolulu' },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(201);

    // 20 orders for the day: 13 Honolulu, 4 North Shore, 3 West Oahu; 17 with the traced greens.
    const placed = new Map<string, number[]>();
    for (const kitchen of KITCHENS) {
      const context = await signIn(kitchen.email);
      const ids: number[] = [];
      for (const [product, count] of [
        [greens, kitchen.traced],
        [onions, kitchen.plain],
      ] as const) {
        for (let index = 0; index < count; index += 1) {
          const response = await context.request.post('/api/orders', {
            data: {
              farmId,
              deliveryDate: day,
              totalAmount: toMoneyString(
                centsOf(product.price) + centsOf(product.farm.deliveryFee),
              ),
              items: [{ productId: product.id, quantity: 1, unitPrice: product.price }],
            },
          });
          expect(response.status(), await response.text()).toBe(201);
          const order = (await response.json()) as { id: number; deliveryDate: string | null };
          expect(order.deliveryDate).toBe(day);
          ids.push(order.id);
        }
      }
      placed.set(kitchen.name, ids);
      await context.close();
    }
    const allOrders = [...placed.values()].flat();
    expect(allOrders).toHaveLength(20);

    // ---- The office, on a desktop: every click on the page counted. ----
    const office = await newContext(browser, DESKTOP);
    const officeLogin = await office.request.post('/api/auth/login', {
      data: { email: demoEmail('Farmer'), password: DEMO_PASSWORD },
    });
    expect(officeLogin.status()).toBe(200);
    const officeClicks = await countClicks(office);
    const page = await office.newPage();
    await page.goto('/');
    // 1: Orders, from the app's navigation.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Orders', exact: true })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/farmer/orders');
    // 2–3: the day, from the native list (open it, pick the day: its pop-up is not the page's).
    const dayPicker = page.getByLabel('Show orders for');
    await expect.poll(() => dayPicker.locator(`option[value="${day}"]`).count()).toBe(1);
    await dayPicker.selectOption(day);
    officeClicks.extra('open the "Show orders for" list');
    officeClicks.extra(`pick ${day}`);
    // 4: confirm all pending.
    await page.getByRole('button', { name: 'Confirm all pending (20)' }).click();
    // 5–6: pack all confirmed, with the suggested lots.
    const pack = page.getByRole('button', { name: 'Mark all confirmed as packed (20)' });
    await pack.click();
    const packing = page.getByRole('dialog', { name: 'Pack all confirmed' });
    await packing
      .getByText('17 orders of 20 have lines on the Food Traceability List without lots.')
      .waitFor();
    await packing.getByRole('button', { name: 'Use suggested lots and pack (20)' }).click();
    await packing.waitFor({ state: 'detached' });
    await page.getByText(/^Marked as packed: /).waitFor();
    // 7: the day's runs.
    await page.getByRole('link', { name: 'Delivery runs', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/farmer/runs');
    expect(new URL(page.url()).searchParams.get('date')).toBe(day);
    for (const kitchen of KITCHENS) {
      await page.getByRole('list', { name: `Stops of ${kitchen.zone}` }).waitFor();
    }
    // 8: print the day's run sheets: a PDF in a tab of its own (the print dialog is the browser's).
    const sheets = office.waitForEvent('page');
    await page.getByRole('button', { name: 'Print the day’s run sheets' }).click();
    const sheet = await sheets;
    expect(sheet.url()).toContain(`/api/delivery-runs/sheets?date=${day}`);
    await sheet.close();
    // 9–10: start all runs, and say yes.
    await page.getByRole('button', { name: 'Start all runs' }).click();
    const starting = page.getByRole('dialog', { name: /^Start all runs of / });
    await starting
      .getByText('20 packed orders on 3 runs go out for delivery', { exact: false })
      .waitFor();
    await starting.getByRole('button', { name: 'Start all runs' }).click();
    await starting.waitFor({ state: 'detached' });
    await screenshot(page, 'delivery-day-started-desktop');
    await settle();
    const officeCount = officeClicks.count;

    const runs = (await (
      await farm.context.request.get(`/api/delivery-runs?date=${day}`)
    ).json()) as DeliveryRun[];
    const runOf = new Map<string, DeliveryRun>();
    for (const kitchen of KITCHENS) {
      const run = runs.find((each) =>
        each.stops.some((stop) => stop.orderId === placed.get(kitchen.name)![0]),
      )!;
      expect(run.name).toBe(kitchen.zone);
      expect(run.places).toHaveLength(1);
      expect([...run.places[0]!.orderIds].sort()).toEqual([...placed.get(kitchen.name)!].sort());
      runOf.set(kitchen.name, run);
    }
    for (const stop of runs.flatMap((run) => run.stops)) {
      expect(stop.status).toBe('in_transit');
    }
    // Every traced order went out with its lot.
    const farmOrders = (await (
      await farm.context.request.get(`/api/orders/farm?limit=100&deliveryDate=${day}`)
    ).json()) as {
      id: number;
      orderItems: { productId: number; lots?: { code: string }[] }[];
    }[];
    const withLots = farmOrders.filter(
      (order) =>
        allOrders.includes(order.id) &&
        order.orderItems.some(
          (item) => item.productId === greens.id && (item.lots?.length ?? 0) > 0,
        ),
    );
    expect(withLots).toHaveLength(17);
    await office.close();

    // ---- The driver, on a phone through a line that can be cut. ----
    const driver = await browser.newContext({ viewport: PHONE, baseURL: line.url });
    driver.setDefaultTimeout(20_000);
    const driverLogin = await driver.request.post('/api/auth/login', {
      data: { email: demoEmail('Farmer'), password: DEMO_PASSWORD },
    });
    expect(driverLogin.status()).toBe(200);
    const driverClicks = await countClicks(driver);
    const phone = await driver.newPage();
    const drive = (kitchen: (typeof KITCHENS)[number]) =>
      `/farmer/runs/${runOf.get(kitchen.name)!.id}/drive`;
    // With signal, Drive opens each of the day's runs once; the service worker keeps them.
    await phone.goto(drive(KITCHENS[0]));
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    for (const kitchen of [...KITCHENS.slice(1), KITCHENS[0]]) {
      await phone.goto(drive(kitchen));
      await phone.getByRole('heading', { name: `${kitchen.zone} run` }).waitFor();
      await phone
        .getByRole('article', { name: new RegExp(`^Stop 1: ${kitchen.name}`) })
        .getByRole('button', { name: 'Delivered' })
        .waitFor();
    }

    const perStop: { kitchen: string; clicks: string[]; offline: boolean }[] = [];
    const deliver = async (kitchen: (typeof KITCHENS)[number], offline: boolean) => {
      await settle();
      const before = driverClicks.count;
      const stop = phone.getByRole('article', { name: new RegExp(`^Stop 1: ${kitchen.name}`) });
      await stop.getByRole('button', { name: 'Delivered' }).click();
      await stop.getByLabel(/Received by/).fill(`Chef of ${kitchen.zone}`);
      await stop.getByRole('button', { name: 'Confirm delivery' }).click();
      await stop
        .getByText(
          new RegExp(`received by Chef of ${kitchen.zone}${offline ? ' · waiting to send' : ''}`),
        )
        .first()
        .waitFor();
      await settle();
      perStop.push({ kitchen: kitchen.name, clicks: driverClicks.clicks.slice(before), offline });
    };

    // The first stop with signal.
    await deliver(KITCHENS[0], false);
    // No signal for the other two: the line is cut and the browser says it is offline.
    await line.cut();
    await driver.setOffline(true);
    for (const kitchen of KITCHENS.slice(1)) {
      await phone.goto(drive(kitchen));
      await phone.getByRole('heading', { name: `${kitchen.zone} run` }).waitFor();
      await phone
        .getByText(/No signal|wait on this phone|waits on this phone/)
        .first()
        .waitFor();
      await deliver(kitchen, true);
    }
    await screenshot(phone, 'delivery-day-offline-phone');
    // Nothing of the offline stops reached the server meanwhile.
    for (const kitchen of KITCHENS.slice(1)) {
      const history = (await (
        await farm.context.request.get(`/api/orders/${placed.get(kitchen.name)![0]}/history`)
      ).json()) as OrderHistoryEntry[];
      expect(history.at(-1)?.toStatus).toBe('in_transit');
    }

    // Signal again: every order of the day is delivered, once.
    await line.open();
    await driver.setOffline(false);
    for (const orderId of allOrders) {
      await expect
        .poll(
          async () =>
            (
              (await (
                await farm.context.request.get(`/api/orders/${orderId}/history`)
              ).json()) as OrderHistoryEntry[]
            ).filter((entry) => entry.toStatus === 'delivered').length,
          { timeout: 30_000 },
        )
        .toBe(1);
    }
    await screenshot(phone, 'delivery-day-synced-phone');
    await driver.close();

    console.log(
      `office clicks: ${officeCount} (${officeClicks.clicks.join(' → ')}); driver: ${perStop.length} stops, ` +
        perStop
          .map(
            (stop) =>
              `${stop.kitchen}${stop.offline ? ' (offline)' : ''}: ${stop.clicks.length} clicks (${stop.clicks.join(' → ')}) + 1 name`,
          )
          .join('; '),
    );
    expect(officeCount).toBeLessThanOrEqual(10);
    expect(perStop).toHaveLength(3);
    for (const stop of perStop) expect(stop.clicks).toHaveLength(2);
  });
});
