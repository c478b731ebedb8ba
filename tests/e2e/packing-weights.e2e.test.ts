import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { centsOf, multiplyCents, toMoneyString } from '#core/money';
import { launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });
const productName = `Ahi by weight ${Date.now().toString(36)}`;

let browser: Browser;
let farm: { context: BrowserContext; page: Page };
let chef: { context: BrowserContext; page: Page };
beforeAll(async () => {
  browser = await launchBrowser();
  farm = await signInDemo(browser, 'Farmer', PHONE);
  chef = await signInDemo(browser, 'Restaurant');
});
afterAll(async () => {
  await farm?.context.close();
  await chef?.context.close();
  await browser?.close();
});

interface WeighedLine {
  weight: number | null;
  weightHistory: { kind: string; weight: number }[];
}

/** The order's one line as the server has it now (the farm's newest orders hold it). */
async function serverLine(orderId: number): Promise<WeighedLine> {
  const response = await farm.context.request.get('/api/orders/farm?limit=20');
  expect(response.status()).toBe(200);
  const orders = (await response.json()) as { id: number; orderItems: WeighedLine[] }[];
  return orders.find((order) => order.id === orderId)!.orderItems[0]!;
}

it('a packer weighs two cases offline on a phone; the server records one weighing of 49.9 lb', async () => {
  // A product priced per lb, sold in boxes of about 25 lb each.
  const created = await farm.context.request.post('/api/products', {
    data: {
      name: productName,
      category: 'other',
      unit: 'box',
      price: '3.50',
      availableQuantity: 10,
      pricedByWeight: true,
      weightUnit: 'lb',
      packs: [{ label: 'box', size: 1, estimatedWeight: 25 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number; farmId: number };
  const farmId =
    product.farmId ??
    (
      (await (await farm.context.request.get('/api/auth/user')).json()) as {
        profile: { id: number };
      }
    ).profile.id;
  // The farm's delivery fee, as the restaurant's search shows it on any of its products.
  const search = (await (
    await chef.context.request.get(`/api/products?farmId=${farmId}&page=1&pageSize=1`)
  ).json()) as { items: { farm: { deliveryFee: string } }[] };
  const found = search.items[0]!;

  // The restaurant orders 2 boxes: $3.50 × 50 lb estimated.
  const lineCents = multiplyCents(centsOf('3.50'), 50);
  const placed = await chef.context.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: toMoneyString(lineCents + centsOf(found.farm.deliveryFee)),
      items: [
        {
          productId: product.id,
          quantity: 2,
          unitPrice: '3.50',
          totalPrice: toMoneyString(lineCents),
        },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };
  const confirmed = await farm.context.request.patch(`/api/orders/${order.id}/status`, {
    data: { status: 'confirmed' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const { page, context } = farm;
  await page.goto('/farmer/orders');
  const card = page.getByRole('article', { name: new RegExp(`Order #${order.id}\\b`) });
  await eventually(() => card.getByText('≈ 50 lb estimated').isVisible()).toBe(true);
  await card.getByRole('button', { name: 'Enter weight' }).click();

  await context.setOffline(true);
  await card.getByRole('checkbox', { name: 'One per box' }).check();
  await card.getByLabel(/box 1 \(lb\)/).fill('24.6');
  await card.getByLabel(/box 2 \(lb\)/).fill('25.3');
  await card.getByRole('button', { name: 'Save weight' }).click();
  await eventually(() => card.getByText('Saved on this phone, sends when online').isVisible()).toBe(
    true,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await screenshot(page, 'packing-weight-queued-phone');

  await context.setOffline(false);
  await eventually(async () => {
    const line = await serverLine(order.id);
    return line.weightHistory.map((entry) => [entry.kind, entry.weight]);
  }).toEqual([['weighed', 49.9]]);
  await eventually(() => card.getByText('Saved on this phone, sends when online').isVisible()).toBe(
    false,
  );
  await eventually(() => card.getByText(/^49\.9 lb · \$174\.65 · weighed by /).isVisible()).toBe(
    true,
  );

  // A reload sends nothing more: the weighing is recorded once.
  await page.reload();
  await eventually(() => card.getByText(/^49\.9 lb · \$174\.65 · weighed by /).isVisible()).toBe(
    true,
  );
  const line = await serverLine(order.id);
  expect(line.weightHistory).toHaveLength(1);
  expect(line.weight).toBe(49.9);
});
