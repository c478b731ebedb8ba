import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { FARM_FACET_LIMIT } from '../../src/server/modules/products/service';
import { deliverySchedules, orderItems, orders, products } from '../../src/server/db/schema';
import {
  createTestApp,
  sampleProfile,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
  type TestContext,
} from '../helpers/test-app';

const ctx = useTestApp();

type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;

const tomato = {
  name: 'Heirloom Tomatoes',
  description: 'Vine-ripened on the windward side',
  category: 'vegetables',
  unit: 'lb',
  price: '4.5',
  availableQuantity: 40,
  isOrganic: true,
};

async function addProduct(farmer: Session, body: Record<string, unknown>) {
  const response = await farmer.post('/api/products', body);
  if (response.statusCode !== 201) throw new Error(`add product failed: ${response.body}`);
  return response.json() as { id: number } & Record<string, unknown>;
}

async function insertOrderFor(farmer: Farmer, productId: number, restaurantId: number) {
  const { db } = ctx.database;
  const [order] = await db
    .insert(orders)
    .values({
      farmId: farmer.farmId,
      restaurantId,
      subtotal: '9.00',
      totalAmount: '9.00',
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId,
    productName: tomato.name,
    productUnit: 'lb',
    quantity: 2,
    unitPrice: '4.50',
    totalPrice: '9.00',
  });
  return order!.id;
}

describe('farmer inventory', () => {
  it('adds a product with normalised money and defaults, and lists it as the farm’s', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    const response = await farmer.post('/api/products', {
      name: '  Sweet Basil ',
      unit: 'bunch',
      price: '3',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Sweet Basil',
      description: null,
      category: null,
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 0,
      isOrganic: false,
      isActive: true,
      farmId: farmer.farmId,
      farm: { id: farmer.farmId, name: 'Kahuku Greens', deliveryFee: '0.00', orderMinimum: '0.00' },
      nextDeliveryDate: null,
    });
    const own = await farmer.get('/api/products/farm');
    expect(own.statusCode).toBe(200);
    expect(own.json().map((product: { name: string }) => product.name)).toEqual(['Sweet Basil']);
  });

  it('answers 400 with the fields at fault', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const missing = await farmer.post('/api/products', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      name: 'Required',
      unit: 'Required',
      price: 'Required',
    });
    const wrong = await farmer.post('/api/products', {
      name: 'Taro',
      unit: 'sack',
      price: '-1',
      availableQuantity: 1.555,
      category: 'minerals',
      isOrganic: 'yes',
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields).sort()).toEqual(
      ['availableQuantity', 'category', 'isOrganic', 'price', 'unit'].sort(),
    );
    const dear = await farmer.post('/api/products', { ...tomato, price: '99999999.99' });
    expect(dear.statusCode).toBe(400);
    expect(dear.json().fields.price).toBe('At most $100,000.00');
    const fee = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Dear Farm'),
      deliveryFee: '100000.01',
    });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().fields.deliveryFee).toBe('At most $100,000.00');
    const negative = await farmer.post('/api/products', { ...tomato, availableQuantity: -3 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields.availableQuantity).toBeDefined();
    const text = await farmer.post('/api/products', { ...tomato, availableQuantity: '12' });
    expect(text.statusCode).toBe(201);
    expect(text.json().availableQuantity).toBe(12);
  });

  it('changes a product, keeps its farm, and hides inactive ones from restaurants', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Roots');
    const other = await signUpFarmer(ctx.app, 'Other Farm');
    const product = await addProduct(farmer, tomato);
    const response = await farmer.patch(`/api/products/${product.id}`, {
      price: '5.25',
      availableQuantity: 3,
      isActive: false,
      farmId: other.farmId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      price: '5.25',
      availableQuantity: 3,
      isActive: false,
      farmId: farmer.farmId,
      name: tomato.name,
    });
    const restaurant = await signUpRestaurant(ctx.app);
    const catalog = await restaurant.get('/api/products');
    expect(catalog.json().some((item: { id: number }) => item.id === product.id)).toBe(false);
    const own = await farmer.get('/api/products/farm');
    expect(own.json()[0]).toMatchObject({ id: product.id, isActive: false });
    const bad = await farmer.patch(`/api/products/${product.id}`, { price: 'free' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.price).toBeDefined();
  });

  it('never puts sold stock back: an edit sends what changed, a stock change the figure seen', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Hamakua Greens');
    const restaurant = await signUpRestaurant(ctx.app, 'Hilo Diner');
    const product = await addProduct(farmer, { ...tomato, availableQuantity: 10 });
    // The farmer opens the edit dialog on 10; meanwhile a restaurant orders 3.
    const ordered = await restaurant.post('/api/orders', {
      farmId: farmer.farmId,
      totalAmount: '13.50',
      items: [{ productId: product.id, quantity: 3, unitPrice: '4.50' }],
    });
    expect(ordered.statusCode, ordered.body).toBe(201);

    const described = await farmer.patch(`/api/products/${product.id}`, {
      description: 'Picked this morning',
    });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({
      description: 'Picked this morning',
      availableQuantity: 7,
    });

    const stale = await farmer.patch(`/api/products/${product.id}`, {
      availableQuantity: 12,
      expectedAvailableQuantity: 10,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'The stock has changed since you saw it',
      code: 'stock_changed',
      availableQuantity: 7,
      expectedAvailableQuantity: 10,
    });
    const own = await farmer.get('/api/products/farm');
    expect(own.json().find((item: { id: number }) => item.id === product.id)).toMatchObject({
      availableQuantity: 7,
      description: 'Picked this morning',
    });

    const seen = await farmer.patch(`/api/products/${product.id}`, {
      availableQuantity: 9,
      expectedAvailableQuantity: 7,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().availableQuantity).toBe(9);

    // Without the figure seen, the stock is set as sent, as before.
    const absolute = await farmer.patch(`/api/products/${product.id}`, { availableQuantity: 4 });
    expect(absolute.json().availableQuantity).toBe(4);

    const alone = await farmer.patch(`/api/products/${product.id}`, {
      expectedAvailableQuantity: 4,
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().fields.expectedAvailableQuantity).toBe(
      'Send it with the new availableQuantity',
    );
    const other = await signUpFarmer(ctx.app, 'Elsewhere Farm');
    const foreign = await other.patch(`/api/products/${product.id}`, {
      availableQuantity: 1,
      expectedAvailableQuantity: 4,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('availableQuantity');
  });

  it('keeps other farms’ products out of reach (404) and writes to farmers only (403)', async () => {
    const owner = await signUpFarmer(ctx.app);
    const intruder = await signUpFarmer(ctx.app);
    const product = await addProduct(owner, tomato);
    expect((await intruder.patch(`/api/products/${product.id}`, { price: '1' })).statusCode).toBe(
      404,
    );
    expect((await intruder.delete(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await intruder.post(`/api/products/${product.id}/restore`)).statusCode).toBe(404);
    expect((await owner.patch('/api/products/999999', { price: '1' })).statusCode).toBe(404);
    expect((await owner.patch('/api/products/abc', { price: '1' })).statusCode).toBe(400);

    const restaurant = await signUpRestaurant(ctx.app);
    expect((await restaurant.post('/api/products', tomato)).statusCode).toBe(403);
    expect((await restaurant.patch(`/api/products/${product.id}`, { price: '1' })).statusCode).toBe(
      403,
    );
    expect((await restaurant.delete(`/api/products/${product.id}`)).statusCode).toBe(403);
    expect((await restaurant.get('/api/products/farm')).statusCode).toBe(403);
    const noProfile = await signUp(ctx.app);
    expect((await noProfile.post('/api/products', tomato)).statusCode).toBe(403);

    const anonymous = new Session(ctx.app);
    expect((await anonymous.get('/api/products')).statusCode).toBe(401);
    expect((await anonymous.get('/api/farms')).statusCode).toBe(401);
    expect((await anonymous.post('/api/products', tomato)).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/products/${product.id}`)).statusCode).toBe(401);
  });

  it('removes a never-ordered product outright', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer, tomato);
    const response = await farmer.delete(`/api/products/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: product.id, archived: false });
    const rows = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(rows).toHaveLength(0);
    expect((await farmer.delete(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await farmer.post(`/api/products/${product.id}/restore`)).statusCode).toBe(404);
  });

  it('archives an ordered product: orders stay whole, it leaves every list, and Undo restores it', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Archive Farm');
    const restaurant = await signUpRestaurant(ctx.app);
    const product = await addProduct(farmer, tomato);
    const orderId = await insertOrderFor(farmer, product.id, restaurant.restaurantId);

    const response = await farmer.delete(`/api/products/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: product.id, archived: true });

    const items = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(items).toEqual([
      expect.objectContaining({
        productId: product.id,
        productName: tomato.name,
        productUnit: 'lb',
        quantity: 2,
        unitPrice: '4.50',
        totalPrice: '9.00',
      }),
    ]);
    const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);
    expect(ids((await farmer.get('/api/products/farm')).json())).not.toContain(product.id);
    expect(ids((await restaurant.get('/api/products')).json())).not.toContain(product.id);
    const page = (await restaurant.get('/api/products?q=Archive')).json();
    expect(ids(page.items)).not.toContain(product.id);
    expect(page.farms.map((farm: { name: string }) => farm.name)).not.toContain('Archive Farm');
    expect((await farmer.patch(`/api/products/${product.id}`, { price: '1' })).statusCode).toBe(
      404,
    );
    expect((await farmer.delete(`/api/products/${product.id}`)).statusCode).toBe(404);

    const restored = await farmer.post(`/api/products/${product.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: product.id, name: tomato.name, price: '4.50' });
    expect(ids((await restaurant.get('/api/products')).json())).toContain(product.id);
    // Restoring a live product changes nothing.
    expect((await farmer.post(`/api/products/${product.id}/restore`)).statusCode).toBe(200);
  });
});

describe('catalogue for restaurants', () => {
  it('lists every active product with its farm, and every farm', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Listing Farm');
    const product = await addProduct(farmer, tomato);
    const restaurant = await signUpRestaurant(ctx.app);
    const response = await restaurant.get('/api/products');
    expect(response.statusCode).toBe(200);
    const listed = response.json().find((item: { id: number }) => item.id === product.id);
    expect(listed).toMatchObject({
      id: product.id,
      name: tomato.name,
      description: tomato.description,
      category: 'vegetables',
      unit: 'lb',
      price: '4.50',
      availableQuantity: 40,
      isOrganic: true,
      isActive: true,
      farmId: farmer.farmId,
      farm: { id: farmer.farmId, name: 'Listing Farm', deliveryFee: '0.00', orderMinimum: '0.00' },
    });
    const farmsResponse = await restaurant.get('/api/farms');
    expect(farmsResponse.statusCode).toBe(200);
    expect(farmsResponse.json()).toContainEqual({
      id: farmer.farmId,
      name: 'Listing Farm',
      deliveryFee: '0.00',
      orderMinimum: '0.00',
      taxRate: '0.0000',
    });
  });
});

describe('catalogue pages: search, filters, sort, counts', () => {
  let restaurant: Session;
  let alpha: Farmer;
  let beta: Farmer;
  const today = hawaiiToday();

  // This block counts products, so it gets a database of its own.
  let own: TestContext;
  afterAll(async () => {
    await own?.close();
  });

  beforeAll(async () => {
    own = await createTestApp();
    alpha = await signUpFarmer(own.app, 'Alpha Acres');
    beta = await signUpFarmer(own.app, 'beta Orchard');
    restaurant = await signUpRestaurant(own.app);
    await addProduct(alpha, {
      name: 'Kale',
      description: 'Curly and crisp',
      category: 'vegetables',
      unit: 'bunch',
      price: '3.00',
      availableQuantity: 10,
    });
    await addProduct(alpha, {
      name: 'apple bananas',
      description: 'Sweet 100% local',
      category: 'fruits',
      unit: 'lb',
      price: '2.50',
      availableQuantity: 0,
    });
    await addProduct(alpha, {
      name: 'Hidden Mint',
      category: 'herbs',
      unit: 'bunch',
      price: '1.00',
      availableQuantity: 5,
      isActive: false,
    });
    await addProduct(beta, {
      name: 'Lilikoi',
      description: 'Passion fruit',
      category: 'fruits',
      unit: 'lb',
      price: '6.00',
      availableQuantity: 3,
    });
    await addProduct(beta, {
      name: 'Mamaki Tea Leaves',
      category: 'herbs',
      unit: 'oz',
      price: '12.00',
      availableQuantity: 50,
    });
    await own.database.db.insert(deliverySchedules).values([
      { farmId: alpha.farmId, deliveryDate: addDays(today, -1), deliveryArea: 'Honolulu' },
      { farmId: alpha.farmId, deliveryDate: addDays(today, 9), deliveryArea: 'Honolulu' },
      { farmId: alpha.farmId, deliveryDate: addDays(today, 2), deliveryArea: 'Kailua' },
      { farmId: beta.farmId, deliveryDate: today, deliveryArea: 'Hilo' },
    ]);
  });

  const names = (page: { items: Array<{ name: string }> }) => page.items.map((item) => item.name);

  it('answers a page with counts and the farms on offer; sorted by name by default', async () => {
    const response = await restaurant.get('/api/products?page=1');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(names(page)).toEqual(['apple bananas', 'Kale', 'Lilikoi', 'Mamaki Tea Leaves']);
    expect(page).toMatchObject({ total: 4, totalAll: 4, page: 1, pageSize: 24 });
    // The farm filter's choices: most matches first (a tie by name), no descriptions.
    expect(page.farms).toEqual([
      { id: alpha.farmId, name: 'Alpha Acres', description: null, productCount: 2 },
      { id: beta.farmId, name: 'beta Orchard', description: null, productCount: 2 },
    ]);
  });

  it('offers the farms with matching products, and the chosen farm with its description', async () => {
    const tea = (await restaurant.get('/api/products?q=mamaki')).json();
    expect(tea.farms).toEqual([
      { id: beta.farmId, name: 'beta Orchard', description: null, productCount: 1 },
    ]);
    // The farm filter itself leaves the choices as they were, with the chosen one described.
    const chosen = (await restaurant.get(`/api/products?farmId=${alpha.farmId}`)).json();
    expect(chosen.farms).toEqual([
      {
        id: alpha.farmId,
        name: 'Alpha Acres',
        description: 'Family-run since 1978',
        productCount: 2,
      },
      { id: beta.farmId, name: 'beta Orchard', description: null, productCount: 2 },
    ]);
    // A chosen farm with no match stays among the choices, so the filter still names it.
    const none = (await restaurant.get(`/api/products?q=mamaki&farmId=${alpha.farmId}`)).json();
    expect(none.items).toEqual([]);
    expect(none.farms.map((farm: { id: number }) => farm.id)).toEqual([beta.farmId, alpha.farmId]);
  });

  it('carries each farm’s nearest delivery day from Hawaii’s today on', async () => {
    const page = (await restaurant.get('/api/products?sort=farm')).json();
    const byName = Object.fromEntries(
      page.items.map((item: { name: string; nextDeliveryDate: string }) => [
        item.name,
        item.nextDeliveryDate,
      ]),
    );
    expect(byName.Kale).toBe(addDays(today, 2));
    // Beta's only day is today, whose ordering closed at the default cutoff (6 PM yesterday).
    expect(byName.Lilikoi).toBeNull();
    const full = (await restaurant.get('/api/products')).json();
    expect(full.find((item: { name: string }) => item.name === 'Kale').nextDeliveryDate).toBe(
      addDays(today, 2),
    );
  });

  it('searches name, description and farm name, case-insensitively, wildcards literal', async () => {
    const search = async (q: string) =>
      names((await restaurant.get(`/api/products?q=${encodeURIComponent(q)}`)).json());
    expect(await search('KALE')).toEqual(['Kale']);
    expect(await search('passion')).toEqual(['Lilikoi']);
    expect(await search('BETA orch')).toEqual(['Lilikoi', 'Mamaki Tea Leaves']);
    expect(await search('100%')).toEqual(['apple bananas']);
    expect(await search('%')).toEqual(['apple bananas']);
    expect(await search('_')).toEqual([]);
    expect(await search('mint')).toEqual([]);
    const page = (await restaurant.get('/api/products?q=fruit')).json();
    expect(page).toMatchObject({ total: 1, totalAll: 4 });
  });

  it('filters by category, farm and availability', async () => {
    const get = async (query: string) => (await restaurant.get(`/api/products?${query}`)).json();
    expect(names(await get('category=fruits'))).toEqual(['apple bananas', 'Lilikoi']);
    expect(names(await get('category=all'))).toHaveLength(4);
    expect(names(await get(`farmId=${beta.farmId}`))).toEqual(['Lilikoi', 'Mamaki Tea Leaves']);
    expect(names(await get('availability=out_of_stock'))).toEqual(['apple bananas']);
    const available = await get('availability=available&category=fruits');
    expect(names(available)).toEqual(['Lilikoi']);
    expect(available).toMatchObject({ total: 1, totalAll: 4 });
  });

  it('sorts by price, farm and availability', async () => {
    const get = async (sort: string) =>
      names((await restaurant.get(`/api/products?sort=${sort}`)).json());
    expect(await get('price')).toEqual(['apple bananas', 'Kale', 'Lilikoi', 'Mamaki Tea Leaves']);
    expect(await get('farm')).toEqual(['apple bananas', 'Kale', 'Lilikoi', 'Mamaki Tea Leaves']);
    expect(await get('availability')).toEqual([
      'Mamaki Tea Leaves',
      'Kale',
      'Lilikoi',
      'apple bananas',
    ]);
  });

  it('pages through the matches without gaps or repeats', async () => {
    const first = (await restaurant.get('/api/products?pageSize=3&page=1')).json();
    const second = (await restaurant.get('/api/products?pageSize=3&page=2')).json();
    const third = (await restaurant.get('/api/products?pageSize=3&page=3')).json();
    expect(names(first)).toEqual(['apple bananas', 'Kale', 'Lilikoi']);
    expect(names(second)).toEqual(['Mamaki Tea Leaves']);
    expect(third).toMatchObject({ items: [], total: 4, page: 3, pageSize: 3 });
  });

  it('refuses odd parameters with 400 and the field', async () => {
    for (const [query, field] of [
      ['sort=cheapest', 'sort'],
      ['availability=some', 'availability'],
      ['category=rocks', 'category'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['farmId=abc', 'farmId'],
      [`q=${'x'.repeat(300)}`, 'q'],
    ] as const) {
      const response = await restaurant.get(`/api/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
    }
  });
});

describe('the farm filter at the size of many farms', () => {
  it('lists at most 50 farms, the most matching products first', async () => {
    const { db } = ctx.database;
    // 51 farms with one "Facet fern" each, in one statement per table; the first has a second.
    await db.execute(sql`
      with made_users as (
        insert into users (email)
        select 'facet-' || g || '@example.com' from generate_series(1, 51) g
        returning id, email
      ), made_farms as (
        insert into farms (user_id, name, location)
        select id, 'Facet Farm ' || split_part(split_part(email, '@', 1), '-', 2), 'Hilo'
        from made_users
        returning id, name
      )
      insert into products (farm_id, name, unit, price, available_quantity, category)
      select id, 'Facet fern', 'lb', 3.00, 10, 'vegetables' from made_farms
      union all
      select id, 'Facet fern tips', 'lb', 3.00, 10, 'vegetables' from made_farms
      where name = 'Facet Farm 37'`);
    const chef = await signUpRestaurant(ctx.app, 'Facet Bistro');
    const page = (await chef.get('/api/products?q=facet%20fern')).json();
    expect(page.total).toBe(52);
    expect(page.farms).toHaveLength(FARM_FACET_LIMIT);
    expect(page.farms[0]).toMatchObject({ name: 'Facet Farm 37', productCount: 2 });
    expect(
      page.farms.slice(1).every((farm: { productCount: number }) => farm.productCount === 1),
    ).toBe(true);
  });
});
