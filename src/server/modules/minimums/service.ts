import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsOf, toMoneyString } from '#core/money';
import type {
  CustomerMinimumBody,
  FarmMinimum,
  FarmMinimumsInput,
  Minimum,
  MinimumMode,
} from '#core/schemas/minimum';
import type { DbOrTx, Tx } from '../../db/database';
import { customerMinimums, farmMinimums } from '../../db/schema';
import { rows } from '../../db/raw-sql';
import { badRequest } from '../../errors';

/** A minimum as a row holds it, money as the database's text. */
interface MinimumRow {
  amount: string;
  mode: MinimumMode;
  fee: string | null;
}

function toMinimum(row: MinimumRow): Minimum {
  return {
    amount: toMoneyString(centsOf(row.amount)),
    mode: row.mode,
    fee: row.fee === null ? null : toMoneyString(centsOf(row.fee)),
  };
}

/**
 * The minimum that applies to each pair of the restaurants and farms given (docs/minimums.md):
 * the farm's override for the restaurant, else the farm's minimum for the restaurant's zone,
 * else its every-zone one. One read; a pair without any is left out.
 */
function applyingMinimums(db: DbOrTx, restaurantIds: number[], farmIds: number[]) {
  return rows<MinimumRow & { restaurant_id: number; farm_id: number }>(
    db,
    sql`select distinct on (r.id, f.id) r.id as restaurant_id, f.id as farm_id,
        applying.amount::text as amount, applying.mode, applying.fee::text as fee
      from restaurants r
      join farms f on f.id in ${farmIds}
      join lateral (
        select c.amount, c.mode, c.fee, 0 as rank
        from customer_minimums c
        where c.restaurant_id = r.id and c.farm_id = f.id
        union all
        select m.amount, m.mode, m.fee, case when m.zone is null then 2 else 1 end
        from farm_minimums m
        where m.farm_id = f.id and (m.zone is null or m.zone = r.delivery_zone)
      ) applying on true
      where r.id in ${restaurantIds}
      order by r.id, f.id, applying.rank`,
  );
}

/** The minimum of each farm that applies to the restaurant, by farm; a farm without one is left out. */
export async function minimumsFor(
  db: DbOrTx,
  restaurantId: number,
  farmIds: number[],
): Promise<Map<number, Minimum>> {
  if (farmIds.length === 0) return new Map();
  const found = await applyingMinimums(db, [restaurantId], farmIds);
  return new Map(found.map((row) => [Number(row.farm_id), toMinimum(row)]));
}

/** The farm's minimum that applies to each restaurant, by restaurant; one without is left out. */
export async function farmMinimumsFor(
  db: DbOrTx,
  farmId: number,
  restaurantIds: number[],
): Promise<Map<number, Minimum>> {
  if (restaurantIds.length === 0) return new Map();
  const found = await applyingMinimums(db, restaurantIds, [farmId]);
  return new Map(found.map((row) => [Number(row.restaurant_id), toMinimum(row)]));
}

/** A farm's minimums, the every-zone one first, then by zone. */
export async function farmMinimumsOf(db: DbOrTx, farmId: number): Promise<FarmMinimum[]> {
  const found = await db
    .select({
      zone: farmMinimums.zone,
      amount: farmMinimums.amount,
      mode: farmMinimums.mode,
      fee: farmMinimums.fee,
    })
    .from(farmMinimums)
    .where(eq(farmMinimums.farmId, farmId))
    .orderBy(sql`${farmMinimums.zone} nulls first`, asc(farmMinimums.zone));
  return found.map((row) => ({ zone: row.zone, ...toMinimum(row) }));
}

/**
 * The farm's minimums as its profile sets them (docs/minimums.md), in the profile's transaction:
 * `minimums` replaces them all; `orderMinimum` alone sets the every-zone amount (a new one is in
 * `warn` mode). Both sent must agree on the every-zone amount (400 otherwise). Answers the
 * every-zone amount for farms.order_minimum, which stays in step with it, or undefined when
 * neither was sent.
 */
export async function saveFarmMinimums(
  tx: Tx,
  farmId: number,
  minimums: FarmMinimumsInput | undefined,
  orderMinimum: string | undefined,
): Promise<string | undefined> {
  if (minimums !== undefined) {
    const everyZone = minimums.findIndex((entry) => entry.zone === null);
    const everyZoneAmount = everyZone >= 0 ? minimums[everyZone]!.amount : undefined;
    if (
      orderMinimum !== undefined &&
      everyZoneAmount !== undefined &&
      centsOf(orderMinimum) !== centsOf(everyZoneAmount)
    ) {
      throw badRequest('The order minimum and the every-zone minimum differ', {
        [`minimums.${everyZone}.amount`]: 'Differs from orderMinimum',
      });
    }
    const entries =
      orderMinimum !== undefined && everyZoneAmount === undefined
        ? [...minimums, { zone: null, amount: orderMinimum, mode: 'warn' as const, fee: null }]
        : minimums;
    await tx.delete(farmMinimums).where(eq(farmMinimums.farmId, farmId));
    if (entries.length > 0) {
      await tx.insert(farmMinimums).values(entries.map((entry) => ({ farmId, ...entry })));
    }
    return entries.find((entry) => entry.zone === null)?.amount ?? '0.00';
  }
  if (orderMinimum === undefined) return undefined;
  await rows(
    tx,
    sql`insert into ${farmMinimums} (farm_id, zone, amount, mode, fee)
      values (${farmId}, null, ${orderMinimum}, 'warn', null)
      on conflict (farm_id, (coalesce(zone, ''))) do update set amount = excluded.amount`,
  );
  return orderMinimum;
}

/** The farms.order_minimum kept in step with the every-zone minimum. */
export function orderMinimumColumn(amount: string | undefined) {
  return amount === undefined ? {} : { orderMinimum: amount };
}

/** The farm's override of each of these customers, by restaurant. */
export async function customerMinimumsOf(
  db: DbOrTx,
  farmId: number,
  restaurantIds: number[],
): Promise<Map<number, Minimum>> {
  if (restaurantIds.length === 0) return new Map();
  const found = await db
    .select({
      restaurantId: customerMinimums.restaurantId,
      amount: customerMinimums.amount,
      mode: customerMinimums.mode,
      fee: customerMinimums.fee,
    })
    .from(customerMinimums)
    .where(
      and(
        eq(customerMinimums.farmId, farmId),
        inArray(customerMinimums.restaurantId, restaurantIds),
      ),
    );
  return new Map(found.map(({ restaurantId, ...row }) => [restaurantId, toMinimum(row)]));
}

/** Sets the farm's override for one customer (the caller has checked it is one). */
export async function setCustomerMinimum(
  db: DbOrTx,
  farmId: number,
  restaurantId: number,
  body: CustomerMinimumBody,
): Promise<void> {
  const values = { amount: body.amount, mode: body.mode, fee: body.fee };
  await db
    .insert(customerMinimums)
    .values({ farmId, restaurantId, ...values })
    .onConflictDoUpdate({
      target: [customerMinimums.farmId, customerMinimums.restaurantId],
      set: values,
    });
}

/** Removes the farm's override for one customer; its zone's minimum applies again. */
export async function removeCustomerMinimum(
  db: DbOrTx,
  farmId: number,
  restaurantId: number,
): Promise<void> {
  await db
    .delete(customerMinimums)
    .where(
      and(eq(customerMinimums.farmId, farmId), eq(customerMinimums.restaurantId, restaurantId)),
    );
}
