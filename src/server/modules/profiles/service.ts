import { eq, sql } from 'drizzle-orm';
import type {
  FarmProfileUpdateBody,
  ProfileCreateBody,
  RestaurantProfileUpdateBody,
} from '#core/schemas/profile';
import type { Profile } from '#core/schemas/auth';
import { formatTimeOfDay, parseTimeOfDay } from '#core/delivery-days';
import { paymentTermsDays, paymentTermsOfDays } from '#core/payments';
import { rateOf, toRateString } from '#core/money';
import type { Db } from '../../db/database';
import { farms, restaurants, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { publishAuthChanged } from '../events/publish';

export type ProfileKind = 'farm' | 'restaurant';
type FarmRow = typeof farms.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

export function toFarmProfile(row: FarmRow): Profile {
  const {
    userId: _u,
    lastInvoiceNumber: _n,
    createdAt: _c,
    updatedAt: _up,
    orderCutoffMinutes,
    paymentTermsDays,
    taxRate,
    suspendedAt,
    ...rest
  } = row;
  return {
    ...rest,
    suspendedAt: suspendedAt?.toISOString() ?? null,
    orderCutoffTime: formatTimeOfDay(orderCutoffMinutes),
    paymentTerms: paymentTermsOfDays(paymentTermsDays),
    taxRate: toRateString(rateOf(taxRate)),
    kind: 'farm',
  };
}

export function toRestaurantProfile(row: RestaurantRow): Profile {
  const { userId: _u, createdAt: _c, updatedAt: _up, suspendedAt, ...rest } = row;
  return { ...rest, suspendedAt: suspendedAt?.toISOString() ?? null, kind: 'restaurant' };
}

/**
 * Creates the caller's farm or restaurant and makes that their role (administrators keep theirs).
 * With admission on, a new farm waits for an administrator's approval (docs/admission.md).
 */
export async function createProfile(
  db: Db,
  userId: number,
  kind: ProfileKind,
  body: ProfileCreateBody & { deliveryZone?: string | null },
  { admission }: { admission: boolean },
): Promise<Profile> {
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
      .onConflictDoNothing({ target: table.userId })
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
    await publishAuthChanged(tx, { userId });
    return kind === 'farm'
      ? toFarmProfile(row as FarmRow)
      : toRestaurantProfile(row as RestaurantRow);
  });
}

export async function updateFarmProfile(
  db: Db,
  userId: number,
  body: FarmProfileUpdateBody,
): Promise<Profile> {
  const { orderCutoffTime, paymentTerms, ...rest } = body;
  const [row] = await db
    .update(farms)
    .set({
      ...rest,
      ...(orderCutoffTime !== undefined
        ? { orderCutoffMinutes: parseTimeOfDay(orderCutoffTime)! }
        : {}),
      ...(paymentTerms !== undefined ? { paymentTermsDays: paymentTermsDays(paymentTerms) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(farms.userId, userId))
    .returning();
  if (!row) throw notFound('You have no farm profile yet');
  return toFarmProfile(row);
}

export async function updateRestaurantProfile(
  db: Db,
  userId: number,
  body: RestaurantProfileUpdateBody,
): Promise<Profile> {
  const [row] = await db
    .update(restaurants)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(restaurants.userId, userId))
    .returning();
  if (!row) throw notFound('You have no restaurant profile yet');
  return toRestaurantProfile(row);
}
