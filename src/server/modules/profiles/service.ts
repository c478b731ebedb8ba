import { and, eq, sql } from 'drizzle-orm';
import type {
  FarmProfileUpdateBody,
  ProfileCreateBody,
  RestaurantProfileUpdateBody,
} from '#core/schemas/profile';
import type { Profile } from '#core/schemas/auth';
import type { PersonActor } from '#core/actor';
import { formatTimeOfDay, parseTimeOfDay } from '#core/delivery-days';
import { paymentTermsDays, paymentTermsOfDays } from '#core/payments';
import { rateOf, toRateString } from '#core/money';
import { DEFAULT_PASS_ON_RATE, DEFAULT_WHOLESALE_RATE } from '#core/schemas/resale-certificate';
import type { Db } from '../../db/database';
import { farms, memberships, restaurants, sessions, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { publishAuthChanged } from '../events';
import { farmMinimumsOf, orderMinimumColumn, saveFarmMinimums } from '../minimums';

export type ProfileKind = 'farm' | 'restaurant';
type FarmRow = typeof farms.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

export function toFarmProfile(row: FarmRow): Profile {
  const {
    userId: _u,
    lastInvoiceNumber: _n,
    lastCreditNoteNumber: _cn,
    createdAt: _c,
    updatedAt: _up,
    orderCutoffMinutes,
    paymentTermsDays,
    taxRate,
    getWholesaleRate,
    getPassOnRate,
    suspendedAt,
    // Closing is not part of the profile (docs/leaving.md).
    closedAt: _closed,
    closedByUserId: _closedBy,
    ...rest
  } = row;
  return {
    ...rest,
    suspendedAt: suspendedAt?.toISOString() ?? null,
    orderCutoffTime: formatTimeOfDay(orderCutoffMinutes),
    paymentTerms: paymentTermsOfDays(paymentTermsDays),
    taxRate: toRateString(rateOf(taxRate)),
    getRule:
      getWholesaleRate !== null && getPassOnRate !== null
        ? {
            wholesaleRate: toRateString(rateOf(getWholesaleRate)),
            passOnRate: toRateString(rateOf(getPassOnRate)),
          }
        : null,
    kind: 'farm',
  };
}

export function toRestaurantProfile(row: RestaurantRow): Profile {
  const {
    userId: _u,
    createdAt: _c,
    updatedAt: _up,
    suspendedAt,
    closedAt: _closed,
    closedByUserId: _closedBy,
    ...rest
  } = row;
  return { ...rest, suspendedAt: suspendedAt?.toISOString() ?? null, kind: 'restaurant' };
}

/**
 * Creates the caller's farm or restaurant, of which they are the owner (a trigger makes the
 * membership), makes that their account's role (administrators keep theirs), and makes the
 * creating session act for it.
 * With admission on, a new farm waits for an administrator's approval (docs/admission.md).
 */
export async function createProfile(
  db: Db,
  session: { userId: number; sessionTokenHash: string },
  kind: ProfileKind,
  body: ProfileCreateBody & { deliveryZone?: string | null },
  { admission }: { admission: boolean },
): Promise<Profile> {
  const { userId, sessionTokenHash } = session;
  return db.transaction(async (tx) => {
    const table = kind === 'farm' ? farms : restaurants;
    const values =
      kind === 'farm'
        ? {
            userId,
            ...body,
            approvalStatus: admission ? ('pending' as const) : ('approved' as const),
          }
        : { userId, ...body };
    const inserted = await tx
      .insert(table)
      .values(values)
      // A group's locations do not count as one's own restaurant (docs/groups.md).
      .onConflictDoNothing({
        target: table.userId,
        where: kind === 'restaurant' ? sql`group_id is null` : undefined,
      })
      .returning();
    const row = inserted[0];
    if (!row) throw conflict(`You already have a ${kind} profile`, 'profile_exists');
    await tx
      .update(users)
      .set({
        role: sql`case when ${users.role} = 'admin' then 'admin' else ${kind === 'farm' ? 'farmer' : 'restaurant'} end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({
        actingMembershipId: sql`(${tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, userId),
              kind === 'farm'
                ? eq(memberships.farmId, row.id)
                : eq(memberships.restaurantId, row.id),
            ),
          )})`,
      })
      .where(eq(sessions.tokenHash, sessionTokenHash));
    await publishAuthChanged(tx, { userId });
    return kind === 'farm'
      ? // A new farm has no minimums yet (docs/minimums.md).
        { ...toFarmProfile(row as FarmRow), minimums: [] }
      : toRestaurantProfile(row as RestaurantRow);
  });
}

/** The farm the person acts for, or null (then there is no farm profile to update). */
function actedForId(actor: PersonActor, kind: ProfileKind): number | null {
  return actor.business?.kind === kind ? actor.business.id : null;
}

/** The GET rule's columns as sent; a rate left out takes its default (docs/tax.md). */
function getRuleColumns(rule: FarmProfileUpdateBody['getRule']) {
  if (!rule) return { getWholesaleRate: null, getPassOnRate: null };
  return {
    getWholesaleRate: rule.wholesaleRate ?? DEFAULT_WHOLESALE_RATE,
    getPassOnRate: rule.passOnRate ?? DEFAULT_PASS_ON_RATE,
  };
}

/** Updates the profile of the farm the person acts for. */
export async function updateFarmProfile(
  db: Db,
  actor: PersonActor,
  body: FarmProfileUpdateBody,
): Promise<Profile> {
  const farmId = actedForId(actor, 'farm');
  if (farmId === null) throw notFound('You have no farm profile yet');
  const { orderCutoffTime, paymentTerms, getRule, minimums, orderMinimum, ...rest } = body;
  // The minimums and farms.order_minimum, their every-zone amount, change together.
  const { row, farmMinimums } = await db.transaction(async (tx) => {
    const everyZone = await saveFarmMinimums(tx, farmId, minimums, orderMinimum);
    const [updated] = await tx
      .update(farms)
      .set({
        ...rest,
        ...orderMinimumColumn(everyZone),
        ...(orderCutoffTime !== undefined
          ? { orderCutoffMinutes: parseTimeOfDay(orderCutoffTime)! }
          : {}),
        ...(paymentTerms !== undefined ? { paymentTermsDays: paymentTermsDays(paymentTerms) } : {}),
        ...(getRule !== undefined ? getRuleColumns(getRule) : {}),
        updatedAt: new Date(),
      })
      .where(eq(farms.id, farmId))
      .returning();
    if (!updated) throw notFound('You have no farm profile yet');
    return { row: updated, farmMinimums: await farmMinimumsOf(tx, farmId) };
  });
  return { ...toFarmProfile(row), minimums: farmMinimums };
}

/** Updates the profile of the restaurant the person acts for. */
export async function updateRestaurantProfile(
  db: Db,
  actor: PersonActor,
  body: RestaurantProfileUpdateBody,
): Promise<Profile> {
  const restaurantId = actedForId(actor, 'restaurant');
  if (restaurantId === null) throw notFound('You have no restaurant profile yet');
  const [row] = await db
    .update(restaurants)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(restaurants.id, restaurantId))
    .returning();
  if (!row) throw notFound('You have no restaurant profile yet');
  return toRestaurantProfile(row);
}
