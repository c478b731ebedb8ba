import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import {
  farms,
  freshSheetDeliveries,
  freshSheetSchedules,
  productPacks,
  products,
  restaurants,
} from '../../src/server/db/schema';
import { databaseClient } from '../../src/server/modules/events/database-client';
import {
  startFreshSheetWorker,
  type FreshSheetWorker,
} from '../../src/server/modules/fresh-sheet/delivery';
import { sendScheduledSheets } from '../../src/server/modules/fresh-sheet/send';
import { sheetEmailProducts } from '../../src/server/modules/fresh-sheet/sheet';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { waitFor } from '../helpers/event-stream';
import { headerOf, MailReceiver } from '../helpers/mail-receiver';
import {
  createTestApp,
  Session,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const ORIGIN = 'https://harvesthui.example';

const smtp = new MailReceiver();
const dataDir = mkdtempSync(join(tmpdir(), 'hh-fresh-sheet-'));

function sheetsTo(address: string) {
  return smtp.messages.filter(
    (message) => message.to.includes(address) && message.raw.includes('Message-ID: <fresh-sheet-'),
  );
}

/** A farm with one product in stock and `count` restaurants following it. */
async function farmWithFollowers(ctx: TestContext, name: string, count: number) {
  const farmer = await signUpFarmer(ctx.app, `${name} Farm`);
  await createProduct(ctx.database.db, farmer.farmId, { name: 'Kale', availableQuantity: 5 });
  const buyers: Awaited<ReturnType<typeof signUpRestaurant>>[] = [];
  for (let index = 0; index < count; index += 1) {
    const buyer = await signUpRestaurant(ctx.app, `${name} Bistro ${index}`);
    expect((await buyer.post(`/api/farms/${farmer.farmId}/follow`)).statusCode).toBe(200);
    buyers.push(buyer);
  }
  return { farmer, buyers };
}

/** An app that mails to the test's receiver, at the Monday noon every sheet here is sent. */
function sheetTestApp(): Promise<TestContext> {
  setClock(MONDAY_NOON);
  return createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir, appOrigin: ORIGIN });
}

async function startWorker(ctx: TestContext): Promise<FreshSheetWorker> {
  return startFreshSheetWorker({
    database: ctx.database,
    config: ctx.app.config,
    log: ctx.app.log,
    retry: { limit: 5, delaySeconds: 0, backoff: false },
    pollingIntervalSeconds: 0.5,
    sweepIntervalSeconds: 3600,
  });
}

beforeAll(async () => {
  await smtp.start();
});
afterAll(async () => {
  await smtp.stop();
  setClock(null);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the fresh sheet, follows and the farm page', () => {
  let ctx: TestContext;
  let worker: FreshSheetWorker;
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let follower: Awaited<ReturnType<typeof signUpRestaurant>>;
  let customer: Awaited<ReturnType<typeof signUpRestaurant>>;
  let stranger: Awaited<ReturnType<typeof signUpRestaurant>>;
  let kale: ProductFixture;
  let taro: ProductFixture;

  beforeAll(async () => {
    ctx = await sheetTestApp();
    const db = ctx.database.db;
    farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    [follower, customer, stranger] = [
      await signUpRestaurant(ctx.app, 'Mama Bistro'),
      await signUpRestaurant(ctx.app, 'Pier Grill'),
      await signUpRestaurant(ctx.app, 'Elsewhere Cafe'),
    ];
    await db.update(restaurants).set({ deliveryZone: 'kaneohe' });
    kale = await createProduct(db, farmer.farmId, {
      name: 'Lacinato Kale',
      price: '4.25',
      availableQuantity: 40,
    });
    taro = await createProduct(db, farmer.farmId, {
      name: 'Taro',
      unit: 'each',
      price: '2.00',
      availableQuantity: 12,
    });
    // Sold out: not on the sheet.
    await createProduct(db, farmer.farmId, { name: 'Mamaki', price: '9.00', availableQuantity: 0 });
    await addDeliveryDay(db, farmer.farmId, '2026-12-03', 'Kaneohe');
    const placed = await customer.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: taro, quantity: 2 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    worker = await startWorker(ctx);
  });

  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it('follows and unfollows a farm; a farm cannot follow, and a hidden farm is 404', async () => {
    const url = `/api/farms/${farmer.farmId}/follow`;
    const followed = await follower.post(url);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ farmId: farmer.farmId, following: true });
    expect((await follower.post(url)).statusCode).toBe(200);
    expect((await follower.get(`/api/farms/${farmer.farmId}`)).json().following).toBe(true);

    const other = await signUpRestaurant(ctx.app, 'Passing Through');
    expect((await other.post(url)).json().following).toBe(true);
    const unfollowed = await other.delete(url);
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json()).toEqual({ farmId: farmer.farmId, following: false });
    expect((await other.get(`/api/farms/${farmer.farmId}`)).json().following).toBe(false);

    expect((await farmer.post(url)).statusCode).toBe(403);
    expect((await follower.post('/api/farms/999999/follow')).statusCode).toBe(404);
  });

  it('shows the farm page with its story, island, delivery days and the reader’s prices', async () => {
    const page = await follower.get(`/api/farms/${farmer.farmId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      id: farmer.farmId,
      name: 'Kahuku Greens',
      description: 'Family-run since 1978',
      island: 'Oahu',
      zone: 'Kaneohe',
      deliveryDays: [{ deliveryDate: '2026-12-03', deliveryArea: 'Kaneohe' }],
      cutoffRule: '6 PM the day before',
      canFollow: true,
    });
    const products = await follower.get(`/api/farms/${farmer.farmId}/products?limit=1`);
    expect(products.statusCode).toBe(200);
    // Sold out is still on the farm's page, as on browse.
    expect(products.headers['x-total-count']).toBe('3');
    expect(products.json().map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ['Lacinato Kale', '4.25'],
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(String(products.headers.link))![1]!;
    expect((await follower.get(next)).json()[0].name).toBe('Mamaki');

    const island = await farmer.put('/api/profile/farm/page', { island: 'Maui' });
    expect(island.json()).toMatchObject({ island: 'Maui', shownIsland: 'Maui' });
    expect((await follower.get(`/api/farms/${farmer.farmId}`)).json().island).toBe('Maui');
    await farmer.put('/api/profile/farm/page', { island: null });
  });

  it('takes a cover photo through the photo pipeline, shows it on the page and removes it', async () => {
    const png = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: { r: 40, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const boundary = '----harvesthuicover';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await farmer.request({
      method: 'PUT',
      url: '/api/profile/farm/cover-photo',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const cover = uploaded.json().coverPhoto as { url: string; width: number };
    expect(cover.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(cover.width).toBe(960);
    expect((await follower.get(`/api/farms/${farmer.farmId}`)).json().coverPhoto.url).toBe(
      cover.url,
    );
    expect((await ctx.app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(200);
    // A restaurant cannot change a farm's page.
    expect((await follower.delete('/api/profile/farm/cover-photo')).statusCode).toBe(403);

    const removed = await farmer.delete('/api/profile/farm/cover-photo');
    expect(removed.json().coverPhoto).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(404);
  });

  it('previews the sheet: the items in stock, featured first, and who it goes to', async () => {
    const preview = await farmer.get('/api/fresh-sheet/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      farm: { id: farmer.farmId, name: 'Kahuku Greens' },
      recipientCount: 2,
      sentToday: false,
      schedule: null,
    });
    expect(preview.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Lacinato Kale',
      'Taro',
    ]);
    expect((await follower.get('/api/fresh-sheet/preview')).statusCode).toBe(403);
  });

  it('shows each item with its own packs only', async () => {
    const [casePack] = await ctx.database.db
      .insert(productPacks)
      .values({ productId: taro.id, label: 'case of 10', size: 10, price: '18.00' })
      .returning({ id: productPacks.id });
    try {
      const items = (await farmer.get('/api/fresh-sheet/preview')).json().items as {
        name: string;
        packs?: { label: string }[];
      }[];
      const packsOf = (name: string) =>
        items.find((item) => item.name === name)?.packs?.map((pack) => pack.label);
      expect(packsOf('Taro')).toEqual(['case of 10']);
      expect(packsOf('Lacinato Kale')).toEqual([]);
    } finally {
      await ctx.database.db.delete(productPacks).where(eq(productPacks.id, casePack!.id));
    }
  });

  it('emails one sheet per follower and customer, with their price, next delivery day and unsubscribe headers', async () => {
    const sent = await farmer.post('/api/fresh-sheet/send', {
      note: 'First kale of the winter!',
      featuredProductIds: [taro.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ recipientCount: 2, trigger: 'now', featuredCount: 1 });

    await waitFor(
      () => sheetsTo(follower.email).length === 1 && sheetsTo(customer.email).length === 1,
      'a sheet for each restaurant',
    );
    expect(sheetsTo(stranger.email)).toHaveLength(0);
    const [mail] = sheetsTo(follower.email);
    const raw = mail!.raw;
    expect(headerOf(raw, 'Subject')).toBe("Kahuku Greens: this week's fresh sheet");
    expect(raw).toContain('First kale of the winter!');
    expect(raw).toContain('Taro: $2.00/each, 10 each available');
    expect(raw).toContain('Lacinato Kale: $4.25/lb, 40 lb available');
    expect(raw).toContain('Next delivery to Kaneohe: Thu, Dec 3. Order by Wed, Dec 2 6 PM.');
    expect(raw).toContain(`${ORIGIN}/farms/${farmer.farmId}?product=${kale.id}#product-${kale.id}`);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    const unsubscribe = headerOf(raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(`^<${ORIGIN}/api/fresh-sheet/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a second send the same Hawaii day', async () => {
    const again = await farmer.post('/api/fresh-sheet/send', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_sent_today');
    expect((await farmer.get('/api/fresh-sheet/preview')).json().sentToday).toBe(true);
  });

  it('unsubscribes by the RFC 8058 POST and by the page, without signing in, and the next sheet skips them', async () => {
    const anonymous = new Session(ctx.app);
    const linkOf = (address: string) => {
      const header = headerOf(sheetsTo(address)[0]!.raw, 'List-Unsubscribe')!;
      return header.slice(1, -1).replace(ORIGIN, '');
    };
    // A mail provider's one-click POST: the form body of RFC 8058.
    const oneClick = await anonymous.request({
      method: 'POST',
      url: linkOf(follower.email),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);

    // A person clicks the link: the page asks, its form posts.
    const page = await anonymous.get(linkOf(customer.email));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Unsubscribe from Kahuku Greens’s fresh sheet?');
    const action = /<form method="post" action="([^"]+)"/
      .exec(page.body)![1]!
      .replace(/&#38;/g, '&');
    const confirmed = await anonymous.request({
      method: 'POST',
      url: action,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are unsubscribed');

    const forged = await anonymous.get(
      `/api/fresh-sheet/unsubscribe?token=${farmer.farmId}.${stranger.restaurantId}.${'a'.repeat(32)}`,
    );
    expect(forged.statusCode).toBe(404);

    setClock(new Date(MONDAY_NOON.getTime() + 24 * 3_600_000));
    try {
      const next = await farmer.post('/api/fresh-sheet/send', { note: 'Tuesday' });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().recipientCount).toBe(0);
    } finally {
      setClock(MONDAY_NOON);
    }
    expect(sheetsTo(follower.email)).toHaveLength(1);
    expect(sheetsTo(customer.email)).toHaveLength(1);

    // Following again asks for the sheet again.
    await follower.post(`/api/farms/${farmer.farmId}/follow`);
    expect((await farmer.get('/api/fresh-sheet/preview')).json().recipientCount).toBe(1);
  });

  it('lists when each sheet went out and to how many', async () => {
    const sends = await farmer.get('/api/fresh-sheet/sends?limit=1');
    expect(sends.statusCode).toBe(200);
    expect(sends.headers['x-total-count']).toBe('2');
    expect(sends.json()).toEqual([
      expect.objectContaining({ sentOn: '2026-11-24', recipientCount: 0, note: 'Tuesday' }),
    ]);
    const older = /<([^>]+)>; rel="next"/.exec(String(sends.headers.link))![1]!;
    expect((await farmer.get(older)).json()).toEqual([
      expect.objectContaining({ sentOn: '2026-11-23', recipientCount: 2, deliveredCount: 2 }),
    ]);
  });

  it('saves a schedule in Hawaii time and refuses a weekday or featured item that is not one', async () => {
    const bad = await farmer.put('/api/fresh-sheet/schedule', {
      weekday: 7,
      hour: 6,
      note: '',
      featuredProductIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.weekday).toBeDefined();
    const notOurs = await farmer.put('/api/fresh-sheet/schedule', {
      weekday: 3,
      hour: 6,
      note: '',
      featuredProductIds: [999999],
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().fields['featuredProductIds.0']).toBeDefined();
    const saved = await farmer.put('/api/fresh-sheet/schedule', {
      weekday: 3,
      hour: 6,
      note: 'Wednesday list',
      featuredProductIds: [kale.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Wednesday Nov 25, 6 AM in Hawaii.
    expect(saved.json().nextSendAt).toBe('2026-11-25T16:00:00.000Z');
  });

  it('answers 404 for the page of a farm restaurants cannot see, and its own people still see it', async () => {
    await ctx.database.db
      .update(farms)
      .set({ suspendedAt: new Date(), suspensionReason: 'Test' })
      .where(eq(farms.id, farmer.farmId));
    try {
      expect((await follower.get(`/api/farms/${farmer.farmId}`)).statusCode).toBe(404);
      expect((await follower.get(`/api/farms/${farmer.farmId}/products`)).statusCode).toBe(404);
      expect((await follower.post(`/api/farms/${farmer.farmId}/follow`)).statusCode).toBe(404);
      expect((await farmer.get(`/api/farms/${farmer.farmId}`)).statusCode).toBe(200);
    } finally {
      await ctx.database.db
        .update(farms)
        .set({ suspendedAt: null, suspensionReason: null })
        .where(eq(farms.id, farmer.farmId));
    }
  });
});

// Two processes need a server with many connections: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a scheduled sheet sent by two processes at once (PostgreSQL)',
  () => {
    let ctx: TestContext;
    let secondDatabase: Database;
    let second: TestContext['app'];
    let workers: FreshSheetWorker[] = [];

    beforeAll(async () => {
      setClock(MONDAY_NOON);
      const config = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir, appOrigin: ORIGIN };
      ctx = await createTestApp(config);
      const { pool } = databaseClient(ctx.database) as {
        pool: { options: { connectionString?: string } };
      };
      // The second process has a pool of its own.
      secondDatabase = await openDatabase({ url: pool.options.connectionString });
      second = await buildApp({
        config: testConfig(config),
        database: secondDatabase,
        logger: false,
      });
      await second.ready();
      workers = [
        await startWorker(ctx),
        await startWorker({ app: second, database: secondDatabase, close: () => second.close() }),
      ];
    });

    afterAll(async () => {
      for (const worker of workers) await worker.stop();
      await second?.close();
      await secondDatabase?.close();
      await ctx?.close();
    });

    it('delivers it once per restaurant', async () => {
      const { farmer, buyers } = await farmWithFollowers(ctx, 'Twice', 4);
      // Monday 9 AM, saved the week before.
      await ctx.database.db.insert(freshSheetSchedules).values({
        farmId: farmer.farmId,
        weekday: 1,
        hour: 9,
        note: 'Scheduled',
        updatedAt: new Date('2026-11-16T00:00:00Z'),
      });
      const counts = await Promise.all([
        sendScheduledSheets(ctx.database.db, MONDAY_NOON),
        sendScheduledSheets(secondDatabase.db, MONDAY_NOON),
        sendScheduledSheets(ctx.database.db, MONDAY_NOON),
        sendScheduledSheets(secondDatabase.db, MONDAY_NOON),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      await waitFor(
        () => buyers.every((buyer) => sheetsTo(buyer.email).length >= 1),
        'every follower’s sheet',
      );
      const statuses = async () =>
        (
          await ctx.database.db
            .select({ status: freshSheetDeliveries.status })
            .from(freshSheetDeliveries)
            .innerJoin(restaurants, eq(restaurants.id, freshSheetDeliveries.restaurantId))
            .where(sql`${restaurants.name} like 'Twice Bistro %'`)
        ).map((row) => row.status);
      await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent', 'sent', 'sent', 'sent']);
      for (const buyer of buyers) expect(sheetsTo(buyer.email)).toHaveLength(1);
    });
  },
);

describe('a sheet to more followers than the workers take at once', () => {
  let ctx: TestContext;
  let worker: FreshSheetWorker | undefined;

  beforeAll(async () => {
    ctx = await sheetTestApp();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it('sends them one after another, not one per polling interval', async () => {
    const { farmer, buyers } = await farmWithFollowers(ctx, 'Drain', 6);
    expect((await farmer.post('/api/fresh-sheet/send', {})).statusCode).toBe(201);
    // The two workers find the queue full at their first fetch; with a 30 s interval, a worker
    // that waited between jobs would send two sheets and then nothing for 30 s.
    worker = await startFreshSheetWorker({
      database: ctx.database,
      config: ctx.app.config,
      log: ctx.app.log,
      pollingIntervalSeconds: 30,
      sweepIntervalSeconds: 3600,
    });
    await waitFor(
      () => buyers.every((buyer) => sheetsTo(buyer.email).length === 1),
      'a sheet for each of the six followers',
      15_000,
    );
  });
});

describe('a large farm’s sheet', () => {
  let ctx: TestContext;
  let worker: FreshSheetWorker | undefined;

  beforeAll(async () => {
    ctx = await sheetTestApp();
    worker = await startWorker(ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it('emails a large farm’s featured items and its first 100 others by name, and counts the rest', async () => {
    const { farmer, buyers } = await farmWithFollowers(ctx, 'Large', 1);
    const names = Array.from(
      { length: 104 },
      (_, index) => `Item ${String(index).padStart(3, '0')}`,
    );
    const items: ProductFixture[] = [];
    for (const name of names) {
      items.push(await createProduct(ctx.database.db, farmer.farmId, { name }));
    }
    const sent = await farmer.post('/api/fresh-sheet/send', {
      featuredProductIds: [items.at(-1)!.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await waitFor(() => sheetsTo(buyers[0]!.email).length === 1, 'the large farm’s sheet');
    const raw = sheetsTo(buyers[0]!.email)[0]!.raw;
    const text = raw.slice(raw.indexOf('Content-Type: text/plain'));
    // Featured first, then the others by name: Item 000 to Item 099 of the 104 others.
    expect(text.indexOf('- Item 103:')).toBeLessThan(text.indexOf('- Item 000:'));
    expect(text).toContain('- Item 099:');
    expect(text).not.toContain('- Item 100:');
    expect(text).not.toContain('- Kale:');
    expect(text).toContain(`And 4 more on the farm page: ${ORIGIN}/farms/${farmer.farmId}`);
  });

  it('leaves a featured product sold out since the send out of the email, and no other takes its place', async () => {
    const db = ctx.database.db;
    const farmer = await signUpFarmer(ctx.app, 'Sold Out Farm');
    const crops: ProductFixture[] = [];
    for (let index = 0; index < 103; index += 1) {
      const name = `Crop ${String(index).padStart(3, '0')}`;
      crops.push(await createProduct(db, farmer.farmId, { name }));
    }
    const featured = [crops[102]!.id, crops[101]!.id];
    await db.update(products).set({ availableQuantity: 0 }).where(eq(products.id, crops[101]!.id));
    const { listed, total } = await sheetEmailProducts(
      db,
      farmer.farmId,
      crops.map((crop) => crop.id),
      featured,
    );
    expect(total).toBe(102);
    expect(listed.map((product) => product.name)).toEqual([
      'Crop 102',
      ...Array.from({ length: 100 }, (_, index) => `Crop ${String(index).padStart(3, '0')}`),
    ]);
  });
});
