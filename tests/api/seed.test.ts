import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_ZONES_BY_ISLAND } from '#core/constants';
import { hawaiiToday } from '#core/hawaii-time';
import { ORDER_STATUSES, nextStatuses, type OrderStatus } from '#core/order-status';
import type { Database } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed';
import { createTestApp, Session, type TestContext } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

let ctx: TestContext;
let other: Database | undefined;
const now = new Date();
let firstSeed: boolean;

beforeAll(async () => {
  ctx = await createTestApp();
  firstSeed = await seedDemoData(ctx.database.db, { onlyIfEmpty: true, now });
});
afterAll(async () => {
  await ctx.close();
  await other?.close();
});

async function rows<T>(query: SQL, database: Database = ctx.database): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows: T[] };
  return result.rows;
}

async function count(query: SQL, database: Database = ctx.database): Promise<number> {
  const [row] = await rows<{ n: number }>(query, database);
  return Number(row?.n);
}

async function tableCounts(database: Database = ctx.database) {
  const [row] = await rows<Record<string, number>>(
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from farms) as farms,
      (select count(*)::int from restaurants) as restaurants,
      (select count(*)::int from products) as products,
      (select count(*)::int from delivery_schedules) as schedules,
      (select count(*)::int from orders) as orders,
      (select count(*)::int from order_items) as items,
      (select count(*)::int from order_status_history) as history`,
    database,
  );
  return row!;
}

function islandOfZone(zone: string): string {
  const entry = Object.entries(SCHEDULE_ZONES_BY_ISLAND).find(([, zones]) =>
    (zones as readonly string[]).includes(zone),
  );
  if (!entry) throw new Error(`unknown zone ${zone}`);
  return entry[0];
}

describe('Hawaii demo data', () => {
  it('seeds an empty database: farms on four islands, restaurants, products, schedules', async () => {
    expect(firstSeed).toBe(true);
    const counts = await tableCounts();
    expect(counts.farms).toBeGreaterThanOrEqual(6);
    expect(counts.restaurants).toBe(4);
    expect(counts.users).toBe(counts.farms! + counts.restaurants! + 1);

    // A farm's island is the one of its home delivery zones (every farm also serves Oahu).
    const areas = await rows<{ farm_id: number; areas: string[] }>(
      sql`select farm_id, array_agg(distinct delivery_area) as areas
          from delivery_schedules group by farm_id`,
    );
    expect(areas).toHaveLength(counts.farms!);
    const islands = new Set(
      areas.map(({ areas: zones }) => {
        const away = zones.map(islandOfZone).find((island) => island !== 'Oahu');
        return away ?? 'Oahu';
      }),
    );
    expect([...islands].sort()).toEqual(['Big Island', 'Kauai', 'Maui', 'Oahu']);

    const listed = await count(
      sql`select count(*)::int as n from products where deleted_at is null`,
    );
    expect(listed).toBeGreaterThanOrEqual(60);
    const [stock] = await rows<Record<string, number>>(
      sql`select
        count(*) filter (where available_quantity between 1 and 4 and is_active)::int as low,
        count(*) filter (where available_quantity = 0 and is_active)::int as out,
        count(*) filter (where not is_active)::int as inactive,
        count(*) filter (where is_organic)::int as organic,
        count(distinct category)::int as categories
        from products where deleted_at is null`,
    );
    expect(stock).toMatchObject({ low: expect.any(Number), out: expect.any(Number) });
    expect(stock!.low).toBeGreaterThan(0);
    expect(stock!.out).toBeGreaterThan(0);
    expect(stock!.inactive).toBeGreaterThan(0);
    expect(stock!.organic).toBeGreaterThan(0);
    expect(stock!.categories).toBeGreaterThanOrEqual(6);

    const today = hawaiiToday(now);
    const future = await count(
      sql`select count(distinct farm_id)::int as n from delivery_schedules
          where delivery_date >= ${today}::date + 28`,
    );
    expect(future).toBe(counts.farms);
    const past = await count(
      sql`select count(*)::int as n from delivery_schedules where delivery_date < ${today}::date`,
    );
    expect(past).toBeGreaterThan(0);
    // Restaurants are on Oahu: every farm has Oahu days ahead.
    const oahu = SCHEDULE_ZONES_BY_ISLAND.Oahu as readonly string[];
    const servingOahu = await count(
      sql`select count(distinct farm_id)::int as n from delivery_schedules
          where delivery_date >= ${today}::date and delivery_area in ${oahu}`,
    );
    expect(servingOahu).toBe(counts.farms);

    // Waimānalo sells ʻulu by the case, charged per pound on an estimate (docs/catch-weight.md).
    const ulu = await rows<Record<string, unknown>>(
      sql`select p.unit, p.weight_unit as "weightUnit", k.label, k.size::float as size,
            k.estimated_weight::float as "estimatedWeight"
          from products p
          join farms f on f.id = p.farm_id
          join product_packs k on k.product_id = p.id and k.archived_at is null
          where f.name = 'Waimānalo Valley Farm' and p.name = 'ʻUlu'`,
    );
    expect(ulu).toEqual([
      { unit: 'box', weightUnit: 'lb', label: 'case', size: 1, estimatedWeight: 25 },
    ]);
  });

  it('has six months of orders in every status, with the demo accounts trading', async () => {
    const byStatus = await rows<{ status: OrderStatus; n: number }>(
      sql`select status, count(*)::int as n from orders group by status`,
    );
    expect(byStatus.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const total = byStatus.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThanOrEqual(250);
    expect(total).toBeLessThanOrEqual(400);
    const delivered = byStatus.find((row) => row.status === 'delivered')!.n;
    expect(delivered / total).toBeGreaterThan(0.7);

    const [span] = await rows<{ oldest: number; future: number; today: number; month: number }>(
      sql`select
        extract(day from ${now.toISOString()}::timestamptz - min(created_at))::int as oldest,
        count(*) filter (where created_at > ${now.toISOString()}::timestamptz)::int as future,
        count(*) filter (where (created_at at time zone 'Pacific/Honolulu')::date
          = ${hawaiiToday(now)}::date)::int as today,
        count(*) filter (where to_char(created_at at time zone 'Pacific/Honolulu', 'YYYY-MM')
          = ${hawaiiToday(now).slice(0, 7)})::int as month
        from orders`,
    );
    expect(span!.oldest).toBeGreaterThanOrEqual(170);
    expect(span!.future).toBe(0);
    expect(span!.today).toBeGreaterThan(0);
    expect(span!.month).toBeGreaterThan(0);

    const [demo] = await rows<{ farm: number; restaurant: number; both: number }>(
      sql`select
        count(*) filter (where fu.email = ${DEMO_ACCOUNTS[0].email})::int as farm,
        count(*) filter (where ru.email = ${DEMO_ACCOUNTS[1].email})::int as restaurant,
        count(*) filter (where fu.email = ${DEMO_ACCOUNTS[0].email}
          and ru.email = ${DEMO_ACCOUNTS[1].email})::int as both
        from orders o
        join farms f on f.id = o.farm_id join users fu on fu.id = f.user_id
        join restaurants r on r.id = o.restaurant_id join users ru on ru.id = r.user_id`,
    );
    expect(demo!.both).toBeGreaterThanOrEqual(30);
    expect(demo!.farm).toBeGreaterThan(demo!.both);
    expect(demo!.restaurant).toBeGreaterThan(demo!.both);
    const demoFarmStatuses = await count(
      sql`select count(distinct o.status)::int as n from orders o
          join farms f on f.id = o.farm_id join users u on u.id = f.user_id
          where u.email = ${DEMO_ACCOUNTS[0].email}`,
    );
    expect(demoFarmStatuses).toBe(ORDER_STATUSES.length);
  });

  it('has every farm approved but one, which waits with its products and days and no orders', async () => {
    const waiting = await rows<{ id: number; name: string; products: number; orders: number }>(
      sql`select f.id, f.name,
          (select count(*)::int from products p where p.farm_id = f.id) as products,
          (select count(*)::int from orders o where o.farm_id = f.id) as orders
        from farms f where f.approval_status <> 'approved'`,
    );
    expect(waiting).toEqual([
      { id: expect.any(Number), name: 'Waiāhole Cacao & Vanilla', products: 3, orders: 0 },
    ]);
    const [pending] = await rows<{ status: string; days: number }>(
      sql`select f.approval_status as status,
          (select count(*)::int from delivery_schedules d where d.farm_id = f.id) as days
        from farms f where f.id = ${waiting[0]!.id}`,
    );
    expect(pending).toEqual({ status: 'pending', days: expect.any(Number) });
    expect(pending!.days).toBeGreaterThan(0);
  });

  it('keeps every order whole: items, prices, snapshots, fees and totals agree', async () => {
    expect(
      await count(sql`select count(*)::int as n from orders o
        where o.subtotal <> (select coalesce(sum(i.total_price), 0) from order_items i
                             where i.order_id = o.id)`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from orders where total_amount <> subtotal + delivery_fee`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from order_items where total_price <> unit_price * quantity`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from order_items i
        join products p on p.id = i.product_id join orders o on o.id = i.order_id
        where i.unit_price <> p.price or i.product_name <> p.name or i.product_unit <> p.unit
           or p.farm_id <> o.farm_id or i.quantity <= 0`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from orders o join farms f on f.id = o.farm_id
        where o.delivery_fee <> f.delivery_fee`),
    ).toBe(0);
    const [itemsPerOrder] = await rows<{ fewest: number; most: number }>(
      sql`select min(n)::int as fewest, max(n)::int as most from
          (select o.id, count(i.id) as n from orders o
           left join order_items i on i.order_id = o.id group by o.id) counts`,
    );
    expect(itemsPerOrder).toEqual({ fewest: 1, most: 5 });
    // A deleted product only appears in orders placed before it was deleted.
    expect(
      await count(sql`select count(*)::int as n from order_items i
        join products p on p.id = i.product_id join orders o on o.id = i.order_id
        where p.deleted_at is not null and o.created_at >= p.deleted_at`),
    ).toBe(0);
  });

  it('gives delivered orders a recipient and every order a delivery day after it was placed', async () => {
    expect(
      await count(sql`select count(*)::int as n from orders
        where (status = 'delivered') <> (recipient_name is not null)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from orders where delivery_date is null
        or delivery_date <= (created_at at time zone 'Pacific/Honolulu')::date`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from orders where notes is not null`),
    ).toBeGreaterThan(0);
  });

  it('records every step each order went through, in order, by the restaurant then the farm', async () => {
    const orderRows = await rows<{
      id: number;
      status: OrderStatus;
      created_at: string;
      updated_at: string;
      restaurant_user: number;
      farm_user: number;
    }>(sql`select o.id, o.status, o.created_at, o.updated_at,
             r.user_id as restaurant_user, f.user_id as farm_user
           from orders o join farms f on f.id = o.farm_id
           join restaurants r on r.id = o.restaurant_id`);
    const history = await rows<{
      order_id: number;
      from_status: OrderStatus | null;
      to_status: OrderStatus;
      changed_by_user_id: number;
      changed_at: string;
    }>(sql`select order_id, from_status, to_status, changed_by_user_id, changed_at
           from order_status_history order by order_id, changed_at, id`);
    const stepsByOrder = new Map<number, typeof history>();
    for (const row of history)
      stepsByOrder.set(row.order_id, [...(stepsByOrder.get(row.order_id) ?? []), row]);
    for (const order of orderRows) {
      const steps = stepsByOrder.get(order.id) ?? [];
      expect(steps.length, `order ${order.id}`).toBeGreaterThan(0);
      const [placed, ...changes] = steps;
      expect(placed).toMatchObject({
        from_status: null,
        to_status: 'pending',
        changed_by_user_id: order.restaurant_user,
      });
      expect(new Date(placed!.changed_at).getTime()).toBe(new Date(order.created_at).getTime());
      let previous = placed!;
      for (const step of changes) {
        expect(step.from_status).toBe(previous.to_status);
        expect(nextStatuses(step.from_status!)).toContain(step.to_status);
        expect(step.changed_by_user_id).toBe(order.farm_user);
        expect(new Date(step.changed_at).getTime()).toBeGreaterThan(
          new Date(previous.changed_at).getTime(),
        );
        previous = step;
      }
      expect(previous.to_status).toBe(order.status);
      expect(new Date(previous.changed_at).getTime()).toBe(new Date(order.updated_at).getTime());
      expect(new Date(previous.changed_at).getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('makes each farm’s order minimum its every-zone minimum, warning as it always did', async () => {
    const farmsWithout = await count(
      sql`select count(*)::int as n from farms f
        where f.order_minimum > 0 and not exists (
          select 1 from farm_minimums m
          where m.farm_id = f.id and m.zone is null and m.amount = f.order_minimum
            and m.mode = 'warn'
        )`,
    );
    expect(farmsWithout).toBe(0);
    expect(await count(sql`select count(*)::int as n from farm_minimums`)).toBeGreaterThan(0);
  });

  it('changes nothing when asked again', async () => {
    const before = await tableCounts();
    expect(await seedDemoData(ctx.database.db, { onlyIfEmpty: false, now })).toBe(false);
    expect(await seedDemoData(ctx.database.db, { onlyIfEmpty: true, now })).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it('signs the demo farmer in with the demo password, with their farm as profile', async () => {
    const session = new Session(ctx.app);
    const login = await session.post('/api/auth/login', {
      email: DEMO_ACCOUNTS[0].email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const me = await session.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: DEMO_ACCOUNTS[0].email,
      role: 'farmer',
      profile: { kind: 'farm', name: expect.any(String), deliveryFee: expect.any(String) },
    });
    const wrong = await new Session(ctx.app).post('/api/auth/login', {
      email: DEMO_ACCOUNTS[0].email,
      password: `${DEMO_PASSWORD}x`,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('signs the demo restaurant in with its restaurant profile', async () => {
    const session = new Session(ctx.app);
    const login = await session.post('/api/auth/login', {
      email: DEMO_ACCOUNTS[1].email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const me = (await session.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      role: 'restaurant',
      profile: { kind: 'restaurant', deliveryZone: 'honolulu' },
    });
  });

  it('signs the admin in with the admin role and no profile', async () => {
    const session = new Session(ctx.app);
    const login = await session.post('/api/auth/login', {
      email: DEMO_ACCOUNTS[2].email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const me = (await session.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email: DEMO_ACCOUNTS[2].email, role: 'admin', profile: null });
  });
});

describe('seeding a database that already has users', () => {
  it('loads nothing when only asked for an empty database, and everything when asked outright', async () => {
    other = await createTestDatabase();
    await other.db.insert(users).values({ email: 'someone@example.com', firstName: 'Some' });
    expect(await seedDemoData(other.db, { onlyIfEmpty: true, now })).toBe(false);
    expect((await tableCounts(other)).farms).toBe(0);
    expect(await seedDemoData(other.db, { onlyIfEmpty: false, now })).toBe(true);
    const counts = await tableCounts(other);
    expect({ ...counts, users: counts.users! - 1 }).toEqual(await tableCounts());
  });

  it('gives the same data for the same moment', async () => {
    const summary = sql`select f.name as farm, r.name as restaurant, o.status, o.total_amount,
        o.created_at, o.delivery_date, o.notes,
        (select string_agg(i.product_name || ' x' || i.quantity, ', ' order by i.id)
         from order_items i where i.order_id = o.id) as items
      from orders o join farms f on f.id = o.farm_id join restaurants r on r.id = o.restaurant_id
      order by o.created_at, f.name, r.name`;
    expect(await rows(summary, other)).toEqual(await rows(summary));
  });
});
