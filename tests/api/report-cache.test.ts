import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmReportOutput, restaurantReportOutput } from '#core/schemas/report';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  heardNoticesSoFar,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/** Reports kept by the process (docs/performance.md): hits, and what makes them stale. */
describe('the reports each process keeps', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('answers a repeated report from the cache, and an order, a status change or a rename makes it fresh', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kept Report Farm');
    const restaurant = await signUpRestaurant(ctx.app, 'Kept Report Bistro');
    const kale = await createProduct(ctx.database.db, farmer.farmId, { name: 'Kale' });
    const farmReport = async () =>
      farmReportOutput.parse((await farmer.get('/api/reports/farm')).json());
    const restaurantReport = async () =>
      restaurantReportOutput.parse((await restaurant.get('/api/reports/restaurant')).json());

    await heardNoticesSoFar(ctx);
    expect((await farmReport()).totals.pendingOrders).toBe(0);
    expect((await restaurantReport()).totals.totalOrders).toBe(0);
    const hits = ctx.app.reportCache.hits;
    expect((await farmReport()).totals.pendingOrders).toBe(0);
    expect(ctx.app.reportCache.hits).toBe(hits + 1);

    const placed = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 2 }]),
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    // The order's own event emptied both sides' reports before its answer could be read.
    await expect.poll(async () => (await farmReport()).totals.pendingOrders).toBe(1);
    await expect.poll(async () => (await restaurantReport()).totals.totalOrders).toBe(1);

    await farmer.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
    await expect.poll(async () => (await farmReport()).totals.pendingOrders).toBe(0);

    await restaurant.put('/api/profile/restaurant', sampleProfile('Renamed Report Bistro'));
    await expect
      .poll(async () => (await farmReport()).recentOrders[0]?.restaurantName)
      .toBe('Renamed Report Bistro');
  });
});
