import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PersonActor } from '#core/actor';
import type { DbOrTx } from '../../db/database';
import { farms, products } from '../../db/schema';

/*
 * What restaurants see of farms: one rule (docs/admission.md#what-restaurants-see). A farm is
 * open when an administrator has approved it, it is not suspended and its owner has not closed
 * it (docs/leaving.md); nothing of a farm that
 * is not open is listed, searched, scheduled or sold. `isFarmOpen` in core says the same for
 * the screens.
 */

/** The farm of the row being read (the query reads `farms`) is open. */
export const farmIsOpen: SQL = sql`(${farms.approvalStatus} = 'approved' and ${farms.suspendedAt} is null and ${farms.closedAt} is null)`;

/** The farm `farmId` names is open: for a query that does not read `farms` itself. */
export function farmOfIsOpen(farmId: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${farms} where ${farms.id} = ${farmId} and ${farmIsOpen})`;
}

/** A product on offer: active, not deleted, of an open farm. Browse, search and sales ask it. */
export const productOnOffer: SQL = and(
  eq(products.isActive, true),
  isNull(products.deletedAt),
  farmOfIsOpen(products.farmId),
)!;

/**
 * Whether the asker may see a farm that is not open: administrators, and the farm's own people
 * (its calendar, its own delivery outlook).
 */
export function seesEveryFarm(actor: PersonActor | null, farmId?: number): boolean {
  if (actor?.role === 'admin') return true;
  return farmId !== undefined && actor?.business?.kind === 'farm' && actor.business.id === farmId;
}

/** Of these farms, the ones the asker may see, in the order given. */
export async function visibleFarmIds(
  db: DbOrTx,
  farmIds: readonly number[],
  actor: PersonActor | null,
): Promise<number[]> {
  const toCheck = farmIds.filter((id) => !seesEveryFarm(actor, id));
  if (toCheck.length === 0) return [...farmIds];
  const open = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(inArray(farms.id, toCheck), farmIsOpen));
  const openIds = new Set(open.map((row) => row.id));
  return farmIds.filter((id) => seesEveryFarm(actor, id) || openIds.has(id));
}
