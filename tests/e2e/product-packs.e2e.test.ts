import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { signUpAs } from './support/accounts';

const PROFILE = { location: '45-3380 Mamane St, Honokaa, HI 96727' };
const farmName = `Honokaa Greens Packs Test Farm ${Date.now().toString(36)}`;
const productName = 'Lacinato Kale';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

let browser: Browser;
let farmer: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  farmer = await newContext(browser, PHONE);
  await signUpAs(farmer, 'farm', farmName, PROFILE);
});
afterAll(async () => {
  await farmer?.close();
  await browser?.close();
});

/** Nothing in it is wider than it: no sideways scroll on a 360 px phone. */
async function expectNoSideways(box: Locator) {
  expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

it('a farmer adds a case pack on a phone; the inventory names it with its price', async () => {
  const created = await farmer.request.post('/api/products', {
    data: { name: productName, category: 'vegetables', unit: 'bunch', price: '1.80' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const page = await farmer.newPage();
  await page.goto('/farmer/inventory');
  await page.getByRole('button', { name: `Edit ${productName}` }).click();
  const dialog = page.getByRole('dialog');
  const rows = dialog.getByTestId('pack-row');
  await eventually(() => rows.first().textContent()).toContain('bunch · 1 bunch · $1.80');

  await dialog.getByRole('button', { name: 'Add a pack' }).click();
  await dialog.getByLabel('Label of pack 2').fill('case of 24 bunches');
  await dialog.getByLabel(/Size of pack 2/).fill('24');
  await expect
    .poll(() => dialog.getByLabel('Price of pack 2').getAttribute('placeholder'))
    .toBe('$43.20');
  await expectNoSideways(dialog);
  await expectNoSideways(page.locator('html'));
  await expectAccessible(page);
  await screenshot(page, 'product-packs-phone');

  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await eventually(() => dialog.isVisible()).toBe(false);
  await eventually(() => page.getByText(/^Also:/).textContent()).toBe(
    'Also: case of 24 bunches $43.20',
  );
  await expectNoSideways(page.locator('html'));

  const products = await farmer.request.get('/api/products/farm');
  const saved = ((await products.json()) as { id: number; packs: unknown[] }[]).find(
    (product) => product.id === id,
  );
  expect(saved?.packs).toEqual([
    expect.objectContaining({ label: 'bunch', size: 1, price: '1.80' }),
    expect.objectContaining({ label: 'case of 24 bunches', size: 24, price: '43.20' }),
  ]);

  // The same label again is refused in the form, before anything is sent.
  await page.getByRole('button', { name: `Edit ${productName}` }).click();
  await dialog.getByRole('button', { name: 'Add a pack' }).click();
  await dialog.getByLabel('Label of pack 3').fill('Case of 24 Bunches');
  await dialog.getByLabel(/Size of pack 3/).fill('12');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await eventually(() => dialog.getByText('Already a pack').isVisible()).toBe(true);
});
