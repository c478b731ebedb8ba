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
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
