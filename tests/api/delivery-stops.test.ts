import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryDayStartResult, DeliveryRun } from '#core/schemas/delivery-run';
import { orders } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

/**
 * A run's stops are places (docs/delivery.md#delivery-runs): one restaurant is one stop with
 * every order delivered there; and the day's runs are renamed, deleted, printed and started
 * together.
 */

useClock(hawaiiNoon('2026-11-23'));

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let mama: Awaited<ReturnType<typeof signUpRestaurant>>;
let poke: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  // Both at the same street address (the fixtures' one): two restaurants, two stops.
  mama = await signUpRestaurant(ctx.app, 'Mama Bistro');
  poke = await signUpRestaurant(ctx.app, 'Kailua Poke');
  kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 10_000 });
});
afterAll(async () => {
  await ctx.close();
});

/** Places an order and puts it on `day` in `zone` with `status` directly. */
async function placeOn(
  buyer: Session,
  day: string,
  { zone = 'Kailua', status = 'packed' }: { zone?: string; status?: string } = {},
): Promise<number> {
  const response = await buyer.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  await ctx.database.db
    .update(orders)
    .set({ deliveryDate: day, status, deliveryArea: zone })
    .where(eq(orders.id, id));
  return id;
}

async function runsOf(day: string, session: Session = farmer): Promise<DeliveryRun[]> {
  const response = await session.get(`/api/delivery-runs?date=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeliveryRun[]>();
}

const named = (runs: DeliveryRun[], name: string) => runs.find((run) => run.name === name)!;
const orderIds = (run: DeliveryRun) => run.stops.map((stop) => stop.orderId);
const placesOf = (run: DeliveryRun) =>
  run.places.map((place) => [place.position, place.restaurant.name, place.orderIds]);

describe('one stop per restaurant', () => {
  it('makes each restaurant of a run one stop with all its orders, two restaurants at one address two', async () => {
    const day = '2026-12-01';
    const a = await placeOn(mama, day);
    const b = await placeOn(poke, day);
    // Mama Bistro's second order comes later: it joins Mama Bistro's stop.
    const c = await placeOn(mama, day);
    const run = named(await runsOf(day), 'Kailua');
    expect(placesOf(run)).toEqual([
      [1, 'Mama Bistro', [a, c]],
      [2, 'Kailua Poke', [b]],
    ]);
    expect(run.places[0]!.restaurant.address).toBe(run.places[1]!.restaurant.address);
    expect(run.stops.map((stop) => [stop.orderId, stop.position, stop.stop])).toEqual([
      [a, 1, 1],
      [c, 2, 1],
      [b, 3, 2],
    ]);
    // The driver's view and the run sheet have the same stops.
    const drive = (await farmer.get(`/api/delivery-runs/${run.id}`)).json<DeliveryRun>();
    expect(drive.places).toEqual(run.places);
    expect(drive.stops.map((stop) => stop.stop)).toEqual([1, 1, 2]);
    const sheet = await farmer.get(`/api/delivery-runs/${run.id}/sheet`);
    const text = (await pdfText(sheet.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('2 stops, 3 orders');
    expect(text.indexOf('Mama Bistro')).toBeLessThan(text.indexOf('Kailua Poke'));
  });

  it('moves a stop with all its orders, keeps a place together whatever list is sent, and moves one order to another run', async () => {
    const day = '2026-12-02';
    const a = await placeOn(mama, day);
    const b = await placeOn(poke, day);
    const c = await placeOn(mama, day);
    let run = named(await runsOf(day), 'Kailua');

    // Kailua Poke first: Mama Bistro's stop moves down with both its orders.
    const moved = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [b, a, c],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    run = moved.json<DeliveryRun>();
    expect(placesOf(run)).toEqual([
      [1, 'Kailua Poke', [b]],
      [2, 'Mama Bistro', [a, c]],
    ]);
    expect(run.version).toBeGreaterThan(1);

    // A list that splits a place: its orders are kept together where its first one is.
    const split = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [c, b, a],
    });
    expect(split.statusCode, split.body).toBe(200);
    run = split.json<DeliveryRun>();
    expect(orderIds(run)).toEqual([c, a, b]);
    expect(placesOf(run)).toEqual([
      [1, 'Mama Bistro', [c, a]],
      [2, 'Kailua Poke', [b]],
    ]);

    // Sending the order the run already has, even split, changes nothing.
    const same = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [c, b, a],
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<DeliveryRun>().version).toBe(run.version);

    // "Move to run…" still moves one order: Mama Bistro is then a stop on both runs.
    const created = await farmer.post('/api/delivery-runs', { date: day, name: 'Truck 2' });
    const truck = created.json<DeliveryRun>();
    const toTruck = await farmer.put(`/api/delivery-runs/${truck.id}/stops`, {
      version: truck.version,
      orderIds: [a],
    });
    expect(toTruck.statusCode, toTruck.body).toBe(200);
    const after = await runsOf(day);
    expect(placesOf(named(after, 'Truck 2'))).toEqual([[1, 'Mama Bistro', [a]]]);
    expect(placesOf(named(after, 'Kailua'))).toEqual([
      [1, 'Mama Bistro', [c]],
      [2, 'Kailua Poke', [b]],
    ]);
    // Moved back, it joins its restaurant's stop, not the end of the run.
    const kailua = named(after, 'Kailua');
    const back = await farmer.put(`/api/delivery-runs/${kailua.id}/stops`, {
      version: kailua.version,
      orderIds: [...orderIds(kailua), a],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(placesOf(back.json<DeliveryRun>())).toEqual([
      [1, 'Mama Bistro', [c, a]],
      [2, 'Kailua Poke', [b]],
    ]);
  });
});

describe('PATCH /api/delivery-runs/{id}', () => {
  it('renames a run with the rules of a new name: 400s, 404 for another farm’s', async () => {
    const day = '2026-12-03';
    const order = await placeOn(mama, day);
    await farmer.post('/api/delivery-runs', { date: day, name: 'North' });
    const run = named(await runsOf(day), 'Kailua');

    const renamed = await farmer.patch(`/api/delivery-runs/${run.id}`, {
      name: '  Windward truck ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<DeliveryRun>()).toMatchObject({
      id: run.id,
      name: 'Windward truck',
      zone: 'Kailua',
      version: run.version,
    });
    expect(orderIds(renamed.json<DeliveryRun>())).toEqual([order]);
    // Its own name in another case is no clash.
    const recased = await farmer.patch(`/api/delivery-runs/${run.id}`, { name: 'WINDWARD truck' });
    expect(recased.statusCode, recased.body).toBe(200);

    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      { name: 'north' },
      { name: 'a\u0007b' },
      {},
    ]) {
      const response = await farmer.patch(`/api/delivery-runs/${run.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toHaveProperty('name');
    }
    const theirs = await otherFarmer.patch(`/api/delivery-runs/${run.id}`, { name: 'Mine' });
    expect(theirs.statusCode).toBe(404);
    expect((await mama.patch(`/api/delivery-runs/${run.id}`, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect(named(await runsOf(day), 'WINDWARD truck').id).toBe(run.id);
    // A new order of the zone still joins the renamed run.
    const later = await placeOn(poke, day);
    expect(orderIds(named(await runsOf(day), 'WINDWARD truck'))).toEqual([order, later]);
  });
});

describe('DELETE /api/delivery-runs/{id}', () => {
  it('deletes a run without stops (204) and refuses one with stops (409 run_not_empty)', async () => {
    const day = '2026-12-04';
    const order = await placeOn(mama, day);
    const spare = (
      await farmer.post('/api/delivery-runs', { date: day, name: 'Spare truck' })
    ).json<DeliveryRun>();
    const kailua = named(await runsOf(day), 'Kailua');

    const refused = await farmer.delete(`/api/delivery-runs/${kailua.id}`);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ code: string; message: string; run: DeliveryRun }>();
    expect(body.code).toBe('run_not_empty');
    expect(orderIds(body.run)).toEqual([order]);

    expect((await otherFarmer.delete(`/api/delivery-runs/${spare.id}`)).statusCode).toBe(404);
    expect((await mama.delete(`/api/delivery-runs/${spare.id}`)).statusCode).toBe(403);
    const deleted = await farmer.delete(`/api/delivery-runs/${spare.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await runsOf(day)).map((run) => run.name)).toEqual(['Kailua']);
    expect((await farmer.delete(`/api/delivery-runs/${spare.id}`)).statusCode).toBe(404);

    // Emptied by moving its stop away, the zone's run can go too.
    const truck = (
      await farmer.post('/api/delivery-runs', { date: day, name: 'Truck 2' })
    ).json<DeliveryRun>();
    await farmer.put(`/api/delivery-runs/${truck.id}/stops`, {
      version: truck.version,
      orderIds: [order],
    });
    expect((await farmer.delete(`/api/delivery-runs/${kailua.id}`)).statusCode).toBe(204);
    expect((await runsOf(day)).map((run) => [run.name, orderIds(run)])).toEqual([
      ['Truck 2', [order]],
    ]);
  });
});

describe("the day's runs at once", () => {
  it('starts every run of the day (POST /api/delivery-runs/start), each as its own start', async () => {
    const day = '2026-12-05';
    const kailua = [await placeOn(mama, day), await placeOn(poke, day)];
    const notPacked = await placeOn(mama, day, { status: 'confirmed' });
    const hilo = await placeOn(poke, day, { zone: 'Hilo' });
    const otherDay = await placeOn(mama, '2026-12-06');
    const runs = await runsOf(day);

    const packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
    const response = await packer.post('/api/delivery-runs/start', { date: day });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DeliveryDayStartResult>();
    expect(body.date).toBe(day);
    expect(body.runs.map((run) => run.runId)).toEqual(runs.map((run) => run.id));
    const ofKailua = body.runs.find((run) => run.runId === named(runs, 'Kailua').id)!;
    // Stop order: Mama Bistro's stop (its packed order), then Kailua Poke's.
    expect(ofKailua.changed.map((change) => change.id)).toEqual([kailua[0], kailua[1]]);
    expect(ofKailua.notPacked).toEqual([{ id: notPacked, status: 'confirmed' }]);
    const ofHilo = body.runs.find((run) => run.runId === named(runs, 'Hilo').id)!;
    expect(ofHilo.changed).toEqual([{ id: hilo, fromStatus: 'packed', toStatus: 'in_transit' }]);

    const rows = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [...kailua, hilo, notPacked, otherDay]));
    const status = new Map(rows.map((row) => [row.id, row.status]));
    expect([...kailua, hilo].map((id) => status.get(id))).toEqual([
      'in_transit',
      'in_transit',
      'in_transit',
    ]);
    expect(status.get(notPacked)).toBe('confirmed');
    expect(status.get(otherDay)).toBe('packed');

    // Again: nothing left to send out.
    const again = (
      await farmer.post('/api/delivery-runs/start', { date: day })
    ).json<DeliveryDayStartResult>();
    expect(again.runs.flatMap((run) => run.changed)).toEqual([]);
    const bad = await farmer.post('/api/delivery-runs/start', { date: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: object }>().fields).toHaveProperty('date');
    expect((await mama.post('/api/delivery-runs/start', { date: day })).statusCode).toBe(403);
    const bookkeeper = await signUpMember(
      ctx.app,
      { kind: 'farm', id: farmer.farmId },
      'bookkeeper',
    );
    const forbidden = await bookkeeper.post('/api/delivery-runs/start', { date: day });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ code: string }>().code).toBe('forbidden_for_role');
  });

  it("prints the day's run sheets as one PDF, a run a page, and says so for a day without", async () => {
    const day = '2026-12-07';
    await placeOn(mama, day);
    await placeOn(mama, day);
    await placeOn(poke, day, { zone: 'Hilo' });
    await farmer.post('/api/delivery-runs', { date: day, name: 'Empty truck' });
    const response = await farmer.get(`/api/delivery-runs/sheets?date=${day}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="run-sheets-${day}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toMatch(/RUN SHEET · Hilo ·/);
    expect(text).toMatch(/RUN SHEET · Kailua ·/);
    expect(text).not.toContain('Empty truck');
    expect(text).toContain('1 stop, 2 orders');
    expect(text).toContain('1 stop, 1 order');
    const pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBe(2);

    const none = await farmer.get('/api/delivery-runs/sheets?date=2026-12-20');
    expect(none.statusCode).toBe(200);
    expect(await pdfText(none.rawPayload)).toContain('No runs with stops on this day.');
    expect((await farmer.get('/api/delivery-runs/sheets?date=2026-13-01')).statusCode).toBe(400);
    expect((await farmer.get('/api/delivery-runs/sheets')).statusCode).toBe(400);
    expect((await mama.get(`/api/delivery-runs/sheets?date=${day}`)).statusCode).toBe(403);
    // The other farm prints only its own (none).
    const theirs = await otherFarmer.get(`/api/delivery-runs/sheets?date=${day}`);
    expect(await pdfText(theirs.rawPayload)).toContain('No runs with stops on this day.');
  });
});
