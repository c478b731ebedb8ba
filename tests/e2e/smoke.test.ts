import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE, DESKTOP, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('not-found screen', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the not-found words on an unknown path (${label})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/this/page/does/not/exist');
      await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
      expect(
        await page.getByText('Did you forget to add the page to the router?').isVisible(),
      ).toBe(true);
      await screenshot(page, `not-found-${label}`);
      await context.close();
    });
  }
});
