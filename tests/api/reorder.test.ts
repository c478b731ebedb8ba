import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farms, productPacks } from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  placeCheckout,
  updateProduct,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let other: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kula Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  other = await signUpRestaurant(ctx.app, 'Other Bistro');
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/orders/{id}/reorder', () => {
  it("answers each line at today's price and stock: same, dearer, cheaper, short and gone", async () => {
    const db = ctx.database.db;
    const same = await createProduct(db, farmer.farmId, { name: 'Kale', price: '3.00' });
    const dearer = await createProduct(db, farmer.farmId, { name: 'Taro', price: '2.00' });
    const cheaper = await createProduct(db, farmer.farmId, { name: 'Papaya', price: '5.00' });
    const short = await createProduct(db, farmer.farmId, { name: 'Basil', price: '1.50' });
    const inactive = await createProduct(db, farmer.farmId, { name: 'Mint', price: '1.00' });
    const deleted = await createProduct(db, farmer.farmId, { name: 'Okra', price: '1.00' });
    const soldOut = await createProduct(db, farmer.farmId, { name: 'Poi', price: '8.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [
        { product: same, quantity: 2 },
        { product: dearer, quantity: 3 },
        { product: cheaper, quantity: 1 },
        { product: short, quantity: 10 },
        { product: inactive, quantity: 1 },
        { product: deleted, quantity: 1 },
        { product: soldOut, quantity: 4 },
      ]),
    ]);
    await updateProduct(db, dearer.id, { price: '2.40' });
    await updateProduct(db, cheaper.id, { price: '4.25' });
    await updateProduct(db, short.id, { availableQuantity: 6 });
    await updateProduct(db, inactive.id, { isActive: false });
    await updateProduct(db, deleted.id, { deletedAt: new Date() });
    await updateProduct(db, soldOut.id, { availableQuantity: 0 });

    const response = await restaurant.get(`/api/orders/${order!.id}/reorder`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      orderId: order!.id,
      farm: { id: farmer.farmId, name: 'Kula Greens' },
    });
    const byName = Object.fromEntries(
      body.lines.map((line: { productName: string }) => [line.productName, line]),
    );
    expect(body.lines.map((line: { productName: string }) => line.productName)).toEqual([
      'Kale',
      'Taro',
      'Papaya',
      'Basil',
      'Mint',
      'Okra',
      'Poi',
    ]);
    expect(byName.Kale).toMatchObject({
      status: 'available',
      orderedQuantity: 2,
      quantity: 2,
      orderedUnitPrice: '3.00',
      unitPrice: '3.00',
      priceChange: null,
      product: { id: same.id, price: '3.00', farm: { id: farmer.farmId } },
    });
    expect(byName.Taro).toMatchObject({
      status: 'available',
      quantity: 3,
      orderedUnitPrice: '2.00',
      unitPrice: '2.40',
      priceChange: 'up',
    });
    expect(byName.Papaya).toMatchObject({ unitPrice: '4.25', priceChange: 'down' });
    // Stock was 50 - 10 = 40 after the order, now set to 6: the cart gets 6.
    expect(byName.Basil).toMatchObject({
      status: 'short',
      orderedQuantity: 10,
      quantity: 6,
      availableQuantity: 6,
    });
    for (const name of ['Mint', 'Okra', 'Poi']) {
      expect(byName[name]).toMatchObject({
        status: 'gone',
        quantity: 0,
        unitPrice: null,
        availableQuantity: 0,
        priceChange: null,
        product: null,
      });
    }
    // Each gone line says why it is left out.
    expect(byName.Mint.goneReason).toBe('not_offered');
    expect(byName.Okra.goneReason).toBe('not_offered');
    expect(byName.Poi.goneReason).toBe('sold_out');
    expect(byName.Kale.goneReason).toBeNull();
    // A gone line says nothing of today's figures, not even for an inactive product.
    expect(byName.Mint.product).toBeNull();
  });

  it("is the restaurant's own order only: anyone else's is 404, farms are refused", async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '3.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    ]);
    const foreign = await other.get(`/api/orders/${order!.id}/reorder`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Order not found');
    expect((await restaurant.get('/api/orders/999999/reorder')).statusCode).toBe(404);
    expect((await restaurant.get('/api/orders/abc/reorder')).statusCode).toBe(400);
    expect((await farmer.get(`/api/orders/${order!.id}/reorder`)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order!.id}/reorder`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sums a product ordered on two lines and works for a cancelled order too', async () => {
    const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '3.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [
        { product: kale, quantity: 2 },
        { product: kale, quantity: 3 },
      ]),
    ]);
    const cancelled = await restaurant.patch(`/api/orders/${order!.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await restaurant.get(`/api/orders/${order!.id}/reorder`);
    expect(response.json().lines).toEqual([
      expect.objectContaining({
        productId: kale.id,
        status: 'available',
        orderedQuantity: 5,
        quantity: 5,
      }),
    ]);
  });

  it("keeps the order's note, and says a farm that takes no orders now is why its lines are left out", async () => {
    const kula = await signUpFarmer(ctx.app, 'Waimea Roots');
    const kale = await createProduct(ctx.database.db, kula.farmId, { name: 'Kale', price: '3.00' });
    const [order] = await placeCheckout(restaurant, [
      orderBody(kula.farmId, [{ product: kale, quantity: 2 }], { notes: 'Leave at the back door' }),
    ]);
    const open = await restaurant.get(`/api/orders/${order!.id}/reorder`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ notes: 'Leave at the back door' });

    await ctx.database.db
      .update(farms)
      .set({ suspendedAt: new Date(), suspensionReason: 'Test' })
      .where(eq(farms.id, kula.farmId));
    const closed = await restaurant.get(`/api/orders/${order!.id}/reorder`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      notes: 'Leave at the back door',
      farm: { id: kula.farmId, name: 'Waimea Roots' },
      lines: [{ productName: 'Kale', status: 'gone', goneReason: 'farm_closed' }],
    });
  });

  it('gives each pack of a product its own line, priced per pack, and leaves out a pack since removed', async () => {
    const db = ctx.database.db;
    const taro = await createProduct(db, farmer.farmId, {
      name: 'Taro',
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 100,
    });
    const mint = await createProduct(db, farmer.farmId, {
      name: 'Mint',
      unit: 'bunch',
      price: '1.00',
      availableQuantity: 100,
    });
    const [taroCase] = await db
      .insert(productPacks)
      .values({ productId: taro.id, label: 'case of 24 bunches', size: 24, price: '60.00' })
      .returning({ id: productPacks.id });
    const [mintCase] = await db
      .insert(productPacks)
      .values({ productId: mint.id, label: 'case of 12 bunches', size: 12, price: null })
      .returning({ id: productPacks.id });
    const items = [
      {
        productId: taro.id,
        packId: taroCase!.id,
        quantity: 3,
        unitPrice: '60.00',
        totalPrice: '180.00',
      },
      { productId: taro.id, quantity: 5, unitPrice: '3.00', totalPrice: '15.00' },
      {
        productId: mint.id,
        packId: mintCase!.id,
        quantity: 1,
        unitPrice: '12.00',
        totalPrice: '12.00',
      },
    ];
    const response = await restaurant.post('/api/checkout', {
      orders: [{ farmId: farmer.farmId, totalAmount: '207.00', items }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = response.json().orders as { id: number }[];
    // 100 - 3 × 24 - 5 = 23 bunches left: not one whole case, and the mint case is removed.
    await db
      .update(productPacks)
      .set({ archivedAt: new Date() })
      .where(eq(productPacks.id, mintCase!.id));
    await db.update(productPacks).set({ price: '66.00' }).where(eq(productPacks.id, taroCase!.id));

    const plan = (await restaurant.get(`/api/orders/${order!.id}/reorder`)).json();
    expect(plan.lines).toHaveLength(3);
    expect(plan.lines[0]).toMatchObject({
      productId: taro.id,
      packId: taroCase!.id,
      pack: { label: 'case of 24 bunches', size: 24 },
      status: 'gone',
      goneReason: 'sold_out',
    });
    expect(plan.lines[1]).toMatchObject({
      productId: taro.id,
      pack: { size: 1 },
      status: 'available',
      quantity: 5,
      unitPrice: '3.00',
      availableQuantity: 23,
    });
    expect(plan.lines[2]).toMatchObject({
      productId: mint.id,
      status: 'gone',
      goneReason: 'not_offered',
      product: null,
    });

    await updateProduct(db, taro.id, { availableQuantity: 60 });
    const again = (await restaurant.get(`/api/orders/${order!.id}/reorder`)).json();
    // Two whole cases in 60 bunches: the cart gets 2 of the 3, at the case's price today.
    expect(again.lines[0]).toMatchObject({
      packId: taroCase!.id,
      status: 'short',
      orderedQuantity: 3,
      quantity: 2,
      availableQuantity: 2,
      orderedUnitPrice: '60.00',
      unitPrice: '66.00',
      priceChange: 'up',
    });
  });
});
