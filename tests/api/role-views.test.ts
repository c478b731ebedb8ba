import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#core/schemas/auth';
import type { Order } from '#core/schemas/order';
import { setClock } from '../../src/server/clock';
import { addDeliveryDay, createProduct, orderBody } from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii; the order is for Thursday. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';

const MONEY_FIELDS = ['subtotal', 'deliveryFee', 'taxRate', 'taxAmount', 'totalAmount'] as const;
const PAYMENT_FIELDS = ['paymentStatus', 'amountPaid', 'balanceDue', 'dueDate'] as const;

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let packer: Member;
let orderId: number;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  setClock(MONDAY_NOON);
  farmer = await signUpFarmer(ctx.app, 'Money Farm');
  await farmer.put('/api/profile/farm', {
    ...sampleProfile('Money Farm'),
    deliveryFee: '5.00',
  });
  const restaurant = await signUpRestaurant(ctx.app, 'Money Kitchen');
  await addDeliveryDay(ctx.database.db, farmer.farmId, THU_DEC_3, 'Honolulu');
  const kale = await createProduct(ctx.database.db, farmer.farmId, { price: '4.25' });
  productId = kale.id;
  const placed = await restaurant.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product: kale, quantity: 3 }], { deliveryDate: THU_DEC_3 }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json<{ id: number }>().id;
  packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

function expectNoMoney(order: Order) {
  for (const field of [...MONEY_FIELDS, ...PAYMENT_FIELDS]) expect(order[field], field).toBeNull();
  for (const item of order.orderItems) {
    expect(item.unitPrice).toBeNull();
    expect(item.totalPrice).toBeNull();
  }
}

describe("a packer's view has no prices", () => {
  it('reads the orders with every money field null, and changes them without seeing any', async () => {
    const owners = (await farmer.get('/api/orders/farm')).json<Order[]>();
    expect(owners[0]).toMatchObject({ totalAmount: '17.75', orderItems: [{ unitPrice: '4.25' }] });

    const listed = await packer.get('/api/orders/farm');
    expect(listed.statusCode).toBe(200);
    const [order] = listed.json<Order[]>();
    expect(order).toMatchObject({ id: orderId, status: 'pending', orderItems: [{ quantity: 3 }] });
    expectNoMoney(order!);

    const confirmed = await packer.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectNoMoney(confirmed.json<Order>());
    const adjusted = await packer.post(`/api/orders/${orderId}/adjustments`, {
      lines: [{ itemId: order!.orderItems[0]!.id, quantity: 2, reason: 'Short picked' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expectNoMoney(adjusted.json<Order>());
    expect(adjusted.json<Order>().orderItems[0]!.quantity).toBe(2);
  });

  it("lists the farm's products without a price, and may not change one", async () => {
    const products = (await packer.get('/api/products/farm')).json<Record<string, unknown>[]>();
    expect(products.map((product) => product.id)).toEqual([productId]);
    expect(products[0]).not.toHaveProperty('price');
    expect((await farmer.get('/api/products/farm')).json()[0]).toHaveProperty('price', '4.25');

    const reprice = await packer.patch(`/api/products/${productId}`, { price: '1.00' });
    expect(reprice.statusCode).toBe(403);
    expect(reprice.json()).toMatchObject({
      code: 'forbidden_for_role',
      message: expect.stringContaining('Packer'),
    });
  });

  it('prints packing slips and pick lists without prices, and no invoice', async () => {
    const slip = await packer.get(`/api/orders/${orderId}/packing-slip`);
    expect(slip.statusCode, slip.body).toBe(200);
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain('PACKING SLIP');
    expect(slipText).not.toContain('$');
    const pickList = await packer.get(`/api/orders/farm/pick-list?date=${THU_DEC_3}`);
    expect(pickList.statusCode, pickList.body).toBe(200);
    const pickText = await pdfText(pickList.rawPayload);
    expect(pickText).toContain('PICK LIST');
    expect(pickText).not.toContain('$');

    const invoice = await packer.get(`/api/orders/${orderId}/invoice`);
    expect(invoice.statusCode).toBe(403);
    expect(invoice.json()).toMatchObject({ code: 'forbidden_for_role' });
    expect(
      await pdfText((await farmer.get(`/api/orders/${orderId}/invoice`)).rawPayload),
    ).toContain('$');
  });
});

describe("a farm's terms are its owners'", () => {
  it('lets a manager edit the profile of the farm they act for, but not its terms', async () => {
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'manager');
    const withTerms = await manager.put('/api/profile/farm', {
      ...sampleProfile('Money Farm'),
      paymentTerms: 'net_30',
    });
    expect(withTerms.statusCode).toBe(403);
    expect(withTerms.json()).toMatchObject({
      code: 'forbidden_for_role',
      message: expect.stringContaining('Manager'),
    });
    for (const terms of [{ taxRate: '0' }, { adjustmentAllowancePercent: 20 }]) {
      const refused = await manager.put('/api/profile/farm', {
        ...sampleProfile('Money Farm'),
        ...terms,
      });
      expect(refused.statusCode, JSON.stringify(terms)).toBe(403);
    }

    const renamed = await manager.put('/api/profile/farm', {
      ...sampleProfile('Money Farm & Sons'),
      deliveryFee: '6.00',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: farmer.farmId, name: 'Money Farm & Sons' });
    await expect
      .poll(async () => (await farmer.get('/api/auth/user')).json<User>().profile?.name)
      .toBe('Money Farm & Sons');

    const byOwner = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Money Farm'),
      paymentTerms: 'net_30',
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ paymentTerms: 'net_30' });
  });
});
