import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { describeCutoffRule, isOpenForOrders, orderCutoff } from '#core/delivery-days';
import { formatCalendarDate } from '#core/hawaii-time';
import { centsOf, multiplyCents, orderAmounts, rateOf, toMoneyString } from '#core/money';
import { quantityProblem, subtractQuantities } from '#core/quantity';
import { statusLabel } from '#core/order-status';
import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import type { Order } from '#core/schemas/order';
import { ORDER_CONFLICT_CODES } from '#core/schemas/order';
import { now as clockNow } from '../../clock';
import type { Db, Tx } from '../../db/database';
import { farms, orderItems, orders, orderStatusHistory, products } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvent } from '../events/publish';
import { recordNotificationEvents } from '../notifications/service';
import { loadOrder } from './queries';
import { returnStock, type Buyer } from './service';

export const CUTOFF_PASSED_CODE = 'cutoff_passed';

interface OwnPendingOrder {
  id: number;
  farmId: number;
  restaurantId: number;
  deliveryDate: string | null;
  deliveryFee: string;
  /** The GET rate the order was placed at: a change keeps it (docs/tax.md). */
  taxRate: string;
}

/**
 * Claims the restaurant's own order for a change: the row is touched with a conditional update
 * (pending, theirs), which also holds it until the transaction ends, so a farm confirming it
 * at the same moment waits and then finds it changed, or wins and this fails. Another
 * restaurant's order is 404; an order past pending or past its day's cutoff is 409.
 */
async function claimOwnPending(
  tx: Tx,
  buyer: Buyer,
  orderId: number,
  now: Date,
): Promise<OwnPendingOrder> {
  const mine = and(eq(orders.id, orderId), eq(orders.restaurantId, buyer.restaurantId));
  const [claimed] = await tx
    .update(orders)
    .set({ updatedAt: new Date() })
    .where(and(mine, eq(orders.status, 'pending')))
    .returning({
      id: orders.id,
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      deliveryDate: orders.deliveryDate,
      deliveryFee: orders.deliveryFee,
      taxRate: orders.taxRate,
    });
  if (!claimed) {
    const [current] = await tx.select({ status: orders.status }).from(orders).where(mine);
    if (!current) throw notFound('Order not found');
    throw conflict(
      `This order is ${statusLabel(current.status)}: only the farm can change it now`,
      'invalid_transition',
      { status: current.status, allowed: [] },
    );
  }
  if (claimed.deliveryDate !== null) {
    const [farm] = await tx
      .select({ daysBefore: farms.orderCutoffDaysBefore, minutes: farms.orderCutoffMinutes })
      .from(farms)
      .where(eq(farms.id, claimed.farmId));
    const rule = { daysBefore: farm!.daysBefore, minutes: farm!.minutes };
    if (!isOpenForOrders(claimed.deliveryDate, rule, now)) {
      const day = formatCalendarDate(claimed.deliveryDate, 'weekdayShort');
      throw conflict(
        `Ordering for ${day} closed (${describeCutoffRule(rule)}): only the farm can change this order now`,
        CUTOFF_PASSED_CODE,
        { cutoff: orderCutoff(claimed.deliveryDate, rule).toISOString() },
      );
    }
  }
  return claimed;
}

async function announce(tx: Tx, order: OwnPendingOrder, productIds: number[]): Promise<void> {
  const { id: orderId, farmId, restaurantId } = order;
  await publishLiveEvent(tx, { type: 'orders.changed', orderId, farmId, restaurantId });
  if (productIds.length > 0) {
    await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds });
  }
}

/**
 * The restaurant cancels its own pending order before the day's cutoff (after it, only the
 * farm can): stock goes back, the history records the restaurant, the farm is told.
 */
export async function cancelOwnOrder(
  db: Db,
  buyer: Buyer,
  orderId: number,
  now: Date = clockNow(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await claimOwnPending(tx, buyer, orderId, now);
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: 'pending',
      toStatus: 'cancelled',
      changedByUserId: buyer.userId,
      changedByRole: 'restaurant',
    });
    await returnStock(tx, orderId);
    await recordNotificationEvents(tx, [{ type: 'order.cancelled_by_restaurant', orderId }]);
    const lines = await tx
      .selectDistinct({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    await announce(
      tx,
      order,
      lines.map((line) => line.productId),
    );
    return loadOrder(tx, orderId);
  });
}

/**
 * The restaurant changes the quantities of its own pending order before the day's cutoff, at
 * the prices it was placed at. A line set to 0 goes; at least one must stay (cancel instead).
 * More of a product takes stock with a conditional update (409 when there is not enough);
 * less gives it back. Subtotal and total are worked out again here, never taken from the client.
 */
export async function changeOwnOrderItems(
  db: Db,
  buyer: Buyer,
  orderId: number,
  body: OrderItemsChangeBody,
  now: Date = clockNow(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await claimOwnPending(tx, buyer, orderId, now);
    const lines = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        unit: orderItems.productUnit,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productId));
    const wanted = new Map<number, number>();
    body.items.forEach((item, index) => {
      if (!lines.some((line) => line.productId === item.productId)) {
        throw badRequest('Only the order’s own lines can be changed', {
          [`items.${index}.productId`]: 'Not a line of this order',
        });
      }
      if (wanted.has(item.productId)) {
        throw badRequest('List each line once', {
          [`items.${index}.productId`]: 'Listed twice',
        });
      }
      const unit = lines.find((line) => line.productId === item.productId)!.unit;
      const problem = quantityProblem(unit, item.quantity);
      if (problem) throw badRequest(problem, { [`items.${index}.quantity`]: problem });
      wanted.set(item.productId, item.quantity);
    });
    const remaining = lines.filter((line) => (wanted.get(line.productId) ?? line.quantity) > 0);
    if (remaining.length === 0) {
      throw badRequest('An order keeps at least one line; cancel the order instead', {
        items: 'Keep at least one line, or cancel the order',
      });
    }

    const changed: number[] = [];
    // In product id order, as placement takes stock, so that concurrent changes never deadlock.
    for (const line of lines) {
      const quantity = wanted.get(line.productId);
      if (quantity === undefined || quantity === line.quantity) continue;
      const more = subtractQuantities(quantity, line.quantity);
      if (more > 0) {
        const taken = await tx
          .update(products)
          .set({ availableQuantity: sql`${products.availableQuantity} - ${more}` })
          .where(
            and(
              eq(products.id, line.productId),
              gte(products.availableQuantity, more),
              eq(products.isActive, true),
              isNull(products.deletedAt),
            ),
          )
          .returning({ id: products.id });
        if (taken.length === 0) {
          const [current] = await tx
            .select({
              name: products.name,
              availableQuantity: products.availableQuantity,
              isActive: products.isActive,
              deletedAt: products.deletedAt,
            })
            .from(products)
            .where(eq(products.id, line.productId));
          const listed = current && current.isActive && current.deletedAt === null;
          throw new AppError(
            409,
            listed ? 'Not enough stock' : 'A product is no longer available',
            listed
              ? ORDER_CONFLICT_CODES.insufficientStock
              : ORDER_CONFLICT_CODES.productUnavailable,
            undefined,
            {
              productId: line.productId,
              productName: current?.name ?? null,
              // What more could be added on top of the quantity already ordered.
              availableQuantity: listed ? current.availableQuantity : 0,
              requestedQuantity: quantity,
            },
          );
        }
      } else {
        await tx
          .update(products)
          .set({ availableQuantity: sql`${products.availableQuantity} + ${-more}` })
          .where(eq(products.id, line.productId));
      }
      if (quantity === 0) {
        await tx.delete(orderItems).where(eq(orderItems.id, line.id));
      } else {
        // The restaurant changes what it orders: the line is as ordered again.
        await tx
          .update(orderItems)
          .set({
            quantity,
            orderedQuantity: null,
            totalPrice: toMoneyString(multiplyCents(centsOf(line.unitPrice), quantity)),
          })
          .where(eq(orderItems.id, line.id));
      }
      changed.push(line.productId);
    }
    if (changed.length > 0) {
      const subtotal = remaining.reduce(
        (sum, line) =>
          sum + multiplyCents(centsOf(line.unitPrice), wanted.get(line.productId) ?? line.quantity),
        0,
      );
      // Tax again at the rate stored at placement, by the one rule of core/money.
      const amounts = orderAmounts(subtotal, centsOf(order.deliveryFee), rateOf(order.taxRate));
      await tx
        .update(orders)
        .set({
          subtotal: toMoneyString(subtotal),
          taxAmount: toMoneyString(amounts.taxCents),
          totalAmount: toMoneyString(amounts.totalCents),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
      await recordNotificationEvents(tx, [
        { type: 'order.items_changed', orderId, revision: String(Date.now()) },
      ]);
      await announce(tx, order, changed);
    }
    return loadOrder(tx, orderId);
  });
}
