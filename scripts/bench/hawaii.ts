// The islands' data set (docs/performance.md#the-islands-data-set): every farm and kitchen of
// Hawaiʻi trading twice a week for a year, written by set-based SQL (generate_series), never
// through the API. `fraction` scales every count down for a trial load.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/lib/password';
import { BENCH_PASSWORD } from './load';

export interface IslandsSize {
  farms: number;
  /** People of each farm: its owner, a manager and a packer. */
  peoplePerFarm: 3;
  restaurants: number;
  /** Restaurants in groups of 2 to 20 locations. */
  groupedRestaurants: number;
  products: number;
  weeks: number;
  ordersPerWeek: number;
  /** Lines an order has on average (1 to 9, evenly). */
  linesPerOrder: 5;
}

export const HAWAII: IslandsSize = {
  farms: 7_000,
  peoplePerFarm: 3,
  restaurants: 10_000,
  groupedRestaurants: 200,
  products: 200_000,
  weeks: 52,
  ordersPerWeek: 36_000,
  linesPerOrder: 5,
};

/** The islands' sizes times `fraction` (at least one of each). */
export function islandsSize(fraction: number): IslandsSize {
  const scaled = (count: number) => Math.max(1, Math.round(count * fraction));
  return {
    ...HAWAII,
    farms: scaled(HAWAII.farms),
    restaurants: Math.max(2, scaled(HAWAII.restaurants)),
    groupedRestaurants: Math.min(scaled(HAWAII.groupedRestaurants), scaled(HAWAII.restaurants)),
    products: Math.max(scaled(HAWAII.products), scaled(HAWAII.farms)),
    ordersPerWeek: scaled(HAWAII.ordersPerWeek),
  };
}

/**
 * The largest farm (rank 1 of the long tail: a food hub, the most orders) and a restaurant, for
 * the screens; farms and restaurants are numbered in the order of their people's numbers.
 */
export const HUB_FARMER_EMAIL = 'island-farmer-1@example.com';
export const ISLAND_RESTAURANT_EMAIL = 'island-restaurant-1@example.com';
export const ISLAND_ADMIN_EMAIL = 'island-admin@example.com';
/** The restaurants of the browse mix: island-restaurant-1 … -N. */
export const islandRestaurantEmail = (n: number) => `island-restaurant-${n}@example.com`;

export interface IslandsLoaded {
  farms: number;
  restaurants: number;
  products: number;
  orders: number;
  orderItems: number;
  seconds: number;
  databaseBytes: number;
}

/**
 * A rank from 1 to `ranks` drawn log-uniformly by the hash of `seed`: rank 1 about ln 2 / ln
 * (ranks + 1) of the draws, and each rank after it less, as a long tail.
 */
function logUniformRank(seed: ReturnType<typeof sql>, ranks: number) {
  return sql`least(${ranks}, greatest(1, floor(exp(ln(${ranks}::float8 + 1)
    * ((hashint4(${seed}) & 2147483647)::float8 / 2147483648.0)))::int))`;
}

async function count(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(
    sql.raw(`select count(*)::bigint as n from ${table}`),
  )) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]!.n);
}

/**
 * Aims every standing order at its farm's next delivery day still open for orders that it has
 * not run yet, due now: that day's weekday alone, with `daysBefore` one more than the days until
 * it, so its placement moment (6 AM that many days before it) was yesterday and the same weekday
 * a week on is not due for six days. Every farm delivers to the four zones on the same days, so
 * the farm's day is the restaurant's. The loader leaves them paused, so that no server places
 * them before the bench resumes them all at once (scripts/bench/jobs-at-scale.ts), as their
 * placement moment arriving would; a day an earlier measurement ran is passed over, so a reused
 * load measures again. Answers each standing order's day.
 */
export function aimStandingOrders(paused: boolean) {
  return sql`with hawaii as (
      select now() at time zone 'Pacific/Honolulu' as wall
    ), open_days as (
      select distinct ds.farm_id, ds.delivery_date
      from delivery_schedules ds join farms f on f.id = ds.farm_id, hawaii h
      where ds.delivery_date between h.wall::date and h.wall::date + 13
        and (ds.delivery_date - f.order_cutoff_days_before)
          + f.order_cutoff_minutes * interval '1 minute' > h.wall
    ), target as (
      select s.id, min(o.delivery_date) as day
      from standing_orders s join open_days o on o.farm_id = s.farm_id
      where s.deleted_at is null
        and not exists (select 1 from standing_order_runs r
          where r.standing_order_id = s.id and r.delivery_date = o.delivery_date)
      group by s.id
    )
    update standing_orders s set weekdays = array[extract(dow from t.day)::int],
      days_before = t.day - h.wall::date + 1, paused = ${paused}, updated_at = now()
    from target t, hawaii h
    where t.id = s.id
    returning s.id, t.day::text as delivery_date`;
}

/**
 * Loads the islands into an empty, migrated database. The mix (docs/performance.md):
 * - Farms by rank follow a long tail: an order's farm is drawn log-uniformly over the ranks, so
 *   the first farm (a food hub) takes about 8 % of the orders (some 1,400 on each of its two
 *   delivery days a week) and the median farm one or two a week.
 * - Restaurants are drawn evenly; 200 of them are in groups of 2 to 20 locations.
 * - Products: each farm its share, the hubs more; a third sell a case of 12 beside the unit.
 * - Orders: 52 weeks of Tuesday and Friday deliveries; past ones delivered (19 in 20) or
 *   cancelled, the coming week's pending; 1 to 9 lines each (5 on average).
 * - Delivered orders of more than two weeks ago are paid; a line of a traced product has a lot
 *   and its FSMA shipping record.
 * - Every restaurant has a standing order (paused until the bench measures it) and follows the
 *   food hub's fresh sheet.
 */
export async function loadIslands(
  database: Database,
  size: IslandsSize,
  log: (line: string) => void = () => {},
): Promise<IslandsLoaded> {
  const started = Date.now();
  const { db } = database;
  // Each step in a transaction of its own, without JIT (it compiles for longer than these plain
  // scans run). Steps marked `checked` write rows whose references hold by construction (an
  // order's farm, a line's order and product): their foreign-key triggers are skipped, which
  // otherwise take half of the load's time; those tables have no other triggers.
  const step = async (
    label: string,
    query: ReturnType<typeof sql>,
    { checked = false }: { checked?: boolean } = {},
  ) => {
    const at = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      if (checked) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(query);
    });
    log(`  ${label}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const orders = size.weeks * size.ordersPerWeek;

  await step(
    'people',
    sql`insert into users (email, password_hash, role, first_name, last_name, email_verified_at)
      select 'island-farmer-' || g || '@example.com', ${passwordHash}, 'farmer',
        (array['Keoni', 'Leilani', 'Kai', 'Malia', 'Noa'])[1 + g % 5], 'Farm ' || g, now()
      from generate_series(1, ${size.farms * size.peoplePerFarm}) g
      union all
      select 'island-restaurant-' || g || '@example.com', ${passwordHash}, 'restaurant',
        (array['Kimo', 'Nani', 'Ikaika', 'Lani'])[1 + g % 4], 'Kitchen ' || g, now()
      from generate_series(1, ${size.restaurants}) g
      union all
      select ${ISLAND_ADMIN_EMAIL}, ${passwordHash}, 'admin', 'Island', 'Admin', now()`,
  );
  // Farm n belongs to person n (its owner, made a member by the database as every farm's first
  // person is); persons farms+n and 2·farms+n are its manager and its packer.
  await step(
    'farms',
    sql`insert into farms (user_id, name, location, delivery_fee, order_minimum, traceability_enabled)
      select u.id,
        (array['Kahuku', 'Waimānalo', 'Kula', 'Hanalei', 'Waimea', 'Hilo', 'Kona', 'Pāʻia', 'Lāhaina', 'Hāna'])[1 + n % 10]
          || ' ' || (array['Greens', 'Acres', 'ʻOhana Farm', 'Ranch', 'Gardens', 'Food Hub'])[1 + n % 6] || ' ' || n,
        (array['Kula, Maui', 'Hilo, Hawaiʻi', 'Waimānalo, Oʻahu', 'Hanalei, Kauaʻi'])[1 + n % 4],
        (n % 4) * 5, case when n % 3 = 0 then 100 else 0 end, n % 5 = 0
      from (select id, split_part(split_part(email, '@', 1), '-', 3)::int as n
        from users where email like 'island-farmer-%') u
      where u.n <= ${size.farms}
      order by u.n`,
  );
  await step(
    'farm teams',
    sql`insert into memberships (user_id, business_kind, farm_id, business_role)
      select u.id, 'farm', f.id,
        case when u.n <= ${2 * size.farms} then 'manager' else 'packer' end
      from (select id, split_part(split_part(email, '@', 1), '-', 3)::int as n
        from users where email like 'island-farmer-%') u
      join farms f on f.user_id = (select o.id from users o
        where o.email = 'island-farmer-' || (1 + (u.n - 1) % ${size.farms}) || '@example.com')
      where u.n > ${size.farms}
      on conflict do nothing`,
  );
  await step(
    'restaurants',
    sql`insert into restaurants (user_id, name, location, delivery_zone)
      select u.id, (array['Hale', 'Kai', 'Mauka', 'Makai', 'Aloha'])[1 + n % 5] || ' Kitchen ' || n,
        n || ' Kalākaua Ave, Honolulu, HI 96815',
        (array['honolulu', 'kailua', 'kaneohe', 'pearl-city'])[1 + n % 4]
      from (select id, split_part(split_part(email, '@', 1), '-', 3)::int as n
        from users where email like 'island-restaurant-%') u
      order by u.n`,
  );
  await step(
    'restaurant owners',
    sql`insert into memberships (user_id, business_kind, restaurant_id, business_role)
      select user_id, 'restaurant', id, 'owner' from restaurants
      on conflict do nothing`,
  );
  // Groups of 2, 3, … 20 locations in turn, until the grouped restaurants are used up.
  await step(
    'groups',
    sql`with sizes as (
        select g as group_number, 2 + (g - 1) % 19 as locations,
          sum(2 + (g - 1) % 19) over (order by g) - (2 + (g - 1) % 19) as first_index
        from generate_series(1, ${size.groupedRestaurants}) g
      ), kept as (
        select * from sizes where first_index < ${size.groupedRestaurants}
      ), made as (
        insert into restaurant_groups (name)
        select 'Island Group ' || group_number from kept order by group_number
        returning id, name
      ), numbered as (
        select id, row_number() over (order by id) - 1 as position from restaurants
      )
      update restaurants r set group_id = made.id
      from numbered, kept, made
      where numbered.id = r.id and made.name = 'Island Group ' || kept.group_number
        and numbered.position >= kept.first_index
        and numbered.position < least(kept.first_index + kept.locations, ${size.groupedRestaurants})`,
  );
  // Products: half spread evenly over the farms, half by the long tail (the hubs list thousands).
  await step(
    'products',
    sql`with ranked as (
        select id, row_number() over (order by id) as rank from farms
      )
      insert into products (farm_id, name, description, category, unit, price,
        available_quantity, is_organic, is_active, traceability_category)
      select f.id,
        (array['Kale', 'Kalo', 'Lilikoʻi', 'Mango', 'Basil', 'Mint', 'Papaya', 'ʻUlu', 'Lettuce',
          'Tomato', 'Ginger', 'Avocado', 'Banana', 'Cucumber', 'Rice', 'Sweet potato'])[1 + i % 16]
          || ' ' || i,
        case when i % 4 = 0 then null else 'Picked this morning, lot ' || i end,
        (array['vegetables', 'fruits', 'herbs', 'grains', 'other'])[1 + i % 5],
        (array['lb', 'bunch', 'each', 'box'])[1 + i % 4],
        (1 + (i % 2000) / 100.0)::numeric(12, 2),
        100 + i % 400, i % 3 = 0, i % 29 <> 0,
        case when i % 7 = 0 then 'leafy_greens' end
      from generate_series(1, ${size.products}) i
      join ranked f on f.rank = case
        when i % 2 = 0 then 1 + (i / 2) % ${size.farms}
        else ${logUniformRank(sql`i`, size.farms)} end`,
  );
  // A farm left without products by the draw gets one, so every farm sells.
  await step(
    'products of every farm',
    sql`insert into products (farm_id, name, category, unit, price, available_quantity)
      select f.id, 'Kale ' || f.id, 'vegetables', 'bunch', 3.50, 200
      from farms f where not exists (select 1 from products p where p.farm_id = f.id)`,
  );
  await step(
    'packs',
    sql`insert into product_packs (product_id, label, size, price)
      select id, 'case of 12', 12, null from products where unit <> 'lb' and id % 3 = 0
      union all
      select id, '10 lb box', 10, (price * 9)::numeric(12, 2) from products
      where unit = 'lb' and id % 20 = 0`,
  );
  // Every farm delivers on Tuesdays and Fridays to the four zones the restaurants are in.
  await step(
    'delivery days',
    sql`insert into delivery_schedules (farm_id, delivery_date, delivery_area)
      select f.id, d::date, area
      from farms f,
        generate_series((current_date - ${size.weeks * 7}::int)::timestamp,
          (current_date + 14)::timestamp, interval '1 day') d,
        unnest(array['Honolulu', 'Kailua', 'Kaneohe', 'Pearl City']) area
      where extract(dow from d) in (2, 5)`,
  );
  // Orders and their lines are drawn into unlogged staging tables first, then written once
  // each: an order's totals are its lines' sum, with no second pass over either table.
  // Each farm's unit packs numbered 1…n, so that a line draws its product by number.
  await step(
    'farm catalogues',
    sql`create unlogged table island_catalogue as
      select p.farm_id, row_number() over (partition by p.farm_id order by p.id)::int as n,
        p.id as product_id, pk.id as pack_id
      from products p
      join product_packs pk on pk.product_id = p.id and pk.size = 1 and pk.archived_at is null;
      alter table island_catalogue add primary key (farm_id, n);
      create unlogged table island_farm_sizes as
        select c.farm_id, count(*)::int as products, min(f.delivery_fee) as delivery_fee
        from island_catalogue c join farms f on f.id = c.farm_id group by c.farm_id;
      alter table island_farm_sizes add primary key (farm_id)`,
  );
  // Each order drawn to a farm log-uniformly by rank, a restaurant evenly, and a Tuesday or a
  // Friday of the year (placed the day before); 1 to 9 lines each.
  await step(
    'orders drawn',
    sql`create unlogged table island_orders as
      with restaurant_ids as (select array_agg(id order by id) as ids from restaurants),
      farm_ids as (select array_agg(id order by id) as ids from farms)
      select g as id, f.ids[${logUniformRank(sql`g`, size.farms)}] as farm_id,
        r.ids[1 + (hashint4(g * 31 + 7) & 2147483647) % ${size.restaurants}] as restaurant_id,
        (date_trunc('week', current_date)::date + 1 + 3 * ((g / ${size.weeks}) % 2)
          - 7 * (g % ${size.weeks}) + 7)::date as delivery_date
      from generate_series(1, ${orders}) g, farm_ids f, restaurant_ids r`,
  );
  await step(
    'lines drawn',
    sql`create unlogged table island_lines as
      select o.id as order_id, c.product_id, c.pack_id, 1 + (o.id + k) % 6 as quantity
      from island_orders o
      join island_farm_sizes s on s.farm_id = o.farm_id
      cross join lateral generate_series(1, 1 + o.id % 9) k
      join island_catalogue c on c.farm_id = o.farm_id
        and c.n = 1 + (hashint4(o.id * 11 + k) & 2147483647) % s.products`,
  );
  await step(
    'orders',
    sql`with totals as (
        select l.order_id, sum(p.price * l.quantity) as subtotal
        from island_lines l join products p on p.id = l.product_id
        group by l.order_id
      ), stated as (
        select o.*, s.delivery_fee, t.subtotal,
          case when o.delivery_date > current_date then 'pending'
            when o.id % 20 = 0 then 'cancelled' else 'delivered' end as status
        from island_orders o
        join island_farm_sizes s on s.farm_id = o.farm_id
        join totals t on t.order_id = o.id
      )
      insert into orders (id, farm_id, restaurant_id, status, subtotal, delivery_fee,
        total_amount, delivery_date, delivery_area, created_at, invoice_number,
        invoice_issued_at, due_date)
      select id, farm_id, restaurant_id, status, subtotal, delivery_fee, subtotal + delivery_fee,
        delivery_date, 'Honolulu',
        (delivery_date - 1)::timestamp at time zone 'Pacific/Honolulu' + (id % 600) * interval '1 minute',
        case when status = 'delivered'
          then row_number() over (partition by farm_id, status = 'delivered' order by id) end,
        case when status = 'delivered'
          then delivery_date::timestamp at time zone 'Pacific/Honolulu' end,
        case when status = 'delivered' then delivery_date + 15 end
      from stated`,
    { checked: true },
  );
  await step('order numbers', sql`select setval('orders_id_seq', ${orders})`);
  await step(
    'order lines',
    sql`insert into order_items (order_id, product_id, product_name, product_unit, pack_id,
        pack_label, pack_size, quantity, unit_price, total_price)
      select l.order_id, p.id, p.name, p.unit, l.pack_id, p.unit, 1, l.quantity, p.price,
        p.price * l.quantity
      from island_lines l join products p on p.id = l.product_id`,
    { checked: true },
  );
  await step(
    'staging dropped',
    sql`drop table island_lines, island_orders, island_catalogue, island_farm_sizes`,
  );
  await step(
    'farms’ invoice counters',
    sql`update farms f set last_invoice_number = m.last
      from (select farm_id, max(invoice_number) as last from orders group by farm_id) m
      where m.farm_id = f.id and m.last is not null`,
  );
  await step(
    'payments',
    sql`insert into payments (order_id, amount, paid_on, method)
      select id, total_amount, delivery_date + 10, (array['check', 'bank_transfer'])[1 + id % 2]
      from orders
      where status = 'delivered' and delivery_date < current_date - 14 and total_amount > 0`,
    { checked: true },
  );
  // A lot a week for each traced product, harvested two days or more before the deliveries it
  // went out in, and each traced line packed from its week's lot.
  await step(
    'lots',
    sql`insert into lots (farm_id, product_id, code, harvest_date, location, quantity, remaining)
      select p.farm_id, p.id, 'L' || p.id || '-' || w, current_date - 7 * w - 2, 'Field ' || (1 + p.id % 4),
        100000, 100000
      from products p, generate_series(0, ${size.weeks + 1}) w
      where p.traceability_category is not null`,
    { checked: true },
  );
  await step(
    'lines’ lots',
    sql`insert into order_item_lots (order_item_id, lot_id, quantity)
      select i.id, l.id, i.quantity
      from order_items i
      join orders o on o.id = i.order_id and o.status = 'delivered'
      join products p on p.id = i.product_id and p.traceability_category is not null
      join lots l on l.product_id = p.id
        and l.harvest_date = current_date - 7 * ((current_date - o.delivery_date + 6) / 7) - 2`,
    { checked: true },
  );
  await step(
    'lots’ remaining',
    sql`update lots l set remaining = l.quantity - taken.quantity
      from (select lot_id, sum(quantity) as quantity from order_item_lots group by lot_id) taken
      where taken.lot_id = l.id`,
  );
  await step(
    'FSMA shipping records',
    sql`insert into shipping_records (farm_id, restaurant_id, order_id, order_item_id, product_id,
        lot_id, lot_code, quantity, unit, product_description, traceability_category,
        recipient_name, recipient_location, ship_from_name, ship_from_location, ship_date,
        lot_code_source, reference_document)
      select o.farm_id, o.restaurant_id, o.id, i.id, i.product_id, l.id, l.code, il.quantity,
        i.product_unit, i.product_name, 'leafy_greens', r.name, r.location, f.name, f.location,
        o.delivery_date, f.name || ', ' || f.location, 'Invoice ' || o.invoice_number
      from order_item_lots il
      join order_items i on i.id = il.order_item_id
      join orders o on o.id = i.order_id
      join lots l on l.id = il.lot_id
      join farms f on f.id = o.farm_id
      join restaurants r on r.id = o.restaurant_id`,
    { checked: true },
  );
  // Every restaurant keeps a standing order with a farm drawn as its orders are (the long
  // tail), of 1 to 3 of that farm's products on offer, each at its price today.
  await step(
    'standing orders',
    sql`insert into standing_orders (restaurant_id, farm_id, weekdays, days_before, paused,
        created_by_user_id)
      select r.id, f.ids[${logUniformRank(sql`r.id * 17 + 3`, size.farms)}], '{2}', 3, true, r.user_id
      from restaurants r, (select array_agg(id order by id) as ids from farms) f`,
  );
  // Each farm's unit packs on offer numbered 1…n (indexed, as the orders' catalogue is), so
  // that a line draws its product by number.
  await step(
    'standing order lines',
    sql`create temporary table island_offered as
        select p.farm_id, p.id as product_id, pk.id as pack_id,
          coalesce(pk.price, p.price) as price,
          row_number() over (partition by p.farm_id order by p.id)::int as n
        from products p
        join product_packs pk on pk.product_id = p.id and pk.size = 1 and pk.archived_at is null
        where p.is_active and p.deleted_at is null and p.available_quantity > 0;
      alter table island_offered add primary key (farm_id, n);
      analyze island_offered;
      insert into standing_order_lines (standing_order_id, product_id, pack_id, quantity,
        seen_unit_price)
      select s.id, c.product_id, c.pack_id, 1 + (s.id + k) % 3, c.price
      from standing_orders s
      join (select farm_id, count(*)::int as products from island_offered group by farm_id) z
        on z.farm_id = s.farm_id
      cross join lateral generate_series(1, 1 + s.id % 3) k
      join island_offered c on c.farm_id = s.farm_id
        and c.n = 1 + (hashint4(s.id * 13 + k) & 2147483647) % z.products
      on conflict do nothing;
      drop table island_offered`,
  );
  await step('standing orders aimed at the next delivery day', aimStandingOrders(true));
  // The fresh sheet's audience: every restaurant (10,000 at full size) follows the food hub.
  await step(
    'fresh sheet followers',
    sql`insert into farm_follows (restaurant_id, farm_id, followed_by_user_id)
      select r.id, f.id, r.user_id
      from restaurants r
      join farms f on f.user_id = (select id from users where email = ${HUB_FARMER_EMAIL})
      on conflict do nothing`,
  );
  // Outside a transaction, as VACUUM must be.
  for (const [label, query] of [
    ['vacuum analyze', sql`vacuum analyze`],
    ['checkpoint', sql`checkpoint`],
  ] as const) {
    const at = Date.now();
    await db.execute(query);
    log(`  ${label}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
  const size_ = (await db.execute(
    sql`select pg_database_size(current_database())::bigint as bytes`,
  )) as unknown as { rows: { bytes: string }[] };
  return {
    farms: await count(database, 'farms'),
    restaurants: await count(database, 'restaurants'),
    products: await count(database, 'products'),
    orders: await count(database, 'orders'),
    orderItems: await count(database, 'order_items'),
    seconds: (Date.now() - started) / 1000,
    databaseBytes: Number(size_.rows[0]!.bytes),
  };
}
