import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import type { Order, OrderHistoryEntry } from '#core/schemas/order';
import { idempotencyKeys, orderDeliveries, orders } from '../../src/server/db/schema';
import { setClock } from '../../src/server/clock';
import { orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { postProof, signUpDeliveryCast, type ProofParts } from '../helpers/delivery-fixtures';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import {
  useTestApp,
  type Session,
  type signUpFarmer,
  type signUpRestaurant,
} from '../helpers/test-app';

/**
 * POST /api/deliveries: one confirmation per stop (docs/delivery.md#one-confirmation-per-stop-post-apideliveries).
 * The driver confirms a restaurant's stop once, and every listed order is delivered with the
 * same proof, all or none.
 */

const NOW = hawaiiNoon('2026-11-23');
useClock(NOW);
const dataDir = mkdtempSync(join(tmpdir(), 'harvest-hui-stop-deliveries-'));
const ctx = useTestApp({ dataDir });

let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let mama: Awaited<ReturnType<typeof signUpRestaurant>>;
let poke: Awaited<ReturnType<typeof signUpRestaurant>>;
let packer: Member;
let kale: ProductFixture;
let photo: Buffer;
let signature: Buffer;

const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function deliverStop(session: Session, parts: ProofParts, key?: string) {
  return postProof(session, '/api/deliveries', parts, key);
}

/** Places an order on `day` in `zone` and puts it in `status`, placed two hours ago. */
async function placeOn(
  buyer: Session,
  day: string,
  { status = 'in_transit', zone = 'Kailua' }: { status?: string; zone?: string } = {},
): Promise<number> {
  const response = await buyer.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  await ctx.app.db
    .update(orders)
    .set({
      status,
      deliveryDate: day,
      deliveryArea: zone,
      createdAt: new Date(NOW.getTime() - 2 * 3_600_000),
    })
    .where(eq(orders.id, id));
  return id;
}

/** Reads the day's runs, which puts the day's orders on them. */
async function runsOf(day: string): Promise<DeliveryRun[]> {
  const response = await farmer.get(`/api/delivery-runs?date=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeliveryRun[]>();
}

async function statusesOf(ids: number[]) {
  const rows = await ctx.app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.status);
}

beforeAll(async () => {
  ({
    farmer,
    otherFarmer,
    restaurant: mama,
    otherRestaurant: poke,
    packer,
    kale,
    photo,
    signature,
  } = await signUpDeliveryCast(ctx.app));
});

describe('POST /api/deliveries', () => {
  it('delivers every listed order of a stop with one proof, as the packer, in the order sent', async () => {
    const day = '2026-11-23';
    const first = await placeOn(mama, day);
    const second = await placeOn(mama, day);
    const elsewhere = await placeOn(poke, day);
    const run = (await runsOf(day))[0]!;
    expect(run.places.find((place) => place.orderIds.includes(first))!.orderIds).toEqual([
      first,
      second,
    ]);

    const deliveredAt = minutesAgo(3);
    const response = await deliverStop(
      packer,
      {
        orderIds: `${second}, ${first}`,
        recipientName: ' Chef Malia ',
        deliveredAt,
        photo,
        signature,
      },
      'stop-key-0000001',
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ orders: Order[] }>();
    expect(body.orders.map((order) => order.id)).toEqual([second, first]);
    for (const order of body.orders) {
      expect(order).toMatchObject({
        status: 'delivered',
        recipientName: 'Chef Malia',
        deliveryDate: '2026-11-23',
        delivery: {
          recipientName: 'Chef Malia',
          deliveredAt,
          deliveredByName: 'Kai A.',
          photoUrl: `/api/orders/${order.id}/delivery/photo`,
          signatureUrl: `/api/orders/${order.id}/delivery/signature`,
        },
      });
      // A packer sees no money, here as everywhere.
      expect(order.totalAmount).toBeNull();
    }
    // The same proof files for both, stripped of the camera's metadata.
    const proofs = await ctx.app.db
      .select()
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, [first, second]));
    expect(new Set(proofs.map((proof) => proof.photoKey)).size).toBe(1);
    expect(new Set(proofs.map((proof) => proof.signatureKey)).size).toBe(1);
    const seen = await mama.get(`/api/orders/${first}/delivery/photo`);
    expect(seen.statusCode).toBe(200);
    expect((await sharp(seen.rawPayload).metadata()).exif).toBeUndefined();
    // Each order's history names the packer, through the one order path.
    for (const id of [first, second]) {
      const history = (await mama.get(`/api/orders/${id}/history`)).json<OrderHistoryEntry[]>();
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'in_transit',
        toStatus: 'delivered',
        changedByUserId: packer.userId,
      });
    }
    expect(await statusesOf([elsewhere])).toEqual(['in_transit']);
    // The driver's run shows the stop delivered.
    const drive = (await packer.get(`/api/delivery-runs/${run.id}`)).json<{
      stops: { orderId: number; delivery: { recipientName: string } | null }[];
    }>();
    expect(
      drive.stops
        .filter((stop) => [first, second].includes(stop.orderId))
        .map((stop) => stop.delivery?.recipientName),
    ).toEqual(['Chef Malia', 'Chef Malia']);
  });

  it('answers a send again with the same key with the first result, its key kept 30 days in its own scope', async () => {
    const day = '2026-11-23';
    const ids = [await placeOn(poke, day), await placeOn(poke, day)];
    await runsOf(day);
    const parts = { orderIds: ids.join(','), recipientName: 'Kimo', deliveredAt: minutesAgo(5) };
    const key = 'stop-key-replay-01';
    const first = await deliverStop(farmer, parts, key);
    expect(first.statusCode, first.body).toBe(200);
    const [stored] = await ctx.app.db
      .select({ scope: idempotencyKeys.scope })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(stored!.scope).toBe('stop-delivery');

    // 29 days later the phone finally hears back: the same answer, delivered once.
    setClock(new Date(NOW.getTime() + 29 * 24 * 3_600_000));
    try {
      const again = await deliverStop(farmer, parts, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    } finally {
      setClock(NOW);
    }
    for (const id of ids) {
      const history = (await farmer.get(`/api/orders/${id}/history`)).json<OrderHistoryEntry[]>();
      expect(history.filter((entry) => entry.toStatus === 'delivered')).toHaveLength(1);
    }
    // Another confirmation under that key is not the same request.
    const reused = await deliverStop(farmer, { ...parts, recipientName: 'Someone else' }, key);
    expect(reused.statusCode).toBe(422);
    // The same key on one order's own delivery is another call's: no replay across them.
    const third = await placeOn(poke, day);
    const single = await postProof(
      farmer,
      `/api/orders/${third}/delivery`,
      { recipientName: 'Kimo', deliveredAt: minutesAgo(4) },
      key,
    );
    expect(single.statusCode, single.body).toBe(200);
    expect(single.headers['idempotent-replayed']).toBeUndefined();
    expect(single.json<Order>().id).toBe(third);
  });

  it('refuses a list that is not one stop out for delivery (400 fields.orderIds), delivering none', async () => {
    const day = '2026-11-24';
    const a = await placeOn(mama, day);
    const b = await placeOn(mama, day);
    const packed = await placeOn(mama, day, { status: 'packed' });
    const cancelled = await placeOn(mama, day, { status: 'cancelled' });
    const ofPoke = await placeOn(poke, day);
    const hilo = await placeOn(mama, day, { zone: 'Hilo' });
    const notOnARun = await placeOn(mama, '2026-11-25');
    const theirs = await otherFarmer.post('/api/delivery-runs', { date: day, name: 'Theirs' });
    expect(theirs.statusCode).toBe(201);
    await runsOf(day);

    const cases: [string, RegExp][] = [
      ['', /List 1 to 50/],
      ['a,b', /List 1 to 50/],
      [`${a},,${b}`, /List 1 to 50/],
      [`${a},-1`, /List 1 to 50/],
      [`${a},1.5`, /List 1 to 50/],
      [`${a},${a}`, /List each order once/],
      [Array.from({ length: 51 }, (_, index) => a + index).join(','), /At most 50/],
      [`${a},${ofPoke}`, /more than one restaurant/],
      [`${a},${hilo}`, /not on one delivery run/],
      [`${a},${notOnARun}`, /not on one delivery run/],
      [`${a},${packed}`, new RegExp(`#${packed} is packed`)],
      [`${a},${b},${cancelled}`, new RegExp(`#${cancelled} is cancelled`)],
      [`${a},2000000`, /Not an order of this farm: #2000000/],
    ];
    for (const [orderIds, message] of cases) {
      const response = await deliverStop(
        farmer,
        { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(1) },
        `stop-key-bad-${orderIds.length}-${orderIds.slice(-6)}`,
      );
      expect(response.statusCode, `${orderIds}: ${response.body}`).toBe(400);
      const fields = response.json<{ fields: Record<string, string> }>().fields;
      expect(fields.orderIds, orderIds).toMatch(message);
    }
    const missing = await deliverStop(
      farmer,
      { recipientName: 'Kimo', deliveredAt: minutesAgo(1) },
      'stop-key-no-ids',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: object }>().fields).toHaveProperty('orderIds');
    // Another farm's orders are not its to deliver, and say nothing of them.
    const other = await deliverStop(
      otherFarmer,
      { orderIds: `${a}`, recipientName: 'Kimo', deliveredAt: minutesAgo(1) },
      'stop-key-other-farm',
    );
    expect(other.statusCode).toBe(400);
    expect(other.json<{ fields: Record<string, string> }>().fields.orderIds).toBe(
      `Not an order of this farm: #${a}`,
    );
    expect(await statusesOf([a, b])).toEqual(['in_transit', 'in_transit']);
  });

  it('refuses a bad deliveredAt, a missing name or key, a restaurant and a bookkeeper, and changes nothing', async () => {
    const day = '2026-11-26';
    const a = await placeOn(mama, day);
    const b = await placeOn(mama, day);
    await runsOf(day);
    const orderIds = `${a},${b}`;
    const cases: [ProofParts, string | undefined, string][] = [
      [
        { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(-60) },
        'stop-key-future',
        'deliveredAt',
      ],
      [
        { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(3 * 60) },
        'stop-key-before',
        'deliveredAt',
      ],
      [
        { orderIds, recipientName: 'Kimo', deliveredAt: 'yesterday' },
        'stop-key-format',
        'deliveredAt',
      ],
      [
        { orderIds, recipientName: '  ', deliveredAt: minutesAgo(1) },
        'stop-key-name',
        'recipientName',
      ],
      [
        { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(1) },
        undefined,
        'Idempotency-Key',
      ],
    ];
    for (const [parts, key, field] of cases) {
      const response = await deliverStop(farmer, parts, key);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
    const notAPicture = await deliverStop(
      farmer,
      { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(1), signature: photo },
      'stop-key-signature-jpeg',
    );
    expect(notAPicture.statusCode).toBe(400);

    const parts = { orderIds, recipientName: 'Kimo', deliveredAt: minutesAgo(1) };
    expect((await deliverStop(mama, parts, 'stop-key-restaurant')).statusCode).toBe(403);
    const bookkeeper = await signUpMember(
      ctx.app,
      { kind: 'farm', id: farmer.farmId },
      'bookkeeper',
    );
    const refused = await deliverStop(bookkeeper, parts, 'stop-key-bookkeeper');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('forbidden_for_role');
    expect(await statusesOf([a, b])).toEqual(['in_transit', 'in_transit']);
  });
});

// The kernel judging an order that moved between the list's check and its lock needs two
// transactions at once: the embedded database runs one at a time, so this runs on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a stop whose order moves meanwhile', () => {
  it('answers 409 not_deliverable naming the order, and delivers none of the stop', async () => {
    const day = '2026-11-27';
    const a = await placeOn(mama, day);
    const b = await placeOn(mama, day);
    await runsOf(day);
    // Another hand holds order b (as the farm's own cancel would), then cancels it once the
    // confirmation has checked the list and waits on b's lock.
    const current = (await ctx.app.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const name = current.rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from orders where id = $1 for update', [b]);
      const sending = deliverStop(
        farmer,
        { orderIds: `${a},${b}`, recipientName: 'Kimo', deliveredAt: minutesAgo(1) },
        'stop-key-race-0001',
      );
      // Until the confirmation waits on b's lock.
      for (let tries = 0; tries < 100; tries += 1) {
        const waiting = await other.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [name],
        );
        if (waiting.rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await other.query("update orders set status = 'cancelled' where id = $1", [b]);
      await other.query('commit');
      const response = await sending;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'not_deliverable',
        orders: [{ id: b, status: 'cancelled', code: 'invalid_transition' }],
      });
    } finally {
      await other.end();
    }
    expect(await statusesOf([a, b])).toEqual(['in_transit', 'cancelled']);
    const proofs = await ctx.app.db
      .select()
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, [a, b]));
    expect(proofs).toEqual([]);
  });
});
