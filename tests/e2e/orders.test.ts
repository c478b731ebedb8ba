import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  SCREENSHOT_DIR,
} from './support/browser';
import { signUpAs } from './support/accounts';
/** Where this file's new farms and restaurants are. */
const PROFILE = {
  location: '41-1 Kalanianaole Hwy, Waimanalo, HI 96795',
  contactPhone: '(808) 555-0142',
};

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const PDF_DIR = join(process.cwd(), 'test-results', 'pdfs');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(PDF_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);
const bigFarm = `Waimanalo Greens ${run}`;
const smallFarm = `Manoa Herb Farm ${run}`;
const restaurantName = `Ono Bistro ${run}`;
const deliveryDay = addDays(hawaiiToday(), 3);

async function setUpFarm(
  context: BrowserContext,
  name: string,
  terms: { deliveryFee: string; orderMinimum: string },
  products: { name: string; unit: string; price: string }[],
) {
  await signUpAs(context, 'farm', name, PROFILE);
  const terms_ = await context.request.put('/api/profile/farm', {
    data: {
      name,
      location: '41-1 Kalanianaole Hwy, Waimanalo, HI 96795',
      contactPhone: '(808) 555-0142',
      checksPayableTo: `${name} LLC`,
      ...terms,
    },
  });
  expect(terms_.status()).toBe(200);
  for (const product of products) {
    const created = await context.request.post('/api/products', {
      data: {
        ...product,
        description: 'Picked this morning',
        category: 'vegetables',
        availableQuantity: 40,
        isOrganic: false,
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const schedule = await context.request.post('/api/delivery-schedules', {
    data: { deliveryDates: [deliveryDay], deliveryArea: 'Honolulu' },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
}

async function addToCartFromBrowse(page: Page, productName: string) {
  await page.getByPlaceholder('Search products, farms, or descriptions...').fill(productName);
  const card = page.getByTestId('product-card').filter({
    has: page.getByRole('heading', { name: productName, exact: true }),
  });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await eventually(() =>
    card.getByRole('button', { name: `Increase ${productName}` }).isVisible(),
  ).toBe(true);
  return card;
}

/** Saves a download, checks it is a PDF, and renders its first page to PNG to look at. */
async function savePdf(download: Download, name: string) {
  const path = join(PDF_DIR, `${name}.pdf`);
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    path,
    join(SCREENSHOT_DIR, name),
  ]);
  return execFileSync('pdftotext', ['-layout', path, '-']).toString();
}

describe('ordering from two farms through delivery', () => {
  let restaurant: BrowserContext;
  let bigFarmer: BrowserContext;
  let smallFarmer: BrowserContext;

  beforeAll(async () => {
    bigFarmer = await newContext(browser, DESKTOP);
    smallFarmer = await newContext(browser, DESKTOP);
    restaurant = await newContext(browser, PHONE);
    await setUpFarm(bigFarmer, bigFarm, { deliveryFee: '5.00', orderMinimum: '50.00' }, [
      { name: `Kale ${run}`, unit: 'bunch', price: '3.50' },
    ]);
    await setUpFarm(smallFarmer, smallFarm, { deliveryFee: '2.50', orderMinimum: '0.00' }, [
      { name: `Thai Basil ${run}`, unit: 'bunch', price: '2.25' },
    ]);
    await signUpAs(restaurant, 'restaurant', restaurantName, PROFILE);
  });
  afterAll(async () => {
    await Promise.all([restaurant?.close(), bigFarmer?.close(), smallFarmer?.close()]);
  });

  it('fills a cart from two farms, is warned of the minimum, proceeds and sees two orders', async () => {
    const page = await restaurant.newPage();
    await page.goto('/restaurant/browse');
    const kale = await addToCartFromBrowse(page, `Kale ${run}`);
    await kale.getByRole('button', { name: `Increase Kale ${run}` }).click();
    await addToCartFromBrowse(page, `Thai Basil ${run}`);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await eventually(() => page.url()).toContain('/restaurant/orders');

    const checkout = page.getByRole('region', { name: /Cart Checkout/ });
    await eventually(() => checkout.getByText('Cart Checkout (2 items)').isVisible()).toBe(true);
    const big = checkout.getByRole('region', { name: bigFarm });
    await eventually(() => big.getByText('$43.00 more for').isVisible()).toBe(true);
    await checkout
      .getByRole('region', { name: smallFarm })
      .getByLabel('Note for the farm')
      .fill('Back door by the loading dock');
    await eventually(() => big.getByLabel('Delivery day').locator('option').count()).toBe(2);
    await big.getByLabel('Delivery day').selectOption(deliveryDay);
    // $7.00 + $2.25 of produce and $7.50 of delivery fees.
    await eventually(() => checkout.getByText('$16.75').isVisible()).toBe(true);
    await screenshot(page, 'orders-checkout-phone');

    await checkout.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Minimum Not Met' });
    await eventually(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog
        .getByText(
          "Some of your orders are below the farm's minimum order amount. You can still proceed: you pay the totals shown (the subtotal, the delivery fee and GET), with nothing added for ordering under the minimum.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await dialog.getByText('$50.00').isVisible()).toBe(true);
    expect(await dialog.getByText('$43.00 below minimum').isVisible()).toBe(true);
    await screenshot(page, 'orders-minimum-dialog-phone');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Go Back & Add More Items' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('button', { name: 'Proceed Anyway' }).click();

    await eventually(() => page.getByText('Order Placed Successfully').isVisible()).toBe(true);
    await eventually(() => checkout.isVisible()).toBe(false);
    const orders = page.getByRole('region', { name: 'Orders' });
    await eventually(() => orders.getByText(bigFarm).isVisible()).toBe(true);
    expect(await orders.getByText(smallFarm).isVisible()).toBe(true);
    expect(await orders.getByText('Back door by the loading dock').isVisible()).toBe(true);
    expect(await orders.getByText('2 x bunch @ $3.50 each').isVisible()).toBe(true);
    expect(await page.getByText('Total Orders').isVisible()).toBe(true);
    await screenshot(page, 'orders-list-phone');
    await expectAccessible(page);
  });

  it('lets the farm confirm, pack, ship and deliver with a recipient, and download both PDFs', async () => {
    const page = await bigFarmer.newPage();
    await page.goto('/farmer/orders');
    const card = page.getByRole('article').filter({ hasText: restaurantName });
    await eventually(() => card.getByText('pending').isVisible()).toBe(true);
    await screenshot(page, 'farmer-orders-desktop');
    await expectAccessible(page);

    for (const [action, status] of [
      ['Confirm Order', 'confirmed'],
      ['Mark as Packed', 'packed'],
      ['Mark In Transit', 'in transit'],
    ] as const) {
      await card.getByRole('button', { name: action }).click();
      await eventually(() => card.getByText(status, { exact: true }).isVisible()).toBe(true);
    }

    const slipDownload = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Packing Slip' }).click();
    const slip = await savePdf(await slipDownload, 'farmer-packing-slip');
    expect(slip).toContain('PACKING SLIP');
    expect(slip).toContain(restaurantName);
    expect(slip).not.toContain('$');

    await card.getByRole('button', { name: 'Mark as Delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delivery' });
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await eventually(() => dialog.getByText("Please enter the recipient's name").isVisible()).toBe(
      true,
    );
    await screenshot(page, 'farmer-confirm-delivery-desktop');
    await dialog.getByLabel("Recipient's name").fill('Leilani Kahale');
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await eventually(() => card.getByText('Received by:').isVisible()).toBe(true);
    expect(await card.getByText('Leilani Kahale').isVisible()).toBe(true);
    await eventually(() => page.getByText('Delivery confirmed').isVisible()).toBe(true);
    expect(await page.getByText("Please enter the recipient's name").count()).toBe(0);

    const invoiceDownload = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Invoice' }).click();
    const invoice = await savePdf(await invoiceDownload, 'farmer-invoice');
    expect(invoice).toContain('INVOICE');
    expect(invoice).toContain(`${bigFarm} LLC`);
    expect(invoice).toMatch(/Total\s+\$12\.00/);

    // The pick list belongs to a delivery day: pick the day first. Delivered today, the order
    // now has today as its day.
    await page.getByLabel('Show orders for').selectOption(hawaiiToday());
    const pickDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Pick List' }).click();
    const pick = await savePdf(await pickDownload, 'farmer-pick-list');
    expect(pick).toContain('PICK LIST');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'farmer-orders-phone');
  });

  it('shows the restaurant the delivery and opens its invoice', async () => {
    const page = await restaurant.newPage();
    await page.goto('/restaurant/orders');
    const orders = page.getByRole('region', { name: 'Orders' });
    await eventually(() => orders.getByText('Received by:').isVisible()).toBe(true);
    expect(await orders.getByText('Leilani Kahale').isVisible()).toBe(true);
    // The farm's moves reached the restaurant's bell: its unread dot counts them.
    await eventually(() =>
      page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).isVisible(),
    ).toBe(true);
    const popup = restaurant.waitForEvent('page');
    await orders.getByRole('button', { name: 'Invoice' }).click();
    const opened = await popup;
    expect(opened.url()).toMatch(/\/api\/invoices\/\d+\/download$/);
    const pdf = await restaurant.request.get(new URL(opened.url()).pathname);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await opened.close();
    await screenshot(page, 'orders-delivered-phone');

    const desktop = await browser.newContext({
      viewport: DESKTOP,
      baseURL: baseURL(),
      storageState: await restaurant.storageState(),
    });
    const wide = await desktop.newPage();
    await wide.goto('/restaurant/orders');
    await eventually(() => wide.getByText('Received by:').isVisible()).toBe(true);
    await screenshot(wide, 'orders-list-desktop');
    await desktop.close();
  });
});
