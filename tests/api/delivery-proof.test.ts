import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hawaiiDate } from '#core/hawaii-time';
import type { Order, OrderHistoryEntry } from '#core/schemas/order';
import type { DriveRun } from '#core/schemas/delivery-proof';
import { orders } from '../../src/server/db/schema';
import { orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { postProof, signUpDeliveryCast, type ProofParts } from '../helpers/delivery-fixtures';
import type { Member } from '../helpers/team-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  signUp,
  useTestApp,
  type Session,
  type signUpFarmer,
  type signUpRestaurant,
} from '../helpers/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'harvest-hui-delivery-proof-'));
const ctx = useTestApp({ dataDir });

let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let packer: Member;
let kale: ProductFixture;
let photo: Buffer;
let signature: Buffer;

function deliver(session: Session, orderId: number, parts: ProofParts, key?: string) {
  return postProof(session, `/api/orders/${orderId}/delivery`, parts, key);
}

/** Places an order and puts it in transit directly: placement is not the subject. */
async function orderInTransit(status = 'in_transit'): Promise<number> {
  const response = await restaurant.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  // Placed two hours ago, so that a drop a minute ago comes after it.
  const createdAt = new Date(Date.now() - 2 * 3_600_000);
  await ctx.app.db.update(orders).set({ status, createdAt }).where(eq(orders.id, id));
  return id;
}

/** How many images the PDF's pages draw. */
async function pictureCount(pdf: Buffer): Promise<number> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    let pictures = 0;
    for (let number = 1; number <= document.numPages; number += 1) {
      const operators = await (await document.getPage(number)).getOperatorList();
      pictures += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
    }
    return pictures;
  } finally {
    await document.destroy();
  }
}

beforeAll(async () => {
  ({ farmer, otherFarmer, restaurant, otherRestaurant, packer, kale, photo, signature } =
    await signUpDeliveryCast(ctx.app));
});

describe('POST /api/orders/{id}/delivery', () => {
  it('delivers as the packer with a stripped photo and a signature, private to the two businesses', async () => {
    const orderId = await orderInTransit();
    const deliveredAt = new Date(Date.now() - 60_000).toISOString();
    const response = await deliver(
      packer,
      orderId,
      { recipientName: ' Chef Malia ', deliveredAt, photo, signature },
      'delivery-key-photo-1',
    );
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<Order>();
    expect(order.status).toBe('delivered');
    expect(order.recipientName).toBe('Chef Malia');
    expect(order.deliveryDate).toBe(hawaiiDate(new Date(deliveredAt)));
    expect(order.delivery).toMatchObject({
      recipientName: 'Chef Malia',
      deliveredAt,
      deliveredByName: 'Kai A.',
      photoUrl: `/api/orders/${orderId}/delivery/photo`,
      signatureUrl: `/api/orders/${orderId}/delivery/signature`,
    });
    expect(Date.parse(order.delivery!.receivedAt)).toBeGreaterThanOrEqual(Date.parse(deliveredAt));

    const history = (await restaurant.get(`/api/orders/${orderId}/history`)).json<
      OrderHistoryEntry[]
    >();
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'in_transit',
      toStatus: 'delivered',
      changedByUserId: packer.userId,
      changedByRole: 'farmer',
    });

    const seen = await restaurant.get(`/api/orders/${orderId}/delivery/photo`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(seen.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    const signed = await farmer.get(`/api/orders/${orderId}/delivery/signature`);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');

    for (const outsider of [otherRestaurant, otherFarmer]) {
      expect((await outsider.get(`/api/orders/${orderId}/delivery/photo`)).statusCode).toBe(404);
      expect((await outsider.get(`/api/orders/${orderId}/delivery/signature`)).statusCode).toBe(
        404,
      );
    }
    // Kept apart from the public product photos: nothing under /uploads.
    const kept = readdirSync(join(dataDir, 'delivery-proofs')).filter(
      (name) => !name.startsWith('.'),
    );
    expect(kept.sort().map((name) => name.split('.')[1])).toEqual(['jpg', 'png']);
    for (const name of kept) {
      expect((await restaurant.get(`/uploads/${name}`)).statusCode).toBe(404);
    }

    const invoice = await restaurant.get(`/api/invoices/${orderId}/download`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('Received by Chef Malia');
    expect(text).toContain('Delivered by Kai A.');
  });

  it('answers a second send with the same key with the first result, delivering once', async () => {
    const orderId = await orderInTransit();
    const deliveredAt = new Date(Date.now() - 120_000).toISOString();
    const parts = { recipientName: 'Kimo', deliveredAt };
    const first = await deliver(farmer, orderId, parts, 'delivery-key-replay-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await deliver(farmer, orderId, parts, 'delivery-key-replay-1');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const history = (await farmer.get(`/api/orders/${orderId}/history`)).json<
      OrderHistoryEntry[]
    >();
    expect(history.filter((entry) => entry.toStatus === 'delivered')).toHaveLength(1);
    // Another delivery under that key is not the same request.
    const reused = await deliver(
      farmer,
      orderId,
      { recipientName: 'Someone else', deliveredAt },
      'delivery-key-replay-1',
    );
    expect(reused.statusCode).toBe(422);
    // A new key on a delivered order: the phone is told the order's status.
    const again = await deliver(farmer, orderId, parts, 'delivery-key-replay-2');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_transition', status: 'delivered' });
  });

  it('refuses a bad deliveredAt, a missing key or name, and changes nothing', async () => {
    const orderId = await orderInTransit();
    const [placed] = await ctx.app.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    const cases: [ProofParts, string | undefined, string][] = [
      [
        { recipientName: 'Kimo', deliveredAt: new Date(Date.now() + 3_600_000).toISOString() },
        'k-future-1',
        'deliveredAt',
      ],
      [
        {
          recipientName: 'Kimo',
          deliveredAt: new Date(placed!.createdAt.getTime() - 60_000).toISOString(),
        },
        'k-before-1',
        'deliveredAt',
      ],
      [{ recipientName: 'Kimo', deliveredAt: 'yesterday' }, 'k-format-1', 'deliveredAt'],
      [
        { recipientName: '  ', deliveredAt: new Date().toISOString() },
        'k-name-001',
        'recipientName',
      ],
      [
        { recipientName: 'Kimo', deliveredAt: new Date().toISOString() },
        undefined,
        'Idempotency-Key',
      ],
    ];
    for (const [parts, key, field] of cases) {
      const response = await deliver(farmer, orderId, parts, key);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
    const notAPicture = await deliver(
      farmer,
      orderId,
      { recipientName: 'Kimo', deliveredAt: new Date().toISOString(), signature: photo },
      'k-signature-jpeg',
    );
    expect(notAPicture.statusCode).toBe(400);
    const [after] = await ctx.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(after!.status).toBe('in_transit');
  });

  it("answers 409 with the order's status when it was cancelled, 404 for another farm, 403 for a restaurant", async () => {
    const cancelled = await orderInTransit('cancelled');
    const parts = { recipientName: 'Kimo', deliveredAt: new Date().toISOString() };
    const refused = await deliver(farmer, cancelled, parts, 'delivery-key-cancelled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invalid_transition', status: 'cancelled' });
    const mine = await orderInTransit();
    expect((await deliver(otherFarmer, mine, parts, 'delivery-key-other')).statusCode).toBe(404);
    expect((await deliver(restaurant, mine, parts, 'delivery-key-diner')).statusCode).toBe(403);
  });

  it('leaves PATCH /api/orders/{id}/status delivering as before, without proof', async () => {
    const orderId = await orderInTransit();
    const response = await farmer.patch(`/api/orders/${orderId}/status`, {
      status: 'delivered',
      recipientName: 'Leilani',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      status: 'delivered',
      recipientName: 'Leilani',
      delivery: null,
    });
    expect((await restaurant.get(`/api/orders/${orderId}/delivery/photo`)).statusCode).toBe(404);
  });
});

describe('the invoice an administrator draws', () => {
  it('leaves out the delivery’s photo and signature that the farm’s copy embeds', async () => {
    const orderId = await orderInTransit();
    const deliveredAt = new Date(Date.now() - 60_000).toISOString();
    const delivered = await deliver(
      farmer,
      orderId,
      { recipientName: 'Chef Leilani', deliveredAt, photo, signature },
      'delivery-key-admin-invoice-1',
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const administrator = await signUp(ctx.app, 'invoice-admin');
    expect(await grantAdmin(ctx.app.db, administrator.email)).toBe(true);
    // The pictures' own route does not show them to an administrator either.
    expect((await administrator.get(`/api/orders/${orderId}/delivery/photo`)).statusCode).toBe(404);

    const invoice = async (session: Session, url: string) => {
      const response = await session.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return {
        text: await pdfText(response.rawPayload),
        pictures: await pictureCount(response.rawPayload),
      };
    };
    const farmCopy = await invoice(farmer, `/api/orders/${orderId}/invoice`);
    expect(farmCopy.text).toContain('Received by Chef Leilani');
    expect(farmCopy.pictures).toBe(2);
    const archiveCopy = await invoice(administrator, `/api/admin/orders/${orderId}/invoice`);
    expect(archiveCopy.pictures).toBe(0);
    // The same PDF as the admin's own invoice route: who received it, no pictures.
    const adminCopy = await invoice(administrator, `/api/orders/${orderId}/invoice`);
    expect(adminCopy).toEqual(archiveCopy);
  });
});

describe('GET /api/delivery-runs/{id}', () => {
  it("gives the driver the run's stops with their lines and no prices, 404 to another farm", async () => {
    const orderId = await orderInTransit();
    const day = '2026-12-03';
    await ctx.app.db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, orderId));
    const [run] = (await packer.get(`/api/delivery-runs?date=${day}`)).json<{ id: number }[]>();
    const response = await packer.get(`/api/delivery-runs/${run!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const drive = response.json<DriveRun>();
    const stop = drive.stops.find((candidate) => candidate.orderId === orderId)!;
    expect(stop.lines).toEqual([{ name: kale.name, quantity: 2, unit: kale.unit }]);
    expect(stop.delivery).toBeNull();
    expect(JSON.stringify(drive)).not.toContain('Price');
    expect((await otherFarmer.get(`/api/delivery-runs/${run!.id}`)).statusCode).toBe(404);

    // Handed over on another day than planned, it stays on the run it went out with.
    const delivered = await deliver(
      packer,
      orderId,
      { recipientName: 'Kimo', deliveredAt: new Date().toISOString() },
      'delivery-key-run-stays',
    );
    expect(delivered.json<Order>().deliveryDate).not.toBe(day);
    const after = (await packer.get(`/api/delivery-runs/${run!.id}`)).json<DriveRun>();
    expect(after.stops.find((candidate) => candidate.orderId === orderId)?.delivery).toMatchObject({
      recipientName: 'Kimo',
    });
  });
});

// Real concurrency needs a server with many connections; the embedded database runs one
// transaction at a time, so this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('deliveries sent at once', () => {
  it('delivers once whether the same confirmation or two phones race', async () => {
    const orderId = await orderInTransit();
    const parts = { recipientName: 'Kimo', deliveredAt: new Date().toISOString() };
    const sameKey = await Promise.all(
      Array.from({ length: 4 }, () => deliver(packer, orderId, parts, 'delivery-key-race-1')),
    );
    for (const answer of sameKey) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        expect(answer.json<{ code: string }>().code).toBe('idempotency_key_in_progress');
      }
    }
    expect(sameKey.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);

    const other = await orderInTransit();
    const twoPhones = await Promise.all([
      deliver(packer, other, parts, 'delivery-key-race-a'),
      deliver(farmer, other, parts, 'delivery-key-race-b'),
    ]);
    expect(twoPhones.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const id of [orderId, other]) {
      const history = (await farmer.get(`/api/orders/${id}/history`)).json<OrderHistoryEntry[]>();
      expect(history.filter((entry) => entry.toStatus === 'delivered')).toHaveLength(1);
    }
  });
});
