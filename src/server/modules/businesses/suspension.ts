import { eq, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import type { DbOrTx } from '../../db/database';
import { preparedSelect } from '../../db/written-once';
import { farms, restaurants } from '../../db/schema';

/**
 * Whether the business is suspended now (docs/admission.md#suspension): the guard asks it of
 * every write acting for a business (auth/hooks.ts), one lookup by primary key.
 */
export async function isSuspended(db: DbOrTx, business: BusinessRef): Promise<boolean> {
  const suspended = business.kind === 'farm' ? farmSuspended : restaurantSuspended;
  const [row] = await suspended(db, { id: business.id });
  return Boolean(row?.suspended);
}

const farmSuspended = preparedSelect((select) =>
  select
    .select({ suspended: sql<boolean>`${farms.suspendedAt} is not null` })
    .from(farms)
    .where(eq(farms.id, sql.placeholder('id'))),
);
const restaurantSuspended = preparedSelect((select) =>
  select
    .select({ suspended: sql<boolean>`${restaurants.suspendedAt} is not null` })
    .from(restaurants)
    .where(eq(restaurants.id, sql.placeholder('id'))),
);
