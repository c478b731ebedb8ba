import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import type { User } from '#core/schemas/auth';
import type { Order } from '#core/schemas/order';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/database';
import {
  farms,
  notifications,
  productPacks,
  restaurants,
  standingOrderLines,
  standingOrders,
  users,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { createTestApp, Session, testConfig } from '../helpers/test-app';

const FIRST_TEAMS_MIGRATION = '0015_memberships';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Copies every row of `from` into `to`, table by table, in the columns `to` has: the demo data
 * as a database from before teams would hold it (the seed writes today's schema).
 */
async function copyRows(from: Db, to: Db): Promise<void> {
  const columnsOf = async (db: Db) => {
    const found = await rows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const { table_name: table, column_name: column } of found) {
      byTable.set(table, [...(byTable.get(table) ?? []), column]);
    }
    return byTable;
  };
  const source = await columnsOf(from);
  const target = await columnsOf(to);
  // Foreign keys are checked by triggers, which a replica session does not fire: any order.
  await to.execute(sql`set session_replication_role = replica`);
  for (const [table, columns] of target) {
    const shared = columns.filter((column) => source.get(table)?.includes(column));
    if (shared.length === 0) continue;
    const list = sql.raw(shared.map((column) => `"${column}"`).join(', '));
    const [{ data } = { data: null }] = await rows<{ data: string | null }>(
      from,
      sql`select json_agg(t)::text as data from (select ${list} from ${sql.identifier(table)}) t`,
    );
    if (!data) continue;
    await to.execute(
      sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${data}::json)`,
    );
  }
  await to.execute(sql`set session_replication_role = origin`);
  const serials = await rows<{ table_name: string; column_name: string }>(
    to,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval%'`,
  );
  for (const { table_name: table, column_name: column } of serials) {
    await to.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}),
          coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

it('keeps a database with the demo data working through the teams migrations, everyone an owner', async () => {
  // Today's demo data, with a standing order, a notification and signed-in sessions.
  const today = await createTestApp();
  const before = mkdtempSync(join(tmpdir(), 'harvest-hui-migrations-'));
  const old = await (async () => {
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < FIRST_TEAMS_MIGRATION);
    writeFileSync(journalPath, JSON.stringify(journal));
    return openDatabase({ dataDir: 'memory://', migrationsFolder: before });
  })();
  let migrated: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const db = today.database.db;
    expect(await seedDemoData(db, { onlyIfEmpty: true })).toBe(true);
    const [farmerEmail, chefEmail] = [DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[1].email];
    const farmer = new Session(today.app);
    const chef = new Session(today.app);
    for (const [session, email] of [
      [farmer, farmerEmail],
      [chef, chefEmail],
    ] as const) {
      const login = await session.post('/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
    }
    const [demoFarm] = await db
      .select({ id: farms.id, userId: farms.userId })
      .from(farms)
      .innerJoin(users, eq(users.id, farms.userId))
      .where(eq(users.email, farmerEmail));
    const [demoRestaurant] = await db
      .select({ id: restaurants.id, userId: restaurants.userId })
      .from(restaurants)
      .innerJoin(users, eq(users.id, restaurants.userId))
      .where(eq(users.email, chefEmail));
    const kale = await createProduct(db, demoFarm!.id, { price: '3.00', availableQuantity: 40 });
    const [standing] = await db
      .insert(standingOrders)
      .values({ restaurantId: demoRestaurant!.id, farmId: demoFarm!.id, weekdays: [4] })
      .returning({ id: standingOrders.id });
    const [unitPack] = await db
      .select({ id: productPacks.id })
      .from(productPacks)
      .where(eq(productPacks.productId, kale.id));
    await db.insert(standingOrderLines).values({
      standingOrderId: standing!.id,
      productId: kale.id,
      packId: unitPack!.id,
      quantity: 2,
      seenUnitPrice: '3.00',
    });
    await db.insert(notifications).values({
      userId: demoFarm!.userId,
      kind: 'order_placed',
      title: 'New order #1 from the old days',
      body: '1 item.',
      eventKey: 'migration-test:old-notice',
    });
    const [counts] = await rows<{
      orders: number;
      payments: number;
      farms: number;
      restaurants: number;
    }>(
      db,
      sql`select (select count(*)::int from orders where farm_id = ${demoFarm!.id}) as orders,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from farms) as farms,
        (select count(*)::int from restaurants) as restaurants`,
    );

    // The same rows in a database from before teams, then every migration since.
    await old.migrate();
    await copyRows(db, old.db);
    await migrate(old.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    migrated = await buildApp({ config: testConfig(), database: old, logger: false });
    await migrated.ready();
    const on = (session: Session) =>
      Object.assign(new Session(migrated!), { cookie: session.cookie });
    const farmerThere = on(farmer);
    const chefThere = on(chef);

    // Everyone is the owner of what they made, and nothing else.
    const owners = await rows<{ farms: number; restaurants: number; others: number }>(
      old.db,
      sql`select
        (select count(*)::int from farms f join memberships m
          on m.farm_id = f.id and m.user_id = f.user_id and m.business_role = 'owner') as farms,
        (select count(*)::int from restaurants r join memberships m
          on m.restaurant_id = r.id and m.user_id = r.user_id and m.business_role = 'owner') as restaurants,
        (select count(*)::int from memberships where business_role <> 'owner') as others`,
    );
    expect(owners[0]).toEqual({
      farms: counts!.farms,
      restaurants: counts!.restaurants,
      others: 0,
    });

    // The sessions signed in before still work, acting for their business.
    const farmerView = await farmerThere.get('/api/auth/user');
    expect(farmerView.statusCode, farmerView.body).toBe(200);
    expect(farmerView.json<User>()).toMatchObject({
      role: 'farmer',
      businessRole: 'owner',
      profile: { id: demoFarm!.id },
      memberships: [{ kind: 'farm', id: demoFarm!.id, businessRole: 'owner' }],
    });
    expect((await chefThere.get('/api/auth/user')).json<User>()).toMatchObject({
      role: 'restaurant',
      businessRole: 'owner',
      profile: { id: demoRestaurant!.id },
    });

    // Orders and payments.
    const list = await farmerThere.get('/api/orders/farm?limit=100');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBe(counts!.orders);
    const paid = list.json<Order[]>().find((order) => order.amountPaid !== '0.00');
    expect(paid?.totalAmount).toEqual(expect.any(String));
    const payments = await farmerThere.get(`/api/orders/${paid!.id}/payments`);
    expect(payments.statusCode, payments.body).toBe(200);
    expect(payments.json().payments.length).toBeGreaterThan(0);
    expect((await farmerThere.get('/api/receivables')).statusCode).toBe(200);
    expect((await chefThere.get('/api/bills')).statusCode).toBe(200);

    // Standing orders, named after the restaurant's one account.
    const standingList = await chefThere.get('/api/standing-orders');
    expect(standingList.statusCode, standingList.body).toBe(200);
    expect(standingList.json()).toContainEqual(
      expect.objectContaining({ id: standing!.id, createdBy: expect.any(String) }),
    );

    // Notifications: the old one is there, and a new order reaches the farm's owner.
    const notices = async () =>
      (await farmerThere.get('/api/notifications?limit=50')).json<{
        items: { title: string }[];
      }>().items;
    expect((await notices()).map((notice) => notice.title)).toContain(
      'New order #1 from the old days',
    );
    const placed = await chefThere.post(
      '/api/orders',
      orderBody(demoFarm!.id, [{ product: kale, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await notices()).map((notice) => notice.title)).toContain(
      `New order #${placed.json<{ id: number }>().id} from ${placed.json<Order>().restaurant.name}`,
    );
    expect((await farmerThere.get('/api/team')).json()).toMatchObject([
      { userId: demoFarm!.userId, businessRole: 'owner' },
    ]);
  } finally {
    await migrated?.close();
    await old.close();
    await today.close();
    rmSync(before, { recursive: true, force: true });
  }
  // Seeding, opening and migrating a fresh embedded database: slow on a busy machine.
}, 240_000);
