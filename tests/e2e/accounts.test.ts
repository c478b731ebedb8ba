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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Full-page screenshots from the top, so the sticky header sits where it belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);

/** Landing -> Get Started -> create account; leaves the page on profile setup. */
async function createAccount(page: Page, label: string, firstName: string) {
  await page.goto('/');
  await visible(page, 'Farm Fresh Direct to Your Restaurant');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await page.waitForURL('**/login?mode=register');
  await visible(page, 'Create your account');
  await shot(page, `sign-up-${label}`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Kahale');
  await page.getByLabel('Email').fill(uniqueEmail(firstName.toLowerCase()));
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await visible(page, 'Complete your profile');
}

/** Both steps of profile setup, checking the validation toasts (docs/product.md#profile-setup). */
async function setUpProfile(
  page: Page,
  label: string,
  role: "I'm a Restaurant" | "I'm a Farmer",
  name: string,
) {
  await shot(page, `setup-role-${label}`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await visible(page, 'Please select whether you are a restaurant or farmer');
  await page.getByText(role).click();
  expect(await page.getByRole('radio', { name: new RegExp(role) }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await visible(page, 'Please fill in all required fields including full address');
  expect(await page.getByText('Required', { exact: true }).count()).toBeGreaterThanOrEqual(3);

  await page.getByLabel(/name/).fill(name);
  await page.getByLabel('Description').fill('Grown and cooked on Oahu');
  await page.getByLabel('Street address').fill('45-123 Kamehameha Hwy');
  await page.getByLabel('City').fill('Kaneohe');
  expect(await page.getByLabel('State').inputValue()).toBe('HI');
  await page.getByLabel('ZIP').fill('96744');
  await page.getByLabel('Phone').pressSequentially('8085550123');
  expect(await page.getByLabel('Phone').inputValue()).toBe('(808) 555-0123');
  await shot(page, `setup-details-${label}`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await visible(page, 'Profile Created');
  await page.waitForURL((url) => url.pathname === '/');
}

async function openAccountMenuItem(page: Page, phone: boolean, item: string) {
  if (phone) {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: item }).click();
  }
}

describe('a new restaurant (desktop)', () => {
  it('signs up, sets up, edits the profile and logs out', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    await visible(page, 'Farm Fresh Direct to Your Restaurant');
    await shot(page, 'landing-desktop');
    await expectAccessible(page);
    for (const title of ['For Farmers', 'For Restaurants', 'Order Management', 'PDF Documents']) {
      await visible(page, title);
    }
    expect(
      await page.getByRole('tab', { name: 'Restaurant View' }).getAttribute('aria-selected'),
    ).toBe('true');
    await visible(page, '#ORD-2026-001');
    expect(await page.getByRole('button', { name: 'Increase quantity' }).first().isDisabled()).toBe(
      true,
    );
    await visible(page, /© \d{4} Harvest Hui/);

    await createAccount(page, 'desktop', 'Leilani');
    await setUpProfile(page, 'desktop', "I'm a Restaurant", 'Pono Kitchen');
    await visible(page, 'Pono Kitchen');

    await openAccountMenuItem(page, false, 'Edit Profile');
    await page.waitForURL('**/profile/edit');
    await visible(page, 'Edit Restaurant Profile');
    expect(await page.getByLabel('Street address').inputValue()).toBe('45-123 Kamehameha Hwy');
    expect(await page.getByLabel('City').inputValue()).toBe('Kaneohe');
    expect(await page.getByLabel('ZIP').inputValue()).toBe('96744');
    expect(await page.getByLabel('Contact phone').inputValue()).toBe('(808) 555-0123');

    await page.getByLabel('Restaurant name').fill('Pono Kitchen & Bar');
    await page.getByLabel('Delivery Zone').selectOption({ label: 'North Shore' });
    const contact = page.getByRole('group', { name: 'Contact 1' });
    await contact.getByLabel('Name').fill('Malia Kealoha');
    await contact.getByLabel('Email').fill('malia@example.com');
    await contact.getByLabel('Phone').pressSequentially('8085550199');
    await contact.getByLabel('Position').fill('Chef');
    await shot(page, 'edit-profile-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page, 'Profile Updated');

    await page.reload();
    await visible(page, 'Edit Restaurant Profile');
    expect(await page.getByLabel('Restaurant name').inputValue()).toBe('Pono Kitchen & Bar');
    expect(await page.getByLabel('Delivery Zone').inputValue()).toBe('north-shore');
    const reloaded = page.getByRole('group', { name: 'Contact 1' });
    expect(await reloaded.getByLabel('Name').inputValue()).toBe('Malia Kealoha');
    expect(await reloaded.getByLabel('Phone').inputValue()).toBe('(808) 555-0199');
    await visible(page, 'Switch Account Type');

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await openAccountMenuItem(page, false, 'Log out');
    await visible(page, 'Farm Fresh Direct to Your Restaurant');
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign In' }).first().isVisible())
      .toBe(true);
    await context.close();
  });
});

describe('a new farmer (phone)', () => {
  it('signs up, sets up, sets delivery fee and minimum, and logs out', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/');
    await visible(page, 'Farm Fresh Direct to Your Restaurant');
    await shot(page, 'landing-phone');
    await page.getByRole('tab', { name: 'Farmer View' }).click();
    await visible(page, 'Inventory Management');
    expect(await page.getByRole('button', { name: 'Add Product' }).isDisabled()).toBe(true);
    await shot(page, 'landing-farmer-view-phone');

    await createAccount(page, 'phone', 'Keoni');
    await setUpProfile(page, 'phone', "I'm a Farmer", 'Kahuku Greens');

    await openAccountMenuItem(page, true, 'Edit Profile');
    await page.waitForURL('**/profile/edit');
    await visible(page, 'Edit Farm Profile');
    expect(await page.getByLabel('Delivery Fee ($)').inputValue()).toBe('0.00');
    await page.getByLabel('Delivery Fee ($)').fill('7.5');
    await page.getByLabel('Order Minimum ($)').fill('50');
    await page.getByLabel('Checks Payable To').fill('Kahuku Greens LLC');
    await page.getByLabel('City').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page, 'Please fill in all required fields including full address');
    await page.getByLabel('City').fill('Kahuku');
    await shot(page, 'edit-profile-phone');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page, 'Profile Updated');

    await page.reload();
    await visible(page, 'Edit Farm Profile');
    expect(await page.getByLabel('Delivery Fee ($)').inputValue()).toBe('7.50');
    expect(await page.getByLabel('Order Minimum ($)').inputValue()).toBe('50.00');
    expect(await page.getByLabel('Checks Payable To').inputValue()).toBe('Kahuku Greens LLC');
    expect(await page.getByLabel('City').inputValue()).toBe('Kahuku');

    await openAccountMenuItem(page, true, 'Log out');
    await visible(page, 'Farm Fresh Direct to Your Restaurant');
    await context.close();
  });
});

describe('switching account type', () => {
  it('reloads into profile setup with the new role chosen', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const registered = await page.request.post('/api/auth/register', {
      data: {
        email: uniqueEmail('switcher'),
        password: E2E_PASSWORD,
        firstName: 'Noe',
        lastName: 'Kahale',
      },
    });
    expect(registered.status()).toBe(201);
    const created = await page.request.post('/api/profile/restaurant', {
      data: { name: 'Switching Cafe', location: '1 Main St, Hilo, HI 96720' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/profile/edit');
    await visible(page, 'Edit Restaurant Profile');
    await page.getByRole('button', { name: 'Switch to Farmer' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/administrator/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Switch to Farmer' }).click();
    await visible(page, 'Account Type Switched');
    await visible(page, 'Complete your profile');
    expect(await page.getByRole('radio', { name: /I'm a Farmer/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page, 'Farm Fresh Direct to Your Restaurant');
    await context.close();
  });
});

describe('sign-in page', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the error of a wrong password (${label})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In' }).first().click();
      await page.waitForURL('**/login');
      await visible(page, 'Welcome back');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await visible(page, 'Required');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await visible(page, 'Enter a valid email address');
      await page.getByLabel('Email').fill(uniqueEmail('nobody'));
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await visible(page, 'Invalid email or password');
      await shot(page, `sign-in-${label}`);
      await expectAccessible(page);
      await context.close();
    });
  }

  it('fills the form from a demo account and signs in with it', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/login?mode=register');
    await page.getByRole('button', { name: 'Use the Farmer demo account' }).click();
    await visible(page, 'Welcome back');
    expect(await page.getByLabel('Email').inputValue()).toBe('farmer@demo.harvesthui.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByRole('link', { name: 'Edit Profile' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('sends a signed-out visitor from an app page to sign-in', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/restaurant/browse');
    await page.waitForURL('**/login');
    await page.goto('/profile/edit');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('not-found screen', () => {
  it('is accessible', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await visible(page, '404 Page Not Found');
    await expectAccessible(page);
    await context.close();
  });
});
