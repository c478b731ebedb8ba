import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#core/schemas/notification';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { publishLiveEvent } from '../../src/server/modules/events/publish';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { listen, openStream, waitFor, type Stream } from '../helpers/event-stream';
import {
  createTestApp,
  createTestAppOn,
  PASSWORD,
  Session,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('GET /api/events on one instance', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
  let kale: ProductFixture;

  beforeAll(async () => {
    ctx = await createTestApp();
    farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
    restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
    kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 100 });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses the signed-out with 401', async () => {
    const stream = await openStream(baseUrl, undefined);
    expect(stream.status).toBe(401);
  });

  it('brings a new order to its farm, stock to restaurants, and nothing to another farm', async () => {
    const farmStream = await openStream(baseUrl, farmer.cookie);
    const otherFarmStream = await openStream(baseUrl, otherFarmer.cookie);
    const restaurantStream = await openStream(baseUrl, restaurant.cookie);
    try {
      const placedAt = Date.now();
      const response = await restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]),
      );
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().id as number;

      const newOrder = await waitFor(
        () => farmStream.events.find(({ event }) => event.type === 'orders.changed'),
        'the order on the farm’s stream',
      );
      expect(newOrder.event).toEqual({
        type: 'orders.changed',
        orderId,
        farmId: farmer.farmId,
        restaurantId: restaurant.restaurantId,
      });
      expect(newOrder.at - placedAt).toBeLessThan(2000);
      await waitFor(
        () => farmStream.events.some(({ event }) => event.type === 'notifications.changed'),
        'the bell update on the farm’s stream',
      );
      const stock = await waitFor(
        () => restaurantStream.events.find(({ event }) => event.type === 'products.changed'),
        'the stock change on the restaurant’s stream',
      );
      expect(stock.event).toEqual({
        type: 'products.changed',
        farmId: farmer.farmId,
        productIds: [kale.id],
      });

      // Events arrive in commit order: once a marker published last has arrived on both
      // streams, anything misrouted before it would have arrived too.
      const marker: LiveEvent = {
        type: 'products.changed',
        farmId: otherFarmer.farmId,
        productIds: [],
      };
      await ctx.database.db.transaction((tx) => publishLiveEvent(tx, marker));
      const markerArrived = (stream: Stream) => () =>
        stream.events.some(({ event }) => JSON.stringify(event) === JSON.stringify(marker));
      await waitFor(markerArrived(otherFarmStream), 'the marker on the other farm’s stream');
      await waitFor(markerArrived(restaurantStream), 'the marker on the restaurant’s stream');
      expect(otherFarmStream.events.map(({ event }) => event)).toEqual([marker]);
      expect(
        restaurantStream.events.some(({ event }) => event.type === 'notifications.changed'),
      ).toBe(false);
    } finally {
      farmStream.close();
      otherFarmStream.close();
      restaurantStream.close();
    }
  });

  it('announces nothing from a transaction that rolls back', async () => {
    const farmStream = await openStream(baseUrl, farmer.cookie);
    try {
      await ctx.database.db
        .transaction(async (tx) => {
          await publishLiveEvent(tx, { type: 'notifications.changed', userId: 0 });
          await publishLiveEvent(tx, {
            type: 'orders.changed',
            orderId: 1,
            farmId: farmer.farmId,
            restaurantId: 1,
          });
          throw new Error('roll back');
        })
        .catch(() => {});
      await ctx.database.db.transaction((tx) =>
        publishLiveEvent(tx, {
          type: 'orders.changed',
          orderId: 2,
          farmId: farmer.farmId,
          restaurantId: 1,
        }),
      );
      // The committed event is published after the rolled-back ones: had they been announced,
      // they would have arrived first.
      await waitFor(() => farmStream.events.length > 0, 'the committed event');
      expect(farmStream.events.map(({ event }) => event)).toEqual([
        { type: 'orders.changed', orderId: 2, farmId: farmer.farmId, restaurantId: 1 },
      ]);
    } finally {
      farmStream.close();
    }
  });

  it('closes the streams of a session that signs out, and every stream on a role switch', async () => {
    const user = await signUpFarmer(ctx.app, 'Manoa Farm');
    const elsewhere = new Session(ctx.app);
    const signedIn = await elsewhere.post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    const here = await openStream(baseUrl, user.cookie);
    const there = await openStream(baseUrl, elsewhere.cookie);

    const loggedOut = await user.get('/api/logout');
    expect(loggedOut.statusCode).toBe(302);
    await waitFor(() => here.ended, 'the signed-out session’s stream to end');
    // The other session's stream is still open: an event published now reaches it.
    const marker: LiveEvent = { type: 'products.changed', farmId: user.farmId, productIds: [] };
    await ctx.database.db.transaction((tx) => publishLiveEvent(tx, marker));
    await waitFor(() => there.events.length > 0, 'the marker on the other session’s stream');
    expect(there.ended).toBe(false);

    const switched = await elsewhere.post('/api/auth/switch-role', { role: 'restaurant' });
    expect(switched.statusCode, switched.body).toBe(200);
    await waitFor(() => there.ended, 'the stream opened as a farmer to end');
  });

  it('lets the server close while streams are open', async () => {
    const extra = await createTestAppOn(ctx.database);
    const farmerThere = await signUpFarmer(extra.app, 'Hilo Farm');
    const url = await listen(extra.app);
    const stream = await openStream(url, farmerThere.cookie);
    const started = Date.now();
    await extra.close();
    expect(Date.now() - started).toBeLessThan(5000);
    stream.close();
  });
});

describe.skipIf(!onPostgres)('GET /api/events across two instances (PostgreSQL)', () => {
  let ctx: TestContext;
  let secondDatabase: Database;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    // The second instance has a pool of its own, as another process would.
    const { pool } = databaseClient(ctx.database) as {
      pool: { options: { connectionString?: string } };
    };
    secondDatabase = await openDatabase({ url: pool.options.connectionString });
    second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false });
    firstUrl = await listen(ctx.app);
    secondUrl = await listen(second);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await ctx?.close();
  });

  it('delivers an event published through one instance to the other’s stream within 2 s', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    const restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
    const kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 100 });
    // The farmer's browser is on the second instance; the order goes through the first.
    const farmStream = await openStream(secondUrl, farmer.cookie);
    try {
      const placedAt = Date.now();
      const response = await fetch(`${firstUrl}/api/orders`, {
        method: 'POST',
        headers: { cookie: restaurant.cookie!, 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(farmer.farmId, [{ product: kale, quantity: 1 }])),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const arrived = await waitFor(
        () =>
          farmStream.events.find(
            ({ event }) => event.type === 'orders.changed' && event.orderId === id,
          ),
        'the order on the other instance',
      );
      expect(arrived.at - placedAt).toBeLessThan(2000);
      await waitFor(
        () => farmStream.events.some(({ event }) => event.type === 'notifications.changed'),
        'the bell update on the other instance',
      );
    } finally {
      farmStream.close();
    }
  });
});
