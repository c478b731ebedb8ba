import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, multiplyCents, rateOf, taxCents, toMoneyString } from '#core/money';
import type { Claim } from '#core/schemas/claim';
import { setClock } from '../../src/server/clock';
import {
  claimPhotos,
  claims,
  creditBalances,
  creditEntries,
  creditNotes,
  farms,
  restaurants,
} from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let tomatoes: ProductFixture;
let eggs: ProductFixture;

/** 10 AM in Hawaii on Mon Nov 2, 2026. */
const DELIVERY_DAY = '2026-11-02';
const hawaiiMorning = (date: string) => new Date(`${date}T20:00:00Z`);
const TAX_RATE = '4.712';

beforeAll(async () => {
  setClock(hawaiiMorning(DELIVERY_DAY));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Elsewhere Cafe');
  await ctx.database.db.execute(
    sql`update farms set tax_rate = ${TAX_RATE} where id = ${farmer.farmId}`,
  );
  tomatoes = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Tomatoes',
    unit: 'lb',
    price: '3.99',
    availableQuantity: 10_000,
  });
  eggs = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Eggs',
    unit: 'dozen',
    price: '6.00',
    availableQuantity: 10_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

async function placed(session = restaurant) {
  const body = orderBody(farmer.farmId, [
    { product: tomatoes, quantity: 2.5 },
    { product: eggs, quantity: 4 },
  ]);
  const preview = await session.post('/api/checkout', { orders: [body] });
  const total = preview.json().farms?.[0]?.totalAmount as string | undefined;
  const [order] =
    preview.statusCode === 201
      ? preview.json().orders
      : await placeCheckout(session, [{ ...body, totalAmount: total! }]);
  return order as { id: number; orderItems: { id: number; productId: number }[] };
}

async function moveTo(orderId: number, last: 'confirmed' | 'delivered') {
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await farmer.patch(`/api/orders/${orderId}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
    if (status === last) return;
  }
}

async function delivered(session = restaurant) {
  const order = await placed(session);
  await moveTo(order.id, 'delivered');
  const item = (product: ProductFixture) =>
    order.orderItems.find((line) => line.productId === product.id)!.id;
  return { id: order.id, tomatoes: item(tomatoes), eggs: item(eggs) };
}

async function claimCount() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(claims);
  return row!.n;
}

async function balanceDue(orderId: number, session: Session = restaurant) {
  const response = await session.get(`/api/orders/${orderId}/payments`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().balanceDue as string;
}

describe('the claim window setting', () => {
  it('defaults to 2 days, takes 0 to 14, refuses anything else with the field', async () => {
    const me = await farmer.get('/api/auth/user');
    expect(me.json().profile.claimWindowDays).toBe(2);
    for (const bad of [15, -1, 1.5, '3']) {
      const response = await farmer.put('/api/profile/farm', {
        ...sampleProfile('Kahuku Greens'),
        claimWindowDays: bad,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('claimWindowDays');
    }
    const saved = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Kahuku Greens'),
      claimWindowDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().claimWindowDays).toBe(3);
  });
});

describe('reporting a problem: bad input changes nothing', () => {
  it('answers 400, 403, 404 or 409 with the field, and records no claim', async () => {
    const order = await delivered();
    // Delivered Mon Nov 2 with a 3-day window: the card offers it until Thu Nov 5.
    const [listed] = (await restaurant.get('/api/orders/restaurant?limit=1')).json();
    expect(listed).toMatchObject({ id: order.id, claimsOpenUntil: '2026-11-05' });
    const before = await claimCount();
    const report = (lines: unknown[], session: Session = restaurant, id = order.id) =>
      session.post(`/api/orders/${id}/claims`, { lines });
    const line = (extra: Record<string, unknown>) => ({
      itemId: order.eggs,
      kind: 'damaged',
      quantity: 1,
      note: 'Cracked',
      ...extra,
    });

    const more = await report([line({ quantity: 5 })]);
    expect(more.statusCode).toBe(400);
    expect(more.json().fields).toHaveProperty(['lines.0.quantity']);

    const negative = await report([line({ quantity: -1 })]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toHaveProperty(['lines.0.quantity']);

    const threeDecimals = await report([line({ itemId: order.tomatoes, quantity: 1.125 })]);
    expect(threeDecimals.statusCode).toBe(400);
    expect(threeDecimals.json().fields).toHaveProperty(['lines.0.quantity']);

    const halfAnEgg = await report([line({ quantity: 0.5 })]);
    expect(halfAnEgg.statusCode).toBe(400);
    expect(halfAnEgg.json().fields).toHaveProperty(['lines.0.quantity']);

    const unknownKind = await report([line({ kind: 'late' })]);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().fields).toHaveProperty(['lines.0.kind']);

    const notALine = await report([line({ itemId: 999_999 })]);
    expect(notALine.statusCode).toBe(400);
    expect(notALine.json().fields).toHaveProperty(['lines.0.itemId']);

    const others = await report([line({})], otherRestaurant);
    expect(others.statusCode).toBe(404);

    const byFarm = await report([line({})], farmer);
    expect(byFarm.statusCode).toBe(403);

    const early = await placed();
    await moveTo(early.id, 'confirmed');
    const undelivered = await report(
      [line({ itemId: early.orderItems[0]!.id })],
      restaurant,
      early.id,
    );
    expect(undelivered.statusCode).toBe(409);
    expect(undelivered.json().code).toBe('order_not_delivered');

    // The farm's window is 3 days: the fourth day after delivery is too late.
    setClock(hawaiiMorning('2026-11-06'));
    try {
      const late = await report([line({})]);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('claim_window_closed');
      expect(late.json().fields).toHaveProperty('lines');
    } finally {
      setClock(hawaiiMorning(DELIVERY_DAY));
    }
    expect(await claimCount()).toBe(before);
    expect(await balanceDue(order.id)).toBe(await balanceDue(order.id, farmer));
  });

  it('lets a buyer report but not a bookkeeper, and a manager decide but not a packer', async () => {
    const order = await delivered();
    const bookkeeper = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'bookkeeper',
    );
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: restaurant.restaurantId },
      'buyer',
    );
    const body = { lines: [{ itemId: order.eggs, kind: 'short', quantity: 1, note: '' }] };
    expect((await bookkeeper.post(`/api/orders/${order.id}/claims`, body)).statusCode).toBe(403);
    const reported = await buyer.post(`/api/orders/${order.id}/claims`, body);
    expect(reported.statusCode, reported.body).toBe(201);
    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const claimId = reported.json().id;
    const refused = await packer.post(`/api/claims/${claimId}/decision`, { decision: 'accept' });
    expect(refused.statusCode).toBe(403);
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const decided = await manager.post(`/api/claims/${claimId}/decision`, {
      decision: 'decline',
      reason: 'All twelve were counted at the door',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().state).toBe('declined');
    expect(decided.json().creditNote).toBeNull();
  });
});

describe('a claim decided in part', () => {
  it('makes a credit note at the unit price plus tax, lowering the invoice everywhere', async () => {
    const order = await delivered();
    const dueBefore = centsOf(await balanceDue(order.id));
    const reported = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [
        { itemId: order.tomatoes, kind: 'damaged', quantity: 1.25, note: 'Crushed in the crate' },
        { itemId: order.eggs, kind: 'short', quantity: 2, note: '' },
      ],
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const claim = reported.json() as Claim;
    expect(claim.state).toBe('open');
    expect(claim.lines.map((line) => line.kind)).toEqual(['damaged', 'short']);

    // The farm is told.
    const farmBell = await farmer.get('/api/notifications');
    expect(JSON.stringify(farmBell.json().items)).toContain(
      `Problem reported on order #${order.id}`,
    );

    // The restaurant may not decide; the farm decides part of it.
    const own = await restaurant.post(`/api/claims/${claim.id}/decision`, { decision: 'accept' });
    expect(own.statusCode).toBe(403);
    const tooMuch = await farmer.post(`/api/claims/${claim.id}/decision`, {
      decision: 'partial',
      lines: [{ itemId: order.tomatoes, quantity: 2 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toHaveProperty(['lines.0.quantity']);
    const decided = await farmer.post(`/api/claims/${claim.id}/decision`, {
      decision: 'partial',
      lines: [
        { itemId: order.tomatoes, quantity: 1.25 },
        { itemId: order.eggs, quantity: 1 },
      ],
      reason: 'One dozen was found in the walk-in',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const result = decided.json() as Claim;
    expect(result.state).toBe('partly_accepted');
    const rate = rateOf(TAX_RATE);
    const tomatoCredit = multiplyCents(399, 1.25);
    const eggCredit = multiplyCents(600, 1);
    const expected =
      tomatoCredit + taxCents(tomatoCredit, rate) + eggCredit + taxCents(eggCredit, rate);
    expect(result.creditNote!.number).toBe('CN-00001');
    expect(result.creditNote!.amount).toBe(toMoneyString(expected));
    expect(result.creditNote!.appliedToInvoice).toBe(toMoneyString(expected));

    const again = await farmer.post(`/api/claims/${claim.id}/decision`, { decision: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('claim_decided');

    // The one owed rule: the order, Bills and Receivables all owe less by the credit.
    expect(centsOf(await balanceDue(order.id))).toBe(dueBefore - expected);
    const seen = await restaurant.get(`/api/orders/${order.id}/payments`);
    expect(seen.json().amountCredited).toBe(toMoneyString(expected));
    const invoicePdf = await pdfText(
      (await restaurant.get(`/api/orders/${order.id}/invoice`)).rawPayload,
    );
    expect(invoicePdf).toMatch(new RegExp(`Credited \\$${toMoneyString(expected)}`));
    const bills = (await restaurant.get('/api/bills')).json();
    const billed = bills.farms[0].invoices.find((i: { orderId: number }) => i.orderId === order.id);
    expect(centsOf(billed.balanceDue)).toBe(dueBefore - expected);
    const receivables = (await farmer.get('/api/receivables')).json();
    const open = receivables.restaurants
      .flatMap((r: { invoices: { orderId: number; balanceDue: string }[] }) => r.invoices)
      .find((i: { orderId: number }) => i.orderId === order.id);
    expect(centsOf(open.balanceDue)).toBe(dueBefore - expected);

    // The restaurant is told; both see the credit note and its PDF.
    const bell = await restaurant.get('/api/notifications');
    expect(JSON.stringify(bell.json().items)).toContain('partly accepted');
    const notes = await restaurant.get('/api/credit-notes');
    expect(notes.statusCode).toBe(200);
    expect(notes.json().map((note: { number: string }) => note.number)).toContain('CN-00001');
    await ctx.database.db
      .update(farms)
      .set({ location: '41-600 Farm Road, Waimanalo, HI 96795' })
      .where(eq(farms.id, farmer.farmId));
    await ctx.database.db
      .update(restaurants)
      .set({ location: '1 Kitchen Lane, Honolulu, HI 96813' })
      .where(eq(restaurants.id, restaurant.restaurantId));
    const pdf = await restaurant.get(`/api/credit-notes/${result.creditNote!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE CN-00001');
    // Both addresses, the farm's and the restaurant's, as on the invoice.
    expect(text).toContain('41-600 Farm Road, Waimanalo, HI 96795');
    expect(text).toContain('1 Kitchen Lane, Honolulu, HI 96813');
    expect(text).toContain('Tomatoes');
    expect(text).toContain(toMoneyString(expected));
    expect(
      (await otherRestaurant.get(`/api/credit-notes/${result.creditNote!.id}/pdf`)).statusCode,
    ).toBe(404);

    // The statement lists it and closes lower by it.
    const statement = await restaurant.get(`/api/statements?month=2026-11&farmId=${farmer.farmId}`);
    expect(statement.statusCode).toBe(200);
    expect(await pdfText(statement.rawPayload)).toContain('Credit note CN-00001');

    // The accounting export lists it.
    const zip = await farmer.get(
      '/api/exports/accounting?from=2026-11-01&to=2026-11-30&format=xero',
    );
    expect(zip.statusCode, zip.body).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const credits = Object.entries(files).find(([name]) => name.startsWith('credit-notes'));
    expect(strFromU8(credits![1])).toContain(`CN-00001,11/02/2026,Ono Kitchen`);

    // Claims list for both sides, filtered by state.
    const farmList = await farmer.get('/api/claims?state=partly_accepted&limit=1');
    expect(farmList.statusCode).toBe(200);
    expect(farmList.json()[0].id).toBe(claim.id);
    expect(Number(farmList.headers['x-total-count'])).toBe(1);
    const otherList = await otherRestaurant.get('/api/claims');
    expect(otherList.json()).toEqual([]);
  });

  it('never credits a line beyond what was delivered, over several claims', async () => {
    const order = await delivered();
    const first = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [{ itemId: order.eggs, kind: 'damaged', quantity: 3, note: '' }],
    });
    expect(first.statusCode).toBe(201);
    const second = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [{ itemId: order.eggs, kind: 'short', quantity: 2, note: '' }],
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields).toHaveProperty(['lines.0.quantity']);
  });
});

describe('credit beyond an open balance', () => {
  it('becomes credit with the farm, applied or refunded, never below zero', async () => {
    const paidOrder = await delivered();
    const total = await balanceDue(paidOrder.id, farmer);
    const paid = await farmer.post(`/api/orders/${paidOrder.id}/payments`, {
      amount: total,
      paidOn: DELIVERY_DAY,
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const reported = await restaurant.post(`/api/orders/${paidOrder.id}/claims`, {
      lines: [{ itemId: paidOrder.eggs, kind: 'quality', quantity: 4, note: 'Old stock' }],
    });
    const decided = await farmer.post(`/api/claims/${reported.json().id}/decision`, {
      decision: 'accept',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const credit = decided.json().creditNote;
    expect(credit.appliedToInvoice).toBe('0.00');
    const credited = centsOf(credit.amount);
    expect(centsOf(credit.toCreditBalance)).toBe(credited);
    expect(await balanceDue(paidOrder.id)).toBe('0.00');

    const balances = (await restaurant.get('/api/credit-balances')).json();
    expect(balances).toEqual([
      expect.objectContaining({
        farm: { id: farmer.farmId, name: 'Kahuku Greens' },
        amount: credit.amount,
      }),
    ]);

    const next = await delivered();
    const nextDue = centsOf(await balanceDue(next.id));
    const tooMuch = await farmer.post('/api/credit-balances/apply', {
      restaurantId: restaurant.restaurantId,
      orderId: next.id,
      amount: toMoneyString(credited + 1),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('credit_above_balance');
    const zero = await farmer.post('/api/credit-balances/apply', {
      restaurantId: restaurant.restaurantId,
      orderId: next.id,
      amount: '0.00',
    });
    expect(zero.statusCode).toBe(400);
    const wrongRestaurant = await farmer.post('/api/credit-balances/apply', {
      restaurantId: otherRestaurant.restaurantId,
      orderId: next.id,
      amount: '1.00',
    });
    expect(wrongRestaurant.statusCode).toBe(400);
    const byRestaurant = await restaurant.post('/api/credit-balances/apply', {
      restaurantId: restaurant.restaurantId,
      orderId: next.id,
      amount: '1.00',
    });
    expect(byRestaurant.statusCode).toBe(403);

    const applied = await farmer.post('/api/credit-balances/apply', {
      restaurantId: restaurant.restaurantId,
      orderId: next.id,
      amount: '10.00',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(centsOf(await balanceDue(next.id))).toBe(nextDue - 1000);

    const left = credited - 1000;
    const overRefund = await farmer.post('/api/credit-balances/refund', {
      restaurantId: restaurant.restaurantId,
      amount: toMoneyString(left + 1),
      reference: 'Check 2001',
    });
    expect(overRefund.statusCode).toBe(409);
    const refunded = await farmer.post('/api/credit-balances/refund', {
      restaurantId: restaurant.restaurantId,
      amount: toMoneyString(left),
      reference: 'Check 2001',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual([]);

    // The ledger and the balance agree, and the database refuses a balance below zero.
    const [row] = await ctx.database.db
      .select({ amount: creditBalances.amount })
      .from(creditBalances)
      .where(eq(creditBalances.restaurantId, restaurant.restaurantId));
    expect(centsOf(row!.amount)).toBe(0);
    const entries = await ctx.database.db.select().from(creditEntries);
    const sum = (kind: string) =>
      entries.filter((e) => e.kind === kind).reduce((s, e) => s + centsOf(e.amount), 0);
    expect(sum('balance') - sum('applied') - sum('refunded')).toBe(0);
    await expect(
      ctx.database.db.execute(
        sql`update credit_balances set amount = -1 where restaurant_id = ${restaurant.restaurantId}`,
      ),
    ).rejects.toThrow();
    const notes = await ctx.database.db.select().from(creditNotes);
    expect(new Set(notes.map((note) => note.number)).size).toBe(notes.length);
  });
});

describe('one claim', () => {
  it('opens for its restaurant and its farm, and for nobody else', async () => {
    const order = await delivered();
    const filed = await restaurant.post(`/api/orders/${order.id}/claims`, {
      lines: [{ itemId: order.eggs, kind: 'short', quantity: 1, note: 'One dozen short' }],
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json() as Claim;
    const opened = await restaurant.get(`/api/claims/${claim.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: claim.id, orderId: order.id, state: 'open' });
    expect((await farmer.get(`/api/claims/${claim.id}`)).json()).toMatchObject({ id: claim.id });
    expect((await otherRestaurant.get(`/api/claims/${claim.id}`)).statusCode).toBe(404);
    expect((await restaurant.get('/api/claims/0')).statusCode).toBe(400);
  });
});

describe('claim photos', () => {
  it('are kept private: the two businesses read them, nobody else', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a33' },
    })
      .png()
      .toBuffer();
    const order = await delivered();
    const claim = (
      await restaurant.post(`/api/orders/${order.id}/claims`, {
        lines: [{ itemId: order.eggs, kind: 'damaged', quantity: 1, note: '' }],
      })
    ).json() as Claim;
    const boundary = '----claimphoto';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crate.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (session: Session) =>
      session.request({
        method: 'POST',
        url: `/api/claims/${claim.id}/photos`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    expect((await upload(otherRestaurant)).statusCode).toBe(404);
    const added = await upload(restaurant);
    expect(added.statusCode, added.body).toBe(201);
    const url = (added.json() as Claim).photos[0]!.url;
    expect(url).not.toContain('/uploads/');
    const seen = await farmer.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect((await otherRestaurant.get(url)).statusCode).toBe(404);
    await farmer.post(`/api/claims/${claim.id}/decision`, { decision: 'decline', reason: 'No' });
    expect((await upload(restaurant)).statusCode).toBe(409);
  });

  it('are at most five to a claim: the sixth is 409 too_many_photos and not kept', async () => {
    const { default: sharp } = await import('sharp');
    const order = await delivered();
    const claim = (
      await restaurant.post(`/api/orders/${order.id}/claims`, {
        lines: [{ itemId: order.tomatoes, kind: 'damaged', quantity: 1, note: '' }],
      })
    ).json() as Claim;
    const upload = async (shade: number) => {
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 80, b: 40 } },
      })
        .png()
        .toBuffer();
      const boundary = `----claimphoto${shade}`;
      return restaurant.request({
        method: 'POST',
        url: `/api/claims/${claim.id}/photos`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crate.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    for (const shade of [10, 50, 90, 130, 170]) {
      const added = await upload(shade);
      expect(added.statusCode, added.body).toBe(201);
    }
    const sixth = await upload(210);
    expect(sixth.statusCode, sixth.body).toBe(409);
    expect(sixth.json().code).toBe('too_many_photos');
    const kept = await ctx.database.db
      .select()
      .from(claimPhotos)
      .where(eq(claimPhotos.claimId, claim.id));
    expect(kept).toHaveLength(5);
  });
});

// Real concurrency needs a server with many connections; the embedded database runs one
// transaction at a time, so this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two decisions at once', () => {
  it('make one credit note; the other is 409 claim_decided', async () => {
    const order = await delivered();
    const claim = (
      await restaurant.post(`/api/orders/${order.id}/claims`, {
        lines: [{ itemId: order.eggs, kind: 'damaged', quantity: 2, note: '' }],
      })
    ).json() as Claim;
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const answers = await Promise.all([
      farmer.post(`/api/claims/${claim.id}/decision`, { decision: 'accept' }),
      manager.post(`/api/claims/${claim.id}/decision`, {
        decision: 'partial',
        lines: [{ itemId: order.eggs, quantity: 1 }],
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const notes = await ctx.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.claimId, claim.id));
    expect(notes).toHaveLength(1);
  });

  it('never take a credit balance below zero: two applies of most of it, one is 409', async () => {
    const paidOrder = await delivered();
    await farmer.post(`/api/orders/${paidOrder.id}/payments`, {
      amount: await balanceDue(paidOrder.id, farmer),
      paidOn: DELIVERY_DAY,
      method: 'cash',
    });
    const claim = (
      await restaurant.post(`/api/orders/${paidOrder.id}/claims`, {
        lines: [{ itemId: paidOrder.eggs, kind: 'short', quantity: 4, note: '' }],
      })
    ).json() as Claim;
    await farmer.post(`/api/claims/${claim.id}/decision`, { decision: 'accept' });
    const [held] = (await farmer.get('/api/credit-balances')).json() as { amount: string }[];
    const most = toMoneyString(Math.ceil((centsOf(held!.amount) * 2) / 3));
    const [first, second] = [await delivered(), await delivered()];
    const answers = await Promise.all(
      [first, second].map((order) =>
        farmer.post('/api/credit-balances/apply', {
          restaurantId: restaurant.restaurantId,
          orderId: order.id,
          amount: most,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await ctx.database.db
      .select({ amount: creditBalances.amount })
      .from(creditBalances)
      .where(eq(creditBalances.restaurantId, restaurant.restaurantId));
    expect(centsOf(row!.amount)).toBe(centsOf(held!.amount) - centsOf(most));
  });
});
