import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type Session,
} from '../tests/helpers/test-app';

const ORDERS = 100_000;
const FARMS = 40;
const RESTAURANTS = 200;
const PRODUCTS_PER_FARM = 12;
const ITEMS_PER_ORDER = 3;
const WARMUP_RUNS = 3;
const TIMED_RUNS = 25;

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function time(session: Session, path: string): Promise<string> {
  for (let run = 0; run < WARMUP_RUNS; run += 1) await session.get(path);
  const timings: number[] = [];
  for (let run = 0; run < TIMED_RUNS; run += 1) {
    const started = performance.now();
    const response = await session.get(path);
    timings.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
  }
  timings.sort((a, b) => a - b);
  const median = percentile(timings, 0.5).toFixed(1);
  const p95 = percentile(timings, 0.95).toFixed(1);
  return `${path.padEnd(28)} median ${median} ms, p95 ${p95} ms (${TIMED_RUNS} runs)`;
}

/**
 * Reports on 100,000 orders: a quarter of all orders go to one farm and a tenth to one
 * restaurant (the two accounts measured), the rest spread over the other farms and
 * restaurants, over the last 18 months, each with three items.
 */
export async function profile(): Promise<void> {
  const ctx = await createTestApp();
  try {
    const farmer = await signUpFarmer(ctx.app, 'Bench Busy Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Bench Busy Bistro');
    const db = ctx.database.db;
    const started = performance.now();

    await db.execute(sql`
      insert into users (email, role)
      select 'bench-farm-' || g || '@example.com', 'farmer' from generate_series(2, ${FARMS}) g
      union all
      select 'bench-restaurant-' || g || '@example.com', 'restaurant'
      from generate_series(2, ${RESTAURANTS}) g`);
    await db.execute(sql`
      insert into farms (user_id, name, location, delivery_fee)
      select id, 'Bench Farm ' || id, '1 Kamehameha Ave, Hilo, HI 96720', 5
      from users where email like 'bench-farm-%'`);
    await db.execute(sql`
      insert into restaurants (user_id, name, location)
      select id, 'Bench Restaurant ' || id, '1 Kalakaua Ave, Honolulu, HI 96815'
      from users where email like 'bench-restaurant-%'`);
    await db.execute(sql`
      insert into products (farm_id, name, unit, price, available_quantity)
      select f.id, 'Produce ' || p, 'lb', (p + 0.25)::numeric(12,2), 1000
      from farms f, generate_series(1, ${PRODUCTS_PER_FARM}) p`);
    await db.execute(sql`
      with farm_ids as (select array_agg(id order by id) as ids from farms where id <> ${farmer.farmId}),
      restaurant_ids as (
        select array_agg(id order by id) as ids from restaurants where id <> ${restaurant.restaurantId}
      )
      insert into orders (farm_id, restaurant_id, status, subtotal, delivery_fee, total_amount, created_at)
      select
        case when g % 4 = 0 then ${farmer.farmId}
          else f.ids[1 + (g * 7) % array_length(f.ids, 1)] end,
        case when g % 10 = 0 then ${restaurant.restaurantId}
          else r.ids[1 + (g * 13) % array_length(r.ids, 1)] end,
        (array['pending','confirmed','packed','in_transit','delivered','delivered','delivered',
          'delivered','delivered','cancelled'])[1 + g % 10],
        0, 5, 0,
        now() - (g % 547) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${ORDERS}) g, farm_ids f, restaurant_ids r`);
    await db.execute(sql`
      with numbered as (
        select id, farm_id, name, unit, price,
          row_number() over (partition by farm_id order by id) as n
        from products
      )
      insert into order_items
        (order_id, product_id, product_name, product_unit, quantity, unit_price, total_price)
      select o.id, p.id, p.name, p.unit, 1 + (o.id + k) % 5, p.price, p.price * (1 + (o.id + k) % 5)
      from orders o
      cross join generate_series(1, ${ITEMS_PER_ORDER}) k
      join numbered p on p.farm_id = o.farm_id
        and p.n = 1 + abs(hashint4(o.id * ${ITEMS_PER_ORDER} + k)) % ${PRODUCTS_PER_FARM}`);
    await db.execute(sql`
      update orders o set subtotal = s.amount, total_amount = s.amount + o.delivery_fee
      from (select order_id, sum(total_price) as amount from order_items group by order_id) s
      where s.order_id = o.id`);
    await db.execute(sql`analyze`);

    const counts = (await db.execute(sql`
      select (select count(*) from orders)::int as orders,
        (select count(*) from order_items)::int as items,
        (select count(*) from orders where farm_id = ${farmer.farmId})::int as farm_orders,
        (select count(*) from orders where restaurant_id = ${restaurant.restaurantId})::int
          as restaurant_orders`)) as unknown as { rows: Record<string, number>[] };
    const seeded = counts.rows[0]!;
    console.log(
      `${ctx.database.kind}: ${seeded.orders} orders, ${seeded.items} items generated in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; measured farm has ` +
        `${seeded.farm_orders} orders, measured restaurant ${seeded.restaurant_orders}`,
    );
    (globalThis as any).__profile = { db, farmId: farmer.farmId }; await (globalThis as any).__hook(); return;
    console.log(await time(restaurant, '/api/reports/restaurant'));
    console.log(await time(farmer, '/api/orders/farm.csv'));
    console.log(await time(restaurant, '/api/orders/restaurant.csv'));
  } finally {
    await ctx.close();
  }
}
