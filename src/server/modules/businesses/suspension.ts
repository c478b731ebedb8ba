import { eq, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import type { DbOrTx } from '../../db/database';
import { farms, restaurants } from '../../db/schema';

/**
 * Whether the business is suspended now (docs/admission.md#suspension): the guard asks it of
 * every write acting for a business (auth/hooks.ts), one lookup by primary key.
 */
export async function isSuspended(db: DbOrTx, business: BusinessRef): Promise<boolean> {
  const table = business.kind === 'farm' ? farms : restaurants;
  const [row] = await db
    .select({ suspended: sql<boolean>`${table.suspendedAt} is not null` })
    .from(table as typeof farms)
    .where(eq(table.id, business.id));
  return Boolean(row?.suspended);
}
