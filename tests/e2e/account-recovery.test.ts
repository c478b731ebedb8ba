import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { linkInOutbox } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('forgot password, then reset from the emailed link', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('works end to end (%s)', async (label, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    try {
      const email = uniqueEmail(`reset-${label}`);
      const created = await page.request.post('/api/auth/register', {
        data: { email, password: E2E_PASSWORD, firstName: 'Leilani', lastName: 'Kahale' },
      });
      expect(created.status()).toBe(201);
      await context.clearCookies();

      await page.goto('/login');
      await visible(page, 'Welcome back');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await visible(page, 'Forgot your password?');
      await expectAccessible(page);
      await screenshot(page, `forgot-password-${label}`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await visible(page, /we have sent it a link to choose a new password/);

      const link = await expect
        .poll(() => linkInOutbox(email, '/reset-password'), { timeout: 15_000 })
        .toBeTruthy()
        .then(() => linkInOutbox(email, '/reset-password')!);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await visible(page, 'Choose a new password');

      // The rule's reason shows before anything is sent.
      await page.getByLabel(/^New password/).fill('password1234');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await visible(page, /commonly used password/);
      await expectAccessible(page);
      await screenshot(page, `reset-password-weak-${label}`);

      await page.getByLabel(/^New password/).fill('kona-sunrise-garden');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      // Signed in with the new password: a new account goes on to set up its profile.
      await visible(page, 'Complete your profile');

      // The link is spent.
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByLabel(/^New password/).fill('kona-sunset-garden');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await visible(page, 'This link has already been used');
      await screenshot(page, `reset-password-used-${label}`);

      const oldPassword = await page.request.post('/api/auth/login', {
        data: { email, password: E2E_PASSWORD },
      });
      expect(oldPassword.status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
