import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedOrder as Order } from '#core/schemas/order';
import type { SubstitutionRecord } from '#core/schemas/substitution';
import { setClock } from '../../src/server/clock';
import { openDatabase, type Database } from '../../src/server/db/database';
import {
  notifications,
  orderAdjustments,
  orderItems,
  productPacks,
  substitutions,
} from '../../src/server/db/schema';
import { databaseClient } from '../../src/server/modules/events/database-client';
import { expireDueSubstitutions } from '../../src/server/modules/substitutions/service';
import { decisionToken } from '../../src/server/modules/substitutions/token';
import { startSubstitutionExpiryWorker } from '../../src/server/modules/substitutions/worker';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  setFarmTerms,
  stockOf,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { expectBooksBalance } from '../helpers/invariants';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii; the farm delivers Tuesday, ordering closes Monday 6 PM. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const TUESDAY = '2026-11-24';
/** Monday 6 PM Hawaii: the day's cutoff. */
const CUTOFF = '2026-11-24T04:00:00.000Z';
const AFTER_CUTOFF = new Date('2026-11-24T05:00:00Z');
const SECRET = testConfig().sessionSecret;

let ctx: TestContext;
type Farmer = Awaited<ReturnType<typeof signUpFarmer>>;
type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;
let farmer: Farmer;
let otherFarmer: Farmer;
let restaurant: Restaurant;
let otherRestaurant: Restaurant;
let packer: Member;
let bookkeeper: Member;
let kale: ProductFixture;
let chard: ProductFixture;
let taro: ProductFixture;
let strangerProduct: ProductFixture;

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Hilo Grill');
  packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
  bookkeeper = await signUpMember(
    ctx.app,
    { kind: 'restaurant', id: restaurant.restaurantId },
    'bookkeeper',
  );
  await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: '5.00' });
  await addDeliveryDay(ctx.database.db, farmer.farmId, TUESDAY);
  const product = (name: string, price: string) =>
    createProduct(ctx.database.db, farmer.farmId, {
      name,
      unit: 'bunch',
      price,
      availableQuantity: 1000,
    });
  kale = await product('Kale', '4.00');
  chard = await product('Chard', '5.00');
  taro = await product('Taro', '3.00');
  strangerProduct = await createProduct(ctx.database.db, otherFarmer.farmId, {
    name: 'Ulu',
    unit: 'each',
    price: '2.00',
    availableQuantity: 100,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

type Lines = { product: ProductFixture; quantity: number; unitPrice?: string }[];

async function place(
  lines: Lines,
  substitution?: 'allow' | 'ask' | 'never',
  who: Restaurant = restaurant,
): Promise<Order> {
  const body = orderBody(farmer.farmId, lines, { deliveryDate: TUESDAY });
  const items = body.items.map((item) => (substitution ? { ...item, substitution } : item));
  const response = await who.post('/api/orders', { ...body, items });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

async function placeConfirmed(
  lines: Lines,
  substitution?: 'allow' | 'ask' | 'never',
): Promise<Order> {
  const order = await place(lines, substitution);
  const confirmed = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json() as Order;
}

const lineOf = (order: Order, product: ProductFixture) =>
  order.orderItems.find((item) => item.productId === product.id)!;

function propose(orderId: number, itemId: number, body: unknown, who: Farmer | Member = farmer) {
  return who.post(`/api/orders/${orderId}/items/${itemId}/substitution`, body);
}

async function farmOrder(id: number): Promise<Order> {
  const response = await farmer.get(`/api/orders/farm?limit=100`);
  return (response.json() as Order[]).find((order) => order.id === id)!;
}

async function rowsOf(orderId: number) {
  return ctx.database.db.select().from(substitutions).where(eq(substitutions.orderId, orderId));
}

/** The one-click link of the latest proposal's notice to `userId`. */
async function linkTokenOf(userId: number, substitutionId: number): Promise<string> {
  const [notice] = await ctx.database.db
    .select({ body: notifications.body, details: notifications.details })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.eventKey, `substitution:${substitutionId}:pending`),
      ),
    );
  expect(notice?.details).toMatch(/Accept the substitute: http:\/\/localhost:5000\/api\//);
  return decodeURIComponent(/token=([^&\s]+)/.exec(notice!.details!)![1]!);
}

function formPost(url: string, accept: boolean, origin = 'null') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `accept=${accept}`,
  });
}

describe('shorting a line', () => {
  it('gives its stock back and leaves the order total, the order and the invoice right to the cent', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 3 },
      { product: chard, quantity: 2 },
    ]);
    expect(lineOf(order, kale).substitution).toBe('ask');
    const chardBefore = await stockOf(ctx.database.db, chard.id);
    const shorted = await propose(order.id, lineOf(order, chard).id, { short: true });
    expect(shorted.statusCode, shorted.body).toBe(200);
    const after = shorted.json() as Order;
    expect(after.orderItems.map((item) => item.productId)).toEqual([kale.id]);
    expect(after.subtotal).toBe('12.00');
    expect(after.totalAmount).toBe('17.00');
    expect(await stockOf(ctx.database.db, chard.id)).toBe(chardBefore + 2);
    expect((await farmOrder(order.id)).totalAmount).toBe('17.00');
    const invoice = await pdfText((await farmer.get(`/api/orders/${order.id}/invoice`)).rawPayload);
    expect(invoice).toMatch(/\$17\.00/);
    expect(invoice).not.toMatch(/Chard/);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ state: 'shorted', productName: 'Chard', decidedVia: 'app' });
    const [recorded] = await ctx.database.db
      .select({ n: count() })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, order.id));
    expect(recorded!.n).toBe(1);
    await expectBooksBalance(ctx.database.db);
  });

  it('refuses to short the only line of a confirmed order and changes nothing', async () => {
    const order = await placeConfirmed([{ product: taro, quantity: 4 }]);
    const stock = await stockOf(ctx.database.db, taro.id);
    const refused = await propose(order.id, order.orderItems[0]!.id, { short: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('invalid_transition');
    // A packer gets the same answer: a confirmed order keeps a line, whoever asks.
    const byPacker = await propose(order.id, order.orderItems[0]!.id, { short: true }, packer);
    expect(byPacker.json().code).toBe('invalid_transition');
    expect(await stockOf(ctx.database.db, taro.id)).toBe(stock);
    expect((await farmOrder(order.id)).totalAmount).toBe(order.totalAmount);
    expect(await rowsOf(order.id)).toHaveLength(0);
  });

  it('is the farm’s own, and only from confirmed until it ships', async () => {
    const pending = await place([
      { product: kale, quantity: 1 },
      { product: chard, quantity: 1 },
    ]);
    const early = await propose(pending.id, pending.orderItems[0]!.id, { short: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_adjustable');
    const stranger = await propose(
      pending.id,
      pending.orderItems[0]!.id,
      { short: true },
      otherFarmer,
    );
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a substitute, by the line’s preference', () => {
  it('allow: takes it at once, at the restaurant’s own price, with the stock', async () => {
    // The restaurant's price list of the farm: 10% off.
    await place([{ product: kale, quantity: 1 }]);
    const list = await farmer.post('/api/price-lists', {
      name: 'Regulars',
      kind: 'percent',
      percentOff: '10',
      prices: [],
      breaks: [],
    });
    expect(list.statusCode, list.body).toBe(201);
    const assigned = await farmer.put(`/api/price-lists/${list.json().id}/restaurants`, {
      restaurantIds: [restaurant.restaurantId],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const order = await placeConfirmed(
      [
        { product: kale, quantity: 2, unitPrice: '3.60' },
        { product: taro, quantity: 1, unitPrice: '2.70' },
      ],
      'allow',
    );
    const kaleStock = await stockOf(ctx.database.db, kale.id);
    const chardStock = await stockOf(ctx.database.db, chard.id);
    const taken = await propose(order.id, lineOf(order, kale).id, {
      productId: chard.id,
      quantity: 2,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const after = taken.json() as Order;
    const substitute = lineOf(after, chard);
    expect(substitute).toMatchObject({
      substituteFor: lineOf(order, kale).id,
      substituteForName: kale.name,
      unitPrice: '4.50',
      totalPrice: '9.00',
      pendingSubstitution: null,
    });
    expect(after.orderItems.some((item) => item.productId === kale.id)).toBe(false);
    expect(after.subtotal).toBe('11.70');
    expect(after.totalAmount).toBe('16.70');
    expect(await stockOf(ctx.database.db, kale.id)).toBe(kaleStock + 2);
    expect(await stockOf(ctx.database.db, chard.id)).toBe(chardStock - 2);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ state: 'accepted', decidedVia: 'system' });
    expect(row!.substituteItemId).toBe(substitute.id);
    const invoice = await pdfText((await farmer.get(`/api/orders/${order.id}/invoice`)).rawPayload);
    expect(invoice).toMatch(/Chard/);
    expect(invoice).toContain(`Substitute for ${kale.name}`);
    expect(invoice).toMatch(/\$16\.70/);
    await farmer.put(`/api/price-lists/${list.json().id}/restaurants`, { restaurantIds: [] });
    await farmer.delete(`/api/price-lists/${list.json().id}`);
  });

  it('refuses a substitute that is not the farm’s, a pack of another product or a bad count', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 1 },
      { product: chard, quantity: 1 },
    ]);
    const itemId = lineOf(order, kale).id;
    const foreign = await propose(order.id, itemId, { productId: strangerProduct.id, quantity: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty('productId');
    const [chardPack] = await ctx.database.db
      .select({ id: productPacks.id })
      .from(productPacks)
      .where(eq(productPacks.productId, chard.id));
    const wrongPack = await propose(order.id, itemId, {
      productId: taro.id,
      packId: chardPack!.id,
      quantity: 1,
    });
    expect(wrongPack.statusCode).toBe(400);
    expect(wrongPack.json().fields).toHaveProperty('packId');
    const decimal = await propose(order.id, itemId, { productId: taro.id, quantity: 1.5 });
    expect(decimal.statusCode).toBe(400);
    expect(decimal.json().fields).toHaveProperty('quantity');
    expect(await rowsOf(order.id)).toHaveLength(0);
  });

  it('never: the preference set while pending shorts the line; it cannot change once confirmed', async () => {
    const order = await place([
      { product: kale, quantity: 1 },
      { product: chard, quantity: 1 },
    ]);
    const itemId = lineOf(order, kale).id;
    const set = await restaurant.patch(`/api/orders/${order.id}/items/${itemId}`, {
      substitution: 'never',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(lineOf(set.json(), kale).substitution).toBe('never');
    const byFarm = await farmer.patch(`/api/orders/${order.id}/items/${itemId}`, {
      substitution: 'allow',
    });
    expect(byFarm.statusCode).toBe(403);
    await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    const late = await restaurant.patch(`/api/orders/${order.id}/items/${itemId}`, {
      substitution: 'allow',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invalid_transition');
    const shorted = await propose(order.id, itemId, { productId: taro.id, quantity: 1 });
    expect(shorted.statusCode, shorted.body).toBe(200);
    expect(shorted.json().orderItems.map((item: { productId: number }) => item.productId)).toEqual([
      chard.id,
    ]);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ state: 'shorted', preference: 'never', decidedVia: 'system' });
  });

  it('ask: waits for the restaurant until the cutoff, one proposal a line, and the restaurant is told with its links', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const itemId = lineOf(order, kale).id;
    const asked = await propose(order.id, itemId, { productId: taro.id, quantity: 3 });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = lineOf(asked.json(), kale).pendingSubstitution!;
    expect(pending).toMatchObject({
      productId: taro.id,
      quantity: 3,
      unitPrice: '3.00',
      totalPrice: '9.00',
      deadline: CUTOFF,
    });
    expect((asked.json() as Order).totalAmount).toBe(order.totalAmount);
    const second = await propose(order.id, itemId, { productId: chard.id, quantity: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('substitution_pending');
    await linkTokenOf(restaurant.userId, pending.id);

    const accepted = await restaurant.post(`/api/substitutions/${pending.id}/decision`, {
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted', decidedVia: 'app' });
    const after = await farmOrder(order.id);
    expect(lineOf(after, taro)).toMatchObject({ substituteFor: itemId, totalPrice: '9.00' });
    expect(after.subtotal).toBe('14.00');
    const again = await restaurant.post(`/api/substitutions/${pending.id}/decision`, {
      accept: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'substitution_decided', state: 'accepted' });
    const told = await ctx.database.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, farmer.userId),
          eq(notifications.eventKey, `substitution:${pending.id}:accepted`),
        ),
      );
    expect(told[0]!.n).toBe(1);
  });

  it('decline in the app shorts the line', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const asked = await propose(order.id, lineOf(order, kale).id, {
      productId: taro.id,
      quantity: 2,
    });
    const { id } = lineOf(asked.json(), kale).pendingSubstitution!;
    const declined = await restaurant.post(`/api/substitutions/${id}/decision`, {
      accept: false,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().state).toBe('declined');
    const after = await farmOrder(order.id);
    expect(after.orderItems.map((item) => item.productId)).toEqual([chard.id]);
    expect(after.totalAmount).toBe('10.00');
  });
});

describe('the email’s link', () => {
  async function asked() {
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const response = await propose(order.id, lineOf(order, kale).id, {
      productId: taro.id,
      quantity: 2,
    });
    return { order, id: lineOf(response.json(), kale).pendingSubstitution!.id as number };
  }

  it('shows the substitute and its price, accepts by the page’s form with Origin: null, and is spent after', async () => {
    const { order, id } = await asked();
    const token = await linkTokenOf(restaurant.userId, id);
    const url = `/api/substitutions/decide?token=${encodeURIComponent(token)}`;
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`Order #${order.id}`);
    expect(page.body).toContain('Taro');
    expect(page.body).toContain('$6.00');
    expect(page.body).toContain('Accept substitute');
    expect(page.body).toContain('Decline');

    // Another site may not post it; the page's own form (Origin: null) may.
    const evil = await formPost(url, true, 'https://evil.example');
    expect(evil.statusCode, evil.body).toBe(403);
    const done = await formPost(url, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Substitute accepted');
    const [row] = (await rowsOf(order.id)).filter((candidate) => candidate.id === id);
    expect(row).toMatchObject({
      state: 'accepted',
      decidedVia: 'email',
      decidedByUserId: restaurant.userId,
    });
    const spent = await formPost(url, false);
    expect(spent.statusCode).toBe(409);
    expect(spent.body).toContain('answered already');
    const reopened = await ctx.app.inject({ method: 'GET', url });
    expect(reopened.body).toContain('answered already');
  });

  it('declines by JSON, and refuses a tampered token or a person without orders.change', async () => {
    const { order, id } = await asked();
    const token = await linkTokenOf(restaurant.userId, id);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/substitutions/decide?token=${encodeURIComponent(tampered)}`,
      headers: { origin: 'null' },
      payload: { accept: true },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('does not work');
    // A link made out to the bookkeeper (who may not change orders) decides nothing.
    const theirs = decisionToken(SECRET, id, bookkeeper.userId);
    const refused = await formPost(
      `/api/substitutions/decide?token=${encodeURIComponent(theirs)}`,
      true,
    );
    expect(refused.statusCode).toBe(403);
    expect((await rowsOf(order.id)).find((row) => row.id === id)?.state).toBe('pending');

    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/substitutions/decide?token=${encodeURIComponent(token)}`,
      headers: { origin: 'null' },
      payload: { accept: false },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.body).toContain('Substitute declined');
    expect((await farmOrder(order.id)).orderItems.map((item) => item.productId)).toEqual([
      chard.id,
    ]);
  });
});

describe('who may', () => {
  it('lets a packer propose, but shows the packer no prices', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const asked = await propose(
      order.id,
      lineOf(order, kale).id,
      { productId: taro.id, quantity: 2 },
      packer,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = lineOf(asked.json(), kale).pendingSubstitution!;
    expect(pending).toMatchObject({ quantity: 2, unitPrice: null, totalPrice: null });
    const listed = await packer.get(`/api/substitutions?orderId=${order.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0].substitute).toMatchObject({ unitPrice: null, totalPrice: null });
    const byOwner = await farmer.get(`/api/substitutions?orderId=${order.id}`);
    expect(byOwner.json()[0].substitute).toMatchObject({ unitPrice: '3.00', totalPrice: '6.00' });
    // The restaurant's bookkeeper reads, but may not answer.
    const decided = await bookkeeper.post(`/api/substitutions/${pending.id}/decision`, {
      accept: true,
    });
    expect(decided.statusCode).toBe(403);
    // Nor may another restaurant or the farm.
    const stranger = await otherRestaurant.post(`/api/substitutions/${pending.id}/decision`, {
      accept: true,
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await farmer.post(`/api/substitutions/${pending.id}/decision`, { accept: true })).statusCode,
    ).toBe(403);
  });
});

describe('an unanswered proposal', () => {
  it('is shorted at its deadline, exactly once with two sweeps at once', async () => {
    // Those left by the tests above first, so that the stock below counts this one alone.
    await expireDueSubstitutions(ctx.database.db, AFTER_CUTOFF);
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const kaleLine = lineOf(order, kale).id;
    const asked = await propose(order.id, kaleLine, { productId: taro.id, quantity: 2 });
    const { id } = lineOf(asked.json(), kale).pendingSubstitution!;
    // Before its deadline nothing happens.
    expect(await expireDueSubstitutions(ctx.database.db, MONDAY_NOON)).not.toContain(id);
    const kaleStock = await stockOf(ctx.database.db, kale.id);
    const sweeps = await Promise.all([
      expireDueSubstitutions(ctx.database.db, AFTER_CUTOFF),
      expireDueSubstitutions(ctx.database.db, AFTER_CUTOFF),
    ]);
    expect(sweeps.flat().filter((expired) => expired === id)).toHaveLength(1);
    expect(await stockOf(ctx.database.db, kale.id)).toBe(kaleStock + 2);
    const [row] = (await rowsOf(order.id)).filter((candidate) => candidate.id === id);
    expect(row).toMatchObject({ state: 'expired', decidedVia: 'system' });
    const shorts = await ctx.database.db
      .select({ n: count() })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderItemId, kaleLine));
    expect(shorts[0]!.n).toBe(1);
  });

  it('is shorted when the order is packed first', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const asked = await propose(order.id, lineOf(order, kale).id, {
      productId: taro.id,
      quantity: 2,
    });
    const { id } = lineOf(asked.json(), kale).pendingSubstitution!;
    const packed = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'packed' });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((packed.json() as Order).orderItems.map((item) => item.productId)).toEqual([chard.id]);
    const [row] = (await rowsOf(order.id)).filter((candidate) => candidate.id === id);
    expect(row).toMatchObject({ state: 'expired', decidedVia: 'system' });
  });
});

describe('the deadline job', () => {
  it('shorts a proposal past its deadline through the durable queue when the clock moves', async () => {
    const order = await placeConfirmed([
      { product: kale, quantity: 1 },
      { product: chard, quantity: 1 },
    ]);
    const asked = await propose(order.id, lineOf(order, kale).id, {
      productId: taro.id,
      quantity: 1,
    });
    const { id } = lineOf(asked.json(), kale).pendingSubstitution!;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startSubstitutionExpiryWorker({
      database: ctx.database,
      log,
      intervalSeconds: 3600,
      pollingIntervalSeconds: 0.5,
    });
    try {
      // Setting the clock asks the queue for a sweep at once.
      setClock(AFTER_CUTOFF);
      await expect
        .poll(
          async () => (await rowsOf(order.id)).find((row) => row.id === id)?.state ?? 'missing',
          { timeout: 30_000 },
        )
        .toBe('expired');
    } finally {
      await worker.stop();
      setClock(MONDAY_NOON);
    }
  });
});

// Two processes need a server with many connections: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two processes sweeping at once (PostgreSQL)',
  () => {
    let second: Database;
    beforeAll(async () => {
      const { pool } = databaseClient(ctx.database) as {
        pool: { options: { connectionString?: string } };
      };
      second = await openDatabase({ url: pool.options.connectionString });
    });
    afterAll(async () => {
      await second?.close();
    });

    it('shorts each unanswered proposal exactly once', async () => {
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const order = await placeConfirmed([
          { product: kale, quantity: 1 },
          { product: chard, quantity: 1 },
        ]);
        const asked = await propose(order.id, lineOf(order, kale).id, {
          productId: taro.id,
          quantity: 1,
        });
        ids.push(lineOf(asked.json(), kale).pendingSubstitution!.id);
      }
      const sweeps = await Promise.all([
        expireDueSubstitutions(ctx.database.db, AFTER_CUTOFF),
        expireDueSubstitutions(second.db, AFTER_CUTOFF),
        expireDueSubstitutions(ctx.database.db, AFTER_CUTOFF),
        expireDueSubstitutions(second.db, AFTER_CUTOFF),
      ]);
      const expired = sweeps.flat().filter((id) => ids.includes(id));
      expect(expired.sort((a, b) => a - b)).toEqual(ids);
    });
  },
);

describe('the day’s bulk call', () => {
  it('shorts a product on every confirmed order of the day, refusing an order’s only line', async () => {
    const day = '2026-12-01';
    await addDeliveryDay(ctx.database.db, farmer.farmId, day);
    const place2 = async (lines: { product: ProductFixture; quantity: number }[]) => {
      const body = orderBody(farmer.farmId, lines, { deliveryDate: day });
      const placed = await restaurant.post('/api/orders', body);
      expect(placed.statusCode, placed.body).toBe(201);
      await farmer.patch(`/api/orders/${placed.json().id}/status`, { status: 'confirmed' });
      return placed.json() as Order;
    };
    const first = await place2([
      { product: kale, quantity: 1 },
      { product: taro, quantity: 1 },
    ]);
    const second = await place2([
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const only = await place2([{ product: kale, quantity: 1 }]);
    const stranger = await otherFarmer.post('/api/orders/bulk-substitution', {
      deliveryDate: day,
      productId: kale.id,
    });
    expect(stranger.json().changed).toEqual([]);

    const proposed = await farmer.post('/api/orders/bulk-substitution', {
      deliveryDate: day,
      productId: kale.id,
      substitute: { productId: chard.id },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(
      proposed
        .json()
        .changed.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([first.id, second.id, only.id].sort());
    expect(proposed.json().changed.every((row: { state: string }) => row.state === 'pending')).toBe(
      true,
    );
    // Each proposal declined, then the product shorted by the bulk call.
    for (const row of proposed.json().changed as { substitutionId: number }[]) {
      await restaurant.post(`/api/substitutions/${row.substitutionId}/decision`, {
        accept: false,
      });
    }
    // The only line of an order stays when declined: the bulk short refuses it.
    const shorted = await farmer.post('/api/orders/bulk-substitution', {
      deliveryDate: day,
      productId: kale.id,
    });
    expect(shorted.statusCode, shorted.body).toBe(200);
    expect(shorted.json().changed).toEqual([]);
    expect(shorted.json().refused).toEqual([
      expect.objectContaining({ id: only.id, code: 'invalid_transition' }),
    ]);
    expect((await farmOrder(first.id)).orderItems.map((item) => item.productId)).toEqual([taro.id]);
    const bad = await farmer.post('/api/orders/bulk-substitution', {
      deliveryDate: day,
      productId: taro.id,
      substitute: { productId: strangerProduct.id },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('goes on after afterOrderId, naming the last order of each batch', async () => {
    const day = '2026-12-02';
    await addDeliveryDay(ctx.database.db, farmer.farmId, day);
    const placed: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const body = orderBody(
        farmer.farmId,
        [
          { product: kale, quantity: 1 },
          { product: chard, quantity: 1 },
        ],
        { deliveryDate: day },
      );
      const response = await restaurant.post('/api/orders', body);
      expect(response.statusCode, response.body).toBe(201);
      const id = (response.json() as Order).id;
      const confirmed = await farmer.patch(`/api/orders/${id}/status`, { status: 'confirmed' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      placed.push(id);
    }
    const [first, second, third] = placed as [number, number, number];
    const shortKale = (extra: object = {}, who: Farmer = farmer) =>
      who.post('/api/orders/bulk-substitution', {
        deliveryDate: day,
        productId: kale.id,
        ...extra,
      });

    const later = await shortKale({ afterOrderId: first });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ refused: [], remaining: 0, lastOrderId: third });
    expect(later.json().changed.map((row: { id: number }) => row.id)).toEqual([second, third]);
    expect((await farmOrder(first)).orderItems.map((item) => item.productId)).toEqual([
      kale.id,
      chard.id,
    ]);

    // Without afterOrderId the call starts from the oldest: the one order left.
    const rest = await shortKale();
    expect(rest.json()).toMatchObject({ remaining: 0, lastOrderId: first });
    expect(rest.json().changed.map((row: { id: number }) => row.id)).toEqual([first]);
    const none = await shortKale();
    expect(none.json()).toMatchObject({ changed: [], refused: [], lastOrderId: null });

    // Another farm's order, or none at all: the same 400, which says nothing of either.
    const theirs = await shortKale({ afterOrderId: first }, otherFarmer);
    const nobodys = await shortKale({ afterOrderId: 2_000_000_000 });
    for (const refused of [theirs, nobodys]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation',
        fields: { afterOrderId: expect.any(String) },
      });
    }
    expect(theirs.json()).toEqual(nobodys.json());
    const notAnId = await shortKale({ afterOrderId: 'first' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().fields).toEqual({ afterOrderId: expect.any(String) });
  });
});

describe('GET /api/substitutions', () => {
  it('pages each side’s own, and filters by state and order', async () => {
    const all = await farmer.get('/api/substitutions?limit=2');
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThan(2);
    expect(all.json()).toHaveLength(2);
    expect(all.headers.link).toMatch(/rel="next"/);
    const next = /<([^>]+)>/.exec(String(all.headers.link))![1]!;
    const page2 = await farmer.get(next);
    expect(page2.statusCode).toBe(200);
    const seen = [...all.json(), ...page2.json()].map((row: SubstitutionRecord) => row.id);
    expect(new Set(seen).size).toBe(seen.length);
    const mine = await restaurant.get('/api/substitutions?limit=200');
    expect(Number(mine.headers['x-total-count'])).toBe(total);
    const pending = await restaurant.get('/api/substitutions?state=pending&limit=200');
    expect((pending.json() as SubstitutionRecord[]).every((row) => row.state === 'pending')).toBe(
      true,
    );
    expect((await otherFarmer.get('/api/substitutions')).json()).toEqual([]);
    expect((await otherRestaurant.get('/api/substitutions')).json()).toEqual([]);
    const [first] = all.json() as SubstitutionRecord[];
    const ofOrder = await restaurant.get(`/api/substitutions?orderId=${first!.orderId}`);
    expect(
      (ofOrder.json() as SubstitutionRecord[]).every((row) => row.orderId === first!.orderId),
    ).toBe(true);
    // Another's order line: 404, as for one that does not exist.
    const foreign = await otherFarmer.post(
      `/api/orders/${first!.orderId}/items/${first!.itemId}/substitution`,
      { short: true },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the order guide’s choice for a line placed without one', async () => {
    const guideLess = await place([{ product: chard, quantity: 1 }]);
    expect(guideLess.orderItems[0]!.substitution).toBe('ask');
    const stored = await ctx.database.db
      .select({ substitution: orderItems.substitution })
      .from(orderItems)
      .where(eq(orderItems.orderId, guideLess.id));
    expect(stored[0]!.substitution).toBe('ask');
  });
});
