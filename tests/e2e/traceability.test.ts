import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { pdfText } from '../helpers/pdf-text';
import {
  DESKTOP,
  E2E_PASSWORD,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  uniqueEmail,
} from './support/browser';

const location = '41-600 Kalanianaole Hwy, Waimanalo, HI 96795';

let browser: Browser;
let farm: BrowserContext;
let chef: BrowserContext;
let otherChef: BrowserContext;
let farmId: number;
let chefEmail: string;
let otherChefEmail: string;
let lettuceId: number;

/** Signs a person up in the context with a farm or restaurant; the email and the profile id. */
async function signUp(context: BrowserContext, kind: 'farm' | 'restaurant', name: string) {
  const email = uniqueEmail(kind);
  const register = await context.request.post('/api/auth/register', {
    data: { email, password: E2E_PASSWORD, firstName: 'Malia', lastName: 'Kealoha' },
  });
  expect(register.status()).toBe(201);
  const created = await context.request.post(`/api/profile/${kind}`, { data: { name, location } });
  expect(created.status(), await created.text()).toBe(201);
  return { email, id: ((await created.json()) as { id: number }).id };
}

async function placeOrder(context: BrowserContext, quantity: number): Promise<number> {
  const total = (quantity * 4).toFixed(2);
  const placed = await context.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: total,
      items: [{ productId: lettuceId, quantity, unitPrice: '4.00', totalPrice: total }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { id: number }).id;
  const confirmed = await farm.request.patch(`/api/orders/${id}/status`, {
    data: { status: 'confirmed' },
  });
  expect(confirmed.status()).toBe(200);
  return id;
}

/** The emails the server wrote for `to` (quoted-printable undone). */
function mailTo(to: string): string[] {
  const outbox = inject('outboxDir');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((text) => text.includes(`To: ${to}`));
}

async function fits(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  farm = await newContext(browser, DESKTOP);
  chef = await newContext(browser, DESKTOP);
  otherChef = await newContext(browser, DESKTOP);
  farmId = (await signUp(farm, 'farm', 'Waimānalo Greens')).id;
  chefEmail = (await signUp(chef, 'restaurant', 'Lanikai Table')).email;
  otherChefEmail = (await signUp(otherChef, 'restaurant', 'Kailua Poke Bar')).email;
  const created = await farm.request.post('/api/products', {
    data: {
      name: 'Mānoa Lettuce',
      category: 'vegetables',
      unit: 'lb',
      price: '4.00',
      availableQuantity: 50,
      traceabilityCategory: 'leafy_greens',
    },
  });
  expect(created.status()).toBe(201);
  lettuceId = ((await created.json()) as { id: number }).id;
});

afterAll(async () => {
  await browser?.close();
});

describe('traceability from lot to recall', () => {
  let orderId: number;
  let otherOrderId: number;

  it('the farm turns traceability on and records two lots of a leafy green', async () => {
    const page = await farm.newPage();
    await page.goto('/profile/edit');
    await page.getByLabel(/Traceability \(FSMA 204\)/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(
        async () =>
          (await (await farm.request.get('/api/auth/user')).json()).profile.traceabilityEnabled,
      )
      .toBe(true);

    await page.goto('/farmer/lots');
    await page.getByRole('heading', { name: 'Lots', exact: true }).waitFor();
    await page.getByText('No lots yet').waitFor();
    for (const [code, quantity, field] of [
      ['WG-1201-A', '4', 'Field 2, Waimānalo'],
      ['WG-1201-B', '20', 'Field 5, Waimānalo'],
    ] as const) {
      await page.getByRole('button', { name: 'Record Lot' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Record a lot' });
      await dialog.waitFor();
      await dialog.getByLabel(/Lot code/).fill(code);
      await dialog.getByLabel(/Product/).selectOption({ label: 'Mānoa Lettuce (lb)' });
      await dialog
        .getByLabel(/Harvest or pack date/)
        .fill(code.endsWith('A') ? '2026-11-20' : '2026-11-22');
      await dialog.getByLabel(/Quantity/).fill(quantity);
      await dialog.getByLabel(/Field or place/).fill(field);
      await dialog.getByRole('button', { name: 'Record Lot' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Open lot ${code}` }).waitFor();
    }
    await screenshot(page, 'traceability-lots-desktop');
    await expectAccessible(page);
    await page.close();
  });

  it('packs an order taking 3 from one lot and 2 from the other; the slip shows both codes', async () => {
    orderId = await placeOrder(chef, 5);
    otherOrderId = await placeOrder(otherChef, 1);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await farm.newPage();
      await page.setViewportSize(viewport);
      await page.goto('/farmer/orders');
      const card = page.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
      await card.getByText('needs lots before packing').waitFor();
      if (name === 'phone') {
        // Packing without lots is refused, naming the line.
        await card.getByRole('button', { name: 'Mark as Packed' }).click();
        await page
          .getByText(/Assign lots to Mānoa Lettuce before packing/)
          .first()
          .waitFor();
        await fits(page);
        await screenshot(page, 'traceability-needs-lots-phone');
        await page.close();
        continue;
      }
      await card.getByRole('button', { name: 'Assign Lots' }).click();
      const dialog = page.getByRole('dialog', { name: `Lots of order #${orderId}` });
      await dialog.waitFor();
      // The oldest lot first, as much as it has: 4 from A, 1 from B; the packer takes 3 and 2.
      const first = dialog.getByLabel('Quantity from lot 1 of Mānoa Lettuce (lb)');
      await expect.poll(() => first.inputValue()).toBe('4');
      await first.fill('3');
      await dialog.getByRole('button', { name: 'Save Lots' }).click();
      await dialog.getByText('The lots add up to 4 lb; the line is 5 lb').waitFor();
      await dialog.getByLabel('Quantity from lot 2 of Mānoa Lettuce (lb)').fill('2');
      await screenshot(page, 'traceability-assign-lots-desktop');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save Lots' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Lots WG-1201-A (3 lb), WG-1201-B (2 lb)').waitFor();
      await card.getByRole('button', { name: 'Mark as Packed' }).click();
      await card.getByRole('button', { name: 'Mark In Transit' }).waitFor();
      await screenshot(page, 'traceability-packed-desktop');
      await page.close();
    }
    const slip = await farm.request.get(`/api/orders/${orderId}/packing-slip`);
    expect(slip.status()).toBe(200);
    const text = await pdfText(await slip.body());
    expect(text).toContain('WG-1201-A (3 lb), WG-1201-B (2 lb)');

    // The other restaurant's order takes the last of lot A; both orders ship.
    const assigned = await farm.request.put(
      `/api/orders/${otherOrderId}/items/${(await (await farm.request.get('/api/orders/farm?limit=10')).json()).find((order: { id: number }) => order.id === otherOrderId).orderItems[0].id}/lots`,
      {
        data: {
          lots: [
            {
              lotId: (await (await farm.request.get('/api/lots?open=true')).json())[0].id,
              quantity: 1,
            },
          ],
        },
      },
    );
    expect(assigned.status(), await assigned.text()).toBe(200);
    for (const id of [orderId, otherOrderId]) {
      for (const status of id === otherOrderId ? ['packed', 'in_transit'] : ['in_transit']) {
        const moved = await farm.request.patch(`/api/orders/${id}/status`, { data: { status } });
        expect(moved.status(), await moved.text()).toBe(200);
      }
    }
  });

  it('the restaurant downloads its receiving records', async () => {
    const page = await chef.newPage();
    await page.goto('/restaurant/reports');
    await page.getByRole('link', { name: 'Traceability records' }).click();
    await page.getByRole('heading', { name: 'Recalls and traceability' }).waitFor();
    await page.getByText('No recalls').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lanikai-table-receiving-records-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => [row[1], row[2], row[3], row[4], row[6]])).toEqual([
      ['WG-1201-A', 3, 'lb', 'Mānoa Lettuce', 'Lanikai Table'],
      ['WG-1201-B', 2, 'lb', 'Mānoa Lettuce', 'Lanikai Table'],
    ]);
    await expectAccessible(page);
    await page.close();
  });

  it('the farm recalls one lot; both restaurants get the email and the banner; one acknowledges', async () => {
    const page = await farm.newPage();
    await page.goto('/farmer/lots');
    await page.getByRole('button', { name: 'Open lot WG-1201-A' }).click();
    const lot = page.getByRole('dialog', { name: 'Lot WG-1201-A' });
    await lot.getByText('Lanikai Table').waitFor();
    await lot.getByText('Kailua Poke Bar').waitFor();
    await lot
      .getByLabel('Message to the restaurants')
      .fill('Possible E. coli in lot WG-1201-A: please hold and discard it.');
    await lot.getByRole('button', { name: 'Recall Lot…' }).click();
    await lot.getByRole('button', { name: 'Send Recall' }).click();
    await lot.getByText('Recall sent', { exact: false }).first().waitFor();
    await lot.getByText('Not acknowledged yet').first().waitFor();

    for (const email of [chefEmail, otherChefEmail]) {
      await expect
        .poll(() => mailTo(email).some((text) => text.includes('recalls lot WG-1201-A')), {
          timeout: 20_000,
        })
        .toBe(true);
    }

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const kitchen = await otherChef.newPage();
      await kitchen.setViewportSize(viewport);
      await kitchen.goto('/restaurant/orders');
      const banner = kitchen.getByRole('region', { name: 'Food safety recall' });
      await banner.getByText(/Possible E\. coli in lot WG-1201-A/).waitFor();
      await screenshot(kitchen, `traceability-recall-banner-${name}`);
      await fits(kitchen);
      await expectAccessible(kitchen);
      if (name === 'desktop') {
        await banner.getByRole('button', { name: 'Acknowledge' }).click();
        await banner.waitFor({ state: 'detached' });
      }
      await kitchen.close();
    }

    // The farm sees who acknowledged and when; the other restaurant has not yet.
    await page.reload();
    await page.getByRole('button', { name: 'Open lot WG-1201-A' }).click();
    const reopened = page.getByRole('dialog', { name: 'Lot WG-1201-A' });
    await reopened.getByText(/Acknowledged by Malia K\. on \w+ \d+, \d{4} at/).waitFor();
    await reopened.getByText('Not acknowledged yet').waitFor();
    await screenshot(page, 'traceability-recall-acknowledged-desktop');
    await page.setViewportSize(PHONE);
    await fits(page);
    await screenshot(page, 'traceability-recall-acknowledged-phone');
    await page.close();
  });

  it("packs a day's confirmed orders with the suggested lots in one confirmation", async () => {
    // A delivery day three days on, and a lot harvested before what is left of lot B.
    const day = addDays(hawaiiToday(), 3);
    const scheduled = await farm.request.post('/api/delivery-schedules', {
      data: { deliveryDates: [day], deliveryArea: 'Kailua' },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(201);
    const recorded = await farm.request.post('/api/lots', {
      data: {
        code: 'WG-1121-C',
        productId: lettuceId,
        harvestDate: '2026-11-21',
        location: 'Field 1, Waimānalo',
        quantity: 2,
      },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    // Placed without a day, each order takes the farm's next open day: `day`.
    const first = await placeOrder(chef, 3);
    const second = await placeOrder(otherChef, 1);

    const page = await farm.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/farmer/orders');
    await page.getByLabel('Show orders for').selectOption(day);
    const pack = page.getByRole('button', { name: 'Mark all confirmed as packed (2)' });
    await pack.click();
    const dialog = page.getByRole('dialog', { name: 'Pack all confirmed' });
    await dialog
      .getByText('2 orders of 2 have lines on the Food Traceability List without lots.')
      .waitFor();
    await fits(page);
    await screenshot(page, 'traceability-pack-suggested-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'traceability-pack-suggested-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Use suggested lots and pack (2)' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The oldest open lot first, split where it does not cover the line.
    await page.getByText(`Marked as packed: #${first}, #${second}`).waitFor();
    const card = (id: number) =>
      page.getByRole('article', { name: new RegExp(`^Order #${id}\\b`) });
    await card(first).getByText('Lots WG-1121-C (2 lb), WG-1201-B (1 lb)').waitFor();
    await card(second).getByText('Lot WG-1201-B (1 lb)').waitFor();
    await screenshot(page, 'traceability-packed-suggested-desktop');
    await page.setViewportSize(PHONE);
    await fits(page);
    await screenshot(page, 'traceability-packed-suggested-phone');
    await page.close();
  });
});
