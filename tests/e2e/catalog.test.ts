import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, hawaiiToday } from '#core/hawaii-time';
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signUpAs } from './support/accounts';
/** Where this file's new farms and restaurants are. */
const PROFILE = { location: '51-100 Kamehameha Hwy, Kaaawa, HI 96730' };

/** Waits for the page to catch up (the server may be busy), up to the context's timeout. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const farmName = `Kualoa Ridge Test Farm ${Date.now().toString(36)}`;
const firstDay = addDays(hawaiiToday(), 2);
const secondDay = addDays(hawaiiToday(), 9);

/** The same signed-in user on a phone-sized screen. */
async function phoneTwin(context: BrowserContext): Promise<Page> {
  const phone = await browser.newContext({
    viewport: PHONE,
    baseURL: baseURL(),
    storageState: await context.storageState(),
  });
  phone.setDefaultTimeout(15_000);
  return phone.newPage();
}

async function addProduct(
  page: Page,
  product: { name: string; category: string; unit: string; price: string; quantity: string },
) {
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Product Name').fill(product.name);
  await dialog.getByLabel('Category').selectOption(product.category);
  await dialog.getByLabel('Unit').selectOption(product.unit);
  await dialog.getByLabel('Price ($)').fill(product.price);
  await dialog.getByLabel('Quantity Available').fill(product.quantity);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await eventually(() => dialog.isVisible()).toBe(false);
  await expect
    .poll(() => page.getByRole('heading', { name: product.name, exact: true }).isVisible())
    .toBe(true);
}

async function pickDay(page: Page, date: string) {
  const dialog = page.getByRole('dialog');
  const day = dialog.locator(`td[data-day="${date}"] button`);
  for (let step = 0; step < 3 && !(await day.isVisible()); step += 1) {
    await dialog.getByRole('button', { name: /next month/i }).click();
  }
  await day.click();
}

describe('catalogue and delivery days', () => {
  let farmer: BrowserContext;
  let restaurant: BrowserContext;

  afterAll(async () => {
    await farmer?.close();
    await restaurant?.close();
  });

  it('a farmer lists three products, with field messages for a bad form', async () => {
    farmer = await newContext(browser, DESKTOP);
    await signUpAs(farmer, 'farm', farmName, PROFILE);
    const page = await farmer.newPage();
    await page.goto('/farmer/inventory');
    await eventually(() => page.getByText('No products yet').isVisible()).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Inventory' }).first().getAttribute('aria-current'),
    ).toBe('page');

    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await eventually(() => dialog.getByText('Required').count()).toBe(3);
    await dialog.getByLabel('Quantity Available').fill('-2');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => dialog.getByText('Enter a number, 0 or more').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await addProduct(page, {
      name: 'Sunrise Papaya',
      category: 'fruits',
      unit: 'lb',
      price: '3.25',
      quantity: '3',
    });
    await addProduct(page, {
      name: 'Waimanalo Kale',
      category: 'vegetables',
      unit: 'bunch',
      price: '2.5',
      quantity: '20',
    });
    await addProduct(page, {
      name: 'Lemongrass',
      category: 'herbs',
      unit: 'bunch',
      price: '1.75',
      quantity: '0',
    });
    expect(await page.getByTestId('inventory-product').count()).toBe(3);
    const papaya = page.getByTestId('inventory-product').filter({ hasText: 'Sunrise Papaya' });
    expect(await papaya.getByText('(Low)').isVisible()).toBe(true);
    expect(await papaya.getByText('$3.25 / lb').isVisible()).toBe(true);
    const kale = page.getByTestId('inventory-product').filter({ hasText: 'Waimanalo Kale' });
    expect(await kale.getByText('(Low)').count()).toBe(0);

    await expectAccessible(page);
    await screenshot(page, 'inventory-desktop');
    const phone = await phoneTwin(farmer);
    await phone.goto('/farmer/inventory');
    await eventually(() => phone.getByTestId('inventory-product').count()).toBe(3);
    await screenshot(phone, 'inventory-phone');
    await phone.context().close();
  });

  it('deleting a product can be undone', async () => {
    const page = await farmer.newPage();
    await page.goto('/farmer/inventory');
    const lemongrass = page.getByTestId('inventory-product').filter({ hasText: 'Lemongrass' });
    await lemongrass.getByRole('button', { name: /Delete/ }).click();
    await eventually(() => page.getByTestId('inventory-product').count()).toBe(2);
    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(() => page.getByTestId('inventory-product').count()).toBe(3);
    await page.close();
  });

  it('a farmer adds two delivery days', async () => {
    const page = await farmer.newPage();
    await page.goto('/farmer/calendar');
    await page.getByRole('button', { name: 'Add Delivery Schedule' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await eventually(() => page.getByText('Dates Required').isVisible()).toBe(true);

    await pickDay(page, firstDay);
    await pickDay(page, secondDay);
    expect(
      await dialog.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').count(),
    ).toBe(2);
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await eventually(() => page.getByText('Delivery Zone Required').isVisible()).toBe(true);
    await dialog.getByLabel('Delivery Zone').selectOption('Kailua');
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);

    await eventually(() => page.getByTestId('schedule-row').count()).toBe(2);
    expect(await page.getByTestId('schedule-row').getByText('Upcoming').count()).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'calendar-desktop');
    const phone = await phoneTwin(farmer);
    await phone.goto('/farmer/calendar');
    await eventually(() => phone.getByTestId('schedule-row').count()).toBe(2);
    await screenshot(phone, 'calendar-phone');
    await phone.getByRole('button', { name: 'Add Delivery Schedule' }).first().click();
    await screenshot(phone, 'calendar-dialog-phone');
    await phone.context().close();
    await page.close();
  });

  it('a restaurant finds the farm, sees its next delivery, and keeps its cart on reload', async () => {
    restaurant = await newContext(browser, DESKTOP);
    await signUpAs(restaurant, 'restaurant', 'Test Bistro', PROFILE);
    const page = await restaurant.newPage();
    await page.goto('/restaurant/browse');
    await eventually(() => page.getByRole('heading', { name: 'Browse Products' }).isVisible()).toBe(
      true,
    );
    await page
      .getByPlaceholder('Search products, farms, or descriptions...')
      .fill(farmName.toUpperCase());
    await eventually(() => page.getByTestId('product-card').count()).toBe(3);
    expect(await page.getByText(/^Showing 3 of \d+ products$/).isVisible()).toBe(true);

    const papaya = page.getByTestId('product-card').filter({ hasText: 'Sunrise Papaya' });
    expect(await papaya.getByText(`From: ${farmName}`).isVisible()).toBe(true);
    // "Dec 8, 2026": the day without a leading zero, as every screen writes it.
    const expected = formatCalendarDate(firstDay)!;
    expect(await papaya.getByText(expected).isVisible()).toBe(true);
    const lemongrass = page.getByTestId('product-card').filter({ hasText: 'Lemongrass' });
    expect(await lemongrass.getByText('Out of Stock').isVisible()).toBe(true);
    expect(await lemongrass.getByRole('button', { name: /Add to Cart/ }).isDisabled()).toBe(true);

    await papaya.getByRole('button', { name: /Add to Cart/ }).click();
    const increase = papaya.getByRole('button', { name: 'Increase Sunrise Papaya' });
    await increase.click();
    await increase.click();
    expect(await increase.isDisabled()).toBe(true);
    await eventually(() => page.getByText('Cart Summary (1 item)').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Cart: 1 item, \$9\.75/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'browse-desktop');

    await page.reload();
    await eventually(() => page.getByTestId('product-card').count()).toBe(3);
    const again = page.getByTestId('product-card').filter({ hasText: 'Sunrise Papaya' });
    expect(
      await again.getByRole('group', { name: 'Quantity of Sunrise Papaya' }).innerText(),
    ).toContain('3');
    expect(await again.getByRole('button', { name: 'Increase Sunrise Papaya' }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByText('Cart Summary (1 item)').isVisible()).toBe(true);

    // Filters narrow the list on the server.
    await page.getByLabel('Availability').selectOption('out_of_stock');
    await eventually(() => page.getByTestId('product-card').count()).toBe(1);
    expect(await page.getByText(/^Showing 1 of \d+ products$/).isVisible()).toBe(true);
    await page
      .getByPlaceholder('Search products, farms, or descriptions...')
      .fill('no such thing anywhere');
    await eventually(() => page.getByText('No products found').isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search or filters').isVisible()).toBe(true);

    const phone = await phoneTwin(restaurant);
    await phone.goto(`/restaurant/browse?q=${encodeURIComponent(farmName)}`);
    await eventually(() => phone.getByTestId('product-card').count()).toBe(3);
    await screenshot(phone, 'browse-phone');
    await phone.getByRole('button', { name: /Cart Summary/ }).click();
    await eventually(() =>
      phone.getByRole('link', { name: 'Proceed to Checkout' }).isVisible(),
    ).toBe(true);
    await screenshot(phone, 'browse-phone-cart-open');
    await phone.context().close();
  });

  it('highlights Browse Products on /restaurant/inventory too', async () => {
    const page = await restaurant.newPage();
    await page.goto('/restaurant/inventory');
    await eventually(() => page.getByRole('heading', { name: 'Browse Products' }).isVisible()).toBe(
      true,
    );
    // The nav shows the current item with the highlight colour.
    expect(
      await page.getByRole('link', { name: 'Browse Products' }).first().getAttribute('class'),
    ).toContain('bg-primary-soft');
    await page.close();
  });
});

describe('"Delivers to my zone" for a restaurant whose zone no farm serves', () => {
  it('keeps the filter and the hidden count on browse and on a search, and shows them in one click', async () => {
    const context = await newContext(browser, PHONE);
    // Waianae: no demo farm's delivery days go there.
    await signUpAs(context, 'restaurant', 'Waianae Test Kitchen', {
      location: '85-1 Farrington Hwy, Waianae, HI 96792',
      deliveryZone: 'waianae',
    });
    const page = await context.newPage();
    const filter = page.getByRole('checkbox', { name: 'Delivers to my zone (Waianae)' });
    const showThem = page.getByRole('button', { name: 'show them' });

    // A search that only farms that do not deliver there match: nothing shown, all hidden.
    await page.goto('/restaurant/browse?q=Sharwil');
    await eventually(() => page.getByText(/^Showing 0 of \d+ products$/).isVisible()).toBe(true);
    expect(await filter.isChecked()).toBe(true);
    await eventually(() => page.getByText(/^\d+ products? hidden —/).isVisible()).toBe(true);
    await screenshot(page, 'browse-zone-hides-all-phone');
    await expectAccessible(page);
    await showThem.click();
    await eventually(() =>
      page.getByTestId('product-card').filter({ hasText: 'Sharwil Avocados' }).count(),
    ).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('zones')).toBe('all');
    expect(await filter.isChecked()).toBe(false);
    expect(await showThem.count()).toBe(0);

    // Plain browse: the same way out, at 1280 px too.
    await page.setViewportSize(DESKTOP);
    await page.goto('/restaurant/browse');
    await eventually(() => showThem.isVisible()).toBe(true);
    expect(await filter.isChecked()).toBe(true);
    await screenshot(page, 'browse-zone-hidden-desktop');
    await showThem.click();
    await eventually(() => filter.isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('zones')).toBe('all');
    await context.close();
  });
});
