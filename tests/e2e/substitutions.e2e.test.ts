import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { centsOf, multiplyCents, toMoneyString } from '#core/money';
import { pdfText } from '../helpers/pdf-text';
import { join } from 'node:path';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from './support/browser';
import { demoEmail, signInDemo } from './support/accounts';
import { awaitLinkInOutbox } from './support/outbox';

/*
 * The day's exceptions (docs/substitutions.md) end to end: the farm cannot fill a line whose
 * chef wants to be asked, proposes one of its own products on a phone, the chef accepts from
 * the emailed link, and the invoice bills the substitute at the restaurant's price.
 */

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });
const stamp = Date.now().toString(36);
const originalName = `Kale curly ${stamp}`;
const substituteName = `Kale lacinato ${stamp}`;

let browser: Browser;
let farm: { context: BrowserContext; page: Page };
let chef: { context: BrowserContext; page: Page };
beforeAll(async () => {
  browser = await launchBrowser();
  farm = await signInDemo(browser, 'Farmer', PHONE);
  chef = await signInDemo(browser, 'Restaurant', DESKTOP);
});
afterAll(async () => {
  await farm?.context.close();
  await chef?.context.close();
  await browser?.close();
});

/** What the person sees: the viewport (a dialog), or one card of a long list. */
async function shot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

async function createProduct(data: Record<string, unknown>) {
  const created = await farm.context.request.post('/api/products', {
    data: { category: 'vegetables', ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; farmId: number };
}

it('a farm proposes a substitute on a phone, the chef accepts it from the email, the invoice bills it', async () => {
  const original = await createProduct({
    name: originalName,
    unit: 'bunch',
    price: '4.00',
    availableQuantity: 10,
  });
  await createProduct({
    name: substituteName,
    unit: 'bunch',
    price: '5.00',
    availableQuantity: 36,
    packs: [
      { label: 'bunch', size: 1 },
      { label: 'case', size: 12, price: '50.00' },
    ],
  });
  const farmId = original.farmId;
  const search = (await (
    await chef.context.request.get(`/api/products?farmId=${farmId}&page=1&pageSize=1`)
  ).json()) as { items: { farm: { deliveryFee: string } }[] };
  const deliveryFee = search.items[0]!.farm.deliveryFee;

  // The chef orders 2 bunches and wants to be asked should the farm be unable to fill them.
  const lineCents = multiplyCents(centsOf('4.00'), 2);
  const placed = await chef.context.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: toMoneyString(lineCents + centsOf(deliveryFee)),
      items: [
        {
          productId: original.id,
          quantity: 2,
          unitPrice: '4.00',
          totalPrice: toMoneyString(lineCents),
          substitution: 'ask',
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

  // On the phone, the farm cannot fill the kale and offers a case of the lacinato instead.
  const { page } = farm;
  await page.goto('/farmer/orders');
  const card = page.getByRole('article', { name: new RegExp(`Order #${order.id}\\b`) });
  await card.getByRole('button', { name: `Can't fill ${originalName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Can't fill ${originalName}` });
  await dialog.getByText('Chef wants to be asked').waitFor();
  await dialog.getByLabel('Find one of your products').fill(`lacinato ${stamp}`);
  await dialog.getByRole('button', { name: new RegExp(substituteName) }).click();
  await dialog.getByText('case $50.00').click();
  await dialog.getByLabel(/^Quantity of/).fill('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await shot(page, 'substitution-propose-phone');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send to the chef' }).click();
  await page.getByText('Sent to the chef').first().waitFor();
  await eventually(() => card.getByText(/Waiting for the chef until/).isVisible()).toBe(true);
  await card.getByText(`Proposed: 1 case ${substituteName}`, { exact: false }).waitFor();
  await shot(card, 'substitution-waiting-phone');

  // The chef opens the emailed link at their desk and accepts.
  // The chef's order card asks the same, with one-click answers.
  await chef.page.goto('/restaurant/orders');
  const asked = chef.page.getByRole('article', { name: new RegExp(`Order #${order.id}\\b`) });
  await asked.getByText(`Farm proposes: 1 case ${substituteName} · $50.00`).waitFor();
  await asked.getByRole('button', { name: 'Accept' }).waitFor();
  await shot(asked, 'substitution-proposal-order-desktop');
  await expectAccessible(chef.page);

  const link = await awaitLinkInOutbox(
    demoEmail('Restaurant'),
    '/api/substitutions/decide',
    substituteName,
  );
  await chef.page.goto(link);
  await chef.page.getByText(substituteName).first().waitFor();
  await screenshot(chef.page, 'substitution-email-page-desktop');
  await chef.page.getByRole('button', { name: 'Accept substitute' }).click();
  await chef.page
    .getByText(/accepted/i)
    .first()
    .waitFor();
  await screenshot(chef.page, 'substitution-email-accepted-desktop');

  // The chef's order names the substitute and what it replaced.
  await chef.page.goto('/restaurant/orders');
  const chefCard = chef.page.getByRole('article', { name: new RegExp(`Order #${order.id}\\b`) });
  await eventually(() =>
    chefCard.getByText(`Substitute for ${originalName}`, { exact: true }).isVisible(),
  ).toBe(true);
  await shot(chefCard, 'substitution-accepted-order-desktop');

  // The invoice bills one case of the lacinato at the restaurant's price, $50.00.
  const invoice = await chef.context.request.get(`/api/orders/${order.id}/invoice`);
  expect(invoice.status(), await invoice.text()).toBe(200);
  const text = await pdfText(await invoice.body());
  expect(text).toContain(substituteName);
  expect(text).toContain('$50.00');
});

interface Outlook {
  farmId: number;
  status: string;
  hold: unknown;
}

it("the chef's checkout on a 360 px phone carries the order guide's choice to each line", async () => {
  const phone = await signInDemo(browser, 'Restaurant', PHONE);
  try {
    const { context, page } = phone;
    // One product in stock from a farm delivering to the chef on an open day.
    const farms = (await (await context.request.get('/api/farms')).json()) as { id: number }[];
    const next = await context.request.get(
      `/api/delivery-schedules/next?farmIds=${farms.map((entry) => entry.id).join(',')}`,
    );
    const open = ((await next.json()).farms as Outlook[]).filter(
      (outlook) => outlook.status === 'open' && !outlook.hold,
    );
    let chosen: { id: number; name: string } | undefined;
    for (const outlook of open) {
      const listed = await context.request.get(
        `/api/products?farmId=${outlook.farmId}&availability=available&pageSize=100&sort=name`,
      );
      chosen = (
        (await listed.json()).items as {
          id: number;
          name: string;
          availableQuantity: number;
          pricedByWeight?: boolean;
        }[]
      ).find((item) => !item.pricedByWeight && item.availableQuantity >= 5);
      if (chosen) break;
    }
    expect(chosen, 'a demo farm with an open day and stock').toBeDefined();
    const par = 3;
    const saved = await context.request.put('/api/order-guide', {
      data: {
        sections: [
          {
            name: 'Walk-in',
            items: [
              {
                productId: chosen!.id,
                pars: { mon: par, tue: par, wed: par, thu: par, fri: par, sat: par, sun: par },
                substitution: 'allow',
              },
            ],
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto('/restaurant/order-guide');
    await page
      .getByLabel(/^On hand/)
      .first()
      .fill('1');
    await page.getByRole('button', { name: 'Fill to par' }).click();
    await page.getByRole('link', { name: /Go to checkout/ }).click();
    const preference = page.getByLabel(`If unavailable (${chosen!.name})`);
    await eventually(() => preference.inputValue()).toBe('allow');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(page, 'substitution-checkout-phone');
    await expectAccessible(page);
    // The chef changes their mind for this order; the cart keeps it.
    await preference.selectOption('never');
    await page.reload();
    await eventually(() => page.getByLabel(`If unavailable (${chosen!.name})`).inputValue()).toBe(
      'never',
    );
  } finally {
    await phone.context.close();
  }
});

/** Places an order of these lines (each 'ask') as the chef; the order's id and day back. */
async function placeLines(
  farmId: number,
  lines: { productId: number; quantity: number; unitPrice: string }[],
): Promise<{ id: number; deliveryDate: string }> {
  const search = (await (
    await chef.context.request.get(`/api/products?farmId=${farmId}&page=1&pageSize=1`)
  ).json()) as { items: { farm: { deliveryFee: string } }[] };
  const items = lines.map((line) => ({
    ...line,
    totalPrice: toMoneyString(multiplyCents(centsOf(line.unitPrice), line.quantity)),
    substitution: 'ask',
  }));
  const subtotal = items.reduce((sum, item) => sum + centsOf(item.totalPrice), 0);
  const placed = await chef.context.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: toMoneyString(subtotal + centsOf(search.items[0]!.farm.deliveryFee)),
      items,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { id: number; deliveryDate: string };
}

it('the chef sets a pending line to allow substitutes on a phone; the farm shorts a product on every order of the day', async () => {
  const basil = await createProduct({
    name: `Basil ${stamp}`,
    unit: 'bunch',
    price: '3.00',
    availableQuantity: 20,
  });
  const mint = await createProduct({
    name: `Mint ${stamp}`,
    unit: 'bunch',
    price: '2.00',
    availableQuantity: 20,
  });
  const lines = [
    { productId: basil.id, quantity: 2, unitPrice: '3.00' },
    { productId: mint.id, quantity: 1, unitPrice: '2.00' },
  ];
  const first = await placeLines(basil.farmId, lines);
  const second = await placeLines(basil.farmId, lines);
  expect(second.deliveryDate).toBe(first.deliveryDate);

  // While the order is pending, the chef allows substitutes for the basil, on a phone.
  const phone = await signInDemo(browser, 'Restaurant', PHONE);
  try {
    await phone.page.goto('/restaurant/orders');
    const card = phone.page.getByRole('article', { name: new RegExp(`Order #${first.id}\\b`) });
    const preference = card.getByLabel(`If unavailable (Basil ${stamp})`);
    await eventually(() => preference.inputValue()).toBe('ask');
    await preference.selectOption('allow');
    await phone.page.getByText(`Basil ${stamp}: Allow substitutes.`, { exact: true }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await shot(card, 'substitution-preference-order-phone');
  } finally {
    await phone.context.close();
  }
  const seen = (await (
    await chef.context.request.get('/api/orders/restaurant?limit=20')
  ).json()) as { id: number; orderItems: { productId: number; substitution?: string }[] }[];
  expect(
    seen
      .find((entry) => entry.id === first.id)!
      .orderItems.find((item) => item.productId === basil.id)!.substitution,
  ).toBe('allow');

  // The farm confirms both, then is out of basil for the day.
  for (const placed of [first, second]) {
    const confirmed = await farm.context.request.patch(`/api/orders/${placed.id}/status`, {
      data: { status: 'confirmed' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  const desk = await signInDemo(browser, 'Farmer', DESKTOP);
  try {
    const { page } = desk;
    await page.goto('/farmer/orders');
    await page.getByLabel('Show orders for').selectOption(first.deliveryDate);
    await page.getByRole('article', { name: new RegExp(`Order #${second.id}\\b`) }).waitFor();
    await page.getByRole('button', { name: 'Short a product on every order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Short a product on every order' });
    await dialog
      .getByLabel('Product you cannot fill')
      .selectOption({ label: `Basil ${stamp} (2 orders)` });
    await dialog.getByText(/^This changes 2 orders/).waitFor();
    await expectAccessible(page);
    await shot(page, 'substitution-bulk-confirm-desktop');
    await dialog.getByRole('button', { name: 'Short on 2 orders' }).click();
    // Each order is shorted in its own transaction, with its notices: under the whole browser
    // suite on two cores that has taken more than the default 15 s.
    await dialog.getByText(`Basil ${stamp}: 2 orders shorted.`).waitFor({ timeout: 45_000 });
    await shot(page, 'substitution-bulk-result-desktop');
    await dialog.getByRole('button', { name: 'Done' }).click();
  } finally {
    await desk.context.close();
  }
});
