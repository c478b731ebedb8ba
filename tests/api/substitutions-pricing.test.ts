import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multiplyCents, orderAmounts, parseMoney, rateOf, toMoneyString } from '#core/money';
import type { Order } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import { shippingRecords } from '../../src/server/db/schema';
import { proposalDeadline } from '../../src/server/modules/substitutions/handlers';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { ULU_FEE, ULU_TAX_RATE, uluScene } from '../helpers/catch-weight-fixtures';
import { pdfText } from '../helpers/pdf-text';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

/**
 * A substitute charged by weight is priced as its line would be (docs/substitutions.md): the
 * restaurant's price per lb times the pack's estimate, the order's GET again on the new subtotal;
 * and a line placed without a preference takes the order guide's.
 */
const ctx = useTestApp();
useClock(hawaiiNoon('2026-11-23'));

describe('a proposal’s deadline', () => {
  const rule = { daysBefore: 1, minutes: 18 * 60 };
  it('is the cutoff before it, 6 AM on the day after it, an hour later after that, a day without a day', () => {
    // Ordering for Tuesday Nov 24 closes Monday 6 PM Hawaii (04:00 UTC Tuesday).
    expect(proposalDeadline('2026-11-24', rule, hawaiiNoon('2026-11-23')).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    const evening = new Date('2026-11-24T05:00:00Z');
    expect(proposalDeadline('2026-11-24', rule, evening).toISOString()).toBe(
      '2026-11-24T16:00:00.000Z',
    );
    const morning = new Date('2026-11-24T17:00:00Z');
    expect(proposalDeadline('2026-11-24', rule, morning).toISOString()).toBe(
      '2026-11-24T18:00:00.000Z',
    );
    expect(proposalDeadline(null, rule, morning).toISOString()).toBe('2026-11-25T17:00:00.000Z');
  });
});

describe('a substitute charged by weight', () => {
  it('is priced per lb on its estimate, with the GET, on the order and its invoice', async () => {
    const scene = await uluScene(ctx);
    const seconds = await scene.farmer.post('/api/products', {
      name: 'Breadfruit seconds',
      unit: 'box',
      price: '2.00',
      availableQuantity: 40,
      pricedByWeight: true,
      weightUnit: 'lb',
      packs: [{ label: 'case', size: 1, estimatedWeight: 20 }],
    });
    expect(seconds.statusCode, seconds.body).toBe(201);
    const substitute = seconds.json() as Product;
    const order = await scene.placeConfirmed(2);
    const line = order.orderItems[0]!;
    const asked = await scene.farmer.post(`/api/orders/${order.id}/items/${line.id}/substitution`, {
      productId: substitute.id,
      quantity: 2,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = (asked.json() as Order).orderItems[0]!.pendingSubstitution!;
    // 2 cases × 20 lb × $2.00.
    expect(pending).toMatchObject({ unitPrice: '2.00', totalPrice: '80.00', quantity: 2 });

    const accepted = await scene.restaurant.post(`/api/substitutions/${pending.id}/decision`, {
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await scene.farmer.get('/api/orders/farm?limit=10')).json() as Order[];
    const changed = after.find((candidate) => candidate.id === order.id)!;
    expect(changed.orderItems).toHaveLength(1);
    expect(changed.orderItems[0]).toMatchObject({
      productId: substitute.id,
      substituteFor: line.id,
      weightUnit: 'lb',
      estimatedWeight: 40,
      unitPrice: '2.00',
      totalPrice: '80.00',
    });
    const lineCents = multiplyCents(parseMoney('2.00')!, 40);
    const { taxCents, totalCents } = orderAmounts(
      lineCents,
      parseMoney(ULU_FEE)!,
      rateOf(ULU_TAX_RATE),
    );
    expect(changed.subtotal).toBe('80.00');
    expect(changed.taxAmount).toBe(toMoneyString(taxCents));
    expect(changed.totalAmount).toBe(toMoneyString(totalCents));
    const invoice = await pdfText(
      (await scene.farmer.get(`/api/orders/${order.id}/invoice`)).rawPayload,
    );
    expect(invoice).toContain('Breadfruit seconds');
    expect(invoice).toContain(toMoneyString(totalCents));
  });
});

describe('a substitute of a traced product', () => {
  it('is packed from its own lots and shipped in the FSMA records; the shorted line is not', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Traced Greens');
    const chef = await signUpRestaurant(ctx.app, 'Traced Bistro');
    const profile = (await farmer.get('/api/auth/user')).json().profile;
    const on = await farmer.put('/api/profile/farm', {
      name: profile.name,
      location: profile.location,
      traceabilityEnabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const traced = (name: string) =>
      createProduct(ctx.database.db, farmer.farmId, {
        name,
        availableQuantity: 100,
        traceabilityCategory: 'leafy_greens',
      });
    const kale = await traced('Kale');
    const chard = await traced('Chard');
    const spinach = await traced('Spinach');
    const lotOf = async (product: ProductFixture, code: string) => {
      const made = await farmer.post('/api/lots', {
        harvestDate: '2026-11-22',
        location: 'Field 3, Kahuku',
        code,
        productId: product.id,
        quantity: 50,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as number;
    };
    const chardLot = await lotOf(chard, 'CH-1');
    const spinachLot = await lotOf(spinach, 'SP-1');
    const body = orderBody(farmer.farmId, [
      { product: kale, quantity: 2 },
      { product: chard, quantity: 1 },
    ]);
    const placed = await chef.post('/api/orders', {
      ...body,
      items: body.items.map((item) => ({ ...item, substitution: 'allow' })),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' });
    const kaleLine = order.orderItems.find((item) => item.productId === kale.id)!;
    const taken = await farmer.post(`/api/orders/${order.id}/items/${kaleLine.id}/substitution`, {
      productId: spinach.id,
      quantity: 2,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    for (const line of (taken.json() as Order).orderItems) {
      const lotId = line.productId === spinach.id ? spinachLot : chardLot;
      const assigned = await farmer.put(`/api/orders/${order.id}/items/${line.id}/lots`, {
        lots: [{ lotId, quantity: line.quantity }],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    for (const status of ['packed', 'in_transit']) {
      const moved = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const records = await ctx.database.db
      .select({ productId: shippingRecords.productId, quantity: shippingRecords.quantity })
      .from(shippingRecords)
      .where(eq(shippingRecords.orderId, order.id));
    expect(records.map((row) => row.productId).sort()).toEqual([chard.id, spinach.id].sort());
  });
});

describe('the order guide’s preference', () => {
  it('is the line’s when the item sends none; the item’s own wins', async () => {
    const scene = await uluScene(ctx);
    const guide = await scene.restaurant.put('/api/order-guide', {
      sections: [{ name: 'Walk-in', items: [{ productId: scene.ulu.id, substitution: 'never' }] }],
    });
    expect(guide.statusCode, guide.body).toBe(200);
    const byGuide = await scene.restaurant.post('/api/orders', scene.orderOf(1));
    expect(byGuide.statusCode, byGuide.body).toBe(201);
    expect((byGuide.json() as Order).orderItems[0]!.substitution).toBe('never');
    const body = scene.orderOf(1) as { items: Record<string, unknown>[] };
    const own = await scene.restaurant.post('/api/orders', {
      ...body,
      items: body.items.map((item) => ({ ...item, substitution: 'allow' })),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((own.json() as Order).orderItems[0]!.substitution).toBe('allow');
  });
});
