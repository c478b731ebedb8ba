import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { foldedSql } from '../../src/server/db/fold';
import { products } from '../../src/server/db/schema';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * Hawaiian names as written: printed so in every PDF, and found and sorted by search the way
 * people type them (docs/product.md, docs/api.md).
 */
let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let orderId: number;
const deliveryDay = addDays(hawaiiToday(), 2);
// Created out of order, so an order by id or by creation would not pass for an order by name.
const NAMES = ['Zucchini', 'ʻUlu', 'Taro', 'Hāmākua Mushrooms', 'Ube'];
const BY_NAME = ['Hāmākua Mushrooms', 'Taro', 'Ube', 'ʻUlu', 'Zucchini'];

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Waiʻanae Valley Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Hale ʻUlu Kitchen');
  const other = await signUpFarmer(ctx.app, 'Kula Greens');
  await createProduct(ctx.database.db, other.farmId, { name: 'Kale' });
  await addDeliveryDay(ctx.database.db, farmer.farmId, deliveryDay, 'Honolulu');
  const made: ProductFixture[] = [];
  for (const name of NAMES) {
    made.push(
      await createProduct(ctx.database.db, farmer.farmId, {
        name,
        price: '2.00',
        availableQuantity: 100,
      }),
    );
  }
  const [order] = await placeCheckout(restaurant, [
    orderBody(
      farmer.farmId,
      made.map((product) => ({ product, quantity: 1 })),
      { deliveryDate: deliveryDay },
    ),
  ]);
  orderId = order!.id;
  const confirmed = await farmer.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

async function browseNames(query: string): Promise<string[]> {
  const response = await restaurant.get(`/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name);
}

describe('search', () => {
  it('finds a farm without its ʻokina: "waianae" finds Waiʻanae', async () => {
    expect(await browseNames('q=waianae&sort=name')).toEqual(BY_NAME);
    expect(await browseNames('q=WAI%CA%BBANAE&sort=name')).toEqual(BY_NAME);
  });

  it('finds ʻUlu by "ulu", "\'ulu" and "ʻulu"', async () => {
    for (const q of ['ulu', "'ulu", '‘ulu', 'ʻulu', 'ULU']) {
      expect(await browseNames(`q=${encodeURIComponent(q)}`), q).toEqual(['ʻUlu']);
    }
  });

  it('finds Hāmākua by "hamakua", with or without its kahakō', async () => {
    for (const q of ['hamakua', 'Hāmākua', 'HAMAKUA']) {
      expect(await browseNames(`q=${encodeURIComponent(q)}`), q).toEqual(['Hāmākua Mushrooms']);
    }
  });
});

describe('sorting by name', () => {
  it('files ʻUlu among the U’s in browse and in the standing-order dialog’s list', async () => {
    expect(await browseNames(`farmId=${farmer.farmId}&sort=name`)).toEqual(BY_NAME);
    expect(await browseNames(`farmId=${farmer.farmId}&pageSize=100&sort=name`)).toEqual(BY_NAME);
  });

  it('walks browse’s name and price indexes in the folded order, with no sort', async () => {
    const listed = sql`${products.isActive} and ${products.deletedAt} is null`;
    const walks = [
      { index: 'products_browse_name_idx', order: [foldedSql(products.name), asc(products.id)] },
      {
        index: 'products_browse_price_idx',
        order: [asc(products.price), foldedSql(products.name), asc(products.id)],
      },
    ];
    for (const { index, order } of walks) {
      const plan = await ctx.database.db.transaction(async (tx) => {
        // Only an index on the very expression of the ORDER BY can spare the sort.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const query = tx.select({ id: products.id }).from(products).where(listed);
        const { sql: text } = query.orderBy(...order).toSQL();
        const result = (await tx.execute(sql.raw(`explain ${text}`))) as {
          rows: Record<string, string>[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it('files ʻUlu among the U’s in the farm’s inventory', async () => {
    const response = await farmer.get('/api/products/farm');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { name: string }[]).map((product) => product.name)).toEqual(BY_NAME);
  });

  it('files ʻUlu among the U’s on the pick list', async () => {
    const response = await farmer.get(`/api/orders/farm/pick-list?date=${deliveryDay}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const firstPage = (await pdfText(response.rawPayload)).split('\f')[0]!;
    // The table's rows, below the line that names the orders (and so the restaurant).
    const summary = firstPage.slice(firstPage.indexOf('PRODUCT'));
    const positions = BY_NAME.map((name) => summary.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('PDFs', () => {
  it('print ʻUlu and Waiʻanae as written on the invoice, packing slip, pick list and statement', async () => {
    const month = deliveryDay.slice(0, 7);
    const downloads = {
      invoice: await farmer.get(`/api/orders/${orderId}/invoice`),
      'packing slip': await farmer.get(`/api/orders/${orderId}/packing-slip`),
      'pick list': await farmer.get(`/api/orders/farm/pick-list?date=${deliveryDay}`),
      statement: await farmer.get(
        `/api/statements?month=${month}&restaurantId=${restaurant.restaurantId}`,
      ),
    };
    for (const [name, response] of Object.entries(downloads)) {
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text, name).toContain('Waiʻanae Valley Farm');
      expect(text, name).toContain('Hale ʻUlu Kitchen');
      expect(text, name).not.toContain("'");
      expect(text, name).not.toContain('\ufffd');
    }
    const invoice = await pdfText(downloads.invoice.rawPayload);
    expect(invoice).toContain('ʻUlu');
    expect(invoice).toContain('Hāmākua Mushrooms');
  });
});

describe('CSV', () => {
  it('keeps the names as written in UTF-8, after a byte order mark for spreadsheets', async () => {
    const response = await farmer.get('/api/orders/farm.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.rawPayload.toString('utf8')).toContain('Hale ʻUlu Kitchen');
  });
});
