import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, hawaiiToday } from '#core/hawaii-time';
import type { Order } from '#core/schemas/order';
import { pdfText } from '../helpers/pdf-text';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signUpAs } from './support/accounts';

/**
 * A farm's whole week with a restaurant, through the screens each side uses: a standing order
 * places itself when the clock reaches its moment, the farm adjusts the weighed line to what was
 * picked and delivers, the invoice shows the adjusted total and its due date, the farm records
 * the payment, and the restaurant's bill is cleared.
 */

const run = Date.now().toString(36);
const farmName = `Week Farm ${run}`;
const restaurantName = `Week Bistro ${run}`;
const productName = `Week Tomatoes ${run}`;
const location = '12 Kula Hwy, Kula, HI 96790';
// Far enough ahead that the standing order's moment (3 days before, at 6 AM) is still to come.
const deliveryDay = addDays(hawaiiToday(), 6);
const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const deliveryWeekday = WEEKDAY_NAMES[new Date(`${deliveryDay}T12:00:00Z`).getUTCDay()]!;

let browser: Browser;
let farmer: BrowserContext;
let restaurant: BrowserContext;
let farmId: number;

async function farmOrder(orderId: number): Promise<Order> {
  const response = await farmer.request.get('/api/orders/farm?limit=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Order[]).find((order) => order.id === orderId)!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  farmer = await newContext(browser, DESKTOP);
  restaurant = await newContext(browser, PHONE);
  farmId = (await signUpAs(farmer, 'farm', farmName, { location })).id;
  const terms = await farmer.request.put('/api/profile/farm', {
    data: { name: farmName, location, paymentTerms: 'net_15' },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  const product = await farmer.request.post('/api/products', {
    data: {
      name: productName,
      category: 'vegetables',
      unit: 'lb',
      price: '4.00',
      availableQuantity: 50,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const schedule = await farmer.request.post('/api/delivery-schedules', {
    data: { deliveryDates: [deliveryDay], deliveryArea: 'Honolulu' },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  await signUpAs(restaurant, 'restaurant', restaurantName, {
    location,
    deliveryZone: 'honolulu',
  });
});

afterAll(async () => {
  await restaurant?.request.post('/api/test/clock', { data: { now: null } });
  await browser?.close();
});

describe('a week with a restaurant', () => {
  it('standing order, adjustment, delivery, invoice, payment, cleared bill', async () => {
    // Monday: the restaurant sets up its weekly order on the phone.
    const chef = await restaurant.newPage();
    await chef.goto('/restaurant/standing-orders');
    await chef.getByRole('heading', { name: 'Standing orders' }).waitFor();
    await chef.getByRole('button', { name: 'New standing order' }).first().click();
    const setUp = chef.getByRole('dialog', { name: 'New standing order' });
    await setUp.waitFor();
    await setUp.getByLabel(/Farm/).selectOption(String(farmId));
    await setUp.getByLabel(productName).fill('3');
    await setUp.getByRole('button', { name: deliveryWeekday, exact: true }).click();
    await setUp.getByRole('button', { name: 'Set up standing order' }).click();
    await setUp.waitFor({ state: 'hidden' });
    await chef.getByRole('article', { name: farmName }).getByText('Next placement:').waitFor();

    const standing = (
      (await (await restaurant.request.get('/api/standing-orders')).json()) as {
        id: number;
        farm: { id: number };
        nextPlacement: { placeAt: string; deliveryDate: string } | null;
      }[]
    ).find((entry) => entry.farm.id === farmId)!;
    expect(standing.nextPlacement?.deliveryDate).toBe(deliveryDay);

    // The clock reaches the placement moment: the order places itself, once.
    const clock = await restaurant.request.post('/api/test/clock', {
      data: { now: standing.nextPlacement!.placeAt, frozen: false },
    });
    expect(clock.status()).toBe(200);
    let orderId = 0;
    await expect
      .poll(
        async () => {
          const mine = (await (
            await restaurant.request.get('/api/orders/restaurant?limit=25')
          ).json()) as Order[];
          orderId = mine.find((order) => order.standingOrderId === standing.id)?.id ?? 0;
          return orderId;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const placed = await farmOrder(orderId);
    expect(placed).toMatchObject({ status: 'pending', deliveryDate: deliveryDay });
    expect(placed.totalAmount).toBe('12.00');

    // Packing day: the farm weighs 2.75 lb and adjusts the line, with its reason.
    const farm = await farmer.newPage();
    await farm.goto('/farmer/orders');
    const card = farm.getByRole('article', { name: new RegExp(`^Order #${orderId}\\b`) });
    await card.getByText('Standing order', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Adjust' }).click();
    const adjust = farm.getByRole('dialog', { name: `Adjust order #${orderId}` });
    await adjust.waitFor();
    await adjust.getByLabel(`${productName} quantity (lb)`).fill('2.75');
    await adjust.getByLabel(new RegExp(`Why ${productName} changed`)).fill('Weighed at packing');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.waitFor({ state: 'detached' });
    await card.getByText('Ordered 3 lb · Delivered 2.75 lb').waitFor();
    await screenshot(farm, 'week-adjusted-farmer');

    // Delivery day, 9 AM in Hawaii: confirmed, packed, on its way, delivered.
    const deliveryMorning = await farmer.request.post('/api/test/clock', {
      data: { now: `${deliveryDay}T19:00:00.000Z`, frozen: false },
    });
    expect(deliveryMorning.status()).toBe(200);
    for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
      const moved = await farmer.request.patch(`/api/orders/${orderId}/status`, {
        data: { status, recipientName: 'Malia Keawe' },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const delivered = await farmOrder(orderId);
    // 2.75 lb at $4.00, no fee, no tax; net 15 from the delivery day.
    expect(delivered).toMatchObject({
      status: 'delivered',
      totalAmount: '11.00',
      balanceDue: '11.00',
      dueDate: addDays(deliveryDay, 15),
    });

    // The invoice shows the adjusted total and when it is due.
    const invoice = await farmer.request.get(`/api/orders/${orderId}/invoice`);
    expect(invoice.status()).toBe(200);
    const text = await pdfText(await invoice.body());
    expect(text).toContain('Adjusted total $11.00');
    expect(text).toContain(`Due date ${formatCalendarDate(addDays(deliveryDay, 15))}`);

    // The check arrives: the farm records it against the invoice.
    await farm.goto('/farmer/receivables');
    await farm.getByRole('heading', { name: 'Receivables' }).waitFor();
    const row = farm.getByRole('listitem').filter({ hasText: `Order #${orderId}` });
    await row.getByRole('button', { name: 'Record payment' }).click();
    const record = farm.getByRole('dialog', { name: 'Record a payment' });
    await record.waitFor();
    await record.getByLabel(/Amount/).fill('11.00');
    await record.getByLabel(/Reference/).fill('Check 1042');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await record.getByRole('region', { name: 'Payments' }).getByText('$11.00').first().waitFor();
    await screenshot(farm, 'week-payment-recorded');
    expect(await farmOrder(orderId)).toMatchObject({ paymentStatus: 'paid', balanceDue: '0.00' });

    // The restaurant's bill is cleared.
    await chef.goto('/restaurant/bills');
    await chef.getByRole('heading', { name: 'Bills' }).waitFor();
    await chef.getByText('You are all paid up').waitFor();
    await screenshot(chef, 'week-bills-cleared');
    await expectAccessible(chef);
  });
});
