import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageOutput, type PackOutput } from '#core/schemas/product';
import { setClock } from '../../src/server/clock';
import { productPacks } from '../../src/server/db/schema';
import { addDeliveryDay, createProduct, type ProductFixture } from '../helpers/catalog-fixtures';
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

type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

let ctx: TestContext;
let farm: Farmer;
let otherFarm: Farmer;
/** On the farm's list of prices. */
let chefA: Restaurant;
/** On no list: the farm's own prices. */
let chefB: Restaurant;
/** On the farm's 10% off list. */
let chefC: Restaurant;
/** Okra at $3.00 a bunch, a case of 24 bunches at $60 and a box of 10 at 10 × the bunch. */
let okra: ProductFixture;
let bunchId: number;
let caseId: number;
let boxId: number;
let otherFarmsCaseId: number;
let pricesListId: number;

async function addPack(productId: number, label: string, size: number, price: string | null) {
  const [row] = await ctx.database.db
    .insert(productPacks)
    .values({ productId, label, size, price })
    .returning({ id: productPacks.id });
  return row!.id;
}

async function unitPackOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: productPacks.id })
    .from(productPacks)
    .where(
      and(
        eq(productPacks.productId, productId),
        eq(productPacks.size, 1),
        isNull(productPacks.archivedAt),
      ),
    );
  return row!.id;
}

/** Okra's packs as the restaurant browses them, by pack id. */
async function okraPacks(restaurant: Restaurant): Promise<Map<number, PackOutput>> {
  const response = await restaurant.get(`/api/products?farmId=${farm.farmId}&page=1&sort=name`);
  expect(response.statusCode, response.body).toBe(200);
  const product = productPageOutput.parse(response.json()).items.find((row) => row.id === okra.id);
  return new Map((product?.packs ?? []).map((pack) => [pack.id, pack]));
}

const pricesListBody = () => ({
  name: 'Chef’s cases',
  kind: 'prices',
  prices: [
    { productId: okra.id, price: '2.50' },
    { productId: okra.id, packId: caseId, price: '50.00' },
  ],
  breaks: [{ productId: okra.id, packId: caseId, minQuantity: 5, price: '45.00' }],
});

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
  const db = ctx.database.db;
  farm = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarm = await signUpFarmer(ctx.app, 'Waimea Roots');
  chefA = await signUpRestaurant(ctx.app, 'Chef A Bistro');
  chefB = await signUpRestaurant(ctx.app, 'Chef B Grill');
  chefC = await signUpRestaurant(ctx.app, 'Chef C Cafe');
  for (const [chef, name] of [
    [chefA, 'Chef A Bistro'],
    [chefB, 'Chef B Grill'],
    [chefC, 'Chef C Cafe'],
  ] as const) {
    const zoned = await chef.put('/api/profile/restaurant', {
      ...sampleProfile(name),
      deliveryZone: 'honolulu',
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
    // Following the farm makes the restaurant its customer: one it can put on a list.
    expect((await chef.post(`/api/farms/${farm.farmId}/follow`)).statusCode).toBeLessThan(300);
  }
  await addDeliveryDay(db, farm.farmId, THU_DEC_3, 'Honolulu');
  okra = await createProduct(db, farm.farmId, {
    name: 'Okra',
    price: '3.00',
    unit: 'bunch',
    availableQuantity: 500,
  });
  bunchId = await unitPackOf(okra.id);
  caseId = await addPack(okra.id, 'case of 24 bunches', 24, '60.00');
  boxId = await addPack(okra.id, 'box of 10 bunches', 10, null);
  const beans = await createProduct(db, otherFarm.farmId, { name: 'Beans', unit: 'bunch' });
  otherFarmsCaseId = await addPack(beans.id, 'case of 12 bunches', 12, '20.00');
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

describe('a list pricing packs', () => {
  it('refuses a pack that is not a live pack of the product, and a pack priced twice', async () => {
    const archived = await addPack(okra.id, 'crate of 48 bunches', 48, null);
    await ctx.database.db
      .update(productPacks)
      .set({ archivedAt: new Date() })
      .where(eq(productPacks.id, archived));
    const body = pricesListBody();
    const refusals: [Record<string, unknown>, string][] = [
      [
        { ...body, prices: [{ productId: okra.id, packId: otherFarmsCaseId, price: '1.00' }] },
        'prices.0.packId',
      ],
      [
        { ...body, prices: [{ productId: okra.id, packId: archived, price: '1.00' }] },
        'prices.0.packId',
      ],
      [
        { ...body, breaks: [{ productId: okra.id, packId: 999_999, minQuantity: 2, price: '1' }] },
        'breaks.0.packId',
      ],
      [
        {
          ...body,
          prices: [...body.prices, { productId: okra.id, packId: caseId, price: '49.00' }],
        },
        'prices.2.packId',
      ],
      // The unit pack's id is the product's unit: priced above already.
      [
        {
          ...body,
          prices: [...body.prices, { productId: okra.id, packId: bunchId, price: '2.40' }],
        },
        'prices.2.packId',
      ],
      // A case is counted whole, as a line of cases is.
      [
        { ...body, breaks: [{ productId: okra.id, packId: caseId, minQuantity: 2.5, price: '1' }] },
        'breaks.0.minQuantity',
      ],
    ];
    for (const [refused, field] of refusals) {
      const response = await farm.post('/api/price-lists', refused);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toHaveProperty([field]);
    }
    expect((await farm.get('/api/price-lists')).json()).toEqual([]);
  });

  it('keeps a price and a break per pack and answers them with their pack', async () => {
    const created = await farm.post('/api/price-lists', {
      ...pricesListBody(),
      // The unit pack's id prices the unit, as no pack does.
      prices: [
        { productId: okra.id, packId: bunchId, price: '2.50' },
        { productId: okra.id, packId: caseId, price: '50.00' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    pricesListId = created.json().id;
    const read = await farm.get(`/api/price-lists/${pricesListId}`);
    expect(read.json()).toMatchObject({
      prices: [
        { productId: okra.id, packId: null, price: '2.50' },
        { productId: okra.id, packId: caseId, price: '50.00' },
      ],
      breaks: [{ productId: okra.id, packId: caseId, minQuantity: 5, price: '45.00' }],
    });
    // What was read back is a body the list takes again, unchanged.
    const { name, kind, prices, breaks } = read.json();
    const again = await farm.put(`/api/price-lists/${pricesListId}`, {
      name,
      kind,
      prices,
      breaks,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().prices).toEqual(read.json().prices);
    expect(again.json().breaks).toEqual(read.json().breaks);

    const percent = await farm.post('/api/price-lists', {
      name: 'Ten off',
      kind: 'percent',
      percentOff: '10',
    });
    expect(percent.statusCode, percent.body).toBe(201);
    for (const [id, chef] of [
      [pricesListId, chefA],
      [percent.json().id as number, chefC],
    ] as const) {
      const assigned = await farm.put(`/api/price-lists/${id}/restaurants`, {
        restaurantIds: [chef.restaurantId],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
  });
});

describe('what each restaurant pays for a pack', () => {
  it("shows A the list's case price beside the farm's, and B the farm's", async () => {
    await heardNoticesSoFar(ctx);
    await expect.poll(async () => (await okraPacks(chefA)).get(caseId)?.price).toBe('50.00');
    const forA = await okraPacks(chefA);
    expect(forA.get(bunchId)).toMatchObject({ price: '2.50', listPrice: '3.00', breaks: [] });
    expect(forA.get(caseId)).toMatchObject({
      price: '50.00',
      listPrice: '60.00',
      breaks: [{ minQuantity: 5, price: '45.00' }],
    });
    // The box has no price of its own anywhere: 10 × A's bunch price.
    expect(forA.get(boxId)).toMatchObject({ price: '25.00', listPrice: '30.00', breaks: [] });

    const forB = await okraPacks(chefB);
    expect(forB.get(caseId)).toMatchObject({ price: '60.00' });
    expect(forB.get(caseId)).not.toHaveProperty('listPrice');
    expect(forB.get(caseId)?.breaks ?? []).toEqual([]);
    expect(forB.get(boxId)).toMatchObject({ price: '30.00' });
  });

  it("takes a percent list's percentage off the case's own price and off 10 × the bunch's", async () => {
    const forC = await okraPacks(chefC);
    expect(forC.get(bunchId)).toMatchObject({ price: '2.70', listPrice: '3.00' });
    expect(forC.get(caseId)).toMatchObject({ price: '54.00', listPrice: '60.00', breaks: [] });
    expect(forC.get(boxId)).toMatchObject({ price: '27.00', listPrice: '30.00' });
  });

  it('empties the kept pages when a pack price of the list changes', async () => {
    const hits = ctx.app.catalogCache.hits;
    expect((await okraPacks(chefA)).get(caseId)?.price).toBe('50.00');
    expect(ctx.app.catalogCache.hits).toBeGreaterThan(hits);
    const etagBefore = (await chefA.get('/api/products')).headers.etag;

    const body = pricesListBody();
    const edited = await farm.put(`/api/price-lists/${pricesListId}`, {
      ...body,
      prices: [body.prices[0], { productId: okra.id, packId: caseId, price: '48.00' }],
      breaks: [{ productId: okra.id, packId: caseId, minQuantity: 10, price: '44.00' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(async () => (await okraPacks(chefA)).get(caseId)?.price).toBe('48.00');
    expect((await okraPacks(chefA)).get(caseId)?.breaks).toEqual([
      { minQuantity: 10, price: '44.00' },
    ]);
    expect((await chefA.get('/api/products')).headers.etag).not.toBe(etagBefore);
    // B's kept page is its own still: the farm's price.
    expect((await okraPacks(chefB)).get(caseId)?.price).toBe('60.00');
  });
});
