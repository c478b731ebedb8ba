import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import type { Order } from '#core/schemas/order';
import { pdfText } from '../helpers/pdf-text';
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
import { signUpAs } from './support/accounts';
import { placeOneOf } from './support/orders';

/**
 * A restaurant group's week (docs/groups.md): two locations order from the same farm, the
 * group's bookkeeper downloads one statement for both, and the farm records one payment that
 * settles both invoices. Every account is new: the demo's own data is left as it was, and the
 * clock is put back after.
 */

const run = Date.now().toString(36);
const farmName = `Group Farm ${run}`;
const groupName = `Ono Group ${run}`;
const firstName = `Kaimuki Kitchen ${run}`;
const secondName = `Kailua Kitchen ${run}`;
const location = '12 Kula Hwy, Kula, HI 96790';
const deliveryDay = addDays(hawaiiToday(), 3);
const month = deliveryDay.slice(0, 7);

let browser: Browser;
let farmer: BrowserContext;
let owner: BrowserContext;
let keeper: BrowserContext;
let farmId: number;
let product: { id: number; price: string; farm: { deliveryFee: string } };

beforeAll(async () => {
  browser = await launchBrowser();
  farmer = await newContext(browser, DESKTOP);
  owner = await newContext(browser, PHONE);
  keeper = await newContext(browser, PHONE);
  farmId = (await signUpAs(farmer, 'farm', farmName, { location })).id;
  const created = await farmer.request.post('/api/products', {
    data: {
      name: `Group Kale ${run}`,
      category: 'vegetables',
      unit: 'bunch',
      price: '5.00',
      availableQuantity: 50,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  product = {
    ...((await created.json()) as { id: number; price: string }),
    farm: { deliveryFee: '0.00' },
  };
  const schedule = await farmer.request.post('/api/delivery-schedules', {
    data: { deliveryDates: [deliveryDay], deliveryArea: 'Honolulu' },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  await signUpAs(owner, 'restaurant', firstName, { location, deliveryZone: 'honolulu' });
});

afterAll(async () => {
  await farmer?.request.post('/api/test/clock', { data: { now: null } });
  await browser?.close();
});

describe("a restaurant group's week", () => {
  it('two locations order, the bookkeeper downloads one statement, the farm records one payment', async () => {
    // The owner makes the group on the phone and adds a second kitchen.
    const chef = await owner.newPage();
    await chef.goto('/restaurant/groups');
    await chef.getByRole('heading', { name: 'Restaurant groups' }).waitFor();
    await chef.getByLabel(/Group name/).fill(groupName);
    await chef.getByRole('button', { name: 'Make the group' }).click();
    await chef.getByRole('link', { name: new RegExp(groupName) }).click();
    await chef.getByRole('heading', { name: groupName }).waitFor();
    const groupId = Number(new URL(chef.url()).pathname.split('/').pop());
    await chef.getByRole('button', { name: `Add ${firstName}` }).click();
    const locations = chef.getByRole('list', { name: 'Locations' });
    await locations.getByText(firstName, { exact: true }).waitFor();
    const newLocation = chef.getByRole('form', { name: 'New location' });
    await newLocation.getByRole('button', { name: 'Add the new location' }).click();
    await newLocation.getByText('Required').first().waitFor();
    await newLocation.getByLabel(/Location name/).fill(secondName);
    await newLocation.getByLabel(/Address/).fill(location);
    await newLocation.getByLabel(/Delivery zone/).selectOption('honolulu');
    await newLocation.getByRole('button', { name: 'Add the new location' }).click();
    await locations.getByText(secondName, { exact: true }).waitFor();
    await screenshot(chef, 'group-week-locations');
    await expectAccessible(chef);

    // Browse shows which location orders; one tap switches to the other.
    await chef.goto('/restaurant/browse');
    const switcher = chef.getByRole('region', { name: 'Ordering location' });
    await switcher.getByText(firstName, { exact: true }).first().waitFor();
    const firstOrder = await placeOneOf(owner, farmId, product);
    await switcher.getByRole('button', { name: secondName }).click();
    await switcher.getByRole('button', { name: secondName, pressed: true }).waitFor();
    await screenshot(chef, 'group-week-switcher');
    await expectAccessible(chef);
    const secondOrder = await placeOneOf(owner, farmId, product);

    // The bookkeeper joins the group's team from the group page.
    const keeperEmail = uniqueEmail('keeper');
    const registered = await keeper.request.post('/api/auth/register', {
      data: { email: keeperEmail, password: E2E_PASSWORD, firstName: 'Noe', lastName: 'Kahale' },
    });
    expect(registered.status()).toBe(201);
    await chef.goto(`/restaurant/group/${groupId}`);
    await chef.getByLabel(/Email of their account/).fill(keeperEmail);
    await chef.getByLabel('Group role').selectOption('group_bookkeeper');
    await chef.getByRole('button', { name: 'Add to the group' }).click();
    await chef.getByText('Group bookkeeper').first().waitFor();

    // Delivery day: the farm delivers both orders.
    const morning = await farmer.request.post('/api/test/clock', {
      data: { now: `${deliveryDay}T19:00:00.000Z`, frozen: false },
    });
    expect(morning.status()).toBe(200);
    for (const orderId of [firstOrder.id, secondOrder.id]) {
      for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
        const moved = await farmer.request.patch(`/api/orders/${orderId}/status`, {
          data: { status, recipientName: 'Malia Keawe' },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }
    }

    // The bookkeeper downloads one statement listing both kitchens.
    const books = await keeper.newPage();
    await books.goto(`/restaurant/group/${groupId}`);
    await books.getByRole('heading', { name: groupName }).waitFor();
    await books.getByLabel('Month').fill(month);
    const pdfButton = books.getByRole('button', {
      name: `Download the ${month} statement from ${farmName} (PDF)`,
    });
    const [download] = await Promise.all([books.waitForEvent('download'), pdfButton.click()]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const text = await pdfText(readFileSync(path));
    expect(text).toContain(firstName);
    expect(text).toContain(secondName);
    await screenshot(books, 'group-week-statement');
    await expectAccessible(books);

    // The farm records one payment for the group; both invoices are paid.
    const farm = await farmer.newPage();
    await farm.goto('/farmer/group-payments');
    const form = farm.getByRole('form', { name: `Record a group payment from ${groupName}` });
    await form.getByLabel(/Amount/).fill('10.00');
    await form.getByLabel(/Reference/).fill('Check 2044');
    await form.getByRole('button', { name: 'Record a group payment' }).click();
    await farm.getByText('Payment recorded').first().waitFor();
    await screenshot(farm, 'group-week-payment');
    const orders = (await (
      await farmer.request.get('/api/orders/farm?limit=100')
    ).json()) as Order[];
    for (const id of [firstOrder.id, secondOrder.id]) {
      expect(orders.find((order) => order.id === id)).toMatchObject({ balanceDue: '0.00' });
    }
  });
});
