// The benchmark's data, written straight into the database in a few statements.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/lib/password';

export interface BenchSize {
  farms: number;
  restaurants: number;
  products: number;
  orders: number;
}

export const FULL: BenchSize = { farms: 20, restaurants: 200, products: 10_000, orders: 100_000 };
export const QUICK: BenchSize = { farms: 5, restaurants: 20, products: 500, orders: 2_000 };
/** A year of a busy farm's shipped lines of traced produce (docs/traceability.md). */
export const SHIPPING_RECORDS = 20_000;

export const BENCH_PASSWORD = 'bench-password-long-enough';
/** The measured accounts: the first farm (a quarter of all orders) and the first restaurant. */
export const FARMER_EMAIL = 'bench-farmer-1@example.com';
export const RESTAURANT_EMAIL = 'bench-restaurant-1@example.com';

export interface Loaded {
  farmId: number;
  /** A product of the measured farm that POST /api/orders buys, and its stock at the start. */
  orderProduct: { id: number; price: string; stock: number };
  /** An order of the measured farm, for its invoice. */
  invoiceOrderId: number;
  /** Every farm's id, the measured farm's first. */
  farmIds: number[];
  /** A delivery day of the measured farm with RUN_SHEET_STOPS packed orders, for its run sheet. */
  runSheetDate: string;
}

/** A long delivery day: one run of this many stops (docs/delivery.md#delivery-runs). */
export const RUN_SHEET_STOPS = 50;

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

export async function loadBenchData(database: Database, size: BenchSize): Promise<Loaded> {
  const { db } = database;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`
    insert into users (email, password_hash, role, first_name, last_name)
    select 'bench-farmer-' || g || '@example.com', ${passwordHash}, 'farmer', 'Farmer', g::text
    from generate_series(1, ${size.farms}) g
    union all
    select 'bench-restaurant-' || g || '@example.com', ${passwordHash}, 'restaurant', 'Chef', g::text
    from generate_series(1, ${size.restaurants}) g`);
  await db.execute(sql`
    insert into farms (user_id, name, location, delivery_fee, order_minimum)
    select id,
      (array['Kahuku', 'Waimanalo', 'Kula', 'Hanalei', 'Waimea', 'Hilo', 'Kona', 'Paia'])[1 + id % 8]
        || ' ' || (array['Greens', 'Acres', 'Orchard', 'Ranch', 'Gardens'])[1 + id % 5] || ' ' || id,
      '1 Farm Rd, Kula, HI 96790', 0, 0
    from users where email like 'bench-farmer-%'`);
  await db.execute(sql`
    insert into restaurants (user_id, name, location, delivery_zone)
    select id, 'Bench Bistro ' || id, '1 Kalakaua Ave, Honolulu, HI 96815',
      -- The measured restaurant is where the farms deliver (its orders are measured); the
      -- others spread over four zones, as a lunchtime crowd does.
      case when email = ${RESTAURANT_EMAIL} then 'honolulu'
        else (array['honolulu', 'kailua', 'kaneohe', 'pearl-city'])[1 + id % 4] end
    from users where email like 'bench-restaurant-%'`);
  await db.execute(sql`
    insert into products
      (farm_id, name, description, category, unit, price, available_quantity, is_organic, is_active)
    select f.id,
      (array['Kale', 'Taro', 'Lilikoi', 'Mango', 'Basil', 'Mint', 'Papaya', 'Ulu', 'Lettuce',
        'Tomato', 'Ginger', 'Avocado', 'Banana', 'Cucumber', 'Rice'])[1 + i % 15] || ' item ' || i,
      case when i % 4 = 0 then null else 'Grown on the slopes, picked this morning, lot ' || i end,
      (array['vegetables', 'fruits', 'herbs', 'grains', 'other'])[1 + i % 5],
      (array['lb', 'bunch', 'each', 'box'])[1 + i % 4],
      (1 + (i % 2000) / 100.0)::numeric(12, 2),
      i % 60,
      i % 3 = 0,
      i % 17 <> 0
    from generate_series(1, ${size.products}) as i
    join (select id, row_number() over (order by id) - 1 as n from farms) as f
      on f.n = i % ${size.farms}`);
  // Packs (docs/packs.md): every product has its unit pack from the database; a third of the
  // counted ones also sell a case of 12, and every twentieth a 10 lb box at its own price.
  await db.execute(sql`
    insert into product_packs (product_id, label, size, price)
    select id, 'case of 12', 12, null from products where unit <> 'lb' and id % 3 = 0
    union all
    select id, '10 lb box', 10, (price * 9)::numeric(12, 2) from products
    where unit = 'lb' and id % 20 = 0`);
  await db.execute(sql`
    insert into delivery_schedules (farm_id, delivery_date, delivery_area)
    select f.id, current_date + d, 'Honolulu'
    from farms as f, generate_series(-14, 42, 3) as d`);
  const { farm_id: farmId } = await one<{ farm_id: number }>(
    database,
    sql`select f.id as farm_id from farms f join users u on u.id = f.user_id
        where u.email = ${FARMER_EMAIL}`,
  );
  // A quarter of the orders go to the measured farm, a tenth to the measured restaurant,
  // over the last 18 months, each with three items. Orders of the last week are at every
  // step; older ones were delivered (nine in ten) or cancelled, as a real history is: a pending
  // order from last year would be the auto-cancel sweep's, whose backlog of ten thousand would
  // occupy the database through the measurements.
  await db.execute(sql`
    with farm_ids as (select array_agg(id order by id) as ids from farms),
    restaurant_ids as (select array_agg(id order by id) as ids from restaurants)
    insert into orders (farm_id, restaurant_id, status, subtotal, delivery_fee, total_amount, created_at)
    select
      case when g % 4 = 0 then ${farmId} else f.ids[1 + (g * 7) % array_length(f.ids, 1)] end,
      case when g % 10 = 0 then r.ids[1] else r.ids[1 + (g * 13) % array_length(r.ids, 1)] end,
      case when g % 547 < 7
        then (array['pending','confirmed','packed','in_transit','delivered','delivered',
          'delivered','delivered','delivered','cancelled'])[1 + g % 10]
        else (array['delivered','delivered','delivered','delivered','delivered','delivered',
          'delivered','delivered','delivered','cancelled'])[1 + g % 10]
      end,
      0, 0, 0,
      now() - (g % 547) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${size.orders}) g, farm_ids f, restaurant_ids r`);
  // Tomorrow's round of the measured farm: packed orders, each to a restaurant in turn.
  const { date: runSheetDate } = await one<{ date: string }>(
    database,
    sql`select (current_date + 1)::text as date`,
  );
  await db.execute(sql`
    with restaurant_ids as (select array_agg(id order by id) as ids from restaurants)
    insert into orders (farm_id, restaurant_id, status, subtotal, delivery_fee, total_amount,
      delivery_date, created_at)
    select ${farmId}, r.ids[1 + g % array_length(r.ids, 1)], 'packed', 0, 0, 0,
      ${runSheetDate}::date, now() - interval '1 day'
    from generate_series(1, ${RUN_SHEET_STOPS}) g, restaurant_ids r`);
  await db.execute(sql`
    with numbered as (
      select id, farm_id, name, unit, price,
        row_number() over (partition by farm_id order by id) as n,
        count(*) over (partition by farm_id) as farm_products
      from products
    )
    insert into order_items
      (order_id, product_id, product_name, product_unit, quantity, unit_price, total_price)
    select o.id, p.id, p.name, p.unit, 1 + (o.id + k) % 5, p.price, p.price * (1 + (o.id + k) % 5)
    from orders o
    cross join generate_series(1, 3) k
    join numbered p on p.farm_id = o.farm_id
      and p.n = 1 + abs(hashint4(o.id * 3 + k)) % p.farm_products`);
  await db.execute(sql`
    update orders o set subtotal = s.amount, total_amount = s.amount
    from (select order_id, sum(total_price) as amount from order_items group by order_id) s
    where s.order_id = o.id`);
  // A product of its own for the order load, with plenty of stock and no history: its stock
  // can only move by the orders the load places, which the oversell check counts.
  const product = await one<{ id: number; price: string; stock: number }>(
    database,
    sql`insert into products (farm_id, name, category, unit, price, available_quantity, is_active)
        values (${farmId}, 'Bench order load item', 'other', 'box', 2.50, 1000000, true)
        returning id, price::text as price, available_quantity::float8 as stock`,
  );
  const { id: invoiceOrderId } = await one<{ id: number }>(
    database,
    sql`select max(id) as id from orders where farm_id = ${farmId} and status = 'delivered'`,
  );
  // The measured farm's year of FSMA 204 shipping records, one per shipped lot of a line.
  await db.execute(sql`
    insert into shipping_records (farm_id, restaurant_id, order_id, order_item_id, product_id,
      lot_id, lot_code, quantity, unit, product_description, traceability_category,
      recipient_name, recipient_location, ship_from_name, ship_from_location, ship_date,
      lot_code_source, reference_document)
    select ${farmId}, 1 + g % 200, g, g, 1, 1 + g % 500, 'KG-' || lpad((g % 500)::text, 4, '0'),
      1 + g % 20, 'lb', 'Lacinato kale ' || (g % 40), 'leafy_greens', 'Bench Bistro ' || (g % 200),
      '1 Kalakaua Ave, Honolulu, HI 96815', 'Bench farm', '1 Farm Rd, Kula, HI 96790',
      current_date - (g % 365), 'Bench farm, 1 Farm Rd, Kula, HI 96790',
      'Invoice ' || lpad(g::text, 5, '0')
    from generate_series(1, ${SHIPPING_RECORDS}) g`);
  // Settled before anything is measured: without this, autovacuum works through the update
  // of every order above (100,000 dead rows) and the load's checkpoint while the first loads
  // run, and takes a core from them.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  const { ids: otherFarmIds } = await one<{ ids: number[] }>(
    database,
    sql`select array_agg(id order by id) as ids from farms where id <> ${farmId}`,
  );
  return {
    farmId,
    farmIds: [farmId, ...otherFarmIds],
    orderProduct: product,
    invoiceOrderId,
    runSheetDate,
  };
}
