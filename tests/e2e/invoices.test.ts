import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('receivables and bills', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the farm's receivables and records a payment in a dialog (${name})`, async () => {
      const { context, page } = await signInDemo(browser, 'Farmer', viewport);
      await page.goto('/farmer/receivables');
      await page.getByRole('heading', { name: 'Receivables' }).waitFor();
      await page.getByText('Outstanding', { exact: true }).waitFor();
      await screenshot(page, `receivables-${name}`);
      await expectAccessible(page);

      const record = page.getByRole('button', { name: 'Record payment' }).first();
      if (await record.count()) {
        await record.click();
        const dialog = page.getByRole('dialog', { name: 'Record a payment' });
        await dialog.waitFor();
        await dialog.getByText(/due of/).waitFor();
        // The amount starts at the balance due; emptied, it is refused with its message.
        expect(await dialog.getByLabel(/Amount/).inputValue()).toMatch(/^\d+\.\d{2}$/);
        await dialog.getByLabel(/Amount/).fill('');
        await dialog.getByRole('button', { name: 'Record payment' }).click();
        await dialog.getByText('Enter an amount above $0 like 12.50').waitFor();
        await dialog.getByLabel(/Amount/).fill('999999');
        await dialog.getByRole('button', { name: 'Record payment' }).click();
        await dialog.getByText(/At most the balance due/).waitFor();
        await screenshot(page, `record-payment-${name}`);
        await dialog.getByLabel(/Amount/).fill('1.00');
        await dialog.getByRole('button', { name: 'Record payment' }).click();
        await dialog.getByRole('region', { name: 'Payments' }).getByText('$1.00').first().waitFor();
      }
      await context.close();
    });

    it(`shows the restaurant's bills (${name})`, async () => {
      const { context, page } = await signInDemo(browser, 'Restaurant', viewport);
      await page.goto('/restaurant/bills');
      await page.getByRole('heading', { name: 'Bills' }).waitFor();
      // The summary's Overdue figure (each overdue bill carries an Overdue badge as well).
      await page
        .getByRole('term')
        .filter({ hasText: /^Overdue$/ })
        .first()
        .waitFor();
      await screenshot(page, `bills-${name}`);
      await expectAccessible(page);
      await page.goto('/restaurant/dashboard');
      await page.getByText('Outstanding bills').waitFor();
      await screenshot(page, `restaurant-dashboard-owed-${name}`);
      await context.close();
    });
  }
});
