import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import {
  announceMonthStatements,
  monthBefore,
} from '../../src/server/modules/groups/statement-worker';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * A restaurant group's one payment (docs/groups.md): the farm records it against the group and
 * it settles the locations' invoices oldest first, by the one owed rule; the group's
 * consolidated statement lists every location.
 */

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let owner: Awaited<ReturnType<typeof signUpRestaurant>>;
let buyer: Awaited<ReturnType<typeof signUp>>;
let keeper: Awaited<ReturnType<typeof signUp>>;
let poi: ProductFixture;
let groupId: number;
let kailuaId: number;
/** Kailua's order: placed first, delivered second (Nov 3). */
let kailuaOrder: number;
/** Kaimuki's order: placed second, delivered first (Nov 2): the oldest invoice. */
let kaimukiOrder: number;

const noon = (date: string) => new Date(`${date}T22:00:00Z`);

async function deliver(orderId: number) {
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await farmer.patch(`/api/orders/${orderId}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function orderFor(restaurantId: number, quantity: number) {
  const acting = await buyer.post('/api/auth/business', { kind: 'restaurant', id: restaurantId });
  expect(acting.statusCode, acting.body).toBe(200);
  const [order] = await placeCheckout(buyer, [
    orderBody(farmer.farmId, [{ product: poi, quantity }]),
  ]);
  return order!.id;
}

const balanceOf = async (orderId: number) =>
  (await farmer.get(`/api/orders/${orderId}/payments`)).json<{ balanceDue: string }>().balanceDue;

beforeAll(async () => {
  setClock(noon('2026-11-02'));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Waimanalo Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Other Farm');
  poi = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Poi',
    unit: 'gallon',
    price: '10.00',
    availableQuantity: 1000,
  });
  owner = await signUpRestaurant(ctx.app, 'Kaimuki Kitchen');
  groupId = (await owner.post('/api/groups', { name: 'Ono Group' })).json<{ id: number }>().id;
  await owner.post(`/api/groups/${groupId}/locations`, { restaurantId: owner.restaurantId });
  const made = await owner.post(`/api/groups/${groupId}/locations`, {
    ...sampleProfile('Kailua Kitchen'),
    deliveryZone: 'kailua',
  });
  kailuaId = made.json<{ id: number }>().id;
  buyer = await signUp(ctx.app, 'buyer');
  keeper = await signUp(ctx.app, 'keeper');
  for (const [person, groupRole] of [
    [buyer, 'group_buyer'],
    [keeper, 'group_bookkeeper'],
  ] as const) {
    const added = await owner.post(`/api/groups/${groupId}/team/members`, {
      email: person.email,
      groupRole,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  // The group buyer orders for both locations; the farm delivers Kaimuki's first.
  kailuaOrder = await orderFor(kailuaId, 3);
  kaimukiOrder = await orderFor(owner.restaurantId, 5);
  await deliver(kaimukiOrder);
  setClock(noon('2026-11-03'));
  await deliver(kailuaOrder);
  setClock(noon('2026-11-05'));
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

const payGroup = (amount: string, by = farmer) =>
  by.post(`/api/customers/groups/${groupId}/payments`, {
    amount,
    paidOn: '2026-11-05',
    method: 'check',
    reference: '#1042',
  });

describe('a group payment', () => {
  it('is refused above what the locations owe together: 409 payment_above_balance', async () => {
    const kaimuki = await balanceOf(kaimukiOrder);
    const kailua = await balanceOf(kailuaOrder);
    expect([kaimuki, kailua]).toEqual(['50.00', '30.00']);
    const above = await payGroup('80.01');
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ code: 'payment_above_balance', balanceDue: '80.00' });
    expect(await balanceOf(kaimukiOrder)).toBe('50.00');
  });

  it('settles the oldest invoice first, then the next location', async () => {
    const paid = await payGroup('60.00');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().parts).toEqual([
      expect.objectContaining({
        orderId: kaimukiOrder,
        restaurantId: owner.restaurantId,
        amount: '50.00',
      }),
      expect.objectContaining({ orderId: kailuaOrder, restaurantId: kailuaId, amount: '10.00' }),
    ]);
    expect(await balanceOf(kaimukiOrder)).toBe('0.00');
    expect(await balanceOf(kailuaOrder)).toBe('20.00');
    // The restaurant's side sees the same payments on its bills.
    await keeper.post('/api/auth/business', { kind: 'restaurant', id: kailuaId });
    const bill = await keeper.get(`/api/orders/${kailuaOrder}/payments`);
    expect(bill.json()).toMatchObject({ balanceDue: '20.00', payments: [{ amount: '10.00' }] });
  });

  it('is voided as a whole: every part stops counting', async () => {
    const second = await payGroup('20.00');
    expect(second.statusCode).toBe(201);
    expect(await balanceOf(kailuaOrder)).toBe('0.00');
    const id = second.json<{ id: number }>().id;
    // A part alone is not voided: the group's payment is one.
    const part = second.json<{ parts: { paymentId: number }[] }>().parts[0]!.paymentId;
    const alone = await farmer.post(`/api/payments/${part}/void`, { reason: 'Only this one' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().code).toBe('part_of_group_payment');
    expect(await balanceOf(kailuaOrder)).toBe('0.00');
    const voided = await farmer.post(`/api/customers/groups/${groupId}/payments/${id}/void`, {
      reason: 'Check bounced',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().voidedAt).not.toBeNull();
    expect(await balanceOf(kailuaOrder)).toBe('20.00');
    const twice = await farmer.post(`/api/customers/groups/${groupId}/payments/${id}/void`, {
      reason: 'Again',
    });
    expect(twice.json().code).toBe('payment_already_voided');
    const listed = await farmer.get(`/api/customers/groups/${groupId}/payments`);
    expect(listed.json().map((p: { voidedAt: string | null }) => p.voidedAt !== null)).toEqual([
      true,
      false,
    ]);
  });

  it('is only for a farm whose customers include the group: 404 otherwise', async () => {
    expect((await farmer.get('/api/customers/groups')).json()).toEqual([
      { id: groupId, name: 'Ono Group', balanceDue: '20.00' },
    ]);
    expect((await otherFarmer.get('/api/customers/groups')).json()).toEqual([]);
    const response = await payGroup('1.00', otherFarmer);
    expect(response.statusCode).toBe(404);
    expect((await otherFarmer.get(`/api/customers/groups/${groupId}/payments`)).statusCode).toBe(
      404,
    );
    // A restaurant is refused the farm's route.
    expect((await payGroup('1.00', owner as unknown as typeof farmer)).statusCode).toBe(403);
  });

  it('refuses a day after today and a bad method with 400', async () => {
    const future = await farmer.post(`/api/customers/groups/${groupId}/payments`, {
      amount: '1.00',
      paidOn: '2026-11-06',
      method: 'check',
    });
    expect(future.statusCode).toBe(400);
    const method = await farmer.post(`/api/customers/groups/${groupId}/payments`, {
      amount: '1.00',
      paidOn: '2026-11-05',
      method: 'bitcoin',
    });
    expect(method.statusCode).toBe(400);
  });
});

describe("the group's statement with a farm", () => {
  it('lists every location with its total, as JSON, CSV and PDF', async () => {
    const url = `/api/groups/${groupId}/statements?month=2026-11&farmId=${farmer.farmId}`;
    const json = await keeper.get(url);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({
      groupName: 'Ono Group',
      farm: { name: 'Waimanalo Greens' },
      locations: [
        { name: 'Kaimuki Kitchen', invoiced: '50.00', paid: '50.00', closing: '0.00' },
        { name: 'Kailua Kitchen', invoiced: '30.00', paid: '10.00', closing: '20.00' },
      ],
      total: { invoiced: '80.00', paid: '60.00', closing: '20.00' },
    });
    const csv = await keeper.get(`${url}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Kailua Kitchen');
    expect(csv.body).toContain('All locations');
    const pdf = await keeper.get(`${url}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Kaimuki Kitchen');
    expect(text).toContain('Kailua Kitchen');
    // A farm the group has no dealings with has no statement.
    const none = await keeper.get(
      `/api/groups/${groupId}/statements?month=2026-11&farmId=${otherFarmer.farmId}`,
    );
    expect(none.statusCode).toBe(404);
  });

  it('announces a month once, by the sweep or on request, to owners and bookkeepers', async () => {
    // The hourly sweep announces the month before today's, once.
    expect(monthBefore('2026-12-06')).toBe('2026-11');
    expect(monthBefore('2027-01-03')).toBe('2026-12');
    expect(await announceMonthStatements(ctx.database.db, '2026-10')).toBe(0);
    expect(await announceMonthStatements(ctx.database.db, '2026-11')).toBe(1);
    expect(await announceMonthStatements(ctx.database.db, '2026-11')).toBe(0);
    const body = { month: '2026-11', farmId: farmer.farmId };
    const again = await keeper.post(`/api/groups/${groupId}/statements/announce`, body);
    expect(again.json(), again.body).toEqual({ announced: false });
    const kinds = async (session: typeof keeper) =>
      (await session.get('/api/notifications'))
        .json<{ items: { kind: string }[] }>()
        .items.map((n) => n.kind);
    expect(await kinds(keeper)).toContain('group_statement_ready');
    expect(await kinds(owner)).toContain('group_statement_ready');
    expect(await kinds(buyer)).not.toContain('group_statement_ready');
  });

  it("shows the group's spend by location and by farm", async () => {
    const dashboard = await buyer.get(`/api/groups/${groupId}/dashboard?month=2026-11`);
    expect(dashboard.json()).toMatchObject({
      byLocation: [
        { name: 'Kaimuki Kitchen', spend: '50.00' },
        { name: 'Kailua Kitchen', spend: '30.00' },
      ],
      byFarm: [{ name: 'Waimanalo Greens', spend: '80.00' }],
      total: '80.00',
    });
  });
});
