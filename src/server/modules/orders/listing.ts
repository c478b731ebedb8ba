import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FarmActor, RestaurantActor } from '#core/actor';
import type { OrderStatus } from '#core/order-status';
import {
  BULK_MAX_ORDERS,
  BULK_MOVES,
  NOT_AN_ORDER_OF_THE_FARM,
  type BulkStatusBody,
  type BulkStatusResult,
} from '#core/schemas/order-bulk';
import type { PricedOrder } from '#core/schemas/order';
import type { OrderListQuery } from '#core/schemas/paging';
import { isOrderStatus } from '#core/order-status';
import { LOT_REQUIRED_CODE } from '#core/traceability';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { today as clockToday } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { farms, orders, restaurants } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { afterCursor, cursorTimestamp, pastPosition, splitPage } from '../paging';
import { lockOpenLots, tracedLinesWithoutLots } from './line-lots';
import { changeOrder, invalidTransition } from './order-change';
import { loadOrdersByIds } from './queries';
import { orderScope } from './scope';
import { changeOrderStatus } from './service';

export interface OrderPage {
  items: PricedOrder[];
  total: number;
  nextCursor: string | null;
}

/** The filters of docs/api.md#order-lists-and-status, without the cursor. */
function filterConditions(viewer: FarmActor | RestaurantActor, query: OrderListQuery): SQL[] {
  const conditions: SQL[] = [orderScope(viewer)];
  if (query.status) conditions.push(inArray(orders.status, query.status));
  if (query.deliveryDate === 'none') conditions.push(isNull(orders.deliveryDate));
  else if (query.deliveryDate) conditions.push(eq(orders.deliveryDate, query.deliveryDate));
  if (query.q) {
    // The other side's name: a farm searches its restaurants, a restaurant its farms. Plain
    // substring, case-insensitive (strpos: `%` and `_` mean themselves).
    const name = viewer.business.kind === 'farm' ? restaurants.name : farms.name;
    const byName = sql`strpos(lower(${name}), lower(${query.q})) > 0`;
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    conditions.push(number ? or(eq(orders.id, Number(number)), byName)! : byName);
  }
  return conditions;
}

/** Remembers a figure by its key (a process's cache), or computes it each time. */
export type RememberCount = (key: string, count: () => Promise<number>) => Promise<number>;
const countEveryTime: RememberCount = (_key, count) => count();

/**
 * The key an order list's total is kept by: the business whose orders it counts, then its
 * filters. A search by name is never kept (a rename changes it).
 */
function orderCountKey(viewer: FarmActor | RestaurantActor, query: OrderListQuery): string | null {
  if (query.q) return null;
  const { business } = viewer;
  const status = query.status ? [...query.status].sort() : null;
  return `${orderCountPrefix(business.kind, business.id)}${JSON.stringify([status, query.deliveryDate ?? null])}`;
}

/** What every kept total of a business's order lists begins with. */
export const orderCountPrefix = (kind: 'farm' | 'restaurant', id: number) => `${kind}:${id}:`;

/**
 * One page of the orders a farm's or a restaurant's person sees (their business's own), newest
 * first (created_at, then id), with the number of orders the filters match. The page's ids come
 * from one keyset query, their orders from the one query of loadOrdersByIds, the total from one
 * count, kept by `remember` when given (a food hub's year is 150,000 orders, counted in 30 ms).
 */
export async function listOrderPage(
  db: DbOrTx,
  viewer: FarmActor | RestaurantActor,
  query: OrderListQuery,
  remember: RememberCount = countEveryTime,
): Promise<OrderPage> {
  const filters = filterConditions(viewer, query);
  const keyset = afterCursor(orders.createdAt, orders.id, query.cursor);
  // The names are joined only for a search by name: without one, the total is counted off the
  // orders' own index (a food hub's year is 150,000 orders, counted for every page).
  const withNames = <T extends PgSelect>(select: T) =>
    query.q
      ? select
          .innerJoin(farms, eq(farms.id, orders.farmId))
          .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      : select;
  const counted = async () => {
    const [row] = await withNames(db.select({ total: count() }).from(orders).$dynamic()).where(
      and(...filters),
    );
    return Number(row?.total ?? 0);
  };
  const countKey = orderCountKey(viewer, query);
  const [idRows, total] = await Promise.all([
    withNames(
      db
        .select({ id: orders.id, cursorCreatedAt: cursorTimestamp(orders.createdAt) })
        .from(orders)
        .$dynamic(),
    )
      .where(and(...filters, keyset))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1),
    countKey === null ? counted() : remember(countKey, counted),
  ]);
  const { rows, nextCursor } = splitPage(idRows, query.limit);
  const items = await loadOrdersByIds(
    db,
    rows.map((row) => row.id),
  );
  return { items, total, nextCursor };
}

/** The outcome of moving several orders one by one: those moved, and those refused and why. */
export interface EachMoved {
  changed: { id: number; fromStatus: OrderStatus; toStatus: OrderStatus }[];
  refused: {
    id: number;
    status: OrderStatus;
    code: string;
    message: string;
    /** With `lot_required`: the line that has no lots. */
    itemId?: number;
    productId?: number;
    productName?: string;
  }[];
}

/** The line a `lot_required` refusal names, as its entry in `refused` carries it. */
function lineNamed(error: AppError) {
  if (error.code !== LOT_REQUIRED_CODE || !error.details) return {};
  const { itemId, productId, productName } = error.details;
  return typeof itemId === 'number' &&
    typeof productId === 'number' &&
    typeof productName === 'string'
    ? { itemId, productId, productName }
    : {};
}

/**
 * Moves each order from `fromStatus` to `toStatus` in its own guarded transaction through
 * changeOrderStatus (so history, stock, notifications and live updates are exactly those of a
 * single move). An order another hand moved meanwhile is refused with the reason and does not
 * stop the rest. Used by the day's bulk actions and by a delivery run's start.
 */
export async function moveEachOrder(
  db: Db,
  actor: FarmActor,
  ids: number[],
  fromStatus: OrderStatus,
  toStatus: OrderStatus,
  move: (id: number) => Promise<unknown> = (id) =>
    changeOrderStatus(db, actor, id, { status: toStatus, recipientName: null }),
): Promise<EachMoved> {
  const changed: EachMoved['changed'] = [];
  const refused: EachMoved['refused'] = [];
  for (const id of ids) {
    try {
      await move(id);
      changed.push({ id, fromStatus, toStatus });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const current = (error.details?.status as OrderStatus | undefined) ?? fromStatus;
      refused.push({
        id,
        status: current,
        code: error.code ?? 'refused',
        message: error.message,
        ...lineNamed(error),
      });
    }
  }
  return { changed, refused };
}

/**
 * Packs one confirmed order with the suggested lots, in one transaction: the order is locked
 * and must still be confirmed (else `invalid_transition`, as the single move says it); each
 * traced line without lots takes its suggested lots through the order path's
 * `lot_assignment` (the same as PUT /api/orders/{id}/items/{itemId}/lots); then the order is
 * packed. A line no open lots cover refuses the whole order (`lot_required` naming the line)
 * and nothing of it is kept, so its lots stay for the next order.
 */
async function packWithSuggestedLots(db: Db, actor: FarmActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, farmId: orders.farmId })
      .from(orders)
      .where(and(eq(orders.id, id), orderScope(actor)))
      .for('update');
    if (!order || !isOrderStatus(order.status)) throw notFound('Order not found');
    if (order.status !== 'confirmed') throw invalidTransition(order.status, 'packed');
    const lines = await tracedLinesWithoutLots(tx, { id, farmId: order.farmId });
    await lockOpenLots(
      tx,
      order.farmId,
      lines.map((line) => line.productId),
    );
    for (const line of lines) {
      await changeOrder(tx, actor, id, {
        kind: 'lot_assignment',
        itemId: line.id,
        lots: 'suggested',
      });
    }
    await changeOrder(tx, actor, id, {
      kind: 'status',
      status: 'packed',
      recipientName: null,
      today: clockToday(),
    });
  });
}

/**
 * Where a day's bulk call goes on: the candidates after `afterOrderId` in the calls' oldest-first
 * (created_at, id) order. An id that is not one of the farm's orders is a 400 on the field, the
 * same whether another farm has it or nobody does.
 */
export async function afterBulkOrder(
  db: DbOrTx,
  actor: FarmActor,
  afterOrderId: number | undefined,
): Promise<SQL | undefined> {
  if (afterOrderId === undefined) return undefined;
  const [order] = await db
    .select({ createdAt: cursorTimestamp(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.id, afterOrderId), eq(orders.farmId, actor.business.id)));
  if (!order) {
    throw new AppError(400, NOT_AN_ORDER_OF_THE_FARM, 'validation', {
      afterOrderId: NOT_AN_ORDER_OF_THE_FARM,
    });
  }
  return pastPosition(
    orders.createdAt,
    orders.id,
    { createdAt: order.createdAt, id: afterOrderId },
    'newer',
  );
}

/**
 * POST /api/orders/farm/bulk-status: moves every order of the farm's delivery day that is in
 * the action's starting status, each through moveEachOrder; with `lots: "suggested"` each
 * confirmed order is packed with the suggested lots (packWithSuggestedLots). With `afterOrderId`
 * it goes on after that order, past those an earlier call refused (afterBulkOrder).
 */
export async function bulkMoveDay(
  db: Db,
  actor: FarmActor,
  body: BulkStatusBody,
): Promise<BulkStatusResult> {
  const fromStatus = BULK_MOVES[body.status];
  const after = await afterBulkOrder(db, actor, body.afterOrderId);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.farmId, actor.business.id),
        eq(orders.deliveryDate, body.deliveryDate),
        eq(orders.status, fromStatus),
        after,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const batch = candidates.slice(0, BULK_MAX_ORDERS);
  const { changed, refused } = await moveEachOrder(
    db,
    actor,
    batch.map((row) => row.id),
    fromStatus,
    body.status,
    body.lots === 'suggested' ? (id) => packWithSuggestedLots(db, actor, id) : undefined,
  );
  return {
    deliveryDate: body.deliveryDate,
    fromStatus,
    status: body.status,
    changed,
    refused,
    remaining: candidates.length - batch.length,
    lastOrderId: batch.at(-1)?.id ?? null,
  };
}
