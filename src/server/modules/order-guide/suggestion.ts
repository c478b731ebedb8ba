import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { addDays, hawaiiDate } from '#core/hawaii-time';
import { isUnitPack } from '#core/packs';
import {
  DEFAULT_SUBSTITUTION,
  MAX_PAR,
  NO_PARS,
  SUGGESTED_SECTION_NAME,
  type GuideWeekday,
  type Pars,
} from '#core/schemas/order-guide';
import { WEEKDAYS } from '#core/schemas/standing-order';
import { weekdayOf } from '#core/standing-orders';
import { compareNames } from '#core/text-fold';
import type { DbOrTx } from '../../db/database';
import {
  orderItems,
  orders,
  productPacks,
  standingOrderLines,
  standingOrders,
} from '../../db/schema';
import { factsOf, pairKey, type GuideSectionEntries, type ItemFacts } from './facts';

/** How far back the orders a suggestion is made of go. */
export const SUGGESTION_DAYS = 90;

/** A par is whole packs: a weighed quantity ordered (2.5 lb) is rounded up. */
const parOf = (quantity: number) => Math.min(MAX_PAR, Math.ceil(Number(quantity)));

/**
 * The guide a restaurant that never saved one is offered (docs/order-guide.md#the-suggestion):
 * each product+pack it ordered for the last 90 days' deliveries or later ones (orders not
 * cancelled; one without a delivery day counts from when it was placed) or keeps on a standing
 * order, in one section, by farm then product; the par of a weekday is the most it ordered of
 * it for one delivery day on that weekday (a standing order line: its quantity on its
 * weekdays), 0 for a weekday it never had. Nothing ordered: no section.
 */
export async function suggestedGuide(
  db: DbOrTx,
  restaurantId: number,
  now: Date,
): Promise<{ sections: GuideSectionEntries[]; facts: Map<string, ItemFacts> }> {
  const since = addDays(hawaiiDate(now), -SUGGESTION_DAYS);
  const [ordered, standing] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        packId: orderItems.packId,
        packSize: orderItems.packSize,
        deliveryDate: orders.deliveryDate,
        // What the restaurant asked for, not what the farm adjusted it to.
        quantity: sql<string>`sum(coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity}))`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.restaurantId, restaurantId),
          ne(orders.status, 'cancelled'),
          // By the day it is for (the business's calendar); one without a day by when it was placed.
          sql`coalesce(${orders.deliveryDate}, (${orders.createdAt} at time zone 'Pacific/Honolulu')::date) >= ${since}::date`,
        ),
      )
      .groupBy(orderItems.productId, orderItems.packId, orderItems.packSize, orders.deliveryDate),
    db
      .select({
        productId: standingOrderLines.productId,
        packId: standingOrderLines.packId,
        quantity: standingOrderLines.quantity,
        weekdays: standingOrders.weekdays,
      })
      .from(standingOrderLines)
      .innerJoin(standingOrders, eq(standingOrders.id, standingOrderLines.standingOrderId))
      .where(and(eq(standingOrders.restaurantId, restaurantId), isNull(standingOrders.deletedAt))),
  ]);

  // A line from before packs names no pack: it was of the unit pack when it was of one unit.
  const packless = [
    ...new Set(
      ordered
        .filter((line) => line.packId === null && isUnitPack({ size: Number(line.packSize) }))
        .map((line) => line.productId),
    ),
  ];
  const unitPacks =
    packless.length === 0
      ? []
      : await db
          .select({ id: productPacks.id, productId: productPacks.productId })
          .from(productPacks)
          .where(
            and(
              inArray(productPacks.productId, packless),
              eq(productPacks.size, 1),
              isNull(productPacks.archivedAt),
            ),
          );
  const unitPackOf = new Map(unitPacks.map((pack) => [pack.productId, pack.id]));

  const pars = new Map<string, { productId: number; packId: number; pars: Pars }>();
  const raise = (productId: number, packId: number, weekdays: number[], quantity: number) => {
    const key = pairKey(productId, packId);
    const entry = pars.get(key) ?? { productId, packId, pars: { ...NO_PARS } };
    for (const weekday of weekdays) {
      const day = WEEKDAYS[weekday] as GuideWeekday;
      entry.pars[day] = Math.max(entry.pars[day], parOf(quantity));
    }
    pars.set(key, entry);
  };
  for (const line of ordered) {
    const packId =
      line.packId ??
      (isUnitPack({ size: Number(line.packSize) }) ? unitPackOf.get(line.productId) : undefined);
    if (packId === undefined) continue;
    // An order without a delivery day still says the product is bought; it sets no par.
    const weekdays = line.deliveryDate === null ? [] : [weekdayOf(line.deliveryDate)];
    raise(line.productId, packId, weekdays, Number(line.quantity));
  }
  for (const line of standing) raise(line.productId, line.packId, line.weekdays, line.quantity);

  const facts = await factsOf(db, [...pars.values()]);
  const items = [...pars.values()]
    .filter((entry) => facts.has(pairKey(entry.productId, entry.packId)))
    .sort((a, b) => {
      const one = facts.get(pairKey(a.productId, a.packId))!;
      const other = facts.get(pairKey(b.productId, b.packId))!;
      return (
        compareNames(one.farm.name, other.farm.name) ||
        one.farm.id - other.farm.id ||
        compareNames(one.product.name, other.product.name) ||
        one.product.id - other.product.id ||
        one.pack.size - other.pack.size ||
        one.pack.id - other.pack.id
      );
    })
    .map((entry) => ({ ...entry, substitution: DEFAULT_SUBSTITUTION }));
  return {
    sections: items.length === 0 ? [] : [{ name: SUGGESTED_SECTION_NAME, items }],
    facts,
  };
}
