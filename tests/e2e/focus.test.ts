import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo } from './support/accounts';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';

/** Focus returns where the person was: after a dialog closes, after Add to Cart by keyboard. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Opens a dialog from the keyboard, closes it with `close`, and finds focus on its opener. */
async function closesBackToOpener(
  page: Page,
  opener: Locator,
  dialogName: string,
  close: (dialog: Locator) => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await close(dialog);
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => hasFocus(opener)).toBe(true);
}

const escape = (page: Page) => async () => page.keyboard.press('Escape');

describe('focus after a dialog closes', () => {
  it('goes back to the button that opened each dialog, after Escape or Cancel', async () => {
    const { context, page } = await signInDemo(browser, 'Farmer', DESKTOP);

    await page.goto('/farmer/inventory');
    const addProduct = page.getByRole('button', { name: 'Add Product' }).first();
    await closesBackToOpener(page, addProduct, 'Add Product', escape(page));
    await closesBackToOpener(page, addProduct, 'Add Product', (dialog) =>
      dialog.getByRole('button', { name: 'Cancel' }).click(),
    );

    await page.goto('/farmer/calendar');
    const addDay = page.getByRole('button', { name: 'Add Delivery Schedule' });
    await closesBackToOpener(page, addDay, 'Add Delivery Schedule', escape(page));

    await page.goto('/team');
    const invite = page.getByRole('button', { name: 'Invite someone' }).first();
    await closesBackToOpener(page, invite, 'Invite someone', escape(page));
    await screenshot(page, 'focus-after-dialog-desktop');
    await context.close();
  });
});

describe('focus after Add to Cart by keyboard', () => {
  it('moves to the quantity box that replaced the button', async () => {
    const { context, page } = await signInDemo(browser, 'Restaurant', PHONE);
    await page.goto('/restaurant/browse?availability=available');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: /^Add to Cart/ }) })
      .first();
    await card.waitFor();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('button', { name: /^Add to Cart/ }).focus();
    await page.keyboard.press('Enter');
    const quantity = page.getByRole('spinbutton', { name: new RegExp(`^Quantity of ${name} \\(`) });
    await quantity.first().waitFor();
    await expect.poll(() => hasFocus(quantity.first())).toBe(true);
    expect(await quantity.first().inputValue()).toBe('1');
    await screenshot(page, 'focus-after-add-to-cart-phone');
    await context.close();
  });
});
