import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FarmActor, RestaurantActor } from '#core/actor';
import type { OrderStatus } from '#core/order-status';
import {
  BULK_MAX_ORDERS,
  BULK_MOVES,
  type BulkStatusBody,
  type BulkStatusResult,
} from '#core/schemas/order-bulk';
import type { PricedOrder } from '#core/schemas/order';
import type { OrderListQuery } from '#core/schemas/paging';
import type { Db, DbOrTx } from '../../db/database';
import { farms, orders, restaurants } from '../../db/schema';
import { AppError } from '../../errors';
import { afterCursor, cursorTimestamp, splitPage } from '../paging';
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

/**
 * One page of the orders a farm's or a restaurant's person sees (their business's own), newest
 * first (created_at, then id), with the number of orders the filters match. The page's ids come
 * from one keyset query, their orders from the one query of loadOrdersByIds, the total from one
 * count.
 */
export async function listOrderPage(
  db: DbOrTx,
  viewer: FarmActor | RestaurantActor,
  query: OrderListQuery,
): Promise<OrderPage> {
  const filters = filterConditions(viewer, query);
  const keyset = afterCursor(orders.createdAt, orders.id, query.cursor);
  const idRows = await db
    .select({ id: orders.id, cursorCreatedAt: cursorTimestamp(orders.createdAt) })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(and(...filters, keyset))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const [totalRow] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(and(...filters));
  const { rows, nextCursor } = splitPage(idRows, query.limit);
  const items = await loadOrdersByIds(
    db,
    rows.map((row) => row.id),
  );
  return { items, total: Number(totalRow?.total ?? 0), nextCursor };
}

/** The outcome of moving several orders one by one: those moved, and those refused and why. */
export interface EachMoved {
  changed: { id: number; fromStatus: OrderStatus; toStatus: OrderStatus }[];
  refused: { id: number; status: OrderStatus; code: string; message: string }[];
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
): Promise<EachMoved> {
  const changed: EachMoved['changed'] = [];
  const refused: EachMoved['refused'] = [];
  for (const id of ids) {
    try {
      await changeOrderStatus(db, actor, id, { status: toStatus, recipientName: null });
      changed.push({ id, fromStatus, toStatus });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const current = (error.details?.status as OrderStatus | undefined) ?? fromStatus;
      refused.push({ id, status: current, code: error.code ?? 'refused', message: error.message });
    }
  }
  return { changed, refused };
}

/**
 * POST /api/orders/farm/bulk-status: moves every order of the farm's delivery day that is in
 * the action's starting status, each through moveEachOrder.
 */
export async function bulkMoveDay(
  db: Db,
  actor: FarmActor,
  body: BulkStatusBody,
): Promise<BulkStatusResult> {
  const fromStatus = BULK_MOVES[body.status];
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.farmId, actor.business.id),
        eq(orders.deliveryDate, body.deliveryDate),
        eq(orders.status, fromStatus),
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
  );
  return {
    deliveryDate: body.deliveryDate,
    fromStatus,
    status: body.status,
    changed,
    refused,
    remaining: candidates.length - batch.length,
  };
}
