import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney, toMoneyString } from '#core/money';
import { setClock } from '../../src/server/clock';
import {
  farms,
  orderGuides,
  orders,
  productPacks,
  type products,
  stockMovements,
} from '../../src/server/db/schema';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  stockOf,
  updateProduct,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { hawaiiNoon } from '../helpers/clock';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii: every test reads the guide and fills on this day. */
const MONDAY_NOON = hawaiiNoon('2026-11-23');
const TUE_NOV_24 = '2026-11-24';
const WED_NOV_25 = '2026-11-25';
const THU_NOV_26 = '2026-11-26';
const FRI_NOV_27 = '2026-11-27';

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

const NO_PARS = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
const pars = (some: Partial<typeof NO_PARS>) => ({ ...NO_PARS, ...some });

let names = 0;
/** A name no other test's business has. */
const unique = (name: string) => `${name} ${(names += 1)}`;

async function zonedRestaurant(name: string, zone = 'honolulu'): Promise<Restaurant> {
  const restaurant = await signUpRestaurant(ctx.app, name);
  const response = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile(name),
    deliveryZone: zone,
  });
  expect(response.statusCode, response.body).toBe(200);
  return restaurant;
}

async function unitPackOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: productPacks.id })
    .from(productPacks)
    .where(and(eq(productPacks.productId, productId), eq(productPacks.size, 1)));
  return row!.id;
}

async function addPack(productId: number, label: string, size: number, price: string) {
  const [row] = await ctx.database.db
    .insert(productPacks)
    .values({ productId, label, size, price })
    .returning({ id: productPacks.id });
  return row!.id;
}

async function guideOf(restaurant: Restaurant) {
  const response = await restaurant.get('/api/order-guide');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function saveGuide(restaurant: Restaurant, sections: unknown[]) {
  const response = await restaurant.put('/api/order-guide', { sections });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function fill(restaurant: Restaurant, body: unknown) {
  const response = await restaurant.post('/api/order-guide/fill', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    lines: Record<string, unknown>[];
    unfilled: { productId: number; reason: string; message: string; alternatives: unknown[] }[];
  };
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

describe('the suggested guide', () => {
  let greens: Farmer;
  let roots: Farmer;
  let kitchen: Restaurant;
  let kale: ProductFixture;
  let taro: ProductFixture;
  let ulu: ProductFixture;
  let kaleCase: number;

  beforeAll(async () => {
    const db = ctx.database.db;
    greens = await signUpFarmer(ctx.app, unique('Kahuku Greens'));
    roots = await signUpFarmer(ctx.app, unique('ʻĀina Roots'));
    kitchen = await zonedRestaurant(unique('Harbor Kitchen'));
    kale = await createProduct(db, greens.farmId, {
      name: 'Kale',
      unit: 'lb',
      price: '4.00',
      availableQuantity: 500,
    });
    taro = await createProduct(db, greens.farmId, { name: 'Taro', unit: 'bunch', price: '3.00' });
    const beans = await createProduct(db, greens.farmId, { name: 'Beans', price: '2.00' });
    ulu = await createProduct(db, roots.farmId, { name: 'ʻUlu', unit: 'each', price: '5.00' });
    kaleCase = await addPack(kale.id, 'case of 12 lb', 12, '40.00');

    // An order for August's deliveries: more than 90 days before today, so not suggested.
    setClock(hawaiiNoon('2026-08-03'));
    await addDeliveryDay(db, greens.farmId, '2026-08-06');
    await placeCheckout(kitchen, [
      orderBody(greens.farmId, [{ product: beans, quantity: 4 }], { deliveryDate: '2026-08-06' }),
    ]);

    // October's orders: Thursdays and a Saturday, and a cancelled one.
    setClock(hawaiiNoon('2026-10-05'));
    for (const day of ['2026-10-08', '2026-10-10', '2026-10-15']) {
      await addDeliveryDay(db, greens.farmId, day);
    }
    await addDeliveryDay(db, roots.farmId, '2026-10-08');
    await placeCheckout(kitchen, [
      orderBody(
        greens.farmId,
        [
          { product: kale, quantity: 6 },
          { product: taro, quantity: 2 },
        ],
        { deliveryDate: '2026-10-08' },
      ),
      orderBody(roots.farmId, [{ product: ulu, quantity: 3 }], { deliveryDate: '2026-10-08' }),
    ]);
    const saturday = orderBody(greens.farmId, [{ product: kale, quantity: 3 }], {
      deliveryDate: '2026-10-10',
    });
    saturday.items.push({
      productId: kale.id,
      packId: kaleCase,
      quantity: 2,
      unitPrice: '40.00',
      totalPrice: '80.00',
    } as never);
    saturday.totalAmount = toMoneyString(parseMoney(saturday.totalAmount)! + 8000);
    await placeCheckout(kitchen, [saturday]);
    // A weighed quantity: the par is whole packs, rounded up.
    await placeCheckout(kitchen, [
      orderBody(greens.farmId, [{ product: kale, quantity: 7.5 }], { deliveryDate: '2026-10-15' }),
    ]);
    const [cancelled] = await placeCheckout(kitchen, [
      orderBody(greens.farmId, [{ product: kale, quantity: 40 }], { deliveryDate: '2026-10-15' }),
    ]);
    const cancel = await kitchen.patch(`/api/orders/${cancelled!.id}/status`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // Today: a standing order of kale and taro on Fridays.
    setClock(MONDAY_NOON);
    await addDeliveryDay(db, greens.farmId, FRI_NOV_27);
    await addDeliveryDay(db, roots.farmId, THU_NOV_26);
    const standing = await kitchen.post('/api/standing-orders', {
      farmId: greens.farmId,
      lines: [
        { productId: kale.id, quantity: 5 },
        { productId: taro.id, quantity: 7 },
      ],
      weekdays: ['fri'],
    });
    expect(standing.statusCode, standing.body).toBe(201);
  });

  it('lists what was bought, by farm then product, with the most ordered per weekday as its par', async () => {
    const guide = await guideOf(kitchen);
    const item = (product: ProductFixture, packId: number, farm: Farmer, some = {}) => ({
      productId: product.id,
      packId,
      substitution: 'ask',
      product: {
        name: product.name,
        unit: product.unit,
        category: 'vegetables',
        available: true,
        farm: { id: farm.farmId, name: expect.any(String) },
      },
      pack: expect.any(Object),
      ...some,
    });
    expect(guide).toEqual({
      saved: false,
      updatedAt: null,
      sections: [
        {
          name: 'Usual items',
          items: [
            // ʻĀina sorts among the A's, before Kahuku.
            item(ulu, await unitPackOf(ulu.id), roots, { pars: pars({ thu: 3 }) }),
            item(kale, await unitPackOf(kale.id), greens, {
              pars: pars({ thu: 8, fri: 5, sat: 3 }),
              pack: { label: 'lb', size: 1 },
            }),
            item(kale, kaleCase, greens, {
              pars: pars({ sat: 2 }),
              pack: { label: 'case of 12 lb', size: 12 },
            }),
            item(taro, await unitPackOf(taro.id), greens, { pars: pars({ thu: 2, fri: 7 }) }),
          ],
        },
      ],
    });
  });

  it('is what a restaurant that never saved a guide fills from', async () => {
    const filled = await fill(kitchen, { onHand: [{ productId: ulu.id, quantity: 1 }] });
    expect(filled.lines).toEqual([
      {
        productId: ulu.id,
        packId: await unitPackOf(ulu.id),
        farmId: roots.farmId,
        deliveryDate: THU_NOV_26,
        quantity: 2,
        unitPrice: '5.00',
        product: { name: 'ʻUlu', unit: 'each' },
        pack: { label: 'each', size: 1 },
        farm: { id: roots.farmId, name: expect.stringContaining('ʻĀina Roots') },
      },
    ]);
    expect(filled.unfilled.map((entry) => entry.reason)).toEqual([
      'not_counted',
      'not_counted',
      'not_counted',
    ]);
  });

  it('shows nothing of one restaurant’s guide to another', async () => {
    const stranger = await zonedRestaurant(unique('Kailua Poke'));
    expect(await guideOf(stranger)).toEqual({ saved: false, updatedAt: null, sections: [] });
  });
});

describe('saving the guide', () => {
  let farm: Farmer;
  let kitchen: Restaurant;
  let lettuce: ProductFixture;
  let basil: ProductFixture;
  let lettuceCase: number;

  beforeAll(async () => {
    const db = ctx.database.db;
    farm = await signUpFarmer(ctx.app, unique('Waimanalo Greens'));
    kitchen = await zonedRestaurant(unique('Save Kitchen'));
    lettuce = await createProduct(db, farm.farmId, { name: 'Lettuce', unit: 'head' });
    basil = await createProduct(db, farm.farmId, { name: 'Basil', unit: 'bunch' });
    lettuceCase = await addPack(lettuce.id, 'case of 24 heads', 24, '40.00');
  });

  const body = () => [
    {
      name: '  Walk-in  ',
      items: [
        {
          productId: lettuce.id,
          packId: lettuceCase,
          pars: { tue: 3, thu: 2 },
          substitution: 'never',
        },
        { productId: basil.id },
      ],
    },
    { name: 'Dry store', items: [] },
  ];

  it('replaces the whole guide and answers it as GET does', async () => {
    const saved = await saveGuide(kitchen, body());
    expect(saved).toEqual({
      saved: true,
      updatedAt: MONDAY_NOON.toISOString(),
      sections: [
        {
          name: 'Walk-in',
          items: [
            expect.objectContaining({
              productId: lettuce.id,
              packId: lettuceCase,
              pars: pars({ tue: 3, thu: 2 }),
              substitution: 'never',
              pack: { label: 'case of 24 heads', size: 24 },
            }),
            expect.objectContaining({
              productId: basil.id,
              packId: await unitPackOf(basil.id),
              pars: NO_PARS,
              substitution: 'ask',
              product: {
                name: 'Basil',
                unit: 'bunch',
                category: 'vegetables',
                available: true,
                farm: { id: farm.farmId, name: expect.stringContaining('Waimanalo Greens') },
              },
            }),
          ],
        },
        { name: 'Dry store', items: [] },
      ],
    });
    expect(await guideOf(kitchen)).toEqual(saved);
  });

  it('keeps an item whose product is no longer sold, shown as not available', async () => {
    await saveGuide(kitchen, body());
    await updateProduct(ctx.database.db, basil.id, { isActive: false });
    const guide = await guideOf(kitchen);
    expect(guide.sections[0].items[1]).toMatchObject({
      productId: basil.id,
      product: { available: false },
    });
    // Saved again as it is shown, the item stays.
    const again = await saveGuide(kitchen, body());
    expect(again.sections[0].items[1]).toMatchObject({ productId: basil.id });
    await updateProduct(ctx.database.db, basil.id, { isActive: true });
  });

  it('saves an empty guide, which is not the suggestion', async () => {
    const empty = await saveGuide(kitchen, []);
    expect(empty).toEqual({ saved: true, updatedAt: MONDAY_NOON.toISOString(), sections: [] });
    expect(await guideOf(kitchen)).toEqual(empty);
  });

  describe('refusals', () => {
    /** A product of a farm no restaurant may see: waiting for admission. */
    let hidden: ProductFixture;
    let otherProduct: ProductFixture;

    beforeAll(async () => {
      const db = ctx.database.db;
      await saveGuide(kitchen, body());
      const pendingFarm = await signUpFarmer(ctx.app, unique('Pending Farm'));
      await db
        .update(farms)
        .set({ approvalStatus: 'pending' })
        .where(eq(farms.id, pendingFarm.farmId));
      hidden = await createProduct(db, pendingFarm.farmId, { name: 'Secret Lettuce' });
      otherProduct = await createProduct(db, farm.farmId, { name: 'Chives' });
    });

    const item = (extra: Record<string, unknown>) => ({ productId: lettuce.id, ...extra });
    const cases: [string, () => unknown[], string, string?][] = [
      ['a blank section name', () => [{ name: '   ', items: [] }], 'sections.0.name'],
      ['a name of 61 characters', () => [{ name: 'x'.repeat(61), items: [] }], 'sections.0.name'],
      [
        'two sections of one name, in any case',
        () => [
          { name: 'Walk-in', items: [] },
          { name: 'WALK-IN', items: [] },
        ],
        'sections.1.name',
      ],
      [
        '31 sections',
        () => Array.from({ length: 31 }, (_, index) => ({ name: `S${index}`, items: [] })),
        'sections',
      ],
      [
        '501 items',
        () => [
          {
            name: 'Many',
            items: Array.from({ length: 501 }, (_, index) => ({ productId: index + 1 })),
          },
        ],
        'sections',
      ],
      [
        'a par above 9999',
        () => [{ name: 'A', items: [item({ pars: { mon: 10000 } })] }],
        'sections.0.items.0.pars.mon',
      ],
      [
        'a par with decimals',
        () => [{ name: 'A', items: [item({ pars: { fri: 1.5 } })] }],
        'sections.0.items.0.pars.fri',
      ],
      [
        'a negative par',
        () => [{ name: 'A', items: [item({ pars: { sun: -1 } })] }],
        'sections.0.items.0.pars.sun',
      ],
      [
        'an unknown substitution',
        () => [{ name: 'A', items: [item({ substitution: 'maybe' })] }],
        'sections.0.items.0.substitution',
      ],
      [
        'a product that does not exist',
        () => [{ name: 'A', items: [{ productId: 2_000_000_000 }] }],
        'sections.0.items.0.productId',
        'No such product',
      ],
      [
        'a product of a farm the restaurant cannot see',
        () => [{ name: 'A', items: [{ productId: hidden.id }] }],
        'sections.0.items.0.productId',
        'No such product',
      ],
      [
        'a pack of another product',
        () => [{ name: 'A', items: [{ productId: otherProduct.id, packId: lettuceCase }] }],
        'sections.0.items.0.packId',
        'Not a pack of this product',
      ],
      [
        'one pack twice',
        () => [
          { name: 'A', items: [item({ packId: lettuceCase })] },
          { name: 'B', items: [item({ packId: lettuceCase })] },
        ],
        'sections.1.items.0.packId',
      ],
    ];

    it.each(cases)(
      'refuses %s with 400 on the field, changing nothing',
      async (_, sections, field, message) => {
        const before = await guideOf(kitchen);
        const response = await kitchen.put('/api/order-guide', { sections: sections() });
        expect(response.statusCode, response.body).toBe(400);
        const answer = response.json();
        expect(Object.keys(answer.fields)).toContain(field);
        if (message) expect(answer.fields[field]).toBe(message);
        expect(await guideOf(kitchen)).toEqual(before);
      },
    );

    it('refuses the unit pack named once by its id and once left out', async () => {
      const response = await kitchen.put('/api/order-guide', {
        sections: [
          {
            name: 'A',
            items: [item({}), item({ packId: await unitPackOf(lettuce.id) })],
          },
        ],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({
        'sections.0.items.1.packId': 'Already in the guide',
      });
    });

    it('answers the hidden farm’s product as it answers one that does not exist', async () => {
      const send = (productId: number) =>
        kitchen.put('/api/order-guide', { sections: [{ name: 'A', items: [{ productId }] }] });
      const hiddenAnswer = await send(hidden.id);
      const missingAnswer = await send(2_000_000_000);
      expect(hiddenAnswer.json()).toEqual(missingAnswer.json());
      // Nor does the suggestion or a fill name it.
      const filled = await fill(kitchen, { onHand: [{ productId: hidden.id, quantity: 0 }] });
      expect(filled.unfilled.at(-1)).toEqual({
        productId: hidden.id,
        packId: null,
        reason: 'not_in_guide',
        message: 'Not in your order guide',
        alternatives: [],
      });
    });
  });
});

describe('who may use the guide', () => {
  let kitchen: Restaurant;
  let farmer: Farmer;

  beforeAll(async () => {
    kitchen = await zonedRestaurant(unique('Role Kitchen'));
    farmer = await signUpFarmer(ctx.app, unique('Role Farm'));
  });

  it('refuses a farm on every call', async () => {
    for (const response of [
      await farmer.get('/api/order-guide'),
      await farmer.put('/api/order-guide', { sections: [] }),
      await farmer.post('/api/order-guide/fill', { onHand: [] }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
    }
  });

  it('lets a bookkeeper read the guide, not change it or fill it', async () => {
    const bookkeeper = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: kitchen.restaurantId },
      'bookkeeper',
    );
    expect((await bookkeeper.get('/api/order-guide')).statusCode).toBe(200);
    for (const response of [
      await bookkeeper.put('/api/order-guide', { sections: [] }),
      await bookkeeper.post('/api/order-guide/fill', { onHand: [] }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden_for_role' });
    }
    const [saved] = await ctx.database.db
      .select({ n: count() })
      .from(orderGuides)
      .where(eq(orderGuides.restaurantId, kitchen.restaurantId));
    expect(saved!.n).toBe(0);
  });

  it('lets a buyer save and fill', async () => {
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: kitchen.restaurantId },
      'buyer',
    );
    expect((await buyer.put('/api/order-guide', { sections: [] })).statusCode).toBe(200);
    expect((await buyer.post('/api/order-guide/fill', { onHand: [] })).statusCode).toBe(200);
  });
});

describe('filling to par', () => {
  let greens: Farmer;
  let kitchen: Restaurant;
  let lettuce: ProductFixture;
  let tomato: ProductFixture;
  let kalo: ProductFixture;
  let chives: ProductFixture;
  let okra: ProductFixture;
  let basil: ProductFixture;
  let ginger: ProductFixture;
  let lettuceCase: number;
  /** The same kalo elsewhere, by price: Mililani $2.00, Kunia $2.50, Ewa $3.00, Aiea $3.50. */
  const alternativeFarms: Record<string, { farm: Farmer; kalo: ProductFixture }> = {};
  let kuniaKalo: ProductFixture;

  beforeAll(async () => {
    const db = ctx.database.db;
    greens = await signUpFarmer(ctx.app, unique('Waimanalo Greens'));
    kitchen = await zonedRestaurant(unique('Fill Kitchen'));
    // Tuesday is the next day open for orders to Honolulu; Wednesday goes to Kailua only.
    await addDeliveryDay(db, greens.farmId, TUE_NOV_24);
    await addDeliveryDay(db, greens.farmId, WED_NOV_25, 'Kailua');
    await addDeliveryDay(db, greens.farmId, THU_NOV_26);
    lettuce = await createProduct(db, greens.farmId, {
      name: 'Lettuce',
      unit: 'head',
      price: '2.00',
      availableQuantity: 240,
    });
    lettuceCase = await addPack(lettuce.id, 'case of 24 heads', 24, '41.15');
    tomato = await createProduct(db, greens.farmId, {
      name: 'Tomato',
      unit: 'lb',
      price: '4.00',
      availableQuantity: 100,
    });
    kalo = await createProduct(db, greens.farmId, {
      name: 'Kalo',
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 5,
    });
    chives = await createProduct(db, greens.farmId, { name: 'Chives', unit: 'bunch' });
    okra = await createProduct(db, greens.farmId, { name: 'Okra', unit: 'lb' });
    basil = await createProduct(db, greens.farmId, { name: 'Basil', unit: 'bunch' });

    // A farm that delivers to Kailua only.
    const hilo = await signUpFarmer(ctx.app, unique('Hilo Ginger'));
    await addDeliveryDay(db, hilo.farmId, THU_NOV_26, 'Kailua');
    ginger = await createProduct(db, hilo.farmId, { name: 'Ginger', unit: 'lb' });

    // The same kalo from other farms, and look-alikes that are not alternatives.
    const alternative = async (
      name: string,
      day: string,
      product: Partial<typeof products.$inferInsert>,
      zone = 'Honolulu',
    ) => {
      const farm = await signUpFarmer(ctx.app, unique(name));
      await addDeliveryDay(db, farm.farmId, day, zone);
      const created = await createProduct(db, farm.farmId, {
        unit: 'bunch',
        availableQuantity: 20,
        ...product,
      });
      alternativeFarms[name] = { farm, kalo: created };
      return created;
    };
    await alternative('Mililani Farm', FRI_NOV_27, { name: 'Kālo', price: '2.00' });
    kuniaKalo = await alternative('Kunia Farms', THU_NOV_26, { name: 'kalo', price: '2.50' });
    await alternative('Ewa Farm', THU_NOV_26, { name: 'KALO', price: '3.00' });
    await alternative('Aiea Farm', THU_NOV_26, { name: 'Kalo', price: '3.50' });
    await alternative('Fruit Farm', THU_NOV_26, {
      name: 'Kalo',
      price: '1.00',
      category: 'fruits',
    });
    await alternative('Empty Farm', THU_NOV_26, {
      name: 'Kalo',
      price: '1.00',
      availableQuantity: 0,
    });
    await alternative('Kailua Farm', THU_NOV_26, { name: 'Kalo', price: '1.00' }, 'Kailua');
    const hidden = await alternative('Hidden Farm', THU_NOV_26, { name: 'Kalo', price: '1.00' });
    await db
      .update(farms)
      .set({ approvalStatus: 'pending' })
      .where(eq(farms.id, alternativeFarms['Hidden Farm']!.farm.farmId));
    expect(hidden.id).toBeGreaterThan(0);

    // The restaurant's own prices: 10% off, and tomatoes at $3.50 from 10 lb.
    const follow = await kitchen.post(`/api/farms/${greens.farmId}/follow`);
    expect(follow.statusCode, follow.body).toBe(200);
    const list = await greens.post('/api/price-lists', {
      name: 'Chefs',
      kind: 'percent',
      percentOff: '10',
      breaks: [{ productId: tomato.id, minQuantity: 10, price: '3.50' }],
    });
    expect(list.statusCode, list.body).toBe(201);
    const onList = await greens.put(`/api/price-lists/${list.json().id}/restaurants`, {
      restaurantIds: [kitchen.restaurantId],
    });
    expect(onList.statusCode, onList.body).toBe(200);

    await saveGuide(kitchen, [
      {
        name: 'Walk-in',
        items: [
          { productId: lettuce.id, packId: lettuceCase, pars: { tue: 3, thu: 2 } },
          { productId: tomato.id, pars: { tue: 12 } },
          { productId: kalo.id, pars: { tue: 9, thu: 9 } },
          { productId: chives.id, pars: { tue: 2 } },
        ],
      },
      {
        name: 'Dry store',
        items: [
          { productId: okra.id, pars: { tue: 4 } },
          { productId: basil.id, pars: { tue: 4 } },
          { productId: ginger.id, pars: { thu: 4 } },
        ],
      },
    ]);
    // Okra stops being sold after it was put in the guide.
    await updateProduct(db, okra.id, { isActive: false });
  });

  const counts = () => [
    { productId: lettuce.id, packId: lettuceCase, quantity: 1 },
    { productId: tomato.id, quantity: 0 },
    { productId: kalo.id, quantity: 1 },
    { productId: chives.id, quantity: 5 },
    { productId: okra.id, quantity: 0 },
    { productId: ginger.id, quantity: 0 },
    { productId: kuniaKalo.id, quantity: 3 },
  ];

  it('orders par less what is on hand for the next open day, at the restaurant’s prices', async () => {
    const filled = await fill(kitchen, { onHand: counts() });
    const farm = { id: greens.farmId, name: expect.stringContaining('Waimanalo Greens') };
    expect(filled.lines).toEqual([
      {
        productId: lettuce.id,
        packId: lettuceCase,
        farmId: greens.farmId,
        deliveryDate: TUE_NOV_24,
        quantity: 2,
        // 10% off $41.15 is $37.035, rounded half up.
        unitPrice: '37.04',
        product: { name: 'Lettuce', unit: 'head' },
        pack: { label: 'case of 24 heads', size: 24 },
        farm,
      },
      {
        productId: tomato.id,
        packId: await unitPackOf(tomato.id),
        farmId: greens.farmId,
        deliveryDate: TUE_NOV_24,
        quantity: 12,
        // The list's break from 10 lb, not 10% off $4.00.
        unitPrice: '3.50',
        product: { name: 'Tomato', unit: 'lb' },
        pack: { label: 'lb', size: 1 },
        farm,
      },
      {
        productId: kalo.id,
        packId: await unitPackOf(kalo.id),
        farmId: greens.farmId,
        deliveryDate: TUE_NOV_24,
        // 8 wanted, 5 in stock.
        quantity: 5,
        unitPrice: '2.70',
        product: { name: 'Kalo', unit: 'bunch' },
        pack: { label: 'bunch', size: 1 },
        farm,
      },
    ]);
    // Chives: 5 on hand of a par of 2, nothing to order and nothing unfilled.
    expect(filled.unfilled).toEqual([
      {
        productId: kalo.id,
        packId: await unitPackOf(kalo.id),
        reason: 'short_stock',
        message: expect.stringMatching(/has only 5 bunches of Kalo: 3 bunches missing$/),
        alternatives: [
          {
            productId: alternativeFarms['Mililani Farm']!.kalo.id,
            packId: await unitPackOf(alternativeFarms['Mililani Farm']!.kalo.id),
            farmId: alternativeFarms['Mililani Farm']!.farm.farmId,
            farmName: expect.stringContaining('Mililani Farm'),
            name: 'Kālo',
            pack: { label: 'bunch', size: 1 },
            unitPrice: '2.00',
            availableQuantity: 20,
            deliveryDate: FRI_NOV_27,
          },
          expect.objectContaining({
            productId: kuniaKalo.id,
            unitPrice: '2.50',
            deliveryDate: THU_NOV_26,
          }),
          expect.objectContaining({
            productId: alternativeFarms['Ewa Farm']!.kalo.id,
            unitPrice: '3.00',
          }),
        ],
      },
      {
        productId: okra.id,
        packId: await unitPackOf(okra.id),
        reason: 'unavailable',
        message: expect.stringContaining('does not sell Okra'),
        alternatives: [],
      },
      {
        productId: basil.id,
        packId: await unitPackOf(basil.id),
        reason: 'not_counted',
        message: 'Not counted',
        alternatives: [],
      },
      {
        productId: ginger.id,
        packId: await unitPackOf(ginger.id),
        reason: 'no_delivery_day',
        message: expect.stringMatching(/has no delivery day to Honolulu open for orders$/),
        alternatives: [],
      },
      {
        productId: kuniaKalo.id,
        packId: null,
        reason: 'not_in_guide',
        message: 'Not in your order guide',
        alternatives: [],
      },
    ]);
  });

  it('fills for the delivery day asked for, by that weekday’s par', async () => {
    const filled = await fill(kitchen, { onHand: counts(), deliveryDate: THU_NOV_26 });
    expect(filled.lines.map((line) => [line.productId, line.deliveryDate, line.quantity])).toEqual([
      [lettuce.id, THU_NOV_26, 1],
      // Kalo's Thursday par is 9 too: 8 wanted, 5 in stock. Tomatoes have no Thursday par.
      [kalo.id, THU_NOV_26, 5],
    ]);
    expect(filled.unfilled.find((entry) => entry.productId === ginger.id)).toMatchObject({
      reason: 'no_delivery_day',
      message: expect.stringMatching(/has no delivery to Honolulu open for orders on Thu, Nov 26$/),
    });
    // A day the farm does not deliver to the zone is no day.
    const wednesday = await fill(kitchen, { onHand: counts(), deliveryDate: WED_NOV_25 });
    expect(wednesday.lines).toEqual([]);
    expect(
      wednesday.unfilled
        .filter((entry) => entry.reason === 'no_delivery_day')
        .map((e) => e.productId),
    ).toEqual([lettuce.id, tomato.id, kalo.id, chives.id, ginger.id]);
  });

  it('says a farm is out of a product and still offers the alternatives', async () => {
    await updateProduct(ctx.database.db, kalo.id, { availableQuantity: 0 });
    try {
      const filled = await fill(kitchen, { onHand: [{ productId: kalo.id, quantity: 0 }] });
      expect(filled.lines).toEqual([]);
      const short = filled.unfilled.find((entry) => entry.productId === kalo.id);
      expect(short).toMatchObject({
        reason: 'short_stock',
        message: expect.stringMatching(/is out of Kalo: 9 bunches missing$/),
      });
      expect(short!.alternatives).toHaveLength(3);
    } finally {
      await updateProduct(ctx.database.db, kalo.id, { availableQuantity: 5 });
    }
  });

  it('changes nothing: no order, no stock moved, the guide as it was', async () => {
    const db = ctx.database.db;
    const stockBefore = [await stockOf(db, lettuce.id), await stockOf(db, kalo.id)];
    const [movementsBefore] = await db.select({ n: count() }).from(stockMovements);
    const guideBefore = await guideOf(kitchen);
    await fill(kitchen, { onHand: counts() });
    expect([await stockOf(db, lettuce.id), await stockOf(db, kalo.id)]).toEqual(stockBefore);
    const [movementsAfter] = await db.select({ n: count() }).from(stockMovements);
    expect(movementsAfter!.n).toBe(movementsBefore!.n);
    const [placed] = await db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.restaurantId, kitchen.restaurantId));
    expect(placed!.n).toBe(0);
    expect(await guideOf(kitchen)).toEqual(guideBefore);
  });

  it('refuses a count of one item twice and counts out of range', async () => {
    const twice = await kitchen.post('/api/order-guide/fill', {
      onHand: [
        { productId: tomato.id, quantity: 1 },
        { productId: tomato.id, packId: await unitPackOf(tomato.id), quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ 'onHand.1.packId': 'Counted twice' });
    for (const [quantity, field] of [
      [100_000, 'onHand.0.quantity'],
      [1.5, 'onHand.0.quantity'],
      [-1, 'onHand.0.quantity'],
    ] as const) {
      const response = await kitchen.post('/api/order-guide/fill', {
        onHand: [{ productId: tomato.id, quantity }],
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    const badDay = await kitchen.post('/api/order-guide/fill', {
      onHand: [],
      deliveryDate: '2026-02-30',
    });
    expect(badDay.statusCode).toBe(400);
    expect(Object.keys(badDay.json().fields)).toEqual(['deliveryDate']);
  });
});
