import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { farms } from '../../src/server/db/schema';
import { createProduct } from '../helpers/catalog-fixtures';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

const names = (page: { items: Array<{ name: string }> }) => page.items.map((item) => item.name);

beforeAll(async () => {
  const db = ctx.database.db;
  const ridge = await signUpFarmer(ctx.app, 'Papaya Ridge');
  const gardens = await signUpFarmer(ctx.app, 'Sunrise Gardens');
  await db
    .update(farms)
    .set({ location: '45-3400 Mamane St, Honokaʻa, HI 96727' })
    .where(eq(farms.id, gardens.farmId));
  await createProduct(db, ridge.farmId, { name: 'Apple bananas', description: null });
  await createProduct(db, gardens.farmId, { name: 'Sunrise Papaya', description: null });
  await createProduct(db, gardens.farmId, { name: 'Lilikoi', description: 'Papaya-sweet' });
  await createProduct(db, ridge.farmId, { name: 'Papaya Seeds', description: null });
  restaurant = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
});

describe('GET /api/products search', () => {
  it("ranks a product's own name above its description and its farm's name, by default and in pages", async () => {
    const get = async (query: string) => (await restaurant.get(`/api/products?${query}`)).json();
    const ranked = ['Papaya Seeds', 'Sunrise Papaya', 'Lilikoi', 'Apple bananas'];
    expect(names(await get('q=papaya'))).toEqual(ranked);
    expect(names(await get('q=papaya&sort=relevance'))).toEqual(ranked);
    const second = await get('q=papaya&sort=relevance&page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(names(second)).toEqual(['Apple bananas']);
    // A sort asked for still wins; without q, relevance is by name.
    expect(names(await get('q=papaya&sort=name'))).toEqual([
      'Apple bananas',
      'Lilikoi',
      'Papaya Seeds',
      'Sunrise Papaya',
    ]);
    expect(names(await get('sort=relevance'))).toEqual([
      'Apple bananas',
      'Lilikoi',
      'Papaya Seeds',
      'Sunrise Papaya',
    ]);
  });

  it("matches the farm's town, with or without the ʻokina", async () => {
    const get = async (q: string) =>
      names((await restaurant.get(`/api/products?q=${encodeURIComponent(q)}`)).json());
    expect(await get('honokaa')).toEqual(['Lilikoi', 'Sunrise Papaya']);
    expect(await get('Honokaʻa')).toEqual(['Lilikoi', 'Sunrise Papaya']);
  });
});
