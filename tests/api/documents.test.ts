import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPacks } from '../../src/server/db/schema';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { multiplyCents, parseMoney, toMoneyString } from '#core/money';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText as readPdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  sampleProfile,
  Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let poi: ProductFixture;
let kalo: ProductFixture;
const deliveryDay = addDays(hawaiiToday(), 3);

/** The text of a downloaded PDF, read in-process. */
const pdfText = (response: LightMyRequestResponse) => readPdfText(response.rawPayload);

function expectPdf(response: LightMyRequestResponse, disposition: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(disposition);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kāneʻohe Taro Patch');
  otherFarmer = await signUpFarmer(ctx.app, 'Other Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Elsewhere Cafe');
  await setFarmTerms(ctx.database.db, farmer.farmId, {
    deliveryFee: '6.00',
    checksPayableTo: 'Kaneohe Taro LLC',
  });
  const update = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile('Ono Kitchen'),
    location: '1 Ala Moana Blvd, Honolulu, HI 96813',
    contactPhone: '(808) 555-0199',
    deliveryZone: 'honolulu',
    contact1Name: 'Leilani Kahale',
    contact1Position: 'Chef',
    contact1Phone: '(808) 555-0123',
  });
  expect(update.statusCode, update.body).toBe(200);
  await addDeliveryDay(ctx.database.db, farmer.farmId, deliveryDay, 'Honolulu');
  poi = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Poi',
    unit: 'gallon',
    price: '12.50',
    availableQuantity: 10_000,
  });
  kalo = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Kalo',
    unit: 'lb',
    price: '3.75',
    availableQuantity: 10_000,
  });
});
afterAll(async () => {
  await ctx.close();
});

async function orderWith(status: 'pending' | 'confirmed' | 'delivered', notes?: string) {
  const [order] = await placeCheckout(restaurant, [
    orderBody(
      farmer.farmId,
      [
        { product: poi, quantity: 2 },
        { product: kalo, quantity: 10 },
      ],
      { deliveryDate: deliveryDay, ...(notes ? { notes } : {}) },
    ),
  ]);
  const steps =
    status === 'pending'
      ? []
      : status === 'confirmed'
        ? ['confirmed']
        : ['confirmed', 'packed', 'in_transit', 'delivered'];
  for (const step of steps) {
    const response = await farmer.patch(`/api/orders/${order!.id}/status`, {
      status: step,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order!.id;
}

describe('invoices', () => {
  it('draws the invoice with a per-farm number that stays the same on every download', async () => {
    const id = await orderWith('confirmed', 'Leave at the loading dock');
    const first = await farmer.get(`/api/orders/${id}/invoice`);
    expectPdf(first, `attachment; filename="invoice-${id}.pdf"`);
    const text = await pdfText(first);
    for (const expected of [
      'Kāneʻohe Taro Patch',
      '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      '(808) 555-0101',
      'INVOICE',
      'Invoice No.',
      '00001',
      `#${id}`,
      'Make checks payable to',
      'Kaneohe Taro LLC',
      'Ono Kitchen',
      '1 Ala Moana Blvd, Honolulu, HI 96813',
      '(808) 555-0199',
      'Poi',
      '2 gallon',
      '$12.50',
      '$25.00',
      '10 lb',
      '$3.75',
      '$37.50',
      'Subtotal',
      '$62.50',
      'Delivery fee',
      '$6.00',
      '$68.50',
      'Leave at the loading dock',
    ]) {
      expect(text).toContain(expected);
    }
    const [year, month, day] = deliveryDay.split('-').map(Number) as [number, number, number];
    const monthName = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', {
      month: 'short',
      timeZone: 'UTC',
    });
    expect(text).toContain(`${monthName} ${day}, ${year}`);

    const again = await restaurant.get(`/api/orders/${id}/invoice`);
    expectPdf(again, `attachment; filename="invoice-${id}.pdf"`);
    expect(await pdfText(again)).toContain('00001');

    const next = await orderWith('confirmed');
    expect(await pdfText(await farmer.get(`/api/orders/${next}/invoice`))).toContain('00002');
  });

  it('numbers each farm on its own and gives concurrent first downloads one number', async () => {
    const product = await createProduct(ctx.database.db, otherFarmer.farmId);
    const [order] = await placeCheckout(restaurant, [
      orderBody(otherFarmer.farmId, [{ product, quantity: 1 }]),
    ]);
    await otherFarmer.patch(`/api/orders/${order!.id}/status`, { status: 'confirmed' });
    const downloads = await Promise.all(
      Array.from({ length: 5 }, () => otherFarmer.get(`/api/orders/${order!.id}/invoice`)),
    );
    for (const download of downloads) expect(await pdfText(download)).toContain('00001');
    const second = await otherFarmer.get(`/api/orders/${order!.id}/invoice`);
    expect(await pdfText(second)).toContain('00001');
  });

  it('refuses other businesses (404), the signed-out (401) and unconfirmed orders (409)', async () => {
    const confirmed = await orderWith('confirmed');
    expect((await otherFarmer.get(`/api/orders/${confirmed}/invoice`)).statusCode).toBe(404);
    expect((await otherRestaurant.get(`/api/orders/${confirmed}/invoice`)).statusCode).toBe(404);
    expect((await new Session(ctx.app).get(`/api/orders/${confirmed}/invoice`)).statusCode).toBe(
      401,
    );
    expect((await farmer.get('/api/orders/999999/invoice')).statusCode).toBe(404);
    expect((await farmer.get('/api/orders/nope/invoice')).statusCode).toBe(400);
    const pending = await orderWith('pending');
    const refused = await farmer.get(`/api/orders/${pending}/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'document_unavailable', status: 'pending' });
    await farmer.patch(`/api/orders/${pending}/status`, { status: 'cancelled' });
    expect((await farmer.get(`/api/orders/${pending}/invoice`)).statusCode).toBe(409);
    expect((await farmer.get(`/api/orders/${pending}/packing-slip`)).statusCode).toBe(409);
  });
});

describe('GET /api/invoices/{orderId}/download', () => {
  it('shows the restaurant its delivered order’s invoice inline', async () => {
    const id = await orderWith('delivered');
    const response = await restaurant.get(`/api/invoices/${id}/download`);
    expectPdf(response, `inline; filename="invoice-${id}.pdf"`);
    expect(await pdfText(response)).toContain('Ono Kitchen');
  });

  it('refuses orders not yet delivered (409), other restaurants (404) and farmers (403)', async () => {
    const confirmed = await orderWith('confirmed');
    expect((await restaurant.get(`/api/invoices/${confirmed}/download`)).statusCode).toBe(409);
    const delivered = await orderWith('delivered');
    expect((await otherRestaurant.get(`/api/invoices/${delivered}/download`)).statusCode).toBe(404);
    expect((await farmer.get(`/api/invoices/${delivered}/download`)).statusCode).toBe(403);
    expect((await new Session(ctx.app).get(`/api/invoices/${delivered}/download`)).statusCode).toBe(
      401,
    );
  });
});

describe('packing slips', () => {
  it('lists the delivery, the contacts and each item with a box, and no prices', async () => {
    const id = await orderWith('confirmed', 'Ring the bell twice');
    const response = await farmer.get(`/api/orders/${id}/packing-slip`);
    expectPdf(response, `attachment; filename="packing-slip-${id}.pdf"`);
    const text = await pdfText(response);
    for (const expected of [
      'PACKING SLIP',
      'Ono Kitchen',
      '1 Ala Moana Blvd, Honolulu, HI 96813',
      '(808) 555-0199',
      'Leilani Kahale (Chef)',
      '(808) 555-0123',
      'Delivery zone',
      'Honolulu',
      'Ring the bell twice',
      'Poi',
      'gallon',
      'Kalo',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Poi\s+2\s+gallon/);
    expect(text).toMatch(/Kalo\s+10\s+lb/);
    expect(text).not.toContain('$');
  });

  it('is for the order’s farm only', async () => {
    const id = await orderWith('confirmed');
    expect((await restaurant.get(`/api/orders/${id}/packing-slip`)).statusCode).toBe(403);
    expect((await otherFarmer.get(`/api/orders/${id}/packing-slip`)).statusCode).toBe(404);
    expect((await new Session(ctx.app).get(`/api/orders/${id}/packing-slip`)).statusCode).toBe(401);
  });
});

describe('pick list', () => {
  it('sums a delivery day’s products and appends every order’s packing slip', async () => {
    const day = addDays(hawaiiToday(), 5);
    // Ono Kitchen's zone: zones match exactly (docs/delivery.md).
    await addDeliveryDay(ctx.database.db, otherFarmer.farmId, day, 'Honolulu');
    const mango = await createProduct(ctx.database.db, otherFarmer.farmId, {
      name: 'Mango',
      unit: 'box',
    });
    const ids: number[] = [];
    for (const [buyer, quantity] of [
      [restaurant, 3],
      [otherRestaurant, 4],
    ] as const) {
      const [order] = await placeCheckout(buyer, [
        orderBody(otherFarmer.farmId, [{ product: mango, quantity }], { deliveryDate: day }),
      ]);
      await otherFarmer.patch(`/api/orders/${order!.id}/status`, { status: 'confirmed' });
      ids.push(order!.id);
    }
    const response = await otherFarmer.get(`/api/orders/farm/pick-list?date=${day}`);
    expectPdf(response, `attachment; filename="pick-list-${day}.pdf"`);
    const text = await pdfText(response);
    expect(text).toContain('PICK LIST');
    expect(text).toMatch(/Mango\s+7 boxes\s+2/);
    expect(text.match(/PACKING SLIP/g)).toHaveLength(2);
    for (const id of ids) expect(text).toContain(`#${id}`);
    expect(text).toContain('Elsewhere Cafe');
  });

  it('answers 400 to a bad date, 404 to a day without orders, 403 to restaurants', async () => {
    expect((await farmer.get('/api/orders/farm/pick-list?date=2026-13-01')).statusCode).toBe(400);
    expect((await farmer.get('/api/orders/farm/pick-list')).statusCode).toBe(400);
    expect((await farmer.get('/api/orders/farm/pick-list?date=2001-01-01')).statusCode).toBe(404);
    expect(
      (await restaurant.get(`/api/orders/farm/pick-list?date=${deliveryDay}`)).statusCode,
    ).toBe(403);
  });
});

describe('packs on the papers', () => {
  const day = addDays(hawaiiToday(), 6);
  let kale: ProductFixture;
  let casePackId: number;
  let packFarmer: Awaited<ReturnType<typeof signUpFarmer>>;

  beforeAll(async () => {
    packFarmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    await addDeliveryDay(ctx.database.db, packFarmer.farmId, day, 'Honolulu');
    kale = await createProduct(ctx.database.db, packFarmer.farmId, {
      name: 'Lacinato kale',
      unit: 'bunch',
      price: '2.50',
      availableQuantity: 10_000,
    });
    const [casePack] = await ctx.database.db
      .insert(productPacks)
      .values({ productId: kale.id, label: 'case of 24 bunches', size: 24, price: '57.50' })
      .returning({ id: productPacks.id });
    casePackId = casePack!.id;
  });

  /** A confirmed order of kale for the day: `cases` cases of 24, or `bunches` loose bunches. */
  async function kaleOrder(
    buyer: typeof restaurant,
    line: { cases: number } | { bunches: number },
  ) {
    const item =
      'cases' in line
        ? { packId: casePackId, quantity: line.cases, unitPrice: '57.50' }
        : { quantity: line.bunches, unitPrice: '2.50' };
    const totalPrice = toMoneyString(multiplyCents(parseMoney(item.unitPrice)!, item.quantity));
    const [order] = await placeCheckout(buyer, [
      {
        farmId: packFarmer.farmId,
        deliveryDate: day,
        items: [{ productId: kale.id, ...item, totalPrice }],
        // The farm charges no delivery fee.
        totalAmount: totalPrice,
      },
    ]);
    const confirmed = await packFarmer.patch(`/api/orders/${order!.id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order!.id;
  }

  it('sums the day’s kale in bunches over cases and loose bunches', async () => {
    await kaleOrder(restaurant, { cases: 2 });
    await kaleOrder(otherRestaurant, { bunches: 5 });
    const response = await packFarmer.get(`/api/orders/farm/pick-list?date=${day}`);
    expectPdf(response, `attachment; filename="pick-list-${day}.pdf"`);
    const text = await pdfText(response);
    // 2 cases of 24 and 5 bunches: 53 bunches, which fill no whole case.
    expect(text).toMatch(/Lacinato kale\s+53 bunches\s+2/);
    expect(text).toMatch(/Lacinato kale\s+2\s+cases of 24 bunches/);

    // One more case and 19 more bunches make 96: four whole cases.
    await kaleOrder(restaurant, { cases: 1 });
    await kaleOrder(restaurant, { bunches: 19 });
    const filled = await pdfText(await packFarmer.get(`/api/orders/farm/pick-list?date=${day}`));
    expect(filled).toMatch(/Lacinato kale\s+96 bunches = 4 cases of 24 bunches\s+4/);
  });

  it('prints a case line’s count and price per case on the invoice, a bunch line as before', async () => {
    const cases = await kaleOrder(restaurant, { cases: 2 });
    const invoice = await pdfText(await packFarmer.get(`/api/orders/${cases}/invoice`));
    expect(invoice).toMatch(/PRICE EACH/);
    expect(invoice).toMatch(/Lacinato kale\s+2 cases of 24 bunches\s+\$57\.50\s+\$115\.00/);

    const bunches = await kaleOrder(restaurant, { bunches: 5 });
    const loose = await pdfText(await packFarmer.get(`/api/orders/${bunches}/invoice`));
    expect(loose).toMatch(/Lacinato kale\s+5 bunch\s+\$2\.50\s+\$12\.50/);
    expect(loose).toContain('UNIT PRICE');
    expect(loose).not.toContain('case');
  });

  it('shows an adjusted case line’s cases ordered and delivered, with room for the product', async () => {
    const id = await kaleOrder(restaurant, { cases: 3 });
    const order = (await packFarmer.get(`/api/orders/farm?limit=100`)).json() as {
      id: number;
      orderItems: { id: number }[];
    }[];
    const line = order.find((entry) => entry.id === id)!.orderItems[0]!;
    const adjusted = await packFarmer.post(`/api/orders/${id}/adjustments`, {
      lines: [{ itemId: line.id, quantity: 2, reason: 'Short after rain' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const text = await pdfText(await packFarmer.get(`/api/orders/${id}/invoice`));
    expect(text).toMatch(
      /Lacinato kale\s+3 cases of 24\s+2 cases of 24 bunches\s+\$57\.50\s+\$115\.00/,
    );
  });
});
