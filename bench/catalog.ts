import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signUpRestaurant, type TestContext } from '../tests/helpers/test-app';

const FARMS = 200;
const PRODUCTS = 10_000;
const WARM_UP_RUNS = 3;
const RUNS = 25;

/** 200 farms, 10,000 products and a few weeks of delivery days each, in four statements. */
async function fillCatalogue(ctx: TestContext): Promise<void> {
  const { db } = ctx.database;
  await db.execute(sql`
    insert into users (email, role)
    select 'bench-farmer-' || i || '@example.com', 'farmer' from generate_series(1, ${FARMS}) as i`);
  await db.execute(sql`
    insert into farms (user_id, name, location, delivery_fee, order_minimum)
    select id,
      (array['Kahuku', 'Waimanalo', 'Kula', 'Hanalei', 'Waimea', 'Hilo', 'Kona', 'Paia'])[1 + id % 8]
        || ' ' || (array['Greens', 'Acres', 'Orchard', 'Ranch', 'Gardens'])[1 + id % 5] || ' ' || id,
      '1 Farm Rd, Kula, HI 96790', (id % 3) * 5, (id % 4) * 25
    from users where email like 'bench-farmer-%'`);
  await db.execute(sql`
    insert into products
      (farm_id, name, description, category, unit, price, available_quantity, is_organic, is_active)
    select f.id,
      (array['Kale', 'Taro', 'Lilikoi', 'Mango', 'Basil', 'Mint', 'Papaya', 'Ulu', 'Lettuce',
        'Tomato', 'Ginger', 'Avocado', 'Banana', 'Cucumber', 'Rice'])[1 + i % 15] || ' ' || i,
      case when i % 4 = 0 then null else 'Grown on the slopes, picked this morning, lot ' || i end,
      (array['vegetables', 'fruits', 'herbs', 'grains', 'other'])[1 + i % 5],
      (array['lb', 'bunch', 'each', 'box'])[1 + i % 4],
      (1 + (i % 2000) / 100.0)::numeric(12, 2),
      i % 60,
      i % 3 = 0,
      i % 17 <> 0
    from generate_series(1, ${PRODUCTS}) as i
    join (select id, row_number() over (order by id) - 1 as n from farms) as f on f.n = i % ${FARMS}`);
  await db.execute(sql`
    insert into delivery_schedules (farm_id, delivery_date, delivery_area)
    select f.id, current_date + d, 'Honolulu'
    from farms as f, generate_series(-14, 42, 3) as d
    where f.id % 10 <> 0`);
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Times GET /api/products (the whole list, a search, a filtered and sorted page). */
export async function benchCatalog(): Promise<void> {
  const ctx = await createTestApp();
  try {
    const started = performance.now();
    await fillCatalogue(ctx);
    console.log(
      `${ctx.database.kind}: ${FARMS} farms, ${PRODUCTS} products inserted in ` +
        `${(performance.now() - started).toFixed(0)} ms`,
    );
    const restaurant = await signUpRestaurant(ctx.app, 'Bench Bistro');
    const cases: Array<[string, string]> = [
      ['full list (no parameters)', '/api/products'],
      ['search page', '/api/products?q=kahuku&page=1&pageSize=24'],
      [
        'filtered + sorted page',
        '/api/products?category=fruits&availability=available&sort=price&page=3&pageSize=24',
      ],
      ['farm filter, sorted by farm', '/api/products?farmId=7&sort=farm&page=1&pageSize=24'],
    ];
    console.log('request'.padEnd(30), 'median ms'.padStart(10), 'p95 ms'.padStart(10), '  result');
    for (const [label, url] of cases) {
      let summary = '';
      for (let run = 0; run < WARM_UP_RUNS; run += 1) await restaurant.get(url);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        const response = await restaurant.get(url);
        times.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        if (run === 0) {
          const body = response.json();
          summary = Array.isArray(body)
            ? `${body.length} products, ${(response.body.length / 1024).toFixed(0)} KiB`
            : `${body.items.length} of ${body.total} (${body.totalAll} listed)`;
        }
      }
      times.sort((a, b) => a - b);
      console.log(
        label.padEnd(30),
        percentile(times, 0.5).toFixed(1).padStart(10),
        percentile(times, 0.95).toFixed(1).padStart(10),
        ` ${summary}`,
      );
    }
  } finally {
    await ctx.close();
  }
}
