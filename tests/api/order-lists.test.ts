import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  type Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let otherFarmsKale: ProductFixture;
/** Every order of `restaurant` at `farmer`'s farm, newest first as the list must give them. */
let mine: number[] = [];
let othersOrder: number;
/** Status of each of `mine`, as written in the setup. */
const statusOf = new Map<number, string>();
const pendingMine = () => mine.filter((id) => statusOf.get(id) === 'pending');

const ORDER_COUNT = 30;

async function place(session: Session, farmId: number, product: ProductFixture): Promise<number> {
  const response = await session.post('/api/orders', orderBody(farmId, [{ product, quantity: 1 }]));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Pier Grill');
  kale = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Lacinato Kale',
    price: '4.25',
    availableQuantity: 10_000,
  });
  otherFarmsKale = await createProduct(ctx.database.db, otherFarmer.farmId, {
    price: '2.00',
    availableQuantity: 10_000,
  });
  const ids: number[] = [];
  for (let index = 0; index < ORDER_COUNT; index += 1) {
    ids.push(await place(restaurant, farmer.farmId, kale));
  }
  // Ten orders share one instant, so pages must break ties by id and never repeat or skip.
  const shared = new Date('2026-11-20T19:15:02.123456Z');
  await ctx.database.db
    .update(orders)
    .set({ createdAt: shared })
    .where(inArray(orders.id, ids.slice(10, 20)));
  // Delivery days and statuses for the filters, written directly: placement rules are not the
  // subject here.
  await ctx.database.db
    .update(orders)
    .set({ deliveryDate: '2026-12-01' })
    .where(inArray(orders.id, ids.slice(0, 5)));
  await ctx.database.db
    .update(orders)
    .set({ status: 'confirmed' })
    .where(inArray(orders.id, ids.slice(0, 3)));
  await ctx.database.db
    .update(orders)
    .set({ status: 'delivered' })
    .where(inArray(orders.id, ids.slice(25, 27)));
  const rows = await ctx.database.db
    .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  // Newest first; equal instants by id, highest first. (Microseconds are equal in the tied group.)
  mine = rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((row) => row.id);
  for (const row of rows) statusOf.set(row.id, row.status);
  othersOrder = await place(otherRestaurant, farmer.farmId, kale);
  await place(restaurant, otherFarmer.farmId, otherFarmsKale);
});
afterAll(async () => {
  await ctx.close();
});

function ids(response: { json(): unknown }): number[] {
  return (response.json() as { id: number }[]).map((order) => order.id);
}

/** Follows Link rel="next" from `first` to the end; every page's ids, in order. */
async function walk(session: Session, first: string): Promise<number[][]> {
  const pages: number[][] = [];
  let url: string | null = first;
  while (url) {
    const response = await session.get(url);
    expect(response.statusCode, response.body).toBe(200);
    pages.push(ids(response));
    const link = response.headers.link as string | undefined;
    url = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('paging of GET /api/orders/restaurant and /api/orders/farm', () => {
  it('answers the first 25 as an array with the total and a next link by default', async () => {
    const response = await restaurant.get('/api/orders/restaurant');
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    expect(response.json()).toHaveLength(25);
    expect(response.headers['x-total-count']).toBe(String(ORDER_COUNT + 1));
    expect(response.headers.link).toMatch(
      /^<\/api\/orders\/restaurant\?cursor=[\w-]+>; rel="next"$/,
    );
  });

  it('walks every order exactly once, newest first, in pages of the asked size', async () => {
    const pages = await walk(farmer, '/api/orders/farm?limit=7');
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 3]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([othersOrder, ...mine]);
  });

  it('gives the last page no Link and an exact page no Link either', async () => {
    const response = await farmer.get(`/api/orders/farm?limit=100`);
    expect(ids(response)).toHaveLength(ORDER_COUNT + 1);
    expect(response.headers.link).toBeUndefined();
  });

  it('keeps the filters and the limit in the next link', async () => {
    const response = await farmer.get('/api/orders/farm?limit=2&status=pending&q=mama');
    const link = response.headers.link as string;
    expect(link).toContain('limit=2');
    expect(link).toContain('status=pending');
    expect(link).toContain('q=mama');
    const pages = await walk(farmer, '/api/orders/farm?limit=4&status=pending&q=mama');
    expect(pages.flat()).toEqual(pendingMine());
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    ['cursor=!!', 'cursor'],
    ['cursor=', 'cursor'],
    [`cursor=${'a'.repeat(300)}`, 'cursor'],
    [`cursor=${Buffer.from('2026-11-20T19:15:02.123456|x').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('yesterday|5').toString('base64url')}`, 'cursor'],
    ['status=lost', 'status'],
    ['status=pending,', 'status'],
    ['deliveryDate=2026-02-30', 'deliveryDate'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await restaurant.get(`/api/orders/restaurant?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toContain(field);
    expect(body.fields[field]).toMatch(new RegExp(field));
  });

  it('never shows another restaurant’s orders, however the restaurant asks', async () => {
    const all = (await walk(restaurant, '/api/orders/restaurant?limit=100')).flat();
    expect(all).not.toContain(othersOrder);
    const byNumber = await restaurant.get(`/api/orders/restaurant?q=${othersOrder}`);
    expect(ids(byNumber)).toEqual([]);
    expect(byNumber.headers['x-total-count']).toBe('0');
    const theirs = await otherRestaurant.get('/api/orders/restaurant');
    expect(ids(theirs)).toEqual([othersOrder]);
    expect(theirs.headers['x-total-count']).toBe('1');
  });

  it('keeps each list to its side', async () => {
    expect((await restaurant.get('/api/orders/farm')).statusCode).toBe(403);
    expect((await farmer.get('/api/orders/restaurant')).statusCode).toBe(403);
    const otherFarm = await otherFarmer.get('/api/orders/farm');
    expect(otherFarm.headers['x-total-count']).toBe('1');
  });
});

describe('filters', () => {
  async function farmIds(query: string) {
    const response = await farmer.get(`/api/orders/farm?limit=100&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { ids: ids(response), total: Number(response.headers['x-total-count']) };
  }

  it('filters by one status or several', async () => {
    const statuses = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.farmId, farmer.farmId));
    const withStatus = (...wanted: string[]) =>
      statuses.filter((row) => wanted.includes(row.status)).map((row) => row.id);
    const confirmed = await farmIds('status=confirmed');
    expect(confirmed.ids.sort()).toEqual(withStatus('confirmed').sort());
    expect(confirmed.total).toBe(3);
    const several = await farmIds('status=confirmed,delivered');
    expect(several.ids.sort()).toEqual(withStatus('confirmed', 'delivered').sort());
    expect(several.total).toBe(5);
  });

  it('filters by delivery day, or orders without one', async () => {
    const day = await farmIds('deliveryDate=2026-12-01');
    expect(day.total).toBe(5);
    const none = await farmIds('deliveryDate=none');
    expect(none.total).toBe(ORDER_COUNT + 1 - 5);
    expect(await farmIds('deliveryDate=2026-12-02')).toEqual({ ids: [], total: 0 });
  });

  it('searches by order number, with or without #, and by the other side’s name', async () => {
    const target = mine[4]!;
    expect((await farmIds(`q=${target}`)).ids).toEqual([target]);
    expect((await farmIds(`q=%23${target}`)).ids).toEqual([target]);
    expect((await farmIds('q=PIER')).ids).toEqual([othersOrder]);
    expect((await farmIds('q=bistro')).total).toBe(ORDER_COUNT);
    const restaurantSide = await restaurant.get('/api/orders/restaurant?q=waimea');
    expect(restaurantSide.headers['x-total-count']).toBe('1');
    // A restaurant's own name is not the other side: it finds nothing by it.
    const ownName = await restaurant.get('/api/orders/restaurant?q=mama');
    expect(ownName.headers['x-total-count']).toBe('0');
    // Wildcards mean themselves.
    expect((await farmIds('q=%25')).total).toBe(0);
  });

  it('combines filters with paging', async () => {
    const pages = await walk(
      farmer,
      '/api/orders/farm?limit=1&deliveryDate=2026-12-01&status=pending',
    );
    // Five orders on the day, three of them confirmed.
    expect(pages.map((page) => page.length)).toEqual([1, 1]);
    const first = await farmer.get(
      '/api/orders/farm?limit=1&deliveryDate=2026-12-01&status=pending',
    );
    expect(first.headers['x-total-count']).toBe('2');
  });
});
