import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, multiplyCents, sumCents } from '#core/money';
import type { PricedOrder as Order } from '#core/schemas/order';
import {
  farms,
  notifications,
  orderAdjustments,
  orders,
  orderStatusHistory,
  products,
} from '../../src/server/db/schema';
import { expectBooksBalance } from '../helpers/invariants';
import {
  createProduct,
  orderBody,
  setFarmTerms,
  stockOf,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let tomatoes: ProductFixture;
let eggs: ProductFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '5.00' });
  tomatoes = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Tomatoes',
    unit: 'lb',
    price: '3.99',
    availableQuantity: 100,
  });
  eggs = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Eggs',
    unit: 'dozen',
    price: '6.00',
    availableQuantity: 100,
  });
});
afterAll(async () => {
  await ctx.close();
});

async function place(lines: { product: ProductFixture; quantity: number }[]): Promise<Order> {
  const response = await restaurant.post('/api/orders', orderBody(farmer.farmId, lines));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

const lineOf = (order: Order, product: ProductFixture) =>
  order.orderItems.find((item) => item.productId === product.id)!;

function adjust(orderId: number, lines: { itemId: number; quantity: number; reason?: string }[]) {
  return farmer.post(`/api/orders/${orderId}/adjustments`, {
    lines: lines.map((line) => ({ reason: 'Weighed at packing', ...line })),
  });
}

/** The farm's allowance above what was ordered for a weighed line (docs/adjustments.md). */
async function setFarmAllowance(percent: number) {
  await ctx.database.db
    .update(farms)
    .set({ adjustmentAllowancePercent: percent })
    .where(eq(farms.id, farmer.farmId));
}

/** The order's figures, stock and records as stored: what "nothing changed" compares. */
async function snapshot(orderId: number) {
  const order = (await farmer.get(`/api/orders/farm?limit=100`))
    .json()
    .find((candidate: Order) => candidate.id === orderId) as Order;
  const adjustments = await ctx.database.db
    .select()
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId));
  return {
    order,
    stock: [await stockOf(ctx.database.db, tomatoes.id), await stockOf(ctx.database.db, eggs.id)],
    adjustments: adjustments.length,
  };
}

describe('weighed quantities', () => {
  it('keeps a weighed stock to the hundredth and refuses a decimal stock of a counted unit', async () => {
    const created = await farmer.post('/api/products', {
      name: 'Ginger',
      unit: 'kg',
      price: '9.00',
      availableQuantity: '12.35',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().availableQuantity).toBe(12.35);
    const id = created.json().id as number;
    const edited = await farmer.patch(`/api/products/${id}`, {
      availableQuantity: 10.05,
      expectedAvailableQuantity: 12.35,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().availableQuantity).toBe(10.05);
    // A counted unit with a decimal stock: in the body, or against the stored unit.
    const counted = await farmer.post('/api/products', {
      name: 'Papaya',
      unit: 'piece',
      price: '2.00',
      availableQuantity: 3.5,
    });
    expect(counted.statusCode).toBe(400);
    expect(counted.json().fields).toEqual({ availableQuantity: 'Use a whole number for piece' });
    const eggsDecimal = await farmer.patch(`/api/products/${eggs.id}`, { availableQuantity: 2.5 });
    expect(eggsDecimal.statusCode).toBe(400);
    expect(eggsDecimal.json().fields).toEqual({
      availableQuantity: 'Use a whole number for dozen',
    });
    // A counted unit for a stock with decimals needs a whole stock with it.
    const toPiece = await farmer.patch(`/api/products/${id}`, { unit: 'piece' });
    expect(toPiece.statusCode).toBe(400);
    expect(toPiece.json().fields).toEqual({ availableQuantity: 'Use a whole number for piece' });
    const threeDecimals = await farmer.patch(`/api/products/${id}`, { availableQuantity: 1.005 });
    expect(threeDecimals.statusCode).toBe(400);
    expect(threeDecimals.json().fields).toEqual({ availableQuantity: 'Use at most two decimals' });
    const after = await farmer.get('/api/products/farm');
    const ginger = (after.json() as { id: number; availableQuantity: number; unit: string }[]).find(
      (product) => product.id === id,
    );
    expect(ginger).toMatchObject({ availableQuantity: 10.05, unit: 'kg' });
    expect(await stockOf(ctx.database.db, eggs.id)).toBe(100);
  });
});

describe('POST /api/orders/{id}/adjustments', () => {
  it('sets a weighed line to what was picked: totals from its own prices, stock, record, notice', async () => {
    const order = await place([
      { product: tomatoes, quantity: 3 },
      { product: eggs, quantity: 2 },
    ]);
    const before = await stockOf(ctx.database.db, tomatoes.id);
    const line = lineOf(order, tomatoes);
    // The catalog price moves after placement: the order keeps the price it was placed at.
    await ctx.database.db
      .update(products)
      .set({ price: '50.00' })
      .where(eq(products.id, tomatoes.id));
    const response = await adjust(order.id, [
      { itemId: line.id, quantity: 2.75, reason: 'Short after frost' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const adjusted = response.json() as Order;
    // $3.99 x 2.75 = 1097.25 cents -> $10.97 (half up); eggs 2 x $6.00; fee $5.00.
    expect(lineOf(adjusted, tomatoes)).toMatchObject({
      quantity: 2.75,
      orderedQuantity: 3,
      unitPrice: '3.99',
      totalPrice: '10.97',
    });
    expect(lineOf(adjusted, eggs)).toMatchObject({ quantity: 2, orderedQuantity: 2 });
    expect(adjusted.subtotal).toBe('22.97');
    expect(adjusted.totalAmount).toBe('27.97');
    expect(adjusted.adjustedAt).toEqual(expect.any(String));
    expect(await stockOf(ctx.database.db, tomatoes.id)).toBe(before + 0.25);

    // A second adjustment keeps what was ordered, and may go over it within stock.
    const again = await adjust(order.id, [{ itemId: line.id, quantity: 3.1 }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(lineOf(again.json(), tomatoes)).toMatchObject({
      quantity: 3.1,
      orderedQuantity: 3,
      totalPrice: '12.37', // 1236.9 cents
    });
    expect(await stockOf(ctx.database.db, tomatoes.id)).toBe(before - 0.1);

    const history = await restaurant.get(`/api/orders/${order.id}/adjustments`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({
        itemId: line.id,
        product: { name: 'Tomatoes', unit: 'lb' },
        fromQuantity: 3,
        toQuantity: 2.75,
        reason: 'Short after frost',
        fromTotal: '28.97',
        toTotal: '27.97',
        changedByUserId: expect.any(Number),
        changedAt: expect.any(String),
      }),
      expect.objectContaining({ fromQuantity: 2.75, toQuantity: 3.1, toTotal: '29.37' }),
    ]);

    await ctx.database.db
      .update(products)
      .set({ price: '3.99' })
      .where(eq(products.id, tomatoes.id));

    // The restaurant hears of each adjustment: what changed, why, and the new total.
    const notices = (await restaurant.get('/api/notifications')).json().items as {
      title: string;
      body: string;
    }[];
    const adjustedNotices = notices.filter(
      (item) => item.title === `Order #${order.id} adjusted by Kahuku Greens`,
    );
    expect(adjustedNotices.map((item) => item.body).sort()).toEqual([
      'Tomatoes: 2.75 lb -> 3.1 lb (Weighed at packing). New total $29.37.',
      'Tomatoes: 3 lb -> 2.75 lb (Short after frost). New total $27.97.',
    ]);
  });

  it('shows ordered and delivered quantities and the adjusted total on the packing slip and invoice', async () => {
    const order = await place([
      { product: tomatoes, quantity: 3 },
      { product: eggs, quantity: 2 },
    ]);
    await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    const adjusted = await adjust(order.id, [
      { itemId: lineOf(order, tomatoes).id, quantity: 2.75 },
    ]);
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const slip = await pdfText(
      (await farmer.get(`/api/orders/${order.id}/packing-slip`)).rawPayload,
    );
    expect(slip).toContain('PRODUCT ORDERED DELIVER UNIT');
    expect(slip).toMatch(/Tomatoes 3 2\.75 lb/);
    expect(slip).toMatch(/Eggs 2 2 dozen/);
    const invoice = await pdfText((await farmer.get(`/api/orders/${order.id}/invoice`)).rawPayload);
    expect(invoice).toMatch(/Tomatoes 3 lb 2\.75 lb \$3\.99 \$10\.97/);
    expect(invoice).toMatch(/Adjusted total \$27\.97/);
  });

  it('removes a line, gives its stock back, and works while confirmed and packed', async () => {
    const order = await place([
      { product: tomatoes, quantity: 1.5 },
      { product: eggs, quantity: 4 },
    ]);
    for (const status of ['confirmed', 'packed']) {
      const moved = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const eggsBefore = await stockOf(ctx.database.db, eggs.id);
    const response = await adjust(order.id, [
      { itemId: lineOf(order, eggs).id, quantity: 0, reason: 'Hens off lay' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const adjusted = response.json() as Order;
    expect(adjusted.status).toBe('packed');
    expect(adjusted.orderItems.map((item) => item.productId)).toEqual([tomatoes.id]);
    // $3.99 x 1.5 = 598.5 cents -> $5.99, plus the $5.00 fee.
    expect(adjusted.subtotal).toBe('5.99');
    expect(adjusted.totalAmount).toBe('10.99');
    expect(await stockOf(ctx.database.db, eggs.id)).toBe(eggsBefore + 4);
  });

  it('removing every line cancels the order, gives all stock back and records who', async () => {
    const order = await place([
      { product: tomatoes, quantity: 2.25 },
      { product: eggs, quantity: 1 },
    ]);
    const before = [
      await stockOf(ctx.database.db, tomatoes.id),
      await stockOf(ctx.database.db, eggs.id),
    ];
    const response = await adjust(order.id, [
      { itemId: lineOf(order, tomatoes).id, quantity: 0, reason: 'Frost' },
      { itemId: lineOf(order, eggs).id, quantity: 0, reason: 'None left' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('cancelled');
    expect(await stockOf(ctx.database.db, tomatoes.id)).toBe(before[0]! + 2.25);
    expect(await stockOf(ctx.database.db, eggs.id)).toBe(before[1]! + 1);
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'cancelled')),
      );
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'pending', changedByRole: 'farmer' }),
    ]);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.orderId, order.id),
          eq(notifications.eventKey, `order:${order.id}:status:cancelled`),
        ),
      );
    expect(notice?.title).toBe(`Order #${order.id} cancelled by Kahuku Greens`);
    // A cancelled order is no longer adjustable.
    const late = await adjust(order.id, [{ itemId: lineOf(order, tomatoes).id, quantity: 1 }]);
    expect(late.statusCode).toBe(409);
  });

  it('refuses a packer the cancel an emptying adjustment is, pending or confirmed, and changes nothing', async () => {
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    // A packer adjusts to what was picked...
    const kept = await place([{ product: eggs, quantity: 2 }]);
    const lowered = await packer.post(`/api/orders/${kept.id}/adjustments`, {
      lines: [{ itemId: lineOf(kept, eggs).id, quantity: 1, reason: 'Two cracked' }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    // ...but removing the only line is a cancel, which a packer may not make.
    const pending = await place([{ product: tomatoes, quantity: 2 }]);
    const confirmed = await place([{ product: tomatoes, quantity: 2 }]);
    const move = await farmer.patch(`/api/orders/${confirmed.id}/status`, { status: 'confirmed' });
    expect(move.statusCode, move.body).toBe(200);
    for (const order of [pending, confirmed]) {
      const before = await snapshot(order.id);
      const response = await packer.post(`/api/orders/${order.id}/adjustments`, {
        lines: [{ itemId: lineOf(order, tomatoes).id, quantity: 0, reason: 'None left' }],
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe('forbidden_for_role');
      expect(await snapshot(order.id)).toEqual(before);
    }
    // An owner's emptying of a confirmed order is still the status's refusal.
    const owners = await adjust(confirmed.id, [
      { itemId: lineOf(confirmed, tomatoes).id, quantity: 0 },
    ]);
    expect(owners.statusCode, owners.body).toBe(409);
    expect(owners.json().code).toBe('invalid_transition');
  });

  it.each([
    ['a negative quantity', (item: number) => ({ itemId: item, quantity: -1 }), 'lines.0.quantity'],
    ['three decimals', (item: number) => ({ itemId: item, quantity: 1.255 }), 'lines.0.quantity'],
    ['no reason', (item: number) => ({ itemId: item, quantity: 1, reason: ' ' }), 'lines.0.reason'],
    ['a text quantity', (item: number) => ({ itemId: item, quantity: '2' }), 'lines.0.quantity'],
    ['a line of another order', () => ({ itemId: 2_000_000, quantity: 1 }), 'lines.0.itemId'],
    ['the same quantity', (item: number) => ({ itemId: item, quantity: 3 }), 'lines.0.quantity'],
  ])('answers 400 for %s, with the field, and changes nothing', async (_label, make, field) => {
    const order = await place([
      { product: tomatoes, quantity: 3 },
      { product: eggs, quantity: 2 },
    ]);
    const before = await snapshot(order.id);
    const response = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ reason: 'Weighed', ...make(lineOf(order, tomatoes).id) }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('answers 400 for a decimal of a counted unit and for a line listed twice', async () => {
    const order = await place([
      { product: tomatoes, quantity: 3 },
      { product: eggs, quantity: 2 },
    ]);
    const before = await snapshot(order.id);
    const counted = await adjust(order.id, [
      { itemId: lineOf(order, tomatoes).id, quantity: 2.5 },
      { itemId: lineOf(order, eggs).id, quantity: 1.5 },
    ]);
    expect(counted.statusCode).toBe(400);
    expect(counted.json().fields).toEqual({ 'lines.1.quantity': 'Use a whole number for dozen' });
    const twice = await adjust(order.id, [
      { itemId: lineOf(order, tomatoes).id, quantity: 2.5 },
      { itemId: lineOf(order, tomatoes).id, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ 'lines.1.itemId': 'Listed twice' });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('answers 409 over stock, taking nothing and changing no line', async () => {
    // Within the farm's allowance above what was ordered (docs/adjustments.md), short of stock.
    await setFarmAllowance(25);
    const scarce = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Vanilla',
      unit: 'oz',
      price: '12.00',
      availableQuantity: 2.3,
    });
    const response = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [
        { product: scarce, quantity: 2 },
        { product: eggs, quantity: 2 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json() as Order;
    const before = await snapshot(order.id);
    const over = await adjust(order.id, [
      { itemId: lineOf(order, eggs).id, quantity: 1 },
      { itemId: lineOf(order, scarce).id, quantity: 2.4 },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'insufficient_stock',
      productId: scarce.id,
      availableQuantity: 0.3,
      requestedQuantity: 2.4,
    });
    expect(await stockOf(ctx.database.db, scarce.id)).toBe(0.3);
    expect(await snapshot(order.id)).toEqual(before);
    // Exactly what is left is fine: stock reaches zero, never below.
    const all = await adjust(order.id, [{ itemId: lineOf(order, scarce).id, quantity: 2.3 }]);
    expect(all.statusCode, all.body).toBe(200);
    expect(await stockOf(ctx.database.db, scarce.id)).toBe(0);
    await setFarmAllowance(10);
  });

  it("answers 404 for another farm's order, 403 for a restaurant, 409 once delivered", async () => {
    const order = await place([{ product: tomatoes, quantity: 3 }]);
    const item = lineOf(order, tomatoes).id;
    const body = { lines: [{ itemId: item, quantity: 2, reason: 'Short' }] };
    const other = await otherFarmer.post(`/api/orders/${order.id}/adjustments`, body);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Tomatoes');
    expect((await otherFarmer.get(`/api/orders/${order.id}/adjustments`)).statusCode).toBe(404);
    expect((await restaurant.post(`/api/orders/${order.id}/adjustments`, body)).statusCode).toBe(
      403,
    );
    for (const status of ['confirmed', 'packed', 'in_transit']) {
      await farmer.patch(`/api/orders/${order.id}/status`, { status });
    }
    const before = await snapshot(order.id);
    const shipped = await farmer.post(`/api/orders/${order.id}/adjustments`, body);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ code: 'not_adjustable', status: 'in_transit' });
    await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      recipientName: 'Leilani',
    });
    const delivered = await farmer.post(`/api/orders/${order.id}/adjustments`, body);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ code: 'not_adjustable', status: 'delivered' });
    const after = await snapshot(order.id);
    expect(after.stock).toEqual(before.stock);
    expect(after.adjustments).toBe(0);
    expect(after.order.totalAmount).toBe(before.order.totalAmount);
  });
});

describe.skipIf(!onPostgres)('concurrent adjustments on PostgreSQL', () => {
  it('never interleaves into a wrong total, and conserves stock', async () => {
    const product = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Sweet Potato',
      unit: 'lb',
      price: '2.37',
      availableQuantity: 40,
    });
    const placed = await Promise.all(
      [0, 1, 2, 3].map(() =>
        place([
          { product, quantity: 4 },
          { product: eggs, quantity: 1 },
        ]),
      ),
    );
    const quantities = [1.25, 3.5, 5.75, 0.33, 4.01, 2.99, 6.5, 7.07];
    const requests = placed.flatMap((order, index) => [
      ...quantities.map((quantity) =>
        adjust(order.id, [{ itemId: lineOf(order, product).id, quantity }]),
      ),
      farmer.patch(`/api/orders/${order.id}/status`, {
        status: index % 2 === 0 ? 'confirmed' : 'cancelled',
      }),
      index % 2 === 0
        ? farmer.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })
        : adjust(order.id, [{ itemId: lineOf(order, eggs).id, quantity: 2 }]),
    ]);
    const results = await Promise.all(requests);
    for (const result of results) expect([200, 400, 409], result.body).toContain(result.statusCode);
    await expectBooksBalance(ctx.database.db);

    const rows = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.farmId, farmer.farmId));
    let held = 0;
    for (const order of placed) {
      const current = (await farmer.get('/api/orders/farm?limit=100'))
        .json()
        .find((candidate: Order) => candidate.id === order.id) as Order;
      // The stored total is the sum of its lines at their own prices, plus the fee.
      const lines = current.orderItems.map((item) =>
        multiplyCents(centsOf(item.unitPrice), item.quantity),
      );
      expect(current.orderItems.map((item) => item.totalPrice)).toEqual(
        lines.map((cents) => (cents / 100).toFixed(2)),
      );
      expect(centsOf(current.subtotal)).toBe(sumCents(lines));
      expect(centsOf(current.totalAmount)).toBe(sumCents(lines) + 500);
      const status = rows.find((row) => row.id === order.id)!.status;
      if (status !== 'cancelled') {
        held += current.orderItems
          .filter((item) => item.productId === product.id)
          .reduce((sum, item) => sum + Math.round(item.quantity * 100), 0);
      }
    }
    // Stock conserved: what is left plus what live orders hold is what there was.
    const left = Math.round((await stockOf(ctx.database.db, product.id)) * 100);
    expect(left + held).toBe(4000);
  });
});
