import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RestaurantActor } from '#core/actor';
import { centsOf, rateOf, toMoneyString } from '#core/money';
import { packQuantityProblem } from '#core/packs';
import { linePriceOf } from '#core/pricing';
import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import { ORDER_CONFLICT_CODES, type PricedOrder } from '#core/schemas/order';
import { now as clockNow } from '../../clock';
import type { Db } from '../../db/database';
import { orderItems, orders, productPacks, products } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { listOfFarm, restaurantPricing } from '../price-lists';
import {
  applyOrderChange,
  lineTotalCents,
  linesMoves,
  linesOf,
  orderFeesCents,
  priceOrder,
  refusedTake,
  tooLarge,
  type ChangeContext,
  type ChangeOutcome,
  type OrderChangeOf,
  type StoredLine,
} from './order-change';
import { moveStock } from './stock';

/**
 * The restaurant cancels its own pending order before the day's cutoff (after it, only the
 * farm can): stock goes back, the history records the restaurant, the farm is told.
 */
export async function cancelOwnOrder(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  now: Date = clockNow(),
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, { kind: 'restaurant_cancel', now }),
  );
}

/**
 * The restaurant changes the quantities of its own pending order before the day's cutoff
 * (docs/delivery.md): lowering keeps the placed price, raising needs today's price; totals are
 * worked out again on the server, never taken from the client.
 */
export async function changeOwnOrderItems(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  body: OrderItemsChangeBody,
  now: Date = clockNow(),
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, { kind: 'restaurant_items', items: body.items, now }),
  );
}

/**
 * The restaurant's change of its own pending order's quantities (docs/delivery.md): a line set
 * to 0 goes, at least one stays (cancel instead). Lowering keeps the placed price, unless the
 * line falls below the quantity break that priced it: then it is the restaurant's price for the
 * new quantity (docs/price-lists.md). Raising a line whose product now costs the restaurant
 * something else for the new quantity is 409 `price_changed`, unless the item carries that
 * price, which then prices the whole line (the dialog shows it and asks).
 */
export async function changeLines({
  tx,
  actor,
  order,
  change,
}: ChangeContext<OrderChangeOf<'restaurant_items'>>): Promise<ChangeOutcome> {
  const { items } = change;
  const lines = await linesOf(tx, order.id);
  // Lines by line id: an item names its line by product, and by pack where the order holds the
  // product in more than one (docs/packs.md).
  const wanted = new Map<number, { quantity: number; unitPrice?: string; index: number }>();
  items.forEach((item, index) => {
    const ofProduct = lines.filter((candidate) => candidate.productId === item.productId);
    const line =
      item.packId === undefined
        ? ofProduct.length === 1
          ? ofProduct[0]
          : undefined
        : ofProduct.find((candidate) => candidate.packId === item.packId);
    if (!line && item.packId === undefined && ofProduct.length > 1) {
      throw badRequest('This order has the product in more than one pack: name the pack', {
        [`items.${index}.packId`]: 'Name the pack of the line',
      });
    }
    if (!line) {
      throw badRequest('Only the order’s own lines can be changed', {
        [`items.${index}.${item.packId === undefined ? 'productId' : 'packId'}`]:
          'Not a line of this order',
      });
    }
    if (wanted.has(line.id)) {
      throw badRequest('List each line once', { [`items.${index}.productId`]: 'Listed twice' });
    }
    const problem = packQuantityProblem(
      line.productUnit,
      { label: line.packLabel, size: line.packSize, minimumQuantity: null },
      item.quantity,
    );
    if (problem) throw badRequest(problem, { [`items.${index}.quantity`]: problem });
    wanted.set(line.id, { ...item, index });
  });
  const changes = lines.flatMap((line) => {
    const want = wanted.get(line.id);
    return want && want.quantity !== line.quantity ? [{ line, quantity: want.quantity, want }] : [];
  });
  const remaining = lines.filter((line) => (wanted.get(line.id)?.quantity ?? line.quantity) > 0);
  if (remaining.length === 0) {
    throw badRequest('An order keeps at least one line; cancel the order instead', {
      items: 'Keep at least one line, or cancel the order',
    });
  }
  if (changes.length === 0) return {};

  // Today's prices of the lines raised: more is sold at today's price or not at all. A line
  // lowered below the break that priced it takes today's price for what is left.
  const raised = changes.filter(({ line, quantity }) => quantity > line.quantity);
  const belowBreak = changes.filter(
    ({ line, quantity }) =>
      quantity > 0 && line.priceBreakQuantity !== null && quantity < line.priceBreakQuantity,
  );
  const repriced = [...raised, ...belowBreak];
  // Each raised line's product price and pack as they are today, in one read; a pack since
  // removed keeps the line's price.
  const repricedPackIds = repriced.flatMap(({ line }) => (line.packId ? [line.packId] : []));
  const today = new Map(
    repricedPackIds.length === 0
      ? []
      : (
          await tx
            .select({
              id: productPacks.id,
              size: productPacks.size,
              price: productPacks.price,
              listPrice: products.price,
            })
            .from(productPacks)
            .innerJoin(products, eq(products.id, productPacks.productId))
            .where(and(inArray(productPacks.id, repricedPackIds), isNull(productPacks.archivedAt)))
        ).map((row) => [row.id, row]),
  );
  const pricing =
    repriced.length === 0
      ? null
      : listOfFarm(await restaurantPricing(tx, order.restaurantId, [order.farmId]), order.farmId);
  /** The restaurant's price of the line's pack for `quantity` today (src/core/pricing.ts). */
  const todayFor = (line: StoredLine, quantity: number, listPrice?: string) => {
    const pack = line.packId === null ? undefined : today.get(line.packId);
    if (pack === undefined) return undefined;
    const product = {
      id: line.productId,
      listPriceCents: centsOf(listPrice ?? pack.listPrice),
      pricedByWeight: line.weightUnit !== null,
    };
    // A line by weight is estimated at the pack weight it was placed with.
    const { unitCents, priceBreakQuantity } = linePriceOf(
      product,
      { ...pack, estimatedWeight: line.packWeight },
      pricing,
      quantity,
    );
    return { cents: unitCents, breakQuantity: priceBreakQuantity };
  };
  const unitPrice = new Map(lines.map((line) => [line.id, centsOf(line.unitPrice)]));
  const breakQuantity = new Map(lines.map((line) => [line.id, line.priceBreakQuantity]));
  for (const { line, quantity } of belowBreak) {
    const today = todayFor(line, quantity);
    if (today === undefined) continue;
    unitPrice.set(line.id, today.cents);
    breakQuantity.set(line.id, today.breakQuantity);
  }
  for (const { line, want, quantity } of raised) {
    const found = todayFor(line, quantity);
    const today = found?.cents;
    const placed = centsOf(line.unitPrice);
    if (found) breakQuantity.set(line.id, found.breakQuantity);
    if (today === undefined || today === placed) continue;
    if (want.unitPrice !== undefined && centsOf(want.unitPrice) === today) {
      unitPrice.set(line.id, today);
      continue;
    }
    throw conflict(
      'The price has changed since this order was placed',
      ORDER_CONFLICT_CODES.priceChanged,
      {
        productId: line.productId,
        unitPrice: toMoneyString(today),
        placedUnitPrice: toMoneyString(placed),
      },
    );
  }

  const quantityOf = (line: StoredLine) => wanted.get(line.id)?.quantity ?? line.quantity;
  const price = priceOrder(
    remaining.map((line) => lineTotalCents(line, unitPrice.get(line.id)!, quantityOf(line))),
    orderFeesCents(order),
    rateOf(order.taxRate),
  );
  if (!price.withinCap) throw tooLarge('items');

  const result = await moveStock(tx, actor, linesMoves(order.id, changes, 'restaurant_change'));
  if (!result.ok) {
    const line = lines.find((candidate) => candidate.id === result.refused.move.orderItemId)!;
    throw refusedTake(result, line, quantityOf(line));
  }
  // A list price that moved between the read above and the take is refused like any other.
  for (const taken of result.moved) {
    const line = lines.find((candidate) => candidate.id === taken.move.orderItemId)!;
    const read = line.packId === null ? undefined : today.get(line.packId);
    if (
      taken.move.change < 0 &&
      read !== undefined &&
      centsOf(taken.price) !== centsOf(read.listPrice)
    ) {
      const now = todayFor(line, quantityOf(line), taken.price)!.cents;
      throw conflict(
        'The price has changed since this order was placed',
        ORDER_CONFLICT_CODES.priceChanged,
        {
          productId: line.productId,
          unitPrice: toMoneyString(now),
          placedUnitPrice: line.unitPrice,
        },
      );
    }
  }

  for (const { line, quantity } of changes) {
    if (quantity === 0) {
      await tx.delete(orderItems).where(eq(orderItems.id, line.id));
      continue;
    }
    const unit = unitPrice.get(line.id)!;
    // The restaurant changes what it orders: the line is as ordered again.
    await tx
      .update(orderItems)
      .set({
        quantity,
        orderedQuantity: null,
        unitPrice: toMoneyString(unit),
        totalPrice: toMoneyString(lineTotalCents(line, unit, quantity)),
        priceBreakQuantity: breakQuantity.get(line.id) ?? null,
      })
      .where(eq(orderItems.id, line.id));
  }
  await tx
    .update(orders)
    .set({
      subtotal: toMoneyString(price.subtotal),
      taxAmount: toMoneyString(price.taxCents),
      totalAmount: toMoneyString(price.totalCents),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  return {
    events: [{ type: 'order.items_changed', orderId: order.id, revision: String(Date.now()) }],
    productIds: changes.map(({ line }) => line.productId),
  };
}
