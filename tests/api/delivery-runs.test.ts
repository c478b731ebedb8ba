import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RUN_STOPS, type DeliveryRun } from '#core/schemas/delivery-run';
import { orders, orderStatusHistory } from '../../src/server/db/schema';
import { createProduct, orderBody, type ProductFixture } from '../helpers/catalog-fixtures';
import { pdfText } from '../helpers/pdf-text';
import {
  createTestApp,
  Session,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let kale: ProductFixture;
let otherKale: ProductFixture;
let farmerUserId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  restaurant = await signUpRestaurant(ctx.app, 'Mama Bistro');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Kailua Poke');
  farmerUserId = ((await farmer.get('/api/auth/user')).json() as { id: number }).id;
  kale = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 10_000 });
  otherKale = await createProduct(ctx.database.db, otherFarmer.farmId, {
    availableQuantity: 10_000,
  });
});
afterAll(async () => {
  await ctx.close();
});

interface Placed {
  day: string;
  zone?: string | null;
  status?: string;
  buyer?: Session;
  farmId?: number;
  product?: ProductFixture;
  notes?: string;
}

/** Places an order and puts it on `day`, in `zone`, with `status` directly: placement is not the subject. */
async function placeOn(options: Placed): Promise<number> {
  const buyer = options.buyer ?? restaurant;
  const response = await buyer.post(
    '/api/orders',
    orderBody(
      options.farmId ?? farmer.farmId,
      [{ product: options.product ?? kale, quantity: 1 }],
      options.notes ? { notes: options.notes } : {},
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as { id: number }).id;
  await ctx.database.db
    .update(orders)
    .set({
      deliveryDate: options.day,
      status: options.status ?? 'confirmed',
      deliveryArea: options.zone === undefined ? 'Kailua' : options.zone,
    })
    .where(eq(orders.id, id));
  return id;
}

async function runsOf(day: string, session: Session = farmer): Promise<DeliveryRun[]> {
  const response = await session.get(`/api/delivery-runs?date=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DeliveryRun[];
}

const stopIds = (run: DeliveryRun | undefined) => run!.stops.map((stop) => stop.orderId);
const named = (runs: DeliveryRun[], name: string) => runs.find((run) => run.name === name);

describe('GET /api/delivery-runs', () => {
  it("forms one run per zone of the farm's orders of the day that are not cancelled", async () => {
    const day = '2026-12-01';
    const first = await placeOn({ day, zone: 'Kailua', notes: 'Back door' });
    const noZone = await placeOn({ day, zone: null, buyer: otherRestaurant });
    const second = await placeOn({ day, zone: 'Kailua', buyer: otherRestaurant });
    const kaneohe = await placeOn({ day, zone: 'Kāneʻohe' });
    await placeOn({ day, status: 'cancelled' });
    await placeOn({ day: '2026-12-02' });
    await placeOn({ day, farmId: otherFarmer.farmId, product: otherKale });

    const runs = await runsOf(day);
    expect(runs.map((run) => [run.name, run.zone])).toEqual([
      ['Kailua', 'Kailua'],
      ['Kāneʻohe', 'Kāneʻohe'],
      ['No zone', null],
    ]);
    expect(stopIds(named(runs, 'Kailua'))).toEqual([first, second]);
    expect(stopIds(named(runs, 'Kāneʻohe'))).toEqual([kaneohe]);
    expect(stopIds(named(runs, 'No zone'))).toEqual([noZone]);
    const stop = named(runs, 'Kailua')!.stops[0]!;
    expect(stop).toMatchObject({
      orderId: first,
      position: 1,
      restaurant: { id: restaurant.restaurantId, name: 'Mama Bistro' },
      orderNumber: `#${first}`,
      itemCount: 1,
      notes: 'Back door',
      status: 'confirmed',
    });
    expect(typeof stop.restaurant.address).toBe('string');
    expect(runs.every((run) => run.date === day && run.version >= 1)).toBe(true);

    // Reading again changes nothing.
    expect(await runsOf(day)).toEqual(runs);
    // The other farm sees only its own order of the day.
    const theirs = await runsOf(day, otherFarmer);
    expect(theirs.flatMap((run) => stopIds(run))).toHaveLength(1);
  });

  it('answers an empty list for a day without orders, and 400 for a bad date', async () => {
    expect(await runsOf('2026-12-20')).toEqual([]);
    const bad = await farmer.get('/api/delivery-runs?date=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: Record<string, string> }).fields).toHaveProperty('date');
    expect((await farmer.get('/api/delivery-runs')).statusCode).toBe(400);
  });

  it('pages through the day’s stops with limit and cursor, keeping each run’s numbering', async () => {
    const day = '2026-12-22';
    // Kailua: Mama Bistro twice (one stop), then Kailua Poke; then one order of Kāneʻohe.
    const first = await placeOn({ day });
    const poke = await placeOn({ day, buyer: otherRestaurant });
    const again = await placeOn({ day });
    const kaneohe = await placeOn({ day, zone: 'Kāneʻohe' });
    const whole = await farmer.get(`/api/delivery-runs?date=${day}`);
    expect(whole.headers['x-total-count']).toBe('4');
    expect(whole.headers.link).toBeUndefined();
    const runs = whole.json() as DeliveryRun[];
    expect(stopIds(named(runs, 'Kailua'))).toEqual([first, again, poke]);

    const pages: DeliveryRun[][] = [];
    let next: string | undefined = `/api/delivery-runs?date=${day}&limit=2`;
    while (next) {
      const response = await farmer.get(next);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      pages.push(response.json() as DeliveryRun[]);
      next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    }
    expect(pages).toHaveLength(2);
    // Every page names every run; its stops are that page's part, numbered as in the whole run.
    for (const page of pages) expect(page.map((run) => run.id)).toEqual(runs.map((run) => run.id));
    const kailua = (page: DeliveryRun[]) => named(page, 'Kailua')!;
    expect(kailua(pages[0]!).stops.map((stop) => [stop.orderId, stop.position, stop.stop])).toEqual(
      [
        [first, 1, 1],
        [again, 2, 1],
      ],
    );
    expect(kailua(pages[0]!).places).toEqual([
      expect.objectContaining({ position: 1, orderIds: [first, again] }),
    ]);
    expect(kailua(pages[1]!).stops.map((stop) => [stop.orderId, stop.position, stop.stop])).toEqual(
      [[poke, 3, 2]],
    );
    expect(stopIds(named(pages[1]!, 'Kāneʻohe'))).toEqual([kaneohe]);
    expect(stopIds(named(pages[0]!, 'Kāneʻohe'))).toEqual([]);
    // The pages put together are the whole day.
    const joined = runs.map((run) => ({
      ...run,
      stops: pages.flatMap((page) => page.find((each) => each.id === run.id)!.stops),
    }));
    expect(joined.map((run) => run.stops)).toEqual(runs.map((run) => run.stops));

    for (const query of ['limit=0', 'limit=501', 'limit=x', 'cursor=nope', 'cursor=W10']) {
      const bad = await farmer.get(`/api/delivery-runs?date=${day}&${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('is only for farms', async () => {
    expect((await restaurant.get('/api/delivery-runs?date=2026-12-01')).statusCode).toBe(403);
    const anonymous = new Session(ctx.app);
    expect((await anonymous.get('/api/delivery-runs?date=2026-12-01')).statusCode).toBe(401);
  });

  it("appends a new order to the end of its zone's run and takes a cancelled one out", async () => {
    const day = '2026-12-03';
    const a = await placeOn({ day, status: 'pending' });
    const b = await placeOn({ day });
    const before = named(await runsOf(day), 'Kailua')!;
    expect(stopIds(before)).toEqual([a, b]);

    // The farm puts b first; then a new order comes for the day.
    const reordered = await farmer.put(`/api/delivery-runs/${before.id}/stops`, {
      version: before.version,
      orderIds: [b, a],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const c = await placeOn({ day });
    const withNew = named(await runsOf(day), 'Kailua')!;
    expect(stopIds(withNew)).toEqual([b, a, c]);
    expect(withNew.stops.map((stop) => stop.position)).toEqual([1, 2, 3]);
    expect(withNew.version).toBe(before.version + 2);

    // The farm cancels a (pending): it leaves the run, the rest keep their order.
    const cancelled = await farmer.patch(`/api/orders/${a}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = named(await runsOf(day), 'Kailua')!;
    expect(stopIds(after)).toEqual([b, c]);
    expect(after.version).toBe(withNew.version + 1);
  });

  it('moves an order whose day changed to the run of its new day', async () => {
    const id = await placeOn({ day: '2026-12-04' });
    expect(stopIds(named(await runsOf('2026-12-04'), 'Kailua'))).toEqual([id]);
    await ctx.database.db
      .update(orders)
      .set({ deliveryDate: '2026-12-05' })
      .where(eq(orders.id, id));
    expect(stopIds(named(await runsOf('2026-12-05'), 'Kailua'))).toEqual([id]);
    expect(stopIds(named(await runsOf('2026-12-04'), 'Kailua'))).toEqual([]);
  });
});

describe('POST /api/delivery-runs', () => {
  it('adds an empty run to the day (201), and a zone run of that name is the same run', async () => {
    const day = '2026-12-06';
    const created = await farmer.post('/api/delivery-runs', { date: day, name: 'kailua' });
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json() as DeliveryRun;
    expect(run).toMatchObject({ date: day, name: 'kailua', zone: null, stops: [] });
    const order = await placeOn({ day, zone: 'Kailua' });
    const runs = await runsOf(day);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.id).toBe(run.id);
    expect(stopIds(runs[0])).toEqual([order]);

    const extra = await farmer.post('/api/delivery-runs', { date: day, name: '  Second truck ' });
    expect(extra.statusCode).toBe(201);
    expect((extra.json() as DeliveryRun).name).toBe('Second truck');
    expect((await runsOf(day)).map((each) => [each.name, each.zone])).toEqual([
      ['kailua', 'Kailua'],
      ['Second truck', null],
    ]);
  });

  it('refuses a blank, long, repeated or control-character name and a bad date (400)', async () => {
    const day = '2026-12-07';
    expect((await farmer.post('/api/delivery-runs', { date: day, name: 'North' })).statusCode).toBe(
      201,
    );
    for (const body of [
      { date: day, name: '' },
      { date: day, name: '   ' },
      { date: day, name: 'x'.repeat(61) },
      { date: day, name: 'north' },
      { date: day, name: 'a\u0007b' },
      { date: '2026-02-30', name: 'South' },
      { name: 'South' },
    ]) {
      const response = await farmer.post('/api/delivery-runs', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const fields = (response.json() as { fields?: Record<string, string> }).fields ?? {};
      expect(Object.keys(fields).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await runsOf(day)).map((run) => run.name)).toEqual(['North']);
    expect(
      (await restaurant.post('/api/delivery-runs', { date: day, name: 'Mine' })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/delivery-runs/{id}/stops', () => {
  it('reorders the stops and bumps the version', async () => {
    const day = '2026-12-08';
    const ids = [await placeOn({ day }), await placeOn({ day }), await placeOn({ day })];
    const run = named(await runsOf(day), 'Kailua')!;
    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    const response = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: wanted,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DeliveryRun;
    expect(stopIds(body)).toEqual(wanted);
    expect(body.version).toBe(run.version + 1);
    expect(stopIds(named(await runsOf(day), 'Kailua'))).toEqual(wanted);
  });

  it('moves an order here from another run of the same day', async () => {
    const day = '2026-12-09';
    const kailua = await placeOn({ day, zone: 'Kailua' });
    const stay = await placeOn({ day, zone: 'Lanikai' });
    const move = await placeOn({ day, zone: 'Lanikai' });
    const creation = await farmer.post('/api/delivery-runs', { date: day, name: 'Truck 2' });
    const added = creation.json() as DeliveryRun;
    const runs = await runsOf(day);
    const lanikai = named(runs, 'Lanikai')!;
    const response = await farmer.put(`/api/delivery-runs/${added.id}/stops`, {
      version: named(runs, 'Truck 2')!.version,
      orderIds: [move, kailua],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await runsOf(day);
    expect(stopIds(named(after, 'Truck 2'))).toEqual([move, kailua]);
    expect(stopIds(named(after, 'Lanikai'))).toEqual([stay]);
    expect(stopIds(named(after, 'Kailua'))).toEqual([]);
    expect(named(after, 'Lanikai')!.version).toBe(lanikai.version + 1);
    // A moved order is not put back in its zone's run by later reads.
    expect(stopIds(named(await runsOf(day), 'Truck 2'))).toEqual([move, kailua]);
  });

  it('answers 409 run_changed with the current run for a stale version or a list that no longer matches', async () => {
    const day = '2026-12-10';
    const a = await placeOn({ day });
    const b = await placeOn({ day });
    const otherDay = await placeOn({ day: '2026-12-11' });
    const cancelled = await placeOn({ day, status: 'cancelled' });
    const notOurs = await placeOn({ day, farmId: otherFarmer.farmId, product: otherKale });
    const run = named(await runsOf(day), 'Kailua')!;
    const attempts = [
      { version: run.version + 1, orderIds: [b, a] },
      { version: run.version - 1, orderIds: [b, a] },
      { version: run.version, orderIds: [b] },
      { version: run.version, orderIds: [b, a, otherDay] },
      { version: run.version, orderIds: [b, a, cancelled] },
      { version: run.version, orderIds: [b, a, notOurs] },
      { version: run.version, orderIds: [b, a, 2_000_000] },
    ];
    for (const body of attempts) {
      const response = await farmer.put(`/api/delivery-runs/${run.id}/stops`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      const conflict = response.json() as { code: string; run: DeliveryRun; message: string };
      expect(conflict.code).toBe('run_changed');
      expect(conflict.run).toEqual(run);
    }
    // Nothing changed: the current version still works.
    const ok = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [b, a],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('gives the run changed by a new order: the old list is refused, the one shown is taken', async () => {
    const day = '2026-12-12';
    const a = await placeOn({ day });
    const run = named(await runsOf(day), 'Kailua')!;
    const late = await placeOn({ day });
    const stale = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [a],
    });
    expect(stale.statusCode).toBe(409);
    const current = (stale.json() as { run: DeliveryRun }).run;
    expect(stopIds(current)).toEqual([a, late]);
    const retry = await farmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: current.version,
      orderIds: [late, a],
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('answers 400 for bad input and 404 for another farm’s run or none', async () => {
    const day = '2026-12-13';
    const a = await placeOn({ day });
    const run = named(await runsOf(day), 'Kailua')!;
    const cases: [unknown, string][] = [
      [{ version: run.version, orderIds: [a, a] }, 'orderIds'],
      [{ version: run.version, orderIds: ['x'] }, 'orderIds.0'],
      [{ version: run.version, orderIds: [a, -1] }, 'orderIds.1'],
      [{ version: run.version, orderIds: [1.5] }, 'orderIds.0'],
      [{ version: run.version, orderIds: 'all' }, 'orderIds'],
      [{ version: 'one', orderIds: [a] }, 'version'],
      [{ version: 0, orderIds: [a] }, 'version'],
      [{ orderIds: [a] }, 'version'],
      [{ version: run.version }, 'orderIds'],
      [
        {
          version: run.version,
          orderIds: Array.from({ length: MAX_RUN_STOPS + 1 }, (_, i) => i + 1),
        },
        'orderIds',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await farmer.put(`/api/delivery-runs/${run.id}/stops`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((response.json() as { fields: Record<string, string> }).fields).toHaveProperty([
        field,
      ]);
    }
    const theirs = await otherFarmer.put(`/api/delivery-runs/${run.id}/stops`, {
      version: run.version,
      orderIds: [a],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Kailua');
    expect(
      (await farmer.put('/api/delivery-runs/999999/stops', { version: 1, orderIds: [] }))
        .statusCode,
    ).toBe(404);
    expect(stopIds(named(await runsOf(day), 'Kailua'))).toEqual([a]);
  });

  // On PostgreSQL (TEST_DATABASE_URL) the two requests really overlap: the second waits on the
  // locks of the first, then finds its version gone. The embedded database runs them in turn.
  it('takes one of two reorders made at once from the same view; the other gets 409 with its order', async () => {
    const day = '2026-12-14';
    for (let index = 0; index < 3; index += 1) await placeOn({ day });
    let run = named(await runsOf(day), 'Kailua')!;
    for (let round = 0; round < 5; round += 1) {
      // Two new orders, different from the run's and from each other.
      const [a, b, c] = stopIds(run) as [number, number, number];
      const firstOrder = [b, c, a];
      const secondOrder = [c, b, a];
      const responses = await Promise.all(
        [firstOrder, secondOrder].map((orderIds) =>
          farmer.put(`/api/delivery-runs/${run.id}/stops`, { version: run.version, orderIds }),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200)!;
      const loser = responses.find((response) => response.statusCode === 409)!;
      const won = winner.json() as DeliveryRun;
      expect(won.version).toBe(run.version + 1);
      const seen = (loser.json() as { code: string; run: DeliveryRun }).run;
      expect((loser.json() as { code: string }).code).toBe('run_changed');
      expect(seen).toEqual(won);
      run = named(await runsOf(day), 'Kailua')!;
      expect(run).toEqual(won);
    }
  });
});

describe('POST /api/delivery-runs/{id}/start', () => {
  it('moves only the packed orders to in transit, with the farm as who did it', async () => {
    const day = '2026-12-15';
    const packed = [
      await placeOn({ day, status: 'packed' }),
      await placeOn({ day, status: 'packed' }),
    ];
    const confirmed = await placeOn({ day, status: 'confirmed' });
    const delivered = await placeOn({ day, status: 'delivered' });
    const elsewhere = await placeOn({ day, status: 'packed', zone: 'Waimānalo' });
    const run = named(await runsOf(day), 'Kailua')!;

    const response = await farmer.post(`/api/delivery-runs/${run.id}/start`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      runId: number;
      changed: { id: number; fromStatus: string; toStatus: string }[];
      refused: unknown[];
      notPacked: { id: number; status: string }[];
    };
    expect(body.runId).toBe(run.id);
    expect(body.changed).toEqual(
      packed.map((id) => ({ id, fromStatus: 'packed', toStatus: 'in_transit' })),
    );
    expect(body.refused).toEqual([]);
    expect(body.notPacked).toEqual([{ id: confirmed, status: 'confirmed' }]);

    const rows = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [...packed, confirmed, delivered, elsewhere]));
    const status = new Map(rows.map((row) => [row.id, row.status]));
    for (const id of packed) expect(status.get(id)).toBe('in_transit');
    expect(status.get(confirmed)).toBe('confirmed');
    expect(status.get(delivered)).toBe('delivered');
    expect(status.get(elsewhere)).toBe('packed');
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(
          inArray(orderStatusHistory.orderId, packed),
          eq(orderStatusHistory.toStatus, 'in_transit'),
        ),
      );
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedByUserId])).toEqual(
      packed.map(() => ['packed', 'in_transit', farmerUserId]),
    );

    // Started again: nothing is packed any more.
    const again = (await farmer.post(`/api/delivery-runs/${run.id}/start`)).json() as {
      changed: unknown[];
    };
    expect(again.changed).toEqual([]);
  });

  it('is 404 for another farm’s run', async () => {
    const day = '2026-12-16';
    const id = await placeOn({ day, status: 'packed' });
    const run = named(await runsOf(day), 'Kailua')!;
    expect((await otherFarmer.post(`/api/delivery-runs/${run.id}/start`)).statusCode).toBe(404);
    expect((await restaurant.post(`/api/delivery-runs/${run.id}/start`)).statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row!.status).toBe('packed');
  });
});

describe('GET /api/delivery-runs/{id}/sheet', () => {
  it('prints the stops in order with their restaurant, orders, items, notes and a line to sign', async () => {
    const day = '2026-12-17';
    const first = await placeOn({ day, buyer: otherRestaurant, notes: 'Ring the bell' });
    const second = await placeOn({ day });
    const third = await placeOn({ day });
    const run = named(await runsOf(day), 'Kailua')!;
    const response = await farmer.get(`/api/delivery-runs/${run.id}/sheet`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('RUN SHEET');
    expect(text).toContain('Kailua');
    expect(text).toContain('Ring the bell');
    expect(text).toContain('Name and signature');
    // Mama Bistro's two orders follow each other: one stop with both numbers.
    expect(text).toContain('2 stops, 3 orders');
    const kailuaPoke = text.indexOf('Kailua Poke');
    const mama = text.indexOf('Mama Bistro');
    expect(kailuaPoke).toBeGreaterThan(-1);
    expect(mama).toBeGreaterThan(kailuaPoke);
    for (const id of [first, second, third]) expect(text).toContain(`#${id}`);
  });

  it('is 404 for another farm’s run', async () => {
    const day = '2026-12-18';
    await placeOn({ day });
    const run = named(await runsOf(day), 'Kailua')!;
    expect((await otherFarmer.get(`/api/delivery-runs/${run.id}/sheet`)).statusCode).toBe(404);
  });
});
