import { and, eq } from 'drizzle-orm';
import type { FollowState } from '#core/schemas/fresh-sheet';
import type { Db, DbOrTx } from '../../db/database';
import { farms, farmFollows, freshSheetUnsubscribes } from '../../db/schema';
import { notFound } from '../../errors';
import { farmIsOpen } from '../businesses';

/** Whether the restaurant follows the farm (price lists ask it of whom they may assign). */
export async function restaurantFollowsFarm(
  db: DbOrTx,
  restaurantId: number,
  farmId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ farmId: farmFollows.farmId })
    .from(farmFollows)
    .where(and(eq(farmFollows.restaurantId, restaurantId), eq(farmFollows.farmId, farmId)));
  return Boolean(row);
}

/** The farm, when restaurants may see it; 404 else (not approved, suspended, no such farm). */
export async function requireOpenFarm(db: DbOrTx, farmId: number) {
  const [farm] = await db
    .select({ id: farms.id, name: farms.name })
    .from(farms)
    .where(and(eq(farms.id, farmId), farmIsOpen));
  if (!farm) throw notFound('No such farm');
  return farm;
}

/**
 * The restaurant follows the farm. Following is asking for its fresh sheet, so an earlier
 * unsubscribe from that farm's sheet is undone. Following twice changes nothing.
 */
export async function followFarm(
  db: Db,
  restaurantId: number,
  farmId: number,
  userId: number,
): Promise<FollowState> {
  return db.transaction(async (tx) => {
    await requireOpenFarm(tx, farmId);
    await tx
      .insert(farmFollows)
      .values({ restaurantId, farmId, followedByUserId: userId })
      .onConflictDoNothing();
    await tx
      .delete(freshSheetUnsubscribes)
      .where(
        and(
          eq(freshSheetUnsubscribes.farmId, farmId),
          eq(freshSheetUnsubscribes.restaurantId, restaurantId),
        ),
      );
    return { farmId, following: true };
  });
}

/**
 * The restaurant stops following the farm, and its fresh sheet stops with it, even for a
 * customer (whom it would otherwise reach without a follow). Unfollowing twice, or a farm not
 * followed, is no error; following again brings the sheet back.
 */
export async function unfollowFarm(
  db: Db,
  restaurantId: number,
  farmId: number,
): Promise<FollowState> {
  return db.transaction(async (tx) => {
    await requireOpenFarm(tx, farmId);
    await tx
      .delete(farmFollows)
      .where(and(eq(farmFollows.restaurantId, restaurantId), eq(farmFollows.farmId, farmId)));
    await tx.insert(freshSheetUnsubscribes).values({ farmId, restaurantId }).onConflictDoNothing();
    return { farmId, following: false };
  });
}
