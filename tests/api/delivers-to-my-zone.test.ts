import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { addDeliveryDay, createProduct } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * `deliversToMyZone=true` on the browse search (docs/api.md#reading): only what the
 * restaurant's zone can receive, and `hiddenByZone` counting what it left out.
 */
let ctx: TestContext;
let hilo: Awaited<ReturnType<typeof signUpRestaurant>>;
let honolulu: Awaited<ReturnType<typeof signUpRestaurant>>;
let noZone: Awaited<ReturnType<typeof signUpRestaurant>>;
const names = { hilo: 'Hilo greens', oahu: 'Oahu greens', anywhere: 'Unscheduled greens' };

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  const bigIsland = await signUpFarmer(ctx.app, 'Hamakua Fields');
  const oahu = await signUpFarmer(ctx.app, 'Waimanalo Greens');
  const unscheduled = await signUpFarmer(ctx.app, 'Backyard Eggs');
  // Days far enough ahead that their cutoff has not passed whatever the hour.
  await addDeliveryDay(db, bigIsland.farmId, addDays(hawaiiToday(), 3), 'Hilo');
  await addDeliveryDay(db, oahu.farmId, addDays(hawaiiToday(), 3), 'Honolulu');
  await createProduct(db, bigIsland.farmId, { name: names.hilo });
  await createProduct(db, oahu.farmId, { name: names.oahu });
  await createProduct(db, oahu.farmId, { name: `${names.oahu} 2` });
  await createProduct(db, unscheduled.farmId, { name: names.anywhere });
  hilo = await signUpRestaurant(ctx.app, 'Hilo Bay Cafe');
  honolulu = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  noZone = await signUpRestaurant(ctx.app, 'Roaming Truck');
  for (const [restaurant, name, zone] of [
    [hilo, 'Hilo Bay Cafe', 'hilo'],
    [honolulu, 'Harbor Kitchen', 'honolulu'],
  ] as const) {
    const response = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile(name),
      deliveryZone: zone,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

async function search(session: typeof hilo, parameters: string) {
  const response = await session.get(`/api/products?q=greens&${parameters}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    items: { name: string }[];
    total: number;
    hiddenByZone: number;
  };
  return { names: body.items.map((item) => item.name).sort(), ...body };
}

describe('browse filtered to what delivers to my zone', () => {
  it('keeps farms with an open day for the zone, and those with no days at all', async () => {
    const hiloPage = await search(hilo, 'deliversToMyZone=true');
    expect(hiloPage.names).toEqual([names.hilo, names.anywhere]);
    expect(hiloPage).toMatchObject({ total: 2, hiddenByZone: 2 });
    const oahuPage = await search(honolulu, 'deliversToMyZone=true');
    expect(oahuPage.names).toEqual([names.oahu, `${names.oahu} 2`, names.anywhere].sort());
    expect(oahuPage).toMatchObject({ total: 3, hiddenByZone: 1 });
  });

  it('filters nothing when absent, false, or the restaurant has no zone', async () => {
    for (const page of [
      await search(hilo, 'sort=name'),
      await search(hilo, 'deliversToMyZone=false'),
      await search(noZone, 'deliversToMyZone=true'),
    ]) {
      expect(page).toMatchObject({ total: 4, hiddenByZone: 0 });
    }
  });

  it('keeps filtered and unfiltered pages apart, whoever asked first', async () => {
    // The same search, kept by the process: the filter and the zone are part of its key.
    expect((await search(hilo, 'deliversToMyZone=false')).total).toBe(4);
    expect((await search(hilo, 'deliversToMyZone=true')).total).toBe(2);
    expect((await search(honolulu, 'deliversToMyZone=true')).total).toBe(3);
    expect((await search(hilo, 'deliversToMyZone=true')).total).toBe(2);
  });

  it('refuses a value other than true or false', async () => {
    const response = await hilo.get('/api/products?deliversToMyZone=yes');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.deliversToMyZone).toBe('Use true or false');
  });

  it('gives the farm the filter chose its description', async () => {
    const page = (await hilo.get('/api/products?page=1')).json();
    const hamakua = page.farms.find((farm: { name: string }) => farm.name === 'Hamakua Fields');
    expect(hamakua).toMatchObject({ description: null, productCount: 1 });
    const chosen = (await hilo.get(`/api/products?page=1&farmId=${hamakua.id}`)).json();
    expect(chosen.farms).toContainEqual(
      expect.objectContaining({ name: 'Hamakua Fields', description: 'Family-run since 1978' }),
    );
  });
});
