import { eq, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import type { DbOrTx } from '../../db/database';
import { fixedSelect } from '../../db/fixed-select';
import { farms, restaurants } from '../../db/schema';

/**
 * Whether the business is suspended now (docs/admission.md#suspension): the guard asks it of
 * every write acting for a business (auth/hooks.ts), one lookup by primary key.
 */
export async function isSuspended(db: DbOrTx, business: BusinessRef): Promise<boolean> {
  const [row] =
    business.kind === 'farm'
      ? await farmSuspended(db, sql`where ${eq(farms.id, business.id)}`)
      : await restaurantSuspended(db, sql`where ${eq(restaurants.id, business.id)}`);
  return Boolean(row?.suspended);
}

const farmSuspended = fixedSelect((select) =>
  select.select({ suspended: sql<boolean>`${farms.suspendedAt} is not null` }).from(farms),
);
const restaurantSuspended = fixedSelect((select) =>
  select
    .select({ suspended: sql<boolean>`${restaurants.suspendedAt} is not null` })
    .from(restaurants),
);
