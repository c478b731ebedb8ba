import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hawaiiToday } from '#core/hawaii-time';
import { farms, orders } from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  placeCheckout,
  setFarmTerms,
  stockOf,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kula Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
});
afterAll(async () => {
  await ctx.close();
});

/** Sets the farm's GET rate through the API, as the farmer's profile form does. */
async function setRate(taxRate: string | number) {
  return farmer.put('/api/profile/farm', { ...sampleProfile('Kula Greens'), taxRate });
}

async function storedRate(): Promise<string> {
  const [row] = await ctx.database.db
    .select({ taxRate: farms.taxRate })
    .from(farms)
    .where(eq(farms.id, farmer.farmId));
  return row!.taxRate;
}

async function orderCount(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.restaurantId, restaurant.restaurantId));
  return row!.n;
}

describe('General Excise Tax', () => {
  it('is off by default: no tax on the farm, the catalog or the order', async () => {
    const user = await farmer.get('/api/auth/user');
    expect(user.json().profile).toMatchObject({ taxRate: '0.0000' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '3.00' });
    const listed = await restaurant.get('/api/products?limit=100');
    const found = listed.json().find((p: { id: number }) => p.id === product.id);
    expect(found.farm).toMatchObject({ taxRate: '0.0000' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity: 2 }]),
    ]);
    expect(order).toMatchObject({
      subtotal: '6.00',
      taxRate: '0.0000',
      taxAmount: '0.00',
      totalAmount: '6.00',
    });
  });

  it.each([
    ['10.0001', 'above 10%'],
    ['-1', 'negative'],
    ['4.71201', 'five decimals'],
    ['four', 'not a number'],
    ['', 'blank'],
  ])('refuses the rate %j (%s) with 400 and changes nothing', async (taxRate) => {
    const before = await storedRate();
    const response = await setRate(taxRate);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.taxRate).toBe(
      'Enter a percentage from 0 to 10 with up to 4 decimals, like 4.712',
    );
    expect(await storedRate()).toBe(before);
  });

  it('keeps the rate exactly as set, with four decimals, on the profile and the farm lists', async () => {
    const response = await setRate('4.712');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().taxRate).toBe('4.7120');
    expect(Number(await storedRate())).toBe(4.712);
    const farmsList = await restaurant.get('/api/farms');
    expect(
      farmsList.json().find((farm: { id: number }) => farm.id === farmer.farmId),
    ).toMatchObject({ taxRate: '4.7120' });
    // A number is read the same way; 10 is the most.
    expect((await setRate(4.1666)).json().taxRate).toBe('4.1666');
    expect((await setRate('10')).json().taxRate).toBe('10.0000');
    // A profile save without the field leaves the rate as it is.
    const untouched = await farmer.put('/api/profile/farm', sampleProfile('Kula Greens'));
    expect(untouched.json().taxRate).toBe('10.0000');
  });

  it('taxes subtotal plus delivery fee, rounded half-up once, and stores rate and amount', async () => {
    expect((await setRate('4.712')).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '0.61' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '5.00' });
    // $10.00 + $0.61 = $10.61 at 4.712% is $0.49994...: $0.50.
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity: 2 }], { totalAmount: '11.11' }),
    ]);
    expect(order).toMatchObject({
      subtotal: '10.00',
      deliveryFee: '0.61',
      taxRate: '4.7120',
      taxAmount: '0.50',
      totalAmount: '11.11',
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(Number(row!.taxRate)).toBe(4.712);
    expect(Number(row!.taxAmount)).toBe(0.5);
    expect(Number(row!.totalAmount)).toBe(11.11);
  });

  it.each([
    // $1.00 at 0.5% is exactly half a cent: up.
    ['0.5', '1.00', 1, '0.01', '1.01'],
    // $0.99 at 0.5% is 0.495 cents: down.
    ['0.5', '0.99', 1, '0.00', '0.99'],
    // $12.00 at 4.1666% is 49.9992 cents: up to 50.
    ['4.1666', '12.00', 1, '0.50', '12.50'],
    // $21.10 at 4.712% is 99.4232 cents: down to 99.
    ['4.712', '2.11', 10, '0.99', '22.09'],
  ])('at %s percent, %s x %i pays %s tax', async (rate, price, quantity, tax, total) => {
    expect((await setRate(rate)).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '0.00' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity }], { totalAmount: total }),
    ]);
    expect(order).toMatchObject({ taxAmount: tax, totalAmount: total });
  });

  it('answers 409 total_changed when the rate changed since the cart, placing nothing', async () => {
    expect((await setRate('4.1666')).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '5.00' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '20.00' });
    // The cart showed $25.00 at 4.1666%: $1.04 tax, $26.04.
    const seen = orderBody(farmer.farmId, [{ product, quantity: 1 }], { totalAmount: '26.04' });
    expect((await setRate('4.712')).statusCode).toBe(200);
    const before = await orderCount();

    const refused = await restaurant.post('/api/checkout', { orders: [seen] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'total_changed',
      farmId: farmer.farmId,
      subtotal: '20.00',
      deliveryFee: '5.00',
      taxRate: '4.7120',
      // $25.00 at 4.712% is $1.178: $1.18.
      taxAmount: '1.18',
      totalAmount: '26.18',
      sentTotalAmount: '26.04',
      farms: [{ farmId: farmer.farmId, taxRate: '4.7120', taxAmount: '1.18' }],
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(ctx.database.db, product.id)).toBe(product.availableQuantity);

    // A total that leaves the tax out is refused the same way.
    const untaxed = orderBody(farmer.farmId, [{ product, quantity: 1 }], { totalAmount: '25.00' });
    expect((await restaurant.post('/api/orders', untaxed)).statusCode).toBe(409);

    // The new figures, once seen, place the order at the rate of the day.
    const [order] = await placeCheckout(restaurant, [{ ...seen, totalAmount: '26.18' }]);
    expect(order).toMatchObject({ taxRate: '4.7120', taxAmount: '1.18', totalAmount: '26.18' });
    expect(await orderCount()).toBe(before + 1);

    // A later change of rate leaves the placed order as it was.
    expect((await setRate('0.5')).statusCode).toBe(200);
    const mine = await restaurant.get('/api/orders/restaurant');
    expect(mine.json().find((o: { id: number }) => o.id === order!.id)).toMatchObject({
      taxRate: '4.7120',
      taxAmount: '1.18',
      totalAmount: '26.18',
    });
  });

  it("taxes a restaurant's change of quantities at the rate stored on the order", async () => {
    expect((await setRate('4.712')).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '0.00' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '10.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity: 1 }], { totalAmount: '10.47' }),
    ]);
    expect((await setRate('0')).statusCode).toBe(200);
    const changed = await restaurant.patch(`/api/orders/${order!.id}/items`, {
      items: [{ productId: product.id, quantity: 3 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // $30.00 at the order's 4.712% is $1.4136: $1.41.
    expect(changed.json()).toMatchObject({
      subtotal: '30.00',
      taxRate: '4.7120',
      taxAmount: '1.41',
      totalAmount: '31.41',
    });
  });

  it("taxes the farm's adjustment to what was picked at the rate stored on the order", async () => {
    expect((await setRate('4.712')).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '5.00' });
    const product = await createProduct(ctx.database.db, farmer.farmId, {
      unit: 'lb',
      price: '4.00',
    });
    // $20.00 + $5.00 fee taxed at 4.712% is $1.178: $1.18.
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity: 5 }], { totalAmount: '26.18' }),
    ]);
    expect((await setRate('0')).statusCode).toBe(200);
    const adjusted = await farmer.post(`/api/orders/${order!.id}/adjustments`, {
      lines: [{ itemId: order!.orderItems[0]!.id, quantity: 4.25, reason: 'Weighed at packing' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    // $17.00 + $5.00 at the order's 4.712% is $1.03664: $1.04.
    expect(adjusted.json()).toMatchObject({
      subtotal: '17.00',
      deliveryFee: '5.00',
      taxRate: '4.7120',
      taxAmount: '1.04',
      totalAmount: '23.04',
    });
  });

  it('shows the tax as its own line on the invoice and on the statement', async () => {
    expect((await setRate('4.712')).statusCode).toBe(200);
    await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '5.00' });
    const product = await createProduct(ctx.database.db, farmer.farmId, { price: '20.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product, quantity: 1 }], { totalAmount: '26.18' }),
    ]);
    const confirmed = await farmer.patch(`/api/orders/${order!.id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const invoice = await farmer.get(`/api/orders/${order!.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('GET 4.712% $1.18');
    expect(text).toContain('Total $26.18');

    // Delivered, it is on the month's statement with the GET it includes.
    for (const status of ['packed', 'in_transit', 'delivered']) {
      const moved = await farmer.patch(`/api/orders/${order!.id}/status`, {
        status,
        recipientName: 'Malia Keawe',
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const month = hawaiiToday().slice(0, 7);
    const statement = await farmer.get(
      `/api/statements?month=${month}&restaurantId=${restaurant.restaurantId}`,
    );
    expect(statement.statusCode).toBe(200);
    expect(await pdfText(statement.rawPayload)).toMatch(
      new RegExp(`Invoice \\d{5} for order #${order!.id} \\(incl\\. \\$1\\.18 GET\\)`),
    );
  });
});
