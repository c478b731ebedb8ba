import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageOutput } from '#core/schemas/product';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  heardNoticesSoFar,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Browse pages kept by the process (docs/performance.md): hits, and what makes them stale. */
describe('the browse pages each process keeps', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('answers a repeated page from the cache, and any change to the catalogue, by any writer, makes it fresh', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kept Page Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Kept Page Bistro');
    const okra = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Okra kept',
      availableQuantity: 30,
    });
    const find = async () => {
      const response = await restaurant.get(
        `/api/products?q=${encodeURIComponent('Okra kept')}&page=1&pageSize=24&sort=name`,
      );
      return productPageOutput.parse(response.json()).items.find((item) => item.id === okra.id);
    };
    await heardNoticesSoFar(ctx);
    expect((await find())?.availableQuantity).toBe(30);
    const hits = ctx.app.catalogCache.hits;
    expect((await find())?.availableQuantity).toBe(30);
    expect(ctx.app.catalogCache.hits).toBeGreaterThan(hits);

    // A stock change written straight into the database, past the app: the database says so.
    await ctx.database.db.execute(
      sql`update products set available_quantity = 12 where id = ${okra.id}`,
    );
    await expect.poll(async () => (await find())?.availableQuantity).toBe(12);

    // A new delivery day changes the next delivery day the page shows.
    const day = addDays(hawaiiToday(), 5);
    await ctx.database.db.execute(
      sql`insert into delivery_schedules (farm_id, delivery_date, delivery_area)
          values (${farmer.farmId}, ${day}, 'Honolulu')`,
    );
    await expect.poll(async () => (await find())?.nextDeliveryDate).toBe(day);

    // An order takes stock.
    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: { ...okra, availableQuantity: 12 }, quantity: 2 }]),
    );
    expect(placed.statusCode).toBe(201);
    await expect.poll(async () => (await find())?.availableQuantity).toBe(10);
  });

  it('keeps the pages and counts through a stock move alone, showing the new stock; a search by availability follows it', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Stock Move Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Stock Move Bistro');
    const taro = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Taro moved',
      availableQuantity: 30,
    });
    const search = async (extra = '') => {
      const response = await restaurant.get(
        `/api/products?q=${encodeURIComponent('Taro moved')}&page=1&pageSize=24&sort=name${extra}`,
      );
      return productPageOutput.parse(response.json());
    };
    const shown = async () => {
      const { items } = await search();
      return items.map((item) => [item.name, item.availableQuantity]);
    };
    await heardNoticesSoFar(ctx);
    expect(await shown()).toEqual([['Taro moved', 30]]);
    expect((await search('&availability=available')).total).toBe(1);

    // Renamed past the triggers: nothing tells the processes, so what they keep stays, and
    // anything made afresh no longer matches.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update products set name = 'Okra renamed' where id = ${taro.id}`);
    });
    // Its stock moves, still in stock: the kept page shows the new figure; the page searched by
    // availability is made afresh, its count (in stock or not) is kept.
    await ctx.database.db.execute(
      sql`update products set available_quantity = 20 where id = ${taro.id}`,
    );
    await expect.poll(shown).toEqual([['Taro moved', 20]]);
    await expect.poll(async () => (await search('&availability=available')).items).toEqual([]);
    expect((await search('&availability=available')).total).toBe(1);
    expect((await search()).total).toBe(1);

    // Out of stock: the counts by availability are made afresh too; the plain page still stays.
    await ctx.database.db.execute(
      sql`update products set available_quantity = 0 where id = ${taro.id}`,
    );
    await expect.poll(async () => (await search('&availability=available')).total).toBe(0);
    expect(await shown()).toEqual([['Taro moved', 0]]);
    expect((await search()).total).toBe(1);

    // Any other change to a product makes everything fresh.
    await ctx.database.db.execute(
      sql`update products set description = 'From the loʻi' where id = ${taro.id}`,
    );
    await expect.poll(async () => (await search()).total).toBe(0);
  });
});
