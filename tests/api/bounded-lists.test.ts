import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_LIST_LIMIT } from '#core/schemas/paging';
import { deliverySchedules, farms, orders } from '../../src/server/db/schema';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
} from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { type Session, signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

/**
 * The lists beside the order lists are bounded too (docs/order-lists.md#bounded-lists): a
 * farm's products, its delivery days, the farms, receivables and bills answer one page, with
 * `X-Total-Count` and a `Link` to the next, and refuse a limit or cursor they cannot read.
 */
const ctx = useTestApp();
// The delivery days below (from Jan 1, 2027) are upcoming on this date.
useClock(hawaiiNoon('2026-11-23'));
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let scheduler: Awaited<ReturnType<typeof signUpFarmer>>;
let alpha: Awaited<ReturnType<typeof signUpRestaurant>>;
let beta: Awaited<ReturnType<typeof signUpRestaurant>>;
/** The farmer's product ids in name order (the list's order). */
let productIds: number[] = [];
let otherProductId: number;

const PRODUCT_NAMES = ['kale', 'Apple Banana', 'Taro', 'avocado', 'Mango', 'lilikoi', 'Breadfruit'];

/** Follows Link rel="next" from `first` to the end; each page's answer. */
async function walk(session: Session, first: string) {
  const pages: { body: unknown; total: string }[] = [];
  let url: string | null = first;
  while (url) {
    const response = await session.get(url);
    expect(response.statusCode, response.body).toBe(200);
    pages.push({ body: response.json(), total: response.headers['x-total-count'] as string });
    const link = response.headers.link as string | undefined;
    url = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

const ids = (body: unknown) => (body as { id: number }[]).map((item) => item.id);

beforeAll(async () => {
  farmer = await signUpFarmer(ctx.app, 'Paging Farm');
  otherFarmer = await signUpFarmer(ctx.app, 'Other Paging Farm');
  scheduler = await signUpFarmer(ctx.app, 'Calendar Farm');
  alpha = await signUpRestaurant(ctx.app, 'Alpha Bistro');
  beta = await signUpRestaurant(ctx.app, 'beta Grill');
  const created = [];
  for (const name of PRODUCT_NAMES) {
    created.push(
      await createProduct(ctx.database.db, farmer.farmId, {
        name,
        price: '2.00',
        availableQuantity: 1_000,
      }),
    );
  }
  productIds = created
    .map((product, index) => ({ id: product.id, name: PRODUCT_NAMES[index]!.toLowerCase() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((product) => product.id);
  otherProductId = (await createProduct(ctx.database.db, otherFarmer.farmId, { name: 'kale' })).id;

  // The calendar farm: more delivery days than the largest page, in one insert.
  const days = Array.from({ length: WHOLE_LIST_LIMIT + 3 }, (_, index) => ({
    farmId: scheduler.farmId,
    deliveryDate: new Date(Date.UTC(2027, 0, 1 + Math.floor(index / 2))).toISOString().slice(0, 10),
    deliveryArea: index % 2 === 0 ? 'Honolulu' : 'Kailua',
  }));
  await ctx.database.db.insert(deliverySchedules).values(days);
  await addDeliveryDay(ctx.database.db, otherFarmer.farmId, '2027-01-01');

  // Open invoices: seven delivered, unpaid orders of the farm, from two restaurants, each due
  // on its own day (written directly: delivering is not the subject here).
  const placed: number[] = [];
  for (const [index, session] of [alpha, beta, alpha, beta, alpha, alpha, beta].entries()) {
    const [order] = await placeCheckout(session, [
      orderBody(farmer.farmId, [{ product: created[index]!, quantity: index + 1 }]),
    ]);
    placed.push(order!.id);
  }
  for (const [index, id] of placed.entries()) {
    await ctx.database.db
      .update(orders)
      .set({
        status: 'delivered',
        deliveryDate: '2026-10-01',
        dueDate: `2026-10-${String(10 + ((index * 3) % 7)).padStart(2, '0')}`,
      })
      .where(inArray(orders.id, [id]));
  }
});

describe('GET /api/products/farm', () => {
  it('answers every product of a small farm with the total and no Link', async () => {
    const response = await farmer.get('/api/products/farm');
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response.json())).toEqual(productIds);
    expect(response.headers['x-total-count']).toBe(String(PRODUCT_NAMES.length));
    expect(response.headers.link).toBeUndefined();
  });

  it('pages by name with the limit kept in the Link, never repeating or skipping', async () => {
    const pages = await walk(farmer, '/api/products/farm?limit=3');
    expect(pages.map((page) => ids(page.body).length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => ids(page.body))).toEqual(productIds);
    expect(new Set(pages.map((page) => page.total))).toEqual(new Set(['7']));
    const first = await farmer.get('/api/products/farm?limit=3');
    expect(first.headers.link).toMatch(
      /^<\/api\/products\/farm\?limit=3&cursor=[\w-]+>; rel="next"$/,
    );
  });

  it("never shows another farm's products, whatever the cursor", async () => {
    const first = await farmer.get('/api/products/farm?limit=1');
    const next = /<([^>]+)>/.exec(first.headers.link as string)![1]!;
    const response = await otherFarmer.get(next);
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).not.toContain(productIds[1]);
    expect(response.headers['x-total-count']).toBe('1');
    const all = await otherFarmer.get('/api/products/farm');
    expect(ids(all.json())).toEqual([otherProductId]);
  });
});

describe('GET /api/products without search parameters', () => {
  it('answers the catalogue by name in pages of at most 500, with the total', async () => {
    const whole = await alpha.get('/api/products');
    expect(whole.statusCode, whole.body).toBe(200);
    const every = ids(whole.json());
    expect(every).toEqual(expect.arrayContaining([...productIds, otherProductId]));
    expect(whole.headers['x-total-count']).toBe(String(every.length));
    expect(whole.headers.link).toBeUndefined();

    const pages = await walk(alpha, '/api/products?limit=3');
    expect(pages.flatMap((page) => ids(page.body))).toEqual(every);
    expect(pages.every((page) => ids(page.body).length <= 3)).toBe(true);
    expect(new Set(pages.map((page) => page.total))).toEqual(new Set([String(every.length)]));
  });

  it('keeps a search to its own paging: no Link, the page object', async () => {
    const response = await alpha.get('/api/products?q=kale&limit=3');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ page: 1 });
    expect(response.headers.link).toBeUndefined();
  });
});

describe('GET /api/delivery-schedules', () => {
  it('answers at most 500 without a limit, and says there is more', async () => {
    const response = await scheduler.get('/api/delivery-schedules');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { deliveryDate: string; deliveryArea: string }[];
    expect(body).toHaveLength(WHOLE_LIST_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(WHOLE_LIST_LIMIT + 3));
    expect(response.headers.link).toMatch(/rel="next"/);
    expect(body[0]).toMatchObject({ deliveryDate: '2027-01-01', deliveryArea: 'Honolulu' });
    expect(body[1]).toMatchObject({ deliveryDate: '2027-01-01', deliveryArea: 'Kailua' });
  });

  it('gives every day once, in date order, across pages', async () => {
    const pages = await walk(scheduler, '/api/delivery-schedules?limit=100');
    const days = pages.flatMap((page) => page.body as { id: number; deliveryDate: string }[]);
    expect(days).toHaveLength(WHOLE_LIST_LIMIT + 3);
    expect(new Set(days.map((day) => day.id)).size).toBe(days.length);
    const dates = days.map((day) => day.deliveryDate);
    expect(dates).toEqual([...dates].sort());
  });

  it("pages a farm's upcoming days for any signed-in user", async () => {
    const pages = await walk(alpha, `/api/delivery-schedules/farm/${scheduler.farmId}?limit=200`);
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((page) => ids(page.body))).toHaveLength(WHOLE_LIST_LIMIT + 3);
    expect(pages[0]!.total).toBe(String(WHOLE_LIST_LIMIT + 3));
  });
});

describe('GET /api/farms', () => {
  it('pages the farms by name with the total', async () => {
    const count = (await ctx.database.db.select({ id: farms.id }).from(farms)).length;
    const pages = await walk(alpha, '/api/farms?limit=2');
    const all = pages.flatMap((page) => page.body as { id: number; name: string }[]);
    expect(all).toHaveLength(count);
    expect(pages[0]!.total).toBe(String(count));
    const names = all.map((farm) => farm.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

interface Receivables {
  totals: { total: string };
  restaurants: {
    restaurant: { id: number };
    totals: { total: string };
    invoices: { orderId: number }[];
  }[];
}
interface Bills {
  totalDue: string;
  farms: { farm: { id: number }; balanceDue: string; invoices: { orderId: number }[] }[];
}

describe('GET /api/receivables and /api/bills', () => {
  it('pages the open invoices, keeping the whole totals on every page', async () => {
    const whole = (await farmer.get('/api/receivables')).json() as Receivables;
    const wholeInvoices = whole.restaurants.flatMap((entry) =>
      entry.invoices.map((invoice) => invoice.orderId),
    );
    expect(wholeInvoices).toHaveLength(7);
    const pages = await walk(farmer, '/api/receivables?limit=2');
    expect(pages).toHaveLength(4);
    const bodies = pages.map((page) => page.body as Receivables);
    expect(bodies.flatMap((body) => body.restaurants.flatMap((r) => r.invoices))).toEqual(
      whole.restaurants.flatMap((entry) => entry.invoices),
    );
    for (const [index, body] of bodies.entries()) {
      expect(pages[index]!.total).toBe('7');
      expect(body.totals).toEqual(whole.totals);
      for (const entry of body.restaurants) {
        const same = whole.restaurants.find((r) => r.restaurant.id === entry.restaurant.id)!;
        expect(entry.totals).toEqual(same.totals);
      }
    }
  });

  it('keeps the filters in the Link and downloads every invoice as CSV', async () => {
    const response = await farmer.get(
      `/api/receivables?restaurantId=${alpha.restaurantId}&limit=1`,
    );
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.headers.link).toContain(`restaurantId=${alpha.restaurantId}`);
    const csv = await farmer.get('/api/receivables?format=csv&limit=1');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 7);
  });

  it('pages bills, each farm with its whole balance', async () => {
    const whole = (await alpha.get('/api/bills')).json() as Bills;
    const pages = await walk(alpha, '/api/bills?limit=3');
    expect(pages.map((page) => page.total)).toEqual(['4', '4']);
    const bodies = pages.map((page) => page.body as Bills);
    expect(bodies.flatMap((body) => body.farms.flatMap((farm) => farm.invoices))).toEqual(
      whole.farms.flatMap((farm) => farm.invoices),
    );
    for (const body of bodies) {
      expect(body.totalDue).toBe(whole.totalDue);
      expect(body.farms.map((farm) => farm.balanceDue)).toEqual(
        body.farms.map((farm) => whole.farms.find((f) => f.farm.id === farm.farm.id)!.balanceDue),
      );
    }
  });
});

describe('bad limits and cursors', () => {
  const cases: [string, () => Session, string][] = [
    ['/api/products/farm', () => farmer, String(WHOLE_LIST_LIMIT)],
    ['/api/products', () => alpha, String(WHOLE_LIST_LIMIT)],
    ['/api/delivery-schedules', () => scheduler, String(WHOLE_LIST_LIMIT)],
    ['/api/farms', () => alpha, String(WHOLE_LIST_LIMIT)],
    ['/api/receivables', () => farmer, '500'],
    ['/api/bills', () => alpha, '500'],
  ];
  const foreign = Buffer.from('2026-11-20T19:15:02.123456|5').toString('base64url');
  const wrongShape = Buffer.from(JSON.stringify(['a', 'b', 'c', 'd', 'e'])).toString('base64url');
  it.each(
    cases.flatMap(([path, session, max]) =>
      [
        ['limit=0', 'limit'],
        [`limit=${Number(max) + 1}`, 'limit'],
        ['limit=abc', 'limit'],
        ['limit=2.5', 'limit'],
        ['cursor=!!', 'cursor'],
        [`cursor=${'a'.repeat(1001)}`, 'cursor'],
        [`cursor=${foreign}`, 'cursor'],
        [`cursor=${wrongShape}`, 'cursor'],
      ].map(([query, field]) => [path, query!, field!, session, max] as const),
    ),
  )('%s?%s answers 400 naming %s', async (path, query, field, session, max) => {
    const response = await session().get(`${path}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toContain(field);
    if (field === 'limit') expect(body.fields.limit).toContain(`from 1 to ${max}`);
  });
});
