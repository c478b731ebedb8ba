import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUnitPack, packNoun } from '#core/packs';
import type { FarmActor } from '#core/actor';
import { isOrderStatus, type OrderStatus } from '#core/order-status';
import { groupByPlace } from '#core/delivery-places';
import {
  NO_ZONE_RUN_NAME,
  RUN_CHANGED_CODE,
  RUN_NOT_EMPTY_CODE,
  type DeliveryDayStartResult,
  type DeliveryRun,
  type DeliveryRunCreateBody,
  type DeliveryRunRenameBody,
  type DeliveryRunStartResult,
  type DeliveryRunStopsBody,
  RUN_STOPS_PAGE_MAX,
} from '#core/schemas/delivery-run';
import type { DriveRun } from '#core/schemas/delivery-proof';
import type { RunSheet } from '../documents';
import type { Db, Tx } from '../../db/database';
import { rows } from '../../db/raw-sql';
import { deliveryRunStops, deliveryRuns, farms, orders, restaurants } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { afterKey, splitKeyedPage, type KeyPart } from '../paging';
import { loadOrdersByIds, moveEachOrder } from '../orders';

/**
 * One farm-day at a time: the lazy settling of a day's runs and every change of them take this
 * lock first, so two requests never both create a zone's run or append the same order.
 */
async function lockDay(tx: Tx, farmId: number, date: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`delivery-runs:${farmId}:${date}`}))`,
  );
}

/*
 * The settling rule, written once: settleDay acts on it under the day's lock and daySettled reads
 * it without the lock. Both fragments speak of the `orders` row in scope.
 */

/**
 * An order that no longer belongs on a run of `date`: cancelled, or now on another day. A
 * delivered order stays on the run it went out with, though its delivery date is now the day it
 * was handed over.
 */
function leavesRunsOf(date: string): SQL {
  return sql`(${orders.status} = 'cancelled' or (${orders.deliveryDate} is distinct from ${date}::date
    and ${orders.status} <> 'delivered'))`;
}

/**
 * An order of the farm's `date`, not cancelled, that is in no run of that day: never placed in
 * one, or still in another day's (a delivered order is where it went out).
 */
function outsideRunsOf(farmId: number, date: string): SQL {
  return sql`(${orders.farmId} = ${farmId} and ${orders.deliveryDate} = ${date}::date
    and ${orders.status} <> 'cancelled'
    and not exists (
      select 1 from ${deliveryRunStops}
      join ${deliveryRuns} on ${deliveryRuns.id} = ${deliveryRunStops.runId}
      where ${deliveryRunStops.orderId} = ${orders.id}
        and (${deliveryRuns.deliveryDate} = ${date}::date or ${orders.status} = 'delivered')
    ))`;
}

/**
 * Brings a day's runs in line with its orders (docs/delivery.md#delivery-runs), under the day's
 * lock: a cancelled order, or one now on another day (unless delivered), leaves its run; an
 * order of the day that is in no run of the day joins the end of its zone's default run, made
 * when missing. Each run
 * whose stops changed goes up one version. Reads and writes alike call this first, so an order
 * placed or cancelled since is where it belongs whatever the farm looks at.
 */
async function settleDay(tx: Tx, farmId: number, date: string): Promise<void> {
  await lockDay(tx, farmId, date);
  const touched = new Set<number>();
  const dayRuns = tx
    .select({ id: deliveryRuns.id })
    .from(deliveryRuns)
    .where(and(eq(deliveryRuns.farmId, farmId), eq(deliveryRuns.deliveryDate, date)));
  const left = await tx
    .delete(deliveryRunStops)
    .where(
      and(
        inArray(deliveryRunStops.runId, dayRuns),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${deliveryRunStops.orderId}
          and ${leavesRunsOf(date)})`,
      ),
    )
    .returning({ runId: deliveryRunStops.runId });
  for (const { runId } of left) touched.add(runId);

  // The day's orders in no run of this day: never placed in one, or still in another day's.
  const loose = await tx
    .select({
      id: orders.id,
      zone: orders.deliveryArea,
      staleRunId: deliveryRunStops.runId,
    })
    .from(orders)
    .leftJoin(deliveryRunStops, eq(deliveryRunStops.orderId, orders.id))
    .where(outsideRunsOf(farmId, date))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const stale = loose.filter((order) => order.staleRunId !== null);
  if (stale.length > 0) {
    await tx.delete(deliveryRunStops).where(
      inArray(
        deliveryRunStops.orderId,
        stale.map((order) => order.id),
      ),
    );
    for (const order of stale) touched.add(order.staleRunId!);
  }

  const byZone = new Map<string, number[]>();
  for (const order of loose) {
    const key = order.zone ?? '';
    byZone.set(key, [...(byZone.get(key) ?? []), order.id]);
  }
  // Zones by name, "No zone" last, so the runs a day starts with come in that order.
  const keys = [...byZone.keys()].sort((a, b) =>
    a === '' ? 1 : b === '' ? -1 : a.localeCompare(b),
  );
  for (const key of keys) {
    const runId = await defaultRun(tx, farmId, date, key);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${deliveryRunStops.position}), 0)::int` })
      .from(deliveryRunStops)
      .where(eq(deliveryRunStops.runId, runId));
    const start = last?.position ?? 0;
    await tx
      .insert(deliveryRunStops)
      .values(
        byZone.get(key)!.map((orderId, index) => ({ orderId, runId, position: start + index + 1 })),
      );
    touched.add(runId);
  }
  if (touched.size > 0) await bumpVersions(tx, [...touched]);
}

/**
 * The day's default run of a zone ('' for orders without one). A run the farm added under the
 * zone's name before the zone's orders came becomes that zone's run rather than a second one.
 */
async function defaultRun(tx: Tx, farmId: number, date: string, zoneKey: string): Promise<number> {
  const name = zoneKey === '' ? NO_ZONE_RUN_NAME : zoneKey;
  const [existing] = await tx
    .select({ id: deliveryRuns.id, defaultZone: deliveryRuns.defaultZone, name: deliveryRuns.name })
    .from(deliveryRuns)
    .where(
      and(
        eq(deliveryRuns.farmId, farmId),
        eq(deliveryRuns.deliveryDate, date),
        or(
          eq(deliveryRuns.defaultZone, zoneKey),
          and(isNull(deliveryRuns.defaultZone), sql`lower(${deliveryRuns.name}) = lower(${name})`),
        ),
      ),
    )
    .orderBy(sql`${deliveryRuns.defaultZone} is null`);
  if (existing) {
    if (existing.defaultZone === null) {
      await tx
        .update(deliveryRuns)
        .set({ defaultZone: zoneKey })
        .where(eq(deliveryRuns.id, existing.id));
    }
    return existing.id;
  }
  const [created] = await tx
    .insert(deliveryRuns)
    .values({ farmId, deliveryDate: date, name, defaultZone: zoneKey })
    .returning({ id: deliveryRuns.id });
  return created!.id;
}

async function bumpVersions(tx: Tx, runIds: number[]): Promise<void> {
  await tx
    .update(deliveryRuns)
    .set({ version: sql`${deliveryRuns.version} + 1`, updatedAt: new Date() })
    .where(inArray(deliveryRuns.id, runIds));
}

/** The farm's run, or 404: another farm's run is no different from none. */
async function findRun(tx: Tx, farmId: number, runId: number) {
  const [run] = await tx
    .select({ id: deliveryRuns.id, date: deliveryRuns.deliveryDate })
    .from(deliveryRuns)
    .where(and(eq(deliveryRuns.id, runId), eq(deliveryRuns.farmId, farmId)));
  if (!run) throw notFound('Delivery run not found');
  return run;
}

/** A page of stops is keyed by the run's id and the stop's position in it. */
const STOP_KEY: KeyPart[] = ['int', 'int'];

/** A page of a day's stops: at most `limit` of them, past a cursor's stop. */
interface StopsWindow {
  limit: number;
  /** The stops past the cursor, over the numbered stops' `run_id` and `position`. */
  after: SQL | undefined;
}

/** One page of a day's runs: every run, each with the part of its stops that falls here. */
export interface DayRunsPage {
  runs: DeliveryRun[];
  /** The day's stops, on every page. */
  total: number;
  nextCursor: string | null;
}

/**
 * The farm's runs of a day (or the given ones), oldest first, each with its stops in order, or
 * the part of them a window of the day's stops holds. The database numbers the stops: one stop
 * per restaurant, where its first order is (an order that joined later is delivered with the
 * restaurant's others), so a page needs only its own orders read.
 */
async function loadRunsPage(
  tx: Tx,
  farmId: number,
  date: string,
  only: number[] | undefined,
  window: StopsWindow | undefined,
): Promise<DayRunsPage> {
  const runs = await tx
    .select({
      id: deliveryRuns.id,
      date: deliveryRuns.deliveryDate,
      name: deliveryRuns.name,
      defaultZone: deliveryRuns.defaultZone,
      version: deliveryRuns.version,
    })
    .from(deliveryRuns)
    .where(
      and(
        eq(deliveryRuns.farmId, farmId),
        eq(deliveryRuns.deliveryDate, date),
        only ? inArray(deliveryRuns.id, only) : undefined,
      ),
    )
    .orderBy(asc(deliveryRuns.id));
  if (runs.length === 0) return { runs: [], total: 0, nextCursor: null };
  const runIds = sql.join(
    runs.map((run) => sql`${run.id}::int`),
    sql`, `,
  );
  const stops = await rows<{
    runId: number;
    orderId: number;
    position: number;
    stop: number;
    total: number;
    status: string;
    notes: string | null;
    invoiceNumber: number | null;
    restaurantId: number;
    restaurantName: string;
    address: string;
    phone: string | null;
    itemCount: number;
  }>(
    tx,
    sql`with raw as (
        select s.run_id, s.order_id, o.restaurant_id,
          row_number() over (partition by s.run_id order by s.position, s.order_id) as raw_position
        from ${deliveryRunStops} s join ${orders} o on o.id = s.order_id
        where s.run_id in (${runIds})
      ), placed as (
        select *, min(raw_position) over (partition by run_id, restaurant_id) as place_first
        from raw
      ), numbered as (
        select run_id, order_id, restaurant_id,
          row_number() over (partition by run_id order by place_first, raw_position)::int as position,
          dense_rank() over (partition by run_id order by place_first)::int as stop,
          count(*) over ()::int as total
        from placed
      ), page as (
        select * from numbered
        where ${window?.after ?? sql`true`}
        order by run_id, position
        ${window ? sql`limit ${window.limit + 1}` : sql``}
      )
      select page.run_id as "runId", page.order_id as "orderId", page.position, page.stop,
        page.total, o.status, o.notes, o.invoice_number as "invoiceNumber",
        r.id as "restaurantId", r.name as "restaurantName", r.location as address,
        r.contact_phone as phone,
        (select count(*)::int from order_items i where i.order_id = o.id) as "itemCount"
      from page join ${orders} o on o.id = page.order_id
      join ${restaurants} r on r.id = page.restaurant_id
      order by page.run_id, page.position`,
  );
  const { rows: shown, nextCursor } = window
    ? splitKeyedPage(stops, window.limit, (stop) => [stop.runId, stop.position])
    : { rows: stops, nextCursor: null };
  const total = stops[0]?.total ?? (window?.after ? await countStops(tx, runIds) : 0);
  return {
    runs: runs.map((run) => {
      const own = shown
        .filter((stop) => stop.runId === run.id)
        .map((stop) => ({
          orderId: stop.orderId,
          position: stop.position,
          stop: stop.stop,
          restaurant: {
            id: stop.restaurantId,
            name: stop.restaurantName,
            address: stop.address,
            phone: stop.phone,
          },
          orderNumber: `#${stop.orderId}`,
          invoiceNumber: stop.invoiceNumber,
          itemCount: Number(stop.itemCount),
          notes: stop.notes,
          status: (isOrderStatus(stop.status) ? stop.status : 'pending') as OrderStatus,
        }));
      const places = groupByPlace(own, (stop) => stop.stop).map((place) => ({
        position: place[0]!.stop,
        restaurant: place[0]!.restaurant,
        orderIds: place.map((stop) => stop.orderId),
      }));
      return {
        id: run.id,
        date: run.date,
        name: run.name,
        zone: run.defaultZone ? run.defaultZone : null,
        version: run.version,
        stops: own,
        places,
      };
    }),
    total,
    nextCursor,
  };
}

/** How many stops the runs have: the total of a page past the last stop. */
async function countStops(tx: Tx, runIds: SQL): Promise<number> {
  const [row] = await rows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from ${deliveryRunStops} where run_id in (${runIds})`,
  );
  return row?.total ?? 0;
}

async function loadRuns(
  tx: Tx,
  farmId: number,
  date: string,
  only?: number[],
): Promise<DeliveryRun[]> {
  return (await loadRunsPage(tx, farmId, date, only, undefined)).runs;
}

async function loadRun(tx: Tx, farmId: number, date: string, runId: number): Promise<DeliveryRun> {
  const [run] = await loadRuns(tx, farmId, date, [runId]);
  return run!;
}

/** The 409 of a reorder made from a view that is no longer the run's: with the run as it is. */
export function runChanged(run: DeliveryRun): AppError {
  return new AppError(
    409,
    'Someone else changed this run — here is its current order',
    RUN_CHANGED_CODE,
    undefined,
    { run },
  );
}

/**
 * Whether the day's runs already hold exactly its orders, so settleDay would change nothing:
 * read without its lock.
 */
async function daySettled(tx: Tx, farmId: number, date: string): Promise<boolean> {
  const [row] = await rows<{ settled: boolean }>(
    tx,
    sql`
    select not exists (
      select 1 from ${deliveryRunStops}
      join ${deliveryRuns} on ${deliveryRuns.id} = ${deliveryRunStops.runId}
      join ${orders} on ${orders.id} = ${deliveryRunStops.orderId}
      where ${deliveryRuns.farmId} = ${farmId} and ${deliveryRuns.deliveryDate} = ${date}::date
        and ${leavesRunsOf(date)}
    ) and not exists (
      select 1 from ${orders} where ${outsideRunsOf(farmId, date)}
    ) as settled`,
  );
  return row?.settled === true;
}

/**
 * The farm's runs of the day (or a window of their stops), settled with its orders first. A day
 * already settled is read from one snapshot without the day's lock, so readers never queue
 * behind one another.
 */
async function dayRunsPage(
  db: Db,
  actor: FarmActor,
  date: string,
  window?: StopsWindow,
): Promise<DayRunsPage> {
  const farmId = actor.business.id;
  const settled = await db.transaction(
    async (tx) =>
      (await daySettled(tx, farmId, date))
        ? loadRunsPage(tx, farmId, date, undefined, window)
        : null,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return (
    settled ??
    db.transaction(async (tx) => {
      await settleDay(tx, farmId, date);
      return loadRunsPage(tx, farmId, date, undefined, window);
    })
  );
}

async function dayRuns(db: Db, actor: FarmActor, date: string): Promise<DeliveryRun[]> {
  return (await dayRunsPage(db, actor, date)).runs;
}

/** GET /api/delivery-runs?date=: the day's runs, whole or a page of their stops. */
export async function listDayRuns(
  db: Db,
  actor: FarmActor,
  date: string,
  page: { limit?: number | undefined; cursor?: string | undefined } = {},
): Promise<DayRunsPage> {
  if (page.limit === undefined && page.cursor === undefined) return dayRunsPage(db, actor, date);
  return dayRunsPage(db, actor, date, {
    limit: page.limit ?? RUN_STOPS_PAGE_MAX,
    after: afterKey([sql`run_id`, sql`position`], STOP_KEY, page.cursor),
  });
}

/** One of the farm's runs, settled (404 for another farm's). */
export async function getRun(db: Db, actor: FarmActor, runId: number): Promise<DeliveryRun> {
  const farmId = actor.business.id;
  return db.transaction(async (tx) => {
    const run = await findRun(tx, farmId, runId);
    await settleDay(tx, farmId, run.date);
    return loadRun(tx, farmId, run.date, run.id);
  });
}

/** POST /api/delivery-runs: a new, empty run of the day; its name is not another run's. */
export async function createRun(
  db: Db,
  actor: FarmActor,
  body: DeliveryRunCreateBody,
): Promise<DeliveryRun> {
  const farmId = actor.business.id;
  return db.transaction(async (tx) => {
    await settleDay(tx, farmId, body.date);
    await refuseTakenName(tx, farmId, body.date, body.name);
    const [created] = await tx
      .insert(deliveryRuns)
      .values({ farmId, deliveryDate: body.date, name: body.name })
      .returning({ id: deliveryRuns.id });
    return loadRun(tx, farmId, body.date, created!.id);
  });
}

/** The 400 of a name another run of the day has (case aside). */
async function refuseTakenName(
  tx: Tx,
  farmId: number,
  date: string,
  name: string,
  except?: number,
): Promise<void> {
  const [taken] = await tx
    .select({ id: deliveryRuns.id })
    .from(deliveryRuns)
    .where(
      and(
        eq(deliveryRuns.farmId, farmId),
        eq(deliveryRuns.deliveryDate, date),
        sql`lower(${deliveryRuns.name}) = lower(${name})`,
        except === undefined ? undefined : ne(deliveryRuns.id, except),
      ),
    );
  if (taken) {
    throw badRequest('Another run of this day has this name', {
      name: 'Another run of this day has this name',
    });
  }
}

/**
 * PATCH /api/delivery-runs/{id}: a new name, by the rules of a new run's (1–60 characters, not
 * another run's of the day). Its stops, and so its version, stay as they are.
 */
export async function renameRun(
  db: Db,
  actor: FarmActor,
  runId: number,
  body: DeliveryRunRenameBody,
): Promise<DeliveryRun> {
  const farmId = actor.business.id;
  return db.transaction(async (tx) => {
    const run = await findRun(tx, farmId, runId);
    await settleDay(tx, farmId, run.date);
    await refuseTakenName(tx, farmId, run.date, body.name, run.id);
    await tx
      .update(deliveryRuns)
      .set({ name: body.name, updatedAt: new Date() })
      .where(eq(deliveryRuns.id, run.id));
    return loadRun(tx, farmId, run.date, run.id);
  });
}

/**
 * DELETE /api/delivery-runs/{id}: a run without stops goes; one with stops is 409
 * `run_not_empty` with the run as it is (move its stops to another run first). Judged under
 * the day's lock after settling, so an order that joined meanwhile keeps it.
 */
export async function deleteRun(db: Db, actor: FarmActor, runId: number): Promise<void> {
  const farmId = actor.business.id;
  const outcome = await db.transaction(async (tx) => {
    const run = await findRun(tx, farmId, runId);
    await settleDay(tx, farmId, run.date);
    const [stop] = await tx
      .select({ orderId: deliveryRunStops.orderId })
      .from(deliveryRunStops)
      .where(eq(deliveryRunStops.runId, run.id))
      .limit(1);
    if (stop) return { deleted: false as const, run: await loadRun(tx, farmId, run.date, run.id) };
    await tx.delete(deliveryRuns).where(eq(deliveryRuns.id, run.id));
    return { deleted: true as const };
  });
  if (!outcome.deleted) {
    const count = outcome.run.places.length;
    throw new AppError(
      409,
      `This run still has ${count} ${count === 1 ? 'stop' : 'stops'}: move them to another run first`,
      RUN_NOT_EMPTY_CODE,
      undefined,
      { run: outcome.run },
    );
  }
}

/**
 * PUT /api/delivery-runs/{id}/stops: the run's whole new order. Holds the day's runs `for
 * update` while it compares: the version the client read must be the run's, every stop of the
 * run must be listed, and every other id must be an order in another run of the same day (which
 * it then leaves). Otherwise 409 `run_changed` with the run as it is: the settling done on the
 * way is kept (committed) so that the version the client is shown is one it can send back.
 */
export async function replaceStops(
  db: Db,
  actor: FarmActor,
  runId: number,
  body: DeliveryRunStopsBody,
): Promise<DeliveryRun> {
  const farmId = actor.business.id;
  const outcome = await db.transaction(async (tx) => {
    const run = await findRun(tx, farmId, runId);
    await settleDay(tx, farmId, run.date);
    const locked = await tx
      .select({ id: deliveryRuns.id, version: deliveryRuns.version })
      .from(deliveryRuns)
      .where(and(eq(deliveryRuns.farmId, farmId), eq(deliveryRuns.deliveryDate, run.date)))
      .orderBy(asc(deliveryRuns.id))
      .for('update');
    const current = locked.find((candidate) => candidate.id === run.id)!;
    const stops = await tx
      .select({
        orderId: deliveryRunStops.orderId,
        runId: deliveryRunStops.runId,
        restaurantId: orders.restaurantId,
      })
      .from(deliveryRunStops)
      .innerJoin(orders, eq(orders.id, deliveryRunStops.orderId))
      .where(
        inArray(
          deliveryRunStops.runId,
          locked.map((candidate) => candidate.id),
        ),
      )
      .orderBy(asc(deliveryRunStops.position), asc(deliveryRunStops.orderId));
    const runOf = new Map(stops.map((stop) => [stop.orderId, stop.runId]));
    const placeOf = new Map(stops.map((stop) => [stop.orderId, stop.restaurantId]));
    // The run's order as it reads: each place's orders together.
    const own = groupByPlace(
      stops.filter((stop) => stop.runId === run.id),
      (stop) => stop.restaurantId,
    ).flatMap((place) => place.map((stop) => stop.orderId));
    const listed = new Set(body.orderIds);
    const matches =
      body.version === current.version &&
      own.every((orderId) => listed.has(orderId)) &&
      body.orderIds.every((orderId) => runOf.has(orderId));
    if (!matches)
      return { changed: false as const, run: await loadRun(tx, farmId, run.date, run.id) };

    // A place's orders stay together: each where the place's first listed order is.
    const wanted = groupByPlace(body.orderIds, (orderId) => placeOf.get(orderId)!).flat();
    const sources = new Set(
      wanted.map((orderId) => runOf.get(orderId)!).filter((source) => source !== run.id),
    );
    const sameOrder =
      sources.size === 0 && own.every((orderId, index) => wanted[index] === orderId);
    if (!sameOrder) {
      if (wanted.length > 0) {
        await tx.delete(deliveryRunStops).where(inArray(deliveryRunStops.orderId, wanted));
        await tx.insert(deliveryRunStops).values(
          wanted.map((orderId, index) => ({
            orderId,
            runId: run.id,
            position: index + 1,
          })),
        );
      }
      await bumpVersions(tx, [run.id, ...sources]);
    }
    return { changed: true as const, run: await loadRun(tx, farmId, run.date, run.id) };
  });
  if (!outcome.changed) throw runChanged(outcome.run);
  return outcome.run;
}

/**
 * POST /api/delivery-runs/{id}/start: every packed order of the run, in stop order, to in
 * transit through the one order path (each as PATCH /api/orders/{id}/status would move it),
 * reporting which moved, which were refused and why, and which were not packed yet.
 */
export async function startRun(
  db: Db,
  actor: FarmActor,
  runId: number,
): Promise<DeliveryRunStartResult> {
  return sendOut(db, actor, await getRun(db, actor, runId));
}

/** A run's packed orders to in transit, in stop order, as read. */
async function sendOut(
  db: Db,
  actor: FarmActor,
  run: DeliveryRun,
): Promise<DeliveryRunStartResult> {
  const packed = run.stops.filter((stop) => stop.status === 'packed').map((stop) => stop.orderId);
  const notPacked = run.stops
    .filter((stop) => stop.status === 'pending' || stop.status === 'confirmed')
    .map((stop) => ({ id: stop.orderId, status: stop.status }));
  const { changed, refused } = await moveEachOrder(db, actor, packed, 'packed', 'in_transit');
  return { runId: run.id, changed, refused, notPacked };
}

/**
 * POST /api/delivery-runs/start: "Start all runs" of a day. Each run of the day is started as
 * POST /api/delivery-runs/{id}/start starts it, one after another in the day's order.
 */
export async function startDay(
  db: Db,
  actor: FarmActor,
  date: string,
): Promise<DeliveryDayStartResult> {
  const runs = await dayRuns(db, actor, date);
  const results: DeliveryRunStartResult[] = [];
  for (const run of runs) results.push(await sendOut(db, actor, run));
  return { date, runs: results };
}

async function farmOfSheet(db: Db, actor: FarmActor): Promise<RunSheet['farm']> {
  const [farm] = await db
    .select({ name: farms.name, location: farms.location, contactPhone: farms.contactPhone })
    .from(farms)
    .where(eq(farms.id, actor.business.id));
  return farm!;
}

export async function runSheet(db: Db, actor: FarmActor, runId: number): Promise<RunSheet> {
  const run = await getRun(db, actor, runId);
  return { farm: await farmOfSheet(db, actor), run };
}

/**
 * GET /api/delivery-runs/sheets?date=: "Print the day's run sheets", every run of the day
 * with stops, in the day's order (a run without stops has nothing to print).
 */
export async function daySheets(
  db: Db,
  actor: FarmActor,
  date: string,
): Promise<{ farm: RunSheet['farm']; sheets: RunSheet[] }> {
  const runs = await dayRuns(db, actor, date);
  const farm = await farmOfSheet(db, actor);
  return {
    farm,
    sheets: runs.filter((run) => run.stops.length > 0).map((run) => ({ farm, run })),
  };
}

/**
 * GET /api/delivery-runs/{id}: one run for the driver's phone, each stop with its order's lines
 * (what to hand over, without prices) and its proof of delivery once delivered.
 */
export async function driveRun(db: Db, actor: FarmActor, runId: number): Promise<DriveRun> {
  const run = await getRun(db, actor, runId);
  const byId = new Map(
    (
      await loadOrdersByIds(
        db,
        run.stops.map((stop) => stop.orderId),
      )
    ).map((order) => [order.id, order]),
  );
  return {
    ...run,
    stops: run.stops.map((stop) => {
      const order = byId.get(stop.orderId);
      return {
        ...stop,
        lines: (order?.orderItems ?? []).map((item) => ({
          name: item.product.name,
          quantity: item.quantity,
          // A line of a pack reads "2 cases of 24 bunches"; of the unit, "3 lb" as before.
          unit:
            item.pack && !isUnitPack(item.pack)
              ? packNoun(item.pack.label, item.quantity)
              : item.product.unit,
        })),
        delivery: order?.delivery ?? null,
      };
    }),
  };
}
