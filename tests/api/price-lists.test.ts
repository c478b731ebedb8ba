import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListOutput, productPageOutput, type Product } from '#core/schemas/product';
import type { PriceList } from '#core/schemas/price-list';
import { setClock } from '../../src/server/clock';
import { orderItems, priceListRestaurants, priceLists } from '../../src/server/db/schema';
import { runStandingOrder } from '../../src/server/modules/standing-orders/placement';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  heardNoticesSoFar,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';
/** Three days before Thu Dec 3, at 6 AM Hawaii time: a standing order's placement. */
const PLACE_DEC_3 = new Date('2026-11-30T16:00:00Z');

type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

let ctx: TestContext;
let farm: Farmer;
let otherFarm: Farmer;
let chefA: Restaurant;
let chefB: Restaurant;
let stranger: Restaurant;
let tomato: ProductFixture;
let okra: ProductFixture;
let otherFarmsBeans: ProductFixture;
let chefsTable: PriceList;

const chefsTableBody = () => ({
  name: "Chef's table",
  kind: 'percent',
  percentOff: '10',
  breaks: [{ productId: tomato.id, minQuantity: 10, price: '3.50' }],
});

async function zoned(restaurant: Restaurant, name: string) {
  const response = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile(name),
    deliveryZone: 'honolulu',
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The farm's products as the restaurant browses them (a page of the search). */
async function browse(restaurant: Restaurant): Promise<Map<number, Product>> {
  const response = await restaurant.get(`/api/products?farmId=${farm.farmId}&page=1&sort=name`);
  expect(response.statusCode, response.body).toBe(200);
  const page = productPageOutput.parse(response.json());
  return new Map(page.items.map((product) => [product.id, product]));
}

async function listCount(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(priceLists)
    .where(eq(priceLists.farmId, farm.farmId));
  return row!.n;
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
  const db = ctx.database.db;
  farm = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarm = await signUpFarmer(ctx.app, 'Waimea Roots');
  chefA = await signUpRestaurant(ctx.app, 'Chef A Bistro');
  chefB = await signUpRestaurant(ctx.app, 'Chef B Grill');
  stranger = await signUpRestaurant(ctx.app, 'Never Ordered Cafe');
  await zoned(chefA, 'Chef A Bistro');
  await zoned(chefB, 'Chef B Grill');
  await addDeliveryDay(db, farm.farmId, THU_DEC_3, 'Honolulu');
  tomato = await createProduct(db, farm.farmId, {
    name: 'Tomato',
    price: '4.00',
    availableQuantity: 200,
  });
  okra = await createProduct(db, farm.farmId, {
    name: 'Okra',
    price: '3.00',
    unit: 'bunch',
    availableQuantity: 200,
  });
  otherFarmsBeans = await createProduct(db, otherFarm.farmId, { name: 'Beans', price: '2.00' });
  // A and B have ordered from the farm: they can be put on its lists.
  for (const chef of [chefA, chefB]) {
    await placeCheckout(chef, [orderBody(farm.farmId, [{ product: okra, quantity: 1 }])]);
  }
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

describe('a farm making its price lists', () => {
  it('refuses bad input with the field, changing nothing', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ ...chefsTableBody(), percentOff: '-5' }, 400, 'percentOff'],
      [{ ...chefsTableBody(), percentOff: '100.01' }, 400, 'percentOff'],
      [{ ...chefsTableBody(), percentOff: undefined }, 400, 'percentOff'],
      [
        { name: 'Beans', kind: 'prices', prices: [{ productId: otherFarmsBeans.id, price: '1' }] },
        404,
        'prices.0.productId',
      ],
      [
        { ...chefsTableBody(), breaks: [{ productId: tomato.id, minQuantity: 0.5, price: '3' }] },
        400,
        'breaks.0.minQuantity',
      ],
      [
        { ...chefsTableBody(), breaks: [{ productId: okra.id, minQuantity: 2.5, price: '2' }] },
        400,
        'breaks.0.minQuantity',
      ],
    ];
    for (const [body, status, field] of refusals) {
      const response = await farm.post('/api/price-lists', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().fields).toHaveProperty([field]);
    }
    expect(await listCount()).toBe(0);
  });

  it('makes a list, edits it, and refuses a bad edit without changing it', async () => {
    const created = await farm.post('/api/price-lists', chefsTableBody());
    expect(created.statusCode, created.body).toBe(201);
    chefsTable = created.json();
    expect(chefsTable).toMatchObject({
      name: "Chef's table",
      kind: 'percent',
      percentOff: '10.00',
      prices: [],
      breaks: [{ productId: tomato.id, minQuantity: 10, price: '3.50' }],
      restaurants: [],
    });
    const duplicate = await farm.post('/api/price-lists', chefsTableBody());
    expect(duplicate.statusCode).toBe(409);

    const badEdit = await farm.put(`/api/price-lists/${chefsTable.id}`, {
      ...chefsTableBody(),
      percentOff: '120',
    });
    expect(badEdit.statusCode).toBe(400);
    const kept = await farm.get(`/api/price-lists/${chefsTable.id}`);
    expect(kept.json()).toMatchObject({ percentOff: '10.00' });

    const page = await farm.get('/api/price-lists?limit=1');
    expect(page.headers['x-total-count']).toBe('1');
    expect(page.json()).toHaveLength(1);
  });

  it('puts only its customers on a list, each on one list of the farm', async () => {
    const refused = await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId, stranger.restaurantId],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().fields).toEqual({ 'restaurantIds.1': expect.any(String) });
    const none = await ctx.database.db
      .select()
      .from(priceListRestaurants)
      .where(eq(priceListRestaurants.farmId, farm.farmId));
    expect(none).toEqual([]);

    const customers = await farm.get('/api/price-lists/restaurants');
    expect(customers.json().map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([chefA.restaurantId, chefB.restaurantId]),
    );
    expect(customers.json()).toHaveLength(2);

    // B on a second list, then moved onto the first with A: on one list only.
    const second = await farm.post('/api/price-lists', {
      name: 'Friends',
      kind: 'prices',
      prices: [{ productId: okra.id, price: '2.00' }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const onSecond = await farm.put(`/api/price-lists/${second.json().id}/restaurants`, {
      restaurantIds: [chefB.restaurantId],
    });
    expect(onSecond.statusCode).toBe(200);
    const both = await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId, chefB.restaurantId],
    });
    expect(both.json().restaurants).toHaveLength(2);
    expect((await farm.get(`/api/price-lists/${second.json().id}`)).json().restaurants).toEqual([]);
    // Then only A: B goes back to list prices.
    const onlyA = await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId],
    });
    expect(onlyA.json().restaurants).toEqual([{ id: chefA.restaurantId, name: 'Chef A Bistro' }]);
    expect((await farm.delete(`/api/price-lists/${second.json().id}`)).statusCode).toBe(200);
  });

  it('lets no restaurant or other farm learn a list', async () => {
    for (const path of ['/api/price-lists', `/api/price-lists/${chefsTable.id}`]) {
      expect((await chefA.get(path)).statusCode).toBe(403);
      expect((await chefB.get(path)).statusCode).toBe(403);
    }
    expect(
      (await chefB.put(`/api/price-lists/${chefsTable.id}`, chefsTableBody())).statusCode,
    ).toBe(403);
    expect((await otherFarm.get(`/api/price-lists/${chefsTable.id}`)).statusCode).toBe(404);
    expect(
      (await otherFarm.put(`/api/price-lists/${chefsTable.id}/restaurants`, { restaurantIds: [] }))
        .statusCode,
    ).toBe(404);
    expect((await otherFarm.delete(`/api/price-lists/${chefsTable.id}`)).statusCode).toBe(404);
    expect((await otherFarm.get('/api/price-lists')).json()).toEqual([]);
  });
});

describe('what each restaurant pays', () => {
  it('shows A its price, the list price and the break, and B list prices, in both catalogues', async () => {
    await heardNoticesSoFar(ctx);
    await expect.poll(async () => (await browse(chefA)).get(tomato.id)?.price).toBe('3.60');
    const forA = await browse(chefA);
    expect(forA.get(tomato.id)).toMatchObject({
      price: '3.60',
      listPrice: '4.00',
      breaks: [{ minQuantity: 10, price: '3.50' }],
    });
    expect(forA.get(okra.id)).toMatchObject({ price: '2.70', listPrice: '3.00', breaks: [] });
    const forB = await browse(chefB);
    expect(forB.get(tomato.id)).toMatchObject({ price: '4.00', breaks: [] });
    expect(forB.get(tomato.id)).not.toHaveProperty('listPrice');

    const whole = async (restaurant: Restaurant) => {
      const response = await restaurant.get('/api/products');
      const found = productListOutput.parse(response.json()).find((row) => row.id === tomato.id);
      return { etag: response.headers.etag, price: found?.price };
    };
    const a = await whole(chefA);
    const b = await whole(chefB);
    expect(a.price).toBe('3.60');
    expect(b.price).toBe('4.00');
    expect(a.etag).not.toBe(b.etag);
  });

  it("prices the farm's page by the reader's list, as browse does", async () => {
    const onPage = async (restaurant: Restaurant) => {
      const response = await restaurant.get(`/api/farms/${farm.farmId}/products`);
      expect(response.statusCode).toBe(200);
      return (response.json() as Array<{ id: number }>).find((row) => row.id === tomato.id);
    };
    expect(await onPage(chefA)).toMatchObject({
      price: '3.60',
      listPrice: '4.00',
      breaks: [{ minQuantity: 10, price: '3.50' }],
    });
    expect(await onPage(chefB)).toMatchObject({ price: '4.00', breaks: [] });
  });

  it('lets the farm put a restaurant that follows it on a list', async () => {
    const refused = await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId, stranger.restaurantId],
    });
    expect(refused.statusCode).toBe(404);
    expect((await stranger.post(`/api/farms/${farm.farmId}/follow`)).statusCode).toBeLessThan(300);
    const assigned = await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId, stranger.restaurantId],
    });
    expect(assigned.statusCode).toBe(200);
    await heardNoticesSoFar(ctx);
    await expect.poll(async () => (await browse(stranger)).get(tomato.id)?.price).toBe('3.60');
    expect(
      (
        await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
          restaurantIds: [chefA.restaurantId],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('charges A the break price at checkout, and refuses a price that is not A’s', async () => {
    const atListPrice = await chefA.post('/api/checkout', {
      orders: [orderBody(farm.farmId, [{ product: tomato, quantity: 12, unitPrice: '3.60' }])],
    });
    expect(atListPrice.statusCode).toBe(409);
    expect(atListPrice.json()).toMatchObject({ code: 'price_changed', unitPrice: '3.50' });

    const bAtAsPrice = await chefB.post('/api/checkout', {
      orders: [orderBody(farm.farmId, [{ product: tomato, quantity: 12, unitPrice: '3.50' }])],
    });
    expect(bAtAsPrice.statusCode).toBe(409);
    expect(bAtAsPrice.json()).toMatchObject({ code: 'price_changed', unitPrice: '4.00' });

    const [order] = await placeCheckout(chefA, [
      orderBody(farm.farmId, [{ product: tomato, quantity: 12, unitPrice: '3.50' }]),
    ]);
    expect(order!.orderItems[0]).toMatchObject({ unitPrice: '3.50', totalPrice: '42.00' });
    expect(order!.subtotal).toBe('42.00');

    // Lowering the line below the break reprices it to A's price for 8 lb.
    const lowered = await chefA.patch(`/api/orders/${order!.id}/items`, {
      items: [{ productId: tomato.id, quantity: 8 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().orderItems[0]).toMatchObject({
      quantity: 8,
      unitPrice: '3.60',
      totalPrice: '28.80',
    });
    // Raising it past the break again is A's break price, which it must have seen.
    const raised = await chefA.patch(`/api/orders/${order!.id}/items`, {
      items: [{ productId: tomato.id, quantity: 11 }],
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({ code: 'price_changed', unitPrice: '3.50' });
    const accepted = await chefA.patch(`/api/orders/${order!.id}/items`, {
      items: [{ productId: tomato.id, quantity: 11, unitPrice: '3.50' }],
    });
    expect(accepted.json().orderItems[0]).toMatchObject({ unitPrice: '3.50', totalPrice: '38.50' });
  });

  it("places A's standing order at A's price, and leaves out a line priced above the one seen", async () => {
    const created = await chefA.post('/api/standing-orders', {
      farmId: farm.farmId,
      lines: [
        { productId: tomato.id, quantity: 4 },
        { productId: okra.id, quantity: 2 },
      ],
      weekdays: ['thu'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().lines).toMatchObject([
      { productId: tomato.id, seenUnitPrice: '3.60', product: { unitPrice: '3.60' } },
      { productId: okra.id, seenUnitPrice: '2.70' },
    ]);
    // The farm gives A less off, but a better price on okra: tomato is now above what A saw.
    const edited = await farm.put(`/api/price-lists/${chefsTable.id}`, {
      name: "Chef's table",
      kind: 'prices',
      prices: [
        { productId: tomato.id, price: '3.80' },
        { productId: okra.id, price: '2.50' },
      ],
      breaks: chefsTableBody().breaks,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    setClock(PLACE_DEC_3);
    try {
      const run = await runStandingOrder(
        ctx.database.db,
        { standingOrderId: created.json().id, deliveryDate: THU_DEC_3 },
        PLACE_DEC_3,
      );
      expect(run).toMatchObject({ outcome: 'placed' });
      const lines = await ctx.database.db
        .select({
          productId: orderItems.productId,
          quantity: orderItems.quantity,
          unitPrice: orderItems.unitPrice,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, run!.orderId!));
      expect(lines).toEqual([{ productId: okra.id, quantity: 2, unitPrice: '2.50' }]);
    } finally {
      setClock(MONDAY_NOON);
    }
  });
});

describe('the catalogue kept per price list', () => {
  it('keeps pages and ETags per list, and empties them when a list is edited or assigned', async () => {
    await heardNoticesSoFar(ctx);
    const etagOf = async (restaurant: Restaurant) =>
      (await restaurant.get('/api/products')).headers.etag;
    await expect.poll(async () => (await browse(chefA)).get(tomato.id)?.price).toBe('3.80');
    const hits = ctx.app.catalogCache.hits;
    expect((await browse(chefA)).get(tomato.id)?.price).toBe('3.80');
    expect(ctx.app.catalogCache.hits).toBeGreaterThan(hits);
    const before = await etagOf(chefA);
    // B's page of the same search is its own, at list prices.
    expect((await browse(chefB)).get(tomato.id)?.price).toBe('4.00');

    const edited = await farm.put(`/api/price-lists/${chefsTable.id}`, chefsTableBody());
    expect(edited.statusCode).toBe(200);
    await expect.poll(async () => (await browse(chefA)).get(tomato.id)?.price).toBe('3.60');
    expect(await etagOf(chefA)).not.toBe(before);

    // Assigning B empties B's kept pages too.
    expect((await browse(chefB)).get(tomato.id)?.price).toBe('4.00');
    await farm.put(`/api/price-lists/${chefsTable.id}/restaurants`, {
      restaurantIds: [chefA.restaurantId, chefB.restaurantId],
    });
    await expect.poll(async () => (await browse(chefB)).get(tomato.id)?.price).toBe('3.60');
  });
});
