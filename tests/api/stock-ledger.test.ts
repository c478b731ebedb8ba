import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/schemas/order';
import type { StockMovement } from '#core/schemas/stock';
import { orderBody, stockOf, type ProductFixture } from '../helpers/catalog-fixtures';
import { expectBooksBalance } from '../helpers/invariants';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Table');
});

afterAll(async () => {
  await ctx.close();
});

async function newProduct(availableQuantity: number | string): Promise<ProductFixture> {
  const response = await farmer.post('/api/products', {
    name: 'Kale',
    unit: 'lb',
    price: '4.00',
    availableQuantity: String(availableQuantity),
  });
  expect(response.statusCode, response.body).toBe(201);
  const product = response.json();
  return { ...product, farmDeliveryFee: '0.00' } as ProductFixture;
}

const movementsOf = (productId: number, query = '') =>
  farmer.get(`/api/products/${productId}/stock-movements${query}`);

describe('GET /api/products/{id}/stock-movements', () => {
  it('records every change of stock, newest first, with the order, the restaurant and who', async () => {
    const kale = await newProduct(20);
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 3 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const line = order.orderItems[0]!;
    const changed = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 2 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: line.id, quantity: 2.2, reason: 'Weighed at packing' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const edited = await farmer.patch(`/api/products/${kale.id}`, {
      availableQuantity: '25',
      expectedAvailableQuantity: 17.8,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const response = await movementsOf(kale.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('6');
    const rows = response.json() as StockMovement[];
    const person = { kind: 'person', name: 'Kai A.' };
    const onOrder = { orderId: order.id, order: { id: order.id, restaurantName: 'Kaimuki Table' } };
    expect(rows).toMatchObject([
      { change: 2.2, quantityAfter: 27.2, reason: 'cancellation', ...onOrder, actor: person },
      { change: 7.2, quantityAfter: 25, reason: 'farmer_edit', orderId: null, order: null },
      {
        change: -0.2,
        quantityAfter: 17.8,
        reason: 'farm_adjustment',
        orderItemId: line.id,
        ...onOrder,
      },
      {
        change: 1,
        quantityAfter: 18,
        reason: 'restaurant_change',
        orderItemId: line.id,
        ...onOrder,
      },
      { change: -3, quantityAfter: 17, reason: 'sale', orderItemId: line.id, ...onOrder },
      { change: 20, quantityAfter: 20, reason: 'opening', orderId: null, actor: person },
    ]);
    const ids = rows.map((row) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(rows.reduce((sum, row) => Math.round((sum + row.change) * 100) / 100, 0)).toBe(
      await stockOf(ctx.database.db, kale.id),
    );
    await expectBooksBalance(ctx.database.db);
  });

  it('pages with limit and cursor, the next page in Link and the total in X-Total-Count', async () => {
    const kale = await newProduct(10);
    for (const quantity of [11, 12, 13, 14]) {
      const response = await farmer.patch(`/api/products/${kale.id}`, {
        availableQuantity: String(quantity),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const first = await movementsOf(kale.id, '?limit=2');
    expect(first.headers['x-total-count']).toBe('5');
    expect((first.json() as StockMovement[]).map((row) => row.quantityAfter)).toEqual([14, 13]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await farmer.get(next!);
    expect((second.json() as StockMovement[]).map((row) => row.quantityAfter)).toEqual([12, 11]);
    const third = await farmer.get(/<([^>]+)>/.exec(String(second.headers.link))![1]!);
    expect((third.json() as StockMovement[]).map((row) => row.reason)).toEqual(['opening']);
    expect(third.headers.link).toBeUndefined();
    expect((await movementsOf(kale.id, '?limit=0')).statusCode).toBe(400);
    expect((await movementsOf(kale.id, '?cursor=!!')).statusCode).toBe(400);
  });

  it("answers 404 for another farm's product and for no product, 403 for a restaurant", async () => {
    const kale = await newProduct(5);
    const other = await otherFarmer.get(`/api/products/${kale.id}/stock-movements`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Kale');
    expect((await movementsOf(2_000_000)).statusCode).toBe(404);
    expect((await restaurant.get(`/api/products/${kale.id}/stock-movements`)).statusCode).toBe(403);
  });

  it('refuses a stale stock edit and writes no movement for it', async () => {
    const kale = await newProduct(8);
    const stale = await farmer.patch(`/api/products/${kale.id}`, {
      availableQuantity: '3',
      expectedAvailableQuantity: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stock_changed', availableQuantity: 8 });
    expect((await movementsOf(kale.id)).headers['x-total-count']).toBe('1');
  });
});
