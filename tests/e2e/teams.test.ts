import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, signUpAs } from './support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  uniqueEmail,
} from './support/browser';
import { awaitLinkInOutbox } from './support/outbox';

let browser: Browser;
let owner: BrowserContext;
let kitchen: BrowserContext;
let farmId: number;
let productId: number;

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

const location = '41-1010 Kalanianaʻole Hwy, Waimānalo, HI 96795';

async function placeOrder(): Promise<number> {
  const placed = await kitchen.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: '12.00',
      items: [{ productId, quantity: 3, unitPrice: '4.00', totalPrice: '12.00' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser, DESKTOP);
  kitchen = await newContext(browser, DESKTOP);
  farmId = (await signUpAs(owner, 'farm', 'Waimānalo Team Farm', { location })).id;
  await signUpAs(kitchen, 'restaurant', 'Team Test Kitchen', { location });
  const created = await owner.request.post('/api/products', {
    data: {
      name: 'Team Kale',
      category: 'vegetables',
      unit: 'lb',
      price: '4.00',
      availableQuantity: 50,
    },
  });
  expect(created.status()).toBe(201);
  productId = ((await created.json()) as { id: number }).id;
});

afterAll(async () => {
  await browser?.close();
});

describe('a farm team', () => {
  it('an owner invites a packer, who packs an order, is named in its history, and is signed out when removed', async () => {
    const orderId = await placeOrder();
    const packerEmail = uniqueEmail('packer');

    // The owner invites from the Team page.
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/team');
    await visible(ownerPage, 'Invite someone');
    // The header's button; an empty list offers a second one.
    await ownerPage.getByRole('button', { name: 'Invite someone' }).first().click();
    const invite = ownerPage.getByRole('dialog', { name: 'Invite someone' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(ownerPage, /required|Enter a valid email/i);
    await invite.getByLabel('Email').fill(packerEmail);
    await invite.getByLabel('Role').selectOption('packer');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(ownerPage, packerEmail);
    await expectAccessible(ownerPage);
    await screenshot(ownerPage, 'team-invited-desktop');

    // The packer accepts from the email, on a phone.
    const packer = await newContext(browser, PHONE);
    const packerPage = await packer.newPage();
    await packerPage.goto(await awaitLinkInOutbox(packerEmail, '/accept-invitation'));
    await visible(packerPage, 'Create your account');
    await packerPage.getByLabel('First name').fill('Kai');
    await packerPage.getByLabel('Last name').fill('Pākele');
    await packerPage.getByLabel(/^Password/).fill('lanikai-packing-shed-crates');
    await packerPage.getByRole('button', { name: 'Create account and join' }).click();

    // A packer's home is the orders; no prices, no inventory.
    const card = packerPage.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await card.textContent()).not.toContain('$');
    await expect.poll(() => packerPage.getByRole('link', { name: 'Inventory' }).count()).toBe(0);
    await expectAccessible(packerPage);
    await screenshot(packerPage, 'team-packer-orders-phone');

    await card.getByRole('button', { name: 'Confirm Order' }).click();
    await expect
      .poll(() => card.getByRole('button', { name: 'Mark as Packed' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await card.getByRole('button', { name: 'Mark as Packed' }).click();
    await expect
      .poll(async () => (await owner.request.get(`/api/orders/${orderId}/history`)).json(), {
        timeout: 15_000,
      })
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ toStatus: 'packed', changedByName: 'Kai P.' }),
        ]),
      );

    // The owner reads who did it on the order's history.
    await ownerPage.goto('/farmer/orders');
    const ownerCard = ownerPage.getByRole('article', {
      name: new RegExp(`^Order #${orderId}\\b`),
    });
    await ownerCard.getByText('History').click();
    await expect
      .poll(
        () => ownerCard.getByRole('list', { name: `History of order #${orderId}` }).textContent(),
        {
          timeout: 15_000,
        },
      )
      .toMatch(/Confirmed by Kai P\..*Packed by Kai P\./);
    await screenshot(ownerPage, 'team-history-desktop');

    // The owner removes the packer; the packer's open tab is signed out.
    await ownerPage.goto('/team');
    await ownerPage.getByRole('button', { name: 'Remove Kai Pākele' }).click();
    await ownerPage.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(ownerPage, 'Removed from the team');
    await expect.poll(() => new URL(packerPage.url()).pathname, { timeout: 20_000 }).toBe('/login');
    await visible(packerPage, /You were signed out/);
    await screenshot(packerPage, 'team-packer-signed-out-phone');
    await packer.close();
  });
});

describe('admission', () => {
  it('an administrator approves the farm waiting, and its products appear on browse', async () => {
    const { context: admin, page } = await signInDemo(browser, 'Admin', DESKTOP);
    await page.goto('/admin/approvals');
    const farm = page.getByRole('article', { name: /Waiāhole Cacao & Vanilla/ });
    await expect.poll(() => farm.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-approvals-desktop');
    await farm.getByRole('button', { name: 'Approve' }).click();
    await visible(page, 'No farms are waiting');

    const { context: chef, page: browse } = await signInDemo(browser, 'Restaurant', PHONE);
    await browse.goto('/restaurant/browse?q=vanilla');
    await visible(browse, 'Cured Vanilla Beans');
    await screenshot(browse, 'browse-approved-farm-phone');
    await chef.close();
    await admin.close();
  });
});
