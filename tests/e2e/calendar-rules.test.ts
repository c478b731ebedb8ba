import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, signUpAs } from './support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fits(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
}

describe('delivery days that repeat', () => {
  it('a farm adds every Tuesday and Thursday at once and sees them as one row', async () => {
    const context = await newContext(browser, PHONE);
    await signUpAs(context, 'farm', 'Kahaluʻu Greens', {
      location: '47-200 Kamehameha Hwy, Kaneohe, HI 96744',
    });
    const page = await context.newPage();
    await page.goto('/farmer/calendar');
    await page.getByRole('button', { name: 'Add Delivery Schedule' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Delivery Schedule' });
    await dialog.getByRole('tab', { name: 'Every week' }).click();
    await dialog.getByRole('button', { name: 'Tuesday' }).click();
    await dialog.getByRole('button', { name: 'Thursday' }).click();
    await dialog.getByLabel('Delivery Zone').selectOption('Honolulu');
    // From today, thirteen weeks: each weekday thirteen times.
    await dialog.getByText(/^Every Tue and Thu: 26 days, /).waitFor();
    await fits(page);
    await screenshot(page, 'calendar-weekly-rule-phone');
    await dialog.getByRole('button', { name: 'Add Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('26 delivery days added for Honolulu.', { exact: true }).waitFor();

    const group = page.getByTestId('schedule-group');
    await group.getByText(/^Every Tue and Thu, \w{3} \d+ – \w{3} \d+, Honolulu$/).waitFor();
    await group.getByText('26 days · 26 to come').waitFor();
    expect(await page.getByTestId('schedule-row').count()).toBe(0);
    await fits(page);
    await screenshot(page, 'calendar-grouped-phone');
    await group.getByRole('button', { name: /^Show the days of Every Tue and Thu/ }).click();
    expect(await group.getByTestId('schedule-row').count()).toBe(26);
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page);
    await screenshot(page, 'calendar-grouped-desktop');
    await context.close();
  });

  it("groups the demo farm's weekly days by zone", async () => {
    const { context, page } = await signInDemo(browser, 'Farmer');
    await page.goto('/farmer/calendar');
    await page.getByRole('heading', { name: 'All Schedules' }).waitFor();
    await eventuallyGroups(page);
    await screenshot(page, 'calendar-demo-grouped-desktop');
    await page.setViewportSize(PHONE);
    await fits(page);
    await screenshot(page, 'calendar-demo-grouped-phone');
    await context.close();
  });
});

async function eventuallyGroups(page: Page) {
  await expect
    .poll(() => page.getByTestId('schedule-group').count(), { timeout: 15_000 })
    .toBeGreaterThan(1);
}
