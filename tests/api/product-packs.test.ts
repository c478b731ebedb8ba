import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplyCents, parseMoney, toMoneyString } from '#core/money';
import type { Order } from '#core/schemas/order';
import type { PackOutput, Product } from '#core/schemas/product';
import { productPacks, stockMovements } from '../../src/server/db/schema';
import { expectBooksBalance } from '../helpers/invariants';
import { setFarmTerms, stockOf } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Waimānalo Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '0.00' });
});
afterAll(async () => {
  await ctx.close();
});

/** Kale sold by the bunch at $2.00 and by the case of 24 at $43.20, from one stock. */
async function createKale(availableQuantity = 100, name = 'Kale'): Promise<Product> {
  const response = await farmer.post('/api/products', {
    name,
    unit: 'bunch',
    price: '2.00',
    availableQuantity,
    packs: [
      { label: 'bunch', size: 1 },
      { label: 'case of 24 bunches', size: 24, price: '43.20' },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function packOf(product: Product, size: number): PackOutput {
  const pack = product.packs!.find((candidate) => candidate.size === size);
  if (!pack) throw new Error(`no pack of ${size}`);
  return pack;
}

/** An order body of the given packs, priced at each pack's price as browse showed it. */
function packOrder(product: Product, lines: { pack: PackOutput | null; quantity: number }[]) {
  const items = lines.map(({ pack, quantity }) => {
    const unitPrice = pack?.price ?? product.price;
    return {
      productId: product.id,
      ...(pack ? { packId: pack.id } : {}),
      quantity,
      unitPrice,
      totalPrice: toMoneyString(multiplyCents(parseMoney(unitPrice)!, quantity)),
    };
  });
  const total = items.reduce((sum, item) => sum + parseMoney(item.totalPrice)!, 0);
  return { farmId: farmer.farmId, totalAmount: toMoneyString(total), items };
}

async function ledgerOf(productId: number) {
  return ctx.database.db
    .select({ change: stockMovements.change, reason: stockMovements.reason })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));
}

describe('packs on one stock', () => {
  it('answers a product with its packs, smallest first, the unit pack at the product price', async () => {
    const kale = await createKale();
    expect(kale.packs).toEqual([
      expect.objectContaining({ label: 'bunch', size: 1, price: '2.00', minimumQuantity: null }),
      expect.objectContaining({ label: 'case of 24 bunches', size: 24, price: '43.20' }),
    ]);
    const browse = await restaurant.get(`/api/products?farmId=${farmer.farmId}&q=Kale`);
    expect(browse.statusCode).toBe(200);
    const seen = (browse.json().items as Product[]).find((item) => item.id === kale.id)!;
    expect(seen.packs!.map((pack) => [pack.label, pack.price])).toEqual([
      ['bunch', '2.00'],
      ['case of 24 bunches', '43.20'],
    ]);
  });

  it('gives a product made without packs its unit pack, and a pack without a price its size × the unit price', async () => {
    const plain = await farmer.post('/api/products', {
      name: 'Ulu',
      unit: 'box',
      price: '30.00',
      availableQuantity: 5,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().packs).toEqual([
      expect.objectContaining({ label: 'box', size: 1, price: '30.00' }),
    ]);
    const changed = await farmer.patch(`/api/products/${plain.json().id}`, {
      packs: [
        { id: plain.json().packs[0].id, label: 'box', size: 1 },
        { label: 'pallet of 40 boxes', size: 40 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().packs[1]).toMatchObject({ size: 40, price: '1200.00' });
  });

  it('refuses two packs of one label, two single units, a part size of a counted unit and a seventh pack', async () => {
    const cases = [
      [
        { label: 'case', size: 12 },
        { label: 'Case', size: 24 },
      ],
      [
        { label: 'bunch', size: 1 },
        { label: 'each', size: 1 },
      ],
      [{ label: 'half case', size: 12.5 }],
      Array.from({ length: 7 }, (_, index) => ({ label: `pack ${index}`, size: index + 1 })),
    ];
    for (const packs of cases) {
      const response = await farmer.post('/api/products', {
        name: 'Refused',
        unit: 'bunch',
        price: '2.00',
        packs,
      });
      expect(response.statusCode, JSON.stringify(packs)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})[0]).toMatch(/^packs/);
    }
  });

  it('takes 48 bunches for 2 cases, prices the line by the case, and says so in the ledger', async () => {
    const kale = await createKale(100);
    const response = await restaurant.post(
      '/api/orders',
      packOrder(kale, [
        { pack: packOf(kale, 24), quantity: 2 },
        { pack: null, quantity: 3 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order: Order = response.json();
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        packId: packOf(kale, 24).id,
        pack: { label: 'case of 24 bunches', size: 24 },
        quantity: 2,
        unitPrice: '43.20',
        totalPrice: '86.40',
      }),
      expect.objectContaining({
        packId: packOf(kale, 1).id,
        pack: { label: 'bunch', size: 1 },
        quantity: 3,
        unitPrice: '2.00',
      }),
    ]);
    expect(order.subtotal).toBe('92.40');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(49);
    // One take of the product in units: its packs summed.
    expect((await ledgerOf(kale.id)).slice(-1)).toEqual([{ change: -51, reason: 'sale' }]);
    await expectBooksBalance(ctx.database.db);
  });

  it('refuses more cases than the stock fills with the stock in units and in packs', async () => {
    const kale = await createKale(50);
    const response = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: packOf(kale, 24), quantity: 3 }]),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'insufficient_stock',
      availableQuantity: 50,
      availablePacks: 2,
      products: [expect.objectContaining({ availableQuantity: 50, availablePacks: 2 })],
    });
    expect(await stockOf(ctx.database.db, kale.id)).toBe(50);
  });

  it('refuses the bunches and the cases together when their units pass the stock', async () => {
    const kale = await createKale(30);
    const response = await restaurant.post(
      '/api/orders',
      packOrder(kale, [
        { pack: packOf(kale, 24), quantity: 1 },
        { pack: packOf(kale, 1), quantity: 7 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('insufficient_stock');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(30);
  });

  it('refuses part of a case, a pack of another product and a product with no single unit left', async () => {
    const kale = await createKale(100, 'Kale half');
    const other = await createKale(100, 'Kale other');
    const half = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: packOf(kale, 24), quantity: 1.5 }]),
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().fields['items.0.quantity']).toMatch(/whole number of cases/);
    const foreign = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: packOf(other, 24), quantity: 1 }]),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['items.0.packId']).toBe('Not a pack of this product');
    const caseOnly = await farmer.patch(`/api/products/${kale.id}`, {
      packs: [{ id: packOf(kale, 24).id, label: 'case of 24 bunches', size: 24, price: '43.20' }],
    });
    expect(caseOnly.statusCode, caseOnly.body).toBe(200);
    const noUnit = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: null, quantity: 1 }]),
    );
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().fields).toHaveProperty('items.0.packId');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(100);
  });

  it('answers a removed pack as no longer available', async () => {
    const kale = await createKale(100, 'Kale removed');
    const caseOf24 = packOf(kale, 24);
    await farmer.patch(`/api/products/${kale.id}`, {
      packs: [{ id: packOf(kale, 1).id, label: 'bunch', size: 1 }],
    });
    const [archived] = await ctx.database.db
      .select({ archivedAt: productPacks.archivedAt })
      .from(productPacks)
      .where(and(eq(productPacks.id, caseOf24.id)));
    expect(archived!.archivedAt).not.toBeNull();
    const response = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: caseOf24, quantity: 1 }]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('product_unavailable');
  });

  it('gives back a case’s units when the restaurant lowers it, the farm adjusts it and an order is cancelled', async () => {
    const kale = await createKale(100, 'Kale changes');
    const placed = await restaurant.post(
      '/api/orders',
      packOrder(kale, [
        { pack: packOf(kale, 24), quantity: 3 },
        { pack: packOf(kale, 1), quantity: 4 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Order = placed.json();
    expect(await stockOf(ctx.database.db, kale.id)).toBe(24);

    const ambiguous = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, quantity: 2 }],
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().fields).toHaveProperty('items.0.packId');
    const lowered = await restaurant.patch(`/api/orders/${order.id}/items`, {
      items: [{ productId: kale.id, packId: packOf(kale, 24).id, quantity: 2 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(48);

    const confirmed = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    const caseLine = order.orderItems.find((item) => item.pack?.size === 24)!;
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: caseLine.id, quantity: 1, reason: 'short_harvest' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(72);

    const another = await restaurant.post(
      '/api/orders',
      packOrder(kale, [{ pack: packOf(kale, 24), quantity: 2 }]),
    );
    expect(another.statusCode, another.body).toBe(201);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(24);
    const cancelled = await farmer.patch(`/api/orders/${another.json().id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(72);
    await expectBooksBalance(ctx.database.db);
  });

  it('never oversells one stock under concurrent orders of both packs', async () => {
    const kale = await createKale(100, 'Kale rush');
    const bodies = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0
        ? packOrder(kale, [{ pack: packOf(kale, 24), quantity: 1 }])
        : packOrder(kale, [{ pack: packOf(kale, 1), quantity: 7 }]),
    );
    const results = await Promise.all(bodies.map((body) => restaurant.post('/api/orders', body)));
    const units = results.reduce((sum, result, index) => {
      expect([201, 409]).toContain(result.statusCode);
      return result.statusCode === 201 ? sum + (index % 2 === 0 ? 24 : 7) : sum;
    }, 0);
    expect(units).toBeLessThanOrEqual(100);
    expect(results.some((result) => result.statusCode === 409)).toBe(true);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(100 - units);
    const taken = (await ledgerOf(kale.id))
      .filter((row) => row.reason === 'sale')
      .reduce((sum, row) => sum + row.change, 0);
    expect(taken).toBe(-units);
    await expectBooksBalance(ctx.database.db);
  });
});
