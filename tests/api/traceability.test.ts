import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lot, LotDetail, Recall } from '#core/schemas/traceability';
import type { PricedOrder as Order } from '#core/schemas/order';
import { setClock } from '../../src/server/clock';
import { rows } from '../../src/server/db/raw-sql';
import { DELIVERY_QUEUE } from '../../src/server/modules/notifications/queue';
import {
  lots,
  notificationDeliveries,
  notifications,
  orderLotChanges,
  orders,
  productPacks,
  products,
  restaurants,
  shippingRecords,
  users,
} from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { createLotsFarm, farmOrder, lotsRemaining } from '../helpers/lot-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import { signUpFarmer, signUpRestaurant, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let chef: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherChef: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let eggs: ProductFixture;
let otherKale: ProductFixture;
/** Lots of the farm: two of kale, one of eggs; and one of the other farm's kale. */
let kaleA: Lot;
let kaleB: Lot;
let eggLot: Lot;
let otherLot: Lot;

const DAY = '2026-12-03';

beforeAll(async () => {
  ({ ctx, farmer, chef, kale, eggs } = await createLotsFarm());
  const db = ctx.database.db;
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  otherChef = await signUpRestaurant(ctx.app, 'Hale Kitchen');
  otherKale = await createProduct(db, otherFarmer.farmId, { availableQuantity: 500 });
  await db
    .update(products)
    .set({ traceabilityCategory: 'leafy_greens' })
    .where(eq(products.id, otherKale.id));
});
afterAll(async () => {
  await ctx.close();
});

async function recordLot(
  session: typeof farmer,
  body: { code: string; productId: number; quantity: number },
): Promise<Lot> {
  const response = await session.post('/api/lots', {
    harvestDate: '2026-11-30',
    location: 'Field 3, Kahuku',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Lot;
}

/** An order of the chef's, placed and then set to `status` on DAY (placement is not the subject). */
async function orderOf(
  session: typeof chef,
  lines: { product: ProductFixture; quantity: number }[],
  status = 'confirmed',
): Promise<Order> {
  const response = await session.post('/api/orders', orderBody(farmer.farmId, lines));
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as Order).id;
  await ctx.database.db.update(orders).set({ deliveryDate: DAY, status }).where(eq(orders.id, id));
  return readOrder(id);
}

const readOrder = (id: number) => farmOrder(farmer, id);
const remaining = (...ids: number[]) => lotsRemaining(ctx.database.db, ids);

const lineOf = (order: Order, product: ProductFixture) =>
  order.orderItems.find((item) => item.productId === product.id)!;

function assign(
  order: Order,
  product: ProductFixture,
  lotsBody: { lotId: number; quantity: number }[],
) {
  return farmer.put(`/api/orders/${order.id}/items/${lineOf(order, product).id}/lots`, {
    lots: lotsBody,
  });
}

describe('turning traceability on', () => {
  it('keeps traceabilityEnabled on the farm profile and a product’s category', async () => {
    const profile = (await farmer.get('/api/auth/user')).json().profile;
    expect(profile.traceabilityEnabled).toBe(false);
    const { id: _id, kind: _kind, ...fields } = profile;
    const put = await farmer.put('/api/profile/farm', {
      name: fields.name,
      location: fields.location,
      traceabilityEnabled: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().traceabilityEnabled).toBe(true);
    expect((await farmer.get('/api/auth/user')).json().profile.traceabilityEnabled).toBe(true);

    const bad = await farmer.patch(`/api/products/${kale.id}`, { traceabilityCategory: 'kale' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.traceabilityCategory).toBeTruthy();
    const marked = await farmer.patch(`/api/products/${kale.id}`, {
      traceabilityCategory: 'leafy_greens',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().traceabilityCategory).toBe('leafy_greens');
    const created = await farmer.post('/api/products', {
      name: 'Basil',
      unit: 'bunch',
      price: '3.00',
      traceabilityCategory: 'herbs',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().traceabilityCategory).toBe('herbs');
    expect((await farmer.get(`/api/products/farm`)).json()[0]).toHaveProperty(
      'traceabilityCategory',
    );
  });
});

describe('lots', () => {
  beforeAll(async () => {
    kaleA = await recordLot(farmer, { code: 'KG-1130-A', productId: kale.id, quantity: 10 });
    kaleB = await recordLot(farmer, { code: 'KG-1130-B', productId: kale.id, quantity: 10 });
    eggLot = await recordLot(farmer, { code: 'EG-1130', productId: eggs.id, quantity: 50 });
    otherLot = await recordLot(otherFarmer, {
      code: 'WR-1',
      productId: otherKale.id,
      quantity: 10,
    });
  });

  it('records a lot with all of it remaining, and refuses a code the farm already uses', async () => {
    expect(kaleA).toMatchObject({
      code: 'KG-1130-A',
      productId: kale.id,
      product: { name: 'Lacinato kale', unit: 'lb', traceabilityCategory: 'leafy_greens' },
      harvestDate: '2026-11-30',
      location: 'Field 3, Kahuku',
      quantity: 10,
      remaining: 10,
      recalledAt: null,
    });
    const before = (await farmer.get('/api/lots')).headers['x-total-count'];
    const duplicate = await farmer.post('/api/lots', {
      code: 'kg-1130-a',
      productId: kale.id,
      harvestDate: '2026-11-30',
      location: 'Field 1',
      quantity: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'lot_code_taken',
      fields: { code: expect.any(String) },
    });
    // Another farm may use the same code: codes are unique per farm.
    await recordLot(otherFarmer, { code: 'KG-1130-A', productId: otherKale.id, quantity: 1 });
    const renamed = await farmer.patch(`/api/lots/${kaleB.id}`, { code: 'KG-1130-a' });
    expect(renamed.statusCode).toBe(409);
    expect((await farmer.get('/api/lots')).headers['x-total-count']).toBe(before);
  });

  it('refuses another farm’s product, a decimal of a counted unit and bad fields', async () => {
    const other = await farmer.post('/api/lots', {
      code: 'X-1',
      productId: otherKale.id,
      harvestDate: '2026-11-30',
      location: 'Field 1',
      quantity: 1,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.productId).toBeTruthy();
    const decimal = await farmer.post('/api/lots', {
      code: 'X-2',
      productId: eggs.id,
      harvestDate: '2026-11-30',
      location: 'Coop',
      quantity: 1.5,
    });
    expect(decimal.statusCode).toBe(400);
    expect(decimal.json().fields.quantity).toBeTruthy();
    const bad = await farmer.post('/api/lots', {
      code: 'has space',
      productId: kale.id,
      harvestDate: '2026-02-30',
      location: '',
      quantity: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'code',
      'harvestDate',
      'location',
      'quantity',
    ]);
  });

  it('pages the farm’s lots and answers another farm’s lot as not found', async () => {
    const first = await farmer.get('/api/lots?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(2);
    expect(first.headers['x-total-count']).toBe('3');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await farmer.get(next);
    expect(second.json()).toHaveLength(1);
    const ids = [...first.json(), ...second.json()].map((lot: Lot) => lot.id);
    expect(new Set(ids)).toEqual(new Set([kaleA.id, kaleB.id, eggLot.id]));
    const open = await farmer.get(`/api/lots?open=true&productId=${kale.id}`);
    expect(open.json().map((lot: Lot) => lot.id)).toEqual([kaleA.id, kaleB.id]);

    expect((await farmer.get(`/api/lots/${otherLot.id}`)).statusCode).toBe(404);
    expect((await farmer.patch(`/api/lots/${otherLot.id}`, { location: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await chef.get('/api/lots')).statusCode).toBe(403);
  });
});

describe('packing a traced line', () => {
  let order: Order;
  let second: Order;

  beforeAll(async () => {
    order = await orderOf(chef, [
      { product: kale, quantity: 5 },
      { product: eggs, quantity: 2 },
    ]);
    second = await orderOf(otherChef, [{ product: kale, quantity: 4 }]);
  });

  it('says which lines need lots', () => {
    expect(lineOf(order, kale)).toMatchObject({ traced: true, lots: [] });
    expect(lineOf(order, eggs)).toMatchObject({ traced: false, lots: [] });
  });

  it('refuses to pack without lots, naming the line, and changes nothing', async () => {
    const packed = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'packed' });
    expect(packed.statusCode).toBe(409);
    expect(packed.json()).toMatchObject({
      code: 'lot_required',
      itemId: lineOf(order, kale).id,
      productName: 'Lacinato kale',
    });
    expect((await readOrder(order.id)).status).toBe('confirmed');
  });

  it('refuses bad lots with the field, and changes nothing', async () => {
    const cases: [{ lotId: number; quantity: number }[], number, string][] = [
      [[{ lotId: otherLot.id, quantity: 5 }], 400, 'lots.0.lotId'],
      [[{ lotId: eggLot.id, quantity: 5 }], 400, 'lots.0.lotId'],
      [
        [
          { lotId: kaleA.id, quantity: 3 },
          { lotId: kaleB.id, quantity: 1 },
        ],
        400,
        'lots',
      ],
      [
        [
          { lotId: kaleA.id, quantity: 3 },
          { lotId: kaleA.id, quantity: 2 },
        ],
        400,
        'lots.1.lotId',
      ],
      [
        [
          { lotId: kaleA.id, quantity: 4.5 },
          { lotId: kaleB.id, quantity: 0.5 },
        ],
        200,
        '',
      ],
    ];
    for (const [body, status, field] of cases.slice(0, 4)) {
      const response = await assign(order, kale, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().fields).toHaveProperty([field]);
    }
    // More than a lot has left: 409 with what is left.
    await ctx.database.db.update(lots).set({ remaining: 2 }).where(eq(lots.id, kaleB.id));
    const over = await assign(order, kale, [
      { lotId: kaleA.id, quantity: 2 },
      { lotId: kaleB.id, quantity: 3 },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'lot_insufficient',
      lotId: kaleB.id,
      remaining: 2,
      fields: { 'lots.1.quantity': expect.any(String) },
    });
    await ctx.database.db.update(lots).set({ remaining: 10 }).where(eq(lots.id, kaleB.id));
    // Another farm's order line is not found.
    const foreign = await otherFarmer.put(
      `/api/orders/${order.id}/items/${lineOf(order, kale).id}/lots`,
      { lots: [] },
    );
    expect(foreign.statusCode).toBe(404);
    expect(lineOf(await readOrder(order.id), kale).lots).toEqual([]);
    expect(await remaining(kaleA.id, kaleB.id)).toEqual([10, 10]);
  });

  it('takes from the lots, gives back on reassigning, and lets a packer do it', async () => {
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const once = await packer.put(`/api/orders/${order.id}/items/${lineOf(order, kale).id}/lots`, {
      lots: [{ lotId: kaleA.id, quantity: 5 }],
    });
    expect(once.statusCode, once.body).toBe(200);
    expect(await remaining(kaleA.id, kaleB.id)).toEqual([5, 10]);
    const split = await assign(order, kale, [
      { lotId: kaleA.id, quantity: 3 },
      { lotId: kaleB.id, quantity: 2 },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    expect(lineOf(split.json(), kale).lots).toEqual([
      { lotId: kaleA.id, code: 'KG-1130-A', quantity: 3 },
      { lotId: kaleB.id, code: 'KG-1130-B', quantity: 2 },
    ]);
    expect(await remaining(kaleA.id, kaleB.id)).toEqual([7, 8]);
    const history = await ctx.database.db
      .select()
      .from(orderLotChanges)
      .where(eq(orderLotChanges.orderId, order.id));
    expect(history.map((row) => [row.reason, row.changedByRole])).toEqual([
      ['assigned', 'farmer'],
      ['assigned', 'farmer'],
    ]);
    expect(history[0]!.changedByUserId).toBe(packer.userId);
  });

  it('packs the day in bulk, refusing the order whose traced line has no lots', async () => {
    const bulk = await farmer.post('/api/orders/farm/bulk-status', {
      deliveryDate: DAY,
      status: 'packed',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().changed.map((row: { id: number }) => row.id)).toEqual([order.id]);
    expect(bulk.json().refused).toEqual([
      expect.objectContaining({ id: second.id, status: 'confirmed', code: 'lot_required' }),
    ]);
  });

  it('prints the lot codes per line on the packing slip and the invoice', async () => {
    for (const path of ['packing-slip', 'invoice']) {
      const pdf = await farmer.get(`/api/orders/${order.id}/${path}`);
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('KG-1130-A');
      expect(text).toContain('KG-1130-B');
    }
  });

  it('clears a packed line’s lots when the farm adjusts it, and asks for them again to ship', async () => {
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: lineOf(order, kale).id, quantity: 4.5, reason: 'Weighed at packing' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(lineOf(adjusted.json(), kale).lots).toEqual([]);
    expect(await remaining(kaleA.id, kaleB.id)).toEqual([10, 10]);
    const shipped = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'in_transit' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().code).toBe('lot_required');
    const again = await assign(order, kale, [
      { lotId: kaleA.id, quantity: 3 },
      { lotId: kaleB.id, quantity: 1.5 },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const ok = await farmer.patch(`/api/orders/${order.id}/status`, { status: 'in_transit' });
    expect(ok.statusCode, ok.body).toBe(200);
    // Shipped: the lots are fixed.
    const late = await assign(order, kale, [{ lotId: kaleA.id, quantity: 4.5 }]);
    expect(late.statusCode).toBe(409);
  });
});

describe('shipping and receiving records', () => {
  let secondOrder: Order;

  beforeAll(async () => {
    secondOrder = await orderOf(otherChef, [{ product: kale, quantity: 2 }]);
    expect((await assign(secondOrder, kale, [{ lotId: kaleA.id, quantity: 2 }])).statusCode).toBe(
      200,
    );
    for (const status of ['packed', 'in_transit']) {
      const moved = await farmer.patch(`/api/orders/${secondOrder.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  });

  async function workbook(response: { rawPayload: Buffer }) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);
    const sheet = book.worksheets[0]!;
    const rows: Record<string, unknown>[] = [];
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((name, index) => [name, values[index]])));
    });
    return { header, rows, sheet };
  }

  it('gives the farm one row per shipped lot with every key data element, as XLSX', async () => {
    // Renamed after shipping: the records keep what was shipped.
    await ctx.database.db
      .update(restaurants)
      .set({ name: 'Renamed Bistro' })
      .where(eq(restaurants.id, chef.restaurantId));
    const response = await farmer.get(
      '/api/traceability/records?from=2026-01-01&to=2100-12-31&format=xlsx',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { header, rows, sheet } = await workbook(response);
    expect(header).toEqual([
      'Traceability lot code',
      'Quantity',
      'Unit of measure',
      'Product description',
      'Food Traceability List category',
      'Ship-to name',
      'Ship-to location',
      'Ship-from name',
      'Ship-from location',
      'Ship date',
      'Traceability lot code source',
      'Reference document',
      'Order',
    ]);
    expect(rows).toHaveLength(3);
    const [first, second] = rows;
    expect(first).toMatchObject({
      'Traceability lot code': 'KG-1130-A',
      Quantity: 3,
      'Unit of measure': 'lb',
      'Product description': 'Lacinato kale',
      'Food Traceability List category': 'Leafy greens',
      'Ship-to name': 'Mama Bistro',
      'Ship-to location': '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      'Ship-from name': 'Kahuku Greens',
      'Ship-from location': '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      'Traceability lot code source': 'Kahuku Greens, 45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      'Reference document': expect.stringMatching(/^Invoice \d{5}$/),
    });
    // The ship date is an Excel date with a date format, not text.
    expect(first!['Ship date']).toBeInstanceOf(Date);
    expect((first!['Ship date'] as Date).toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00/);
    expect(sheet.getRow(2).getCell(header.indexOf('Ship date') + 1).numFmt).toBe('yyyy-mm-dd');
    expect(second).toMatchObject({ 'Traceability lot code': 'KG-1130-B', Quantity: 1.5 });
    expect(rows[2]).toMatchObject({ 'Ship-to name': 'Hale Kitchen', Quantity: 2 });
    // Eggs are not on the list: no record.
    expect(rows.some((row) => row['Product description'] === 'Eggs')).toBe(false);
  });

  it('gives the restaurant its receiving records, as CSV with a byte order mark, by lot', async () => {
    const csv = await chef.get(`/api/traceability/records?lot=kg-1130-b&farmId=${farmer.farmId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFTraceability lot code,Quantity')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('KG-1130-B,1.5,lb,Lacinato kale');
    const noFarm = await chef.get('/api/traceability/records?lot=KG-1130-B');
    expect(noFarm.statusCode).toBe(400);
    expect(noFarm.json().fields.farmId).toBeTruthy();
    const range = await chef.get('/api/traceability/records?from=2026-12-02&to=2026-12-01');
    expect(range.statusCode).toBe(400);
  });

  it('keeps the records when the product is deleted', async () => {
    const before = await ctx.database.db
      .select()
      .from(shippingRecords)
      .where(eq(shippingRecords.farmId, farmer.farmId));
    expect((await farmer.delete(`/api/products/${kale.id}`)).statusCode).toBe(200);
    await farmer.post(`/api/products/${kale.id}/restore`);
    const after = await ctx.database.db
      .select()
      .from(shippingRecords)
      .where(eq(shippingRecords.farmId, farmer.farmId));
    expect(after).toEqual(before);
  });

  it('shows another farm none of them', async () => {
    const csv = await otherFarmer.get('/api/traceability/records');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe('recall', () => {
  let recall: Recall;

  it('lists who received the lot, and answers another farm’s lot as not found', async () => {
    const detail = (await farmer.get(`/api/lots/${kaleA.id}`)).json() as LotDetail;
    expect(detail.recipients.map((row) => [row.restaurant.name, row.quantity])).toEqual([
      ['Mama Bistro', 3],
      ['Hale Kitchen', 2],
    ]);
    const foreign = await otherFarmer.post(`/api/lots/${kaleA.id}/recall`, { message: 'Stop' });
    expect(foreign.statusCode).toBe(404);
    const unshipped = await farmer.post(`/api/lots/${eggLot.id}/recall`, { message: 'Stop' });
    expect(unshipped.statusCode).toBe(409);
  });

  it('notifies every member of each restaurant, by email even when unverified, and records each notice', async () => {
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: null, notifyBySms: false, smsPhone: '(808) 555-0199' })
      .where(eq(users.id, otherChef.userId));
    const response = await farmer.post(`/api/lots/${kaleA.id}/recall`, {
      message: 'Possible Listeria: please hold and discard lot KG-1130-A.',
    });
    expect(response.statusCode, response.body).toBe(201);
    recall = response.json() as Recall;
    expect(recall.notices.map((notice) => [notice.restaurant.name, notice.acknowledgedAt])).toEqual(
      [
        ['Hale Kitchen', null],
        ['Renamed Bistro', null],
      ],
    );
    const sent = await ctx.database.db
      .select({
        userId: notifications.userId,
        channel: notificationDeliveries.channel,
        status: notificationDeliveries.status,
      })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notifications.kind, 'recall'));
    expect(sent).toEqual(
      expect.arrayContaining([
        { userId: chef.userId, channel: 'email', status: 'pending' },
        { userId: otherChef.userId, channel: 'email', status: 'pending' },
        { userId: otherChef.userId, channel: 'sms', status: 'pending' },
      ]),
    );
  });

  it('queues the recall’s email and text ahead of the mail already waiting', async () => {
    const queued = await rows<{ kind: string; priority: number }>(
      ctx.database.db,
      sql`select n.kind, j.priority from pgboss.job j
        join ${notifications} n on n.id = (j.data->>'notificationId')::int
        where j.name = ${DELIVERY_QUEUE} and j.state = 'created'`,
    );
    const recallJobs = queued.filter((job) => job.kind === 'recall');
    const others = queued.filter((job) => job.kind !== 'recall');
    expect(recallJobs.length).toBeGreaterThanOrEqual(3);
    expect(others.length).toBeGreaterThan(0);
    const lowestRecall = Math.min(...recallJobs.map((job) => job.priority));
    expect(others.every((job) => job.priority < lowestRecall)).toBe(true);
  });

  it('answers a second recall of the lot with 409 already_recalled, telling nobody again', async () => {
    const told = async () =>
      (
        await ctx.database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.kind, 'recall'))
      ).length;
    const before = await told();
    const again = await farmer.post(`/api/lots/${kaleA.id}/recall`, { message: 'Discard it.' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_recalled', message: expect.any(String) });
    expect(await told()).toBe(before);
    const detail = (await farmer.get(`/api/lots/${kaleA.id}`)).json() as LotDetail;
    expect(detail.recalls.map((item) => item.id)).toEqual([recall.id]);
  });

  it('takes updates of a recall only from its farm’s people who may recall, as valid text', async () => {
    const update = { message: 'Lab results expected Friday.' };
    const foreign = await otherFarmer.post(`/api/recalls/${recall.id}/updates`, update);
    expect(foreign.statusCode).toBe(404);
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const byPacker = await packer.post(`/api/recalls/${recall.id}/updates`, update);
    expect(byPacker.statusCode).toBe(403);
    expect(byPacker.json().code).toBe('forbidden_for_role');
    expect((await chef.post(`/api/recalls/${recall.id}/updates`, update)).statusCode).toBe(403);
    const missing = await farmer.post('/api/recalls/999999/updates', update);
    expect(missing.statusCode).toBe(404);
    for (const message of ['', 'Hold\u0007 it', 'x'.repeat(2001)]) {
      const bad = await farmer.post(`/api/recalls/${recall.id}/updates`, { message });
      expect(bad.statusCode, message).toBe(400);
      expect(bad.json().fields.message).toBeTruthy();
    }
  });

  it('sends an update to every member the recall reached, at most 3 a Hawaii day', async () => {
    // 11 PM in Hawaii on Dec 4, 2026: the day's limit lifts in an hour.
    const lateEvening = new Date('2026-12-05T09:00:00Z');
    setClock(lateEvening);
    try {
      const sent = [];
      for (const n of [1, 2, 3]) {
        const response = await farmer.post(`/api/recalls/${recall.id}/updates`, {
          message: `Update ${n}: still holding.\nLab results expected Friday.`,
        });
        expect(response.statusCode, response.body).toBe(201);
        sent.push(response.json());
      }
      expect(sent[0]).toEqual({
        id: expect.any(Number),
        recallId: recall.id,
        message: 'Update 1: still holding.\nLab results expected Friday.',
        createdAt: lateEvening.toISOString(),
      });
      const limited = await farmer.post(`/api/recalls/${recall.id}/updates`, {
        message: 'Update 4',
      });
      expect(limited.statusCode, limited.body).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(limited.headers['retry-after']).toBe('3600');

      const told = await ctx.database.db
        .select({
          userId: notifications.userId,
          channel: notificationDeliveries.channel,
          status: notificationDeliveries.status,
        })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .where(
          and(
            eq(notifications.kind, 'recall'),
            eq(notifications.body, 'Update 2: still holding.\nLab results expected Friday.'),
          ),
        );
      // The recall's people, by every address whatever they chose (food safety).
      expect(told).toEqual(
        expect.arrayContaining([
          { userId: chef.userId, channel: 'email', status: 'pending' },
          { userId: otherChef.userId, channel: 'email', status: 'pending' },
          { userId: otherChef.userId, channel: 'sms', status: 'pending' },
        ]),
      );
      const limitedTold = await ctx.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.body, 'Update 4'));
      expect(limitedTold).toEqual([]);

      setClock(new Date('2026-12-05T10:00:01Z'));
      const nextDay = await farmer.post(`/api/recalls/${recall.id}/updates`, {
        message: 'Update 4',
      });
      expect(nextDay.statusCode, nextDay.body).toBe(201);
    } finally {
      setClock(null);
    }
  });

  it('lets the restaurant acknowledge, once, and the farm see who and when', async () => {
    const open = await chef.get('/api/recalls?open=true');
    expect(open.json().map((item: Recall) => item.id)).toEqual([recall.id]);
    expect(open.json()[0].notices).toHaveLength(1);
    expect((await otherFarmer.post(`/api/recalls/${recall.id}/acknowledge`)).statusCode).toBe(403);
    const acknowledged = await chef.post(`/api/recalls/${recall.id}/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const notice = acknowledged.json().notices[0];
    expect(notice).toMatchObject({ acknowledgedByName: 'Kai A.' });
    expect(notice.acknowledgedAt).toBeTruthy();
    const again = await chef.post(`/api/recalls/${recall.id}/acknowledge`);
    expect(again.json().notices[0].acknowledgedAt).toBe(notice.acknowledgedAt);
    expect((await chef.get('/api/recalls?open=true')).json()).toEqual([]);

    const farmView = (await farmer.get('/api/recalls')).json() as Recall[];
    expect(
      farmView[0]!.notices.find((item) => item.restaurant.id === chef.restaurantId),
    ).toMatchObject({ acknowledgedByName: 'Kai A.', acknowledgedAt: notice.acknowledgedAt });
    expect((await farmer.get(`/api/lots/${kaleA.id}`)).json().recalls[0].id).toBe(recall.id);
    expect((await otherFarmer.get('/api/recalls')).json()).toEqual([]);
  });

  it('changes a lot’s quantity only down to what lines took, moving what is left with it', async () => {
    const [left] = await remaining(kaleA.id);
    const taken = 10 - left!;
    const below = await farmer.patch(`/api/lots/${kaleA.id}`, { quantity: taken - 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields.quantity).toBeTruthy();
    const raised = await farmer.patch(`/api/lots/${kaleA.id}`, {
      quantity: 12,
      location: 'Field 3 north, Kahuku',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({
      quantity: 12,
      remaining: left! + 2,
      location: 'Field 3 north, Kahuku',
    });
  });

  it('answers a restaurant that was not sent the recall as not found', async () => {
    const stranger = await signUpRestaurant(ctx.app, 'Stranger Cafe');
    expect((await stranger.post(`/api/recalls/${recall.id}/acknowledge`)).statusCode).toBe(404);
    expect((await stranger.get('/api/recalls')).json()).toEqual([]);
    const stillOpen = await ctx.database.db
      .select()
      .from(shippingRecords)
      .where(and(eq(shippingRecords.lotId, kaleA.id)));
    expect(stillOpen).toHaveLength(2);
  });
});

describe('records of a line sold by the case', () => {
  it('ship the case line in the product’s unit: 24 heads a case, from the lots it took', async () => {
    const db = ctx.database.db;
    const romaine = await createProduct(db, farmer.farmId, {
      name: 'Romaine',
      unit: 'head',
      price: '1.50',
      availableQuantity: 200,
      traceabilityCategory: 'leafy_greens',
    });
    const [casePack] = await db
      .insert(productPacks)
      .values({ productId: romaine.id, label: 'case of 24 heads', size: 24, price: '33.00' })
      .returning({ id: productPacks.id });
    const lot = await recordLot(farmer, { code: 'RM-1201', productId: romaine.id, quantity: 100 });
    const placed = await chef.post('/api/orders', {
      farmId: farmer.farmId,
      totalAmount: '66.00',
      items: [
        {
          productId: romaine.id,
          packId: casePack!.id,
          quantity: 2,
          unitPrice: '33.00',
          totalPrice: '66.00',
        },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = (placed.json() as Order).id;
    await db
      .update(orders)
      .set({ deliveryDate: DAY, status: 'confirmed' })
      .where(eq(orders.id, id));
    const order = await readOrder(id);
    // Lots count heads: the two cases take 48 of them.
    expect((await assign(order, romaine, [{ lotId: lot.id, quantity: 48 }])).statusCode).toBe(200);
    for (const status of ['packed', 'in_transit']) {
      const moved = await farmer.patch(`/api/orders/${id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const csv = await farmer.get('/api/traceability/records?lot=RM-1201');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('RM-1201,48,head,Romaine');
  });
});

// Real concurrency needs a server with many connections; the embedded database runs one
// transaction at a time, so this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent assignments', () => {
  it('never let lines take more of a lot than it holds', async () => {
    const chard = await createProduct(ctx.database.db, farmer.farmId, {
      name: 'Rainbow chard',
      availableQuantity: 100,
    });
    const lot = await recordLot(farmer, { code: 'RC-RACE', productId: chard.id, quantity: 5 });
    const placed = await Promise.all(
      Array.from({ length: 10 }, () => orderOf(chef, [{ product: chard, quantity: 1 }])),
    );
    const answers = await Promise.all(
      placed.map((order) => assign(order, chard, [{ lotId: lot.id, quantity: 1 }])),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(await remaining(lot.id)).toEqual([0]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent recalls', () => {
  it('recall a lot once, and send no more than the day’s updates, however many come at once', async () => {
    const recalls = await Promise.all(
      Array.from({ length: 5 }, () =>
        farmer.post(`/api/lots/${kaleB.id}/recall`, { message: 'Hold lot KG-1130-B.' }),
      ),
    );
    const recalled = recalls.filter((answer) => answer.statusCode === 201);
    expect(recalled).toHaveLength(1);
    expect(
      recalls
        .filter((answer) => answer.statusCode !== 201)
        .map((answer) => [answer.statusCode, answer.json().code]),
    ).toEqual(Array.from({ length: 4 }, () => [409, 'already_recalled']));

    setClock(new Date('2026-12-05T20:00:00Z'));
    try {
      const recallId = recalled[0]!.json<Recall>().id;
      const updates = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          farmer.post(`/api/recalls/${recallId}/updates`, { message: `At once ${n}` }),
        ),
      );
      const codes = updates.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
    } finally {
      setClock(null);
    }
  });
});
