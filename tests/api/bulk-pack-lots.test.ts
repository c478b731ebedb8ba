import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStatusResult } from '#core/schemas/order-bulk';
import type { PricedOrder as Order } from '#core/schemas/order';
import { farms, orderLotChanges, orders, products, recalls } from '../../src/server/db/schema';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { createLotsFarm, farmOrder, lotsRemaining } from '../helpers/lot-fixtures';
import { signUpMember } from '../helpers/team-fixtures';
import type { signUpFarmer, signUpRestaurant, TestContext } from '../helpers/test-app';

useClock(hawaiiNoon('2026-11-23'));

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let chef: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let eggs: ProductFixture;
let carrots: ProductFixture;

const DAY = '2026-12-03';

beforeAll(async () => {
  ({ ctx, farmer, chef, kale, eggs } = await createLotsFarm());
  const db = ctx.database.db;
  await db.update(farms).set({ traceabilityEnabled: true }).where(eq(farms.id, farmer.farmId));
  carrots = await createProduct(db, farmer.farmId, { name: 'Carrots', availableQuantity: 500 });
  await db
    .update(products)
    .set({ traceabilityCategory: 'leafy_greens' })
    .where(inArray(products.id, [kale.id, eggs.id]));
});
afterAll(async () => {
  await ctx.close();
});

async function recordLot(code: string, product: ProductFixture, harvestDate: string, qty: number) {
  const response = await farmer.post('/api/lots', {
    code,
    productId: product.id,
    harvestDate,
    location: 'Field 3, Kahuku',
    quantity: qty,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A confirmed order of the chef's on `day` (placement is not the subject). */
async function confirmedOrder(
  lines: { product: ProductFixture; quantity: number }[],
  day = DAY,
): Promise<number> {
  const response = await chef.post('/api/orders', orderBody(farmer.farmId, lines));
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as Order).id;
  await ctx.database.db
    .update(orders)
    .set({ deliveryDate: day, status: 'confirmed' })
    .where(eq(orders.id, id));
  return id;
}

const readOrder = (id: number) => farmOrder(farmer, id);
const remaining = (...ids: number[]) => lotsRemaining(ctx.database.db, ids);

describe('POST /api/orders/farm/bulk-status with lots: "suggested"', () => {
  it('packs every order it can with the suggested lots, oldest first, split across two lots', async () => {
    const kaleNew = await recordLot('KG-NEW', kale, '2026-11-22', 10);
    const kaleOld = await recordLot('KG-OLD', kale, '2026-11-20', 3);
    const eggLot = await recordLot('EG-1', eggs, '2026-11-21', 1);
    const split = await confirmedOrder([
      { product: kale, quantity: 5 },
      { product: carrots, quantity: 2 },
    ]);
    // Its kale is covered, its eggs are not: the whole order stays confirmed, its kale untaken.
    const uncovered = await confirmedOrder([
      { product: kale, quantity: 1 },
      { product: eggs, quantity: 2 },
    ]);
    const untraced = await confirmedOrder([{ product: carrots, quantity: 1 }]);

    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'packed',
      lots: 'suggested',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as BulkStatusResult;
    expect(result.changed.map((entry) => entry.id)).toEqual([split, untraced]);
    const eggLine = (await readOrder(uncovered)).orderItems.find(
      (item) => item.productId === eggs.id,
    )!;
    expect(result.refused).toEqual([
      {
        id: uncovered,
        status: 'confirmed',
        code: 'lot_required',
        message: expect.stringContaining('Eggs'),
        itemId: eggLine.id,
        productId: eggs.id,
        productName: 'Eggs',
      },
    ]);

    const packed = await readOrder(split);
    expect(packed.status).toBe('packed');
    const kaleLine = packed.orderItems.find((item) => item.productId === kale.id)!;
    expect(kaleLine.lots).toEqual([
      { lotId: kaleOld, code: 'KG-OLD', quantity: 3 },
      { lotId: kaleNew, code: 'KG-NEW', quantity: 2 },
    ]);
    expect((await readOrder(uncovered)).orderItems.every((item) => item.lots!.length === 0)).toBe(
      true,
    );
    expect(await remaining(kaleOld, kaleNew, eggLot)).toEqual([0, 8, 1]);
    // Assigned through the order path: the line's lot history names the farmer.
    const history = await ctx.database.db
      .select()
      .from(orderLotChanges)
      .where(and(eq(orderLotChanges.orderId, split), eq(orderLotChanges.orderItemId, kaleLine.id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reason: 'assigned', changedByUserId: farmer.userId });
  });

  it('never suggests a recalled lot, though it is the oldest with stock left', async () => {
    const db = ctx.database.db;
    const basil = await createProduct(db, farmer.farmId, {
      name: 'Basil',
      availableQuantity: 50,
      traceabilityCategory: 'herbs',
    });
    const recalled = await recordLot('BA-OLD', basil, '2026-11-18', 10);
    const fresh = await recordLot('BA-NEW', basil, '2026-11-21', 10);
    await db.insert(recalls).values({
      farmId: farmer.farmId,
      lotId: recalled,
      lotCode: 'BA-OLD',
      productName: 'Basil',
      message: 'Possible contamination at the wash station',
    });
    const day = '2026-12-07';
    const id = await confirmedOrder([{ product: basil, quantity: 4 }], day);
    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: day,
      status: 'packed',
      lots: 'suggested',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as BulkStatusResult).changed.map((entry) => entry.id)).toEqual([id]);
    expect((await readOrder(id)).orderItems[0]!.lots).toEqual([
      { lotId: fresh, code: 'BA-NEW', quantity: 4 },
    ]);
    expect(await remaining(recalled, fresh)).toEqual([10, 6]);
  });

  it('names the line of a lot_required refusal when packing without suggested lots too', async () => {
    const day = '2026-12-04';
    const id = await confirmedOrder([{ product: eggs, quantity: 3 }], day);
    const response = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: day,
      status: 'packed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [refused] = (response.json() as BulkStatusResult).refused;
    expect(refused).toMatchObject({
      id,
      code: 'lot_required',
      productId: eggs.id,
      productName: 'Eggs',
    });
    expect(refused!.itemId).toBe((await readOrder(id)).orderItems[0]!.id);
  });

  it('takes lots only with status packed: 400 fields.lots otherwise', async () => {
    const confirmed = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'confirmed',
      lots: 'suggested',
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().fields).toEqual({
      lots: 'Suggested lots are assigned only when packing',
    });
    const other = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'packed',
      lots: 'newest',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.lots).toBeDefined();
  });

  it('needs lots.manage as well as orders.status: 403 forbidden_for_role without it', async () => {
    const farmRef = { kind: 'farm', id: farmer.farmId } as const;
    const bookkeeper = await signUpMember(ctx.app, farmRef, 'bookkeeper');
    const packer = await signUpMember(ctx.app, farmRef, 'packer');
    const day = '2026-12-05';
    const id = await confirmedOrder([{ product: carrots, quantity: 1 }], day);

    // Judged before the body: even a body that would be 400 is 403 for the role.
    for (const status of ['packed', 'confirmed']) {
      const refused = await bookkeeper.post('/api/orders/farm/bulk-status', {
        deliveryDate: day,
        status,
        lots: 'suggested',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'forbidden_for_role',
        message: expect.stringContaining('Bookkeeper'),
      });
    }
    expect((await readOrder(id)).status).toBe('confirmed');

    // A packer may move orders and assign lots.
    const packed = await packer.post('/api/orders/farm/bulk-status', {
      deliveryDate: day,
      status: 'packed',
      lots: 'suggested',
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((packed.json() as BulkStatusResult).changed.map((entry) => entry.id)).toEqual([id]);
  });
});
