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
  return (await businessStanding(db, business)).suspended;
}

/**
 * Whether the business is suspended or closed by its owner (docs/leaving.md), in the one lookup
 * the write guard makes.
 */
export async function businessStanding(
  db: DbOrTx,
  business: BusinessRef,
): Promise<{ suspended: boolean; closed: boolean }> {
  const standing = business.kind === 'farm' ? farmStanding : restaurantStanding;
  const [row] = await standing(db, { id: business.id });
  return { suspended: Boolean(row?.suspended), closed: Boolean(row?.closed) };
}

const farmStanding = preparedSelect((select) =>
  select
    .select({
      suspended: sql<boolean>`${farms.suspendedAt} is not null`,
      closed: sql<boolean>`${farms.closedAt} is not null`,
    })
    .from(farms)
    .where(eq(farms.id, sql.placeholder('id'))),
);
const restaurantStanding = preparedSelect((select) =>
  select
    .select({
      suspended: sql<boolean>`${restaurants.suspendedAt} is not null`,
      closed: sql<boolean>`${restaurants.closedAt} is not null`,
    })
    .from(restaurants)
    .where(eq(restaurants.id, sql.placeholder('id'))),
);
