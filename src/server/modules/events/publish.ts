import { sql } from 'drizzle-orm';
import type { LiveEvent } from '#core/schemas/notification';
import type { DbOrTx } from '../../db/database';

/** The PostgreSQL channel that carries live events between processes. */
export const LIVE_EVENTS_CHANNEL = 'harvest_hui_live_events';

/**
 * Announces a change to every open /api/events stream it concerns, in every process.
 * Called with the transaction that makes the change: PostgreSQL delivers the notification
 * only when that transaction commits, so a rolled-back change is never announced.
 */
export async function publishLiveEvent(tx: DbOrTx, event: LiveEvent): Promise<void> {
  await publishLiveEvents(tx, [event]);
}

/**
 * Several live events in one round trip (one statement), announced in the order given, on the
 * same terms as publishLiveEvent: only when the caller's transaction commits. The statement is
 * sent as this is called, so a caller may send the transaction's next statements before it
 * is answered.
 */
export function publishLiveEvents(
  tx: DbOrTx,
  events: readonly (LiveEvent | DeliveriesQueuedEvent)[],
): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  const notifies = events.map(
    (event) => sql`pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`,
  );
  return tx.execute(sql`select ${sql.join(notifies, sql`, `)}`).then(() => undefined);
}

/**
 * What a process may have learned about a user's sessions is stale: a session ended (one by
 * `tokenHash`, or every one but `exceptTokenHash`, or all of them), or the user's role or
 * profile changed. Never sent to browsers: every process closes the streams it opened with
 * those sessions, so a signed-out browser stops receiving and a switched one reconnects as
 * what it now is.
 */
export interface AuthChangedEvent {
  type: 'auth.changed';
  userId: number;
  tokenHash?: string;
  exceptTokenHash?: string;
}

/**
 * A user's row, or their farm's or restaurant's, changed: what GET /api/auth/user answers for
 * them is stale. Sent by the database itself (triggers, drizzle/0011_user_view_changes.sql),
 * so no writer can forget it; never sent to browsers.
 */
export interface UserChangedEvent {
  type: 'user.changed';
  userId: number;
}

/**
 * A product, a product's photos or a delivery day changed: what a process keeps of the browse
 * pages is stale. Sent by the database itself (triggers, drizzle/0012_catalog_changes.sql);
 * never sent to browsers, which hear `products.changed` from the code that made the change.
 */
export interface CatalogChangedEvent {
  type: 'catalog.changed';
}

/**
 * A product's stock moved and nothing else of it (every order placed, changed or cancelled
 * moves some): the pages that show it take the new figure, the searches by availability are
 * stale when it crossed zero, the other counts and the farm lists are not. Sent by the database
 * itself, a notice per product (drizzle/0044_stock_notice_details.sql); one without a product
 * (drizzle/0042_stock_changes.sql) makes every page and search by availability stale.
 */
export interface StockChangedEvent {
  type: 'stock.changed';
  productId?: number;
  /** The product's stock now, in its unit. */
  availableQuantity?: number;
  /** It went out of stock, or back in. */
  inStockChanged?: boolean;
}

/**
 * Emails or text messages were queued to go now: the delivery workers look for them at once
 * instead of at their next poll. Never sent to browsers.
 */
export interface DeliveriesQueuedEvent {
  type: 'deliveries.queued';
}

/**
 * Orders of this farm and restaurant arrived, went, or changed status, day or business: the
 * totals of their order lists are stale. Sent by the database itself, once per farm and
 * restaurant a transaction touched (drizzle/0045_order_counts.sql).
 */
export interface OrdersCountedEvent {
  type: 'orders.counted';
  farmId: number;
  restaurantId: number;
}

/** What the database announces by itself, for the processes' caches only. */
export type DatabaseEvent =
  UserChangedEvent | CatalogChangedEvent | StockChangedEvent | OrdersCountedEvent;

/** Announces an AuthChangedEvent when the caller's transaction commits. */
export async function publishAuthChanged(
  tx: DbOrTx,
  change: Omit<AuthChangedEvent, 'type'>,
): Promise<void> {
  const event: AuthChangedEvent = { type: 'auth.changed', ...change };
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Whether a session (by its token's hash) of this user is one an AuthChangedEvent covers. */
export function authChangeCovers(
  event: AuthChangedEvent,
  session: { userId: number; tokenHash: string },
): boolean {
  if (event.userId !== session.userId) return false;
  if (event.tokenHash !== undefined) return event.tokenHash === session.tokenHash;
  return event.exceptTokenHash !== session.tokenHash;
}
