import { and, asc, eq, gte, sql } from 'drizzle-orm';
import {
  centsOf,
  multiplyCents,
  orderAmounts,
  rateOf,
  sumCents,
  toMoneyString,
  type Cents,
} from '#core/money';
import { statusLabel } from '#core/order-status';
import { quantityProblem, subtractQuantities } from '#core/quantity';
import {
  ADJUSTABLE_STATUSES,
  NOT_ADJUSTABLE_CODE,
  type Adjustment,
  type AdjustmentBody,
} from '#core/schemas/adjustment';
import { MAX_ORDER_TOTAL_CENTS } from '#core/schemas/common';
import { ORDER_CONFLICT_CODES, type Order } from '#core/schemas/order';
import type { Db, DbOrTx, Tx } from '../../db/database';
import {
  orderAdjustments,
  orderItems,
  orders,
  orderStatusHistory,
  products,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { publishLiveEvent } from '../events/publish';
import { recordNotificationEvents } from '../notifications/service';
import { loadOrder } from './queries';
import type { Seller } from './service';

/** One line of the order as stored, with the change asked for it (if any). */
interface StoredLine {
  id: number;
  productId: number;
  productName: string;
  productUnit: string;
  quantity: number;
  unitPrice: string;
}

interface LineChange {
  line: StoredLine;
  quantity: number;
  reason: string;
}

/** What one adjustment changed, as the restaurant is told it. */
export interface AdjustedLine {
  productName: string;
  unit: string;
  fromQuantity: number;
  toQuantity: number;
  reason: string;
}

const isAdjustable = (status: string) =>
  (ADJUSTABLE_STATUSES as readonly string[]).includes(status);

/**
 * Locks the farm's own order for the adjustment: `select … for update` holds the row until the
 * transaction ends, so a status change, a restaurant's change or another adjustment waits and
 * then sees the new lines and totals (docs/adjustments.md#concurrency). Another farm's order is
 * 404; one that has left the farm (in transit, delivered) or is cancelled is 409.
 */
async function lockOwnOrder(tx: Tx, seller: Seller, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      restaurantId: orders.restaurantId,
      deliveryFee: orders.deliveryFee,
      taxRate: orders.taxRate,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.farmId, seller.farmId)))
    .for('update');
  if (!order) throw notFound('Order not found');
  if (!isAdjustable(order.status)) {
    throw conflict(
      `An order that is ${statusLabel(order.status)} can no longer be adjusted`,
      NOT_ADJUSTABLE_CODE,
      { status: order.status },
    );
  }
  return order;
}

/** The body checked against the order's own lines: each line once, its unit's decimals. */
function readChanges(lines: StoredLine[], body: AdjustmentBody): LineChange[] {
  const seen = new Set<number>();
  return body.lines.map((change, index) => {
    const line = lines.find((candidate) => candidate.id === change.itemId);
    if (!line) {
      throw badRequest('Only the order’s own lines can be adjusted', {
        [`lines.${index}.itemId`]: 'Not a line of this order',
      });
    }
    if (seen.has(line.id)) {
      throw badRequest('List each line once', { [`lines.${index}.itemId`]: 'Listed twice' });
    }
    seen.add(line.id);
    const problem = quantityProblem(line.productUnit, change.quantity);
    if (problem) throw badRequest(problem, { [`lines.${index}.quantity`]: problem });
    if (change.quantity === line.quantity) {
      throw badRequest('This line already has that quantity', {
        [`lines.${index}.quantity`]: 'Already this quantity',
      });
    }
    return { line, quantity: change.quantity, reason: change.reason };
  });
}

/**
 * Takes more stock for a line (one conditional update: never below zero) or gives some back.
 * In product id order, as placement takes stock, so that concurrent changes never deadlock.
 */
async function moveStock(tx: Tx, changes: LineChange[]): Promise<void> {
  const ordered = [...changes].sort(
    (a, b) => a.line.productId - b.line.productId || a.line.id - b.line.id,
  );
  for (const { line, quantity } of ordered) {
    const more = subtractQuantities(quantity, line.quantity);
    if (more > 0) {
      const taken = await tx
        .update(products)
        .set({ availableQuantity: sql`${products.availableQuantity} - ${more}` })
        .where(and(eq(products.id, line.productId), gte(products.availableQuantity, more)))
        .returning({ id: products.id });
      if (taken.length === 0) {
        const [current] = await tx
          .select({ availableQuantity: products.availableQuantity })
          .from(products)
          .where(eq(products.id, line.productId));
        throw new AppError(
          409,
          `Not enough ${line.productName} in stock`,
          ORDER_CONFLICT_CODES.insufficientStock,
          undefined,
          {
            itemId: line.id,
            productId: line.productId,
            productName: line.productName,
            // What could be added on top of the line's quantity.
            availableQuantity: current?.availableQuantity ?? 0,
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
  }
}

/**
 * POST /api/orders/{id}/adjustments: the farm sets lines of its pending, confirmed or packed
 * order to what was picked (docs/adjustments.md). In one transaction, with the order's row
 * locked: the stock difference is taken or given back, the lines and the totals are worked out
 * again from the order's own unit prices (the delivery fee stays), each change is recorded with
 * who, when, from, to and why, and the restaurant is told. Removing every line cancels the
 * order and gives all of its stock back.
 */
export async function adjustOrder(
  db: Db,
  seller: Seller,
  orderId: number,
  body: AdjustmentBody,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, seller, orderId);
    const lines: StoredLine[] = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        productUnit: orderItems.productUnit,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const changes = readChanges(lines, body);
    const wanted = new Map(changes.map((change) => [change.line.id, change.quantity]));
    const remaining = lines.filter((line) => (wanted.get(line.id) ?? line.quantity) > 0);
    const cancels = remaining.length === 0;

    const subtotal: Cents = sumCents(
      remaining.map((line) =>
        multiplyCents(centsOf(line.unitPrice), wanted.get(line.id) ?? line.quantity),
      ),
    );
    // Tax again at the rate stored at placement, by the one rule of core/money (docs/tax.md).
    const amounts = orderAmounts(subtotal, centsOf(order.deliveryFee), rateOf(order.taxRate));
    const total = amounts.totalCents;
    if (total > MAX_ORDER_TOTAL_CENTS) {
      throw badRequest('This order would be too large', { lines: 'Split this order instead' });
    }

    await moveStock(tx, changes);
    const now = new Date();
    for (const { line, quantity } of changes) {
      if (quantity === 0 && !cancels) {
        await tx.delete(orderItems).where(eq(orderItems.id, line.id));
      } else if (quantity > 0) {
        await tx
          .update(orderItems)
          .set({
            quantity,
            // What was ordered is kept from the first adjustment on.
            orderedQuantity: sql`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})`,
            totalPrice: toMoneyString(multiplyCents(centsOf(line.unitPrice), quantity)),
          })
          .where(eq(orderItems.id, line.id));
      }
    }
    if (cancels) {
      // The lines stay as they were, as on any cancelled order; the stock is back already.
      await tx
        .update(orders)
        .set({ status: 'cancelled', adjustedAt: now, updatedAt: now })
        .where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: order.status,
        toStatus: 'cancelled',
        changedByUserId: seller.userId,
        changedByRole: 'farmer',
      });
    } else {
      await tx
        .update(orders)
        .set({
          subtotal: toMoneyString(subtotal),
          taxAmount: toMoneyString(amounts.taxCents),
          totalAmount: toMoneyString(total),
          adjustedAt: now,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
    }

    const recorded = await tx
      .insert(orderAdjustments)
      .values(
        changes.map(({ line, quantity, reason }) => ({
          orderId,
          orderItemId: line.id,
          productId: line.productId,
          productName: line.productName,
          productUnit: line.productUnit,
          fromQuantity: line.quantity,
          toQuantity: quantity,
          reason,
          fromTotal: order.totalAmount,
          toTotal: toMoneyString(cancels ? 0 : total),
          changedByUserId: seller.userId,
        })),
      )
      .returning({ id: orderAdjustments.id });

    await recordNotificationEvents(tx, [
      {
        type: 'order.adjusted',
        orderId,
        revision: String(recorded[0]!.id),
        cancelled: cancels,
        changes: changes.map(({ line, quantity, reason }) => ({
          productName: line.productName,
          unit: line.productUnit,
          fromQuantity: line.quantity,
          toQuantity: quantity,
          reason,
        })),
      },
    ]);
    const { farmId } = seller;
    const { restaurantId } = order;
    await publishLiveEvent(tx, { type: 'orders.changed', orderId, farmId, restaurantId });
    await publishLiveEvent(tx, {
      type: 'products.changed',
      farmId,
      productIds: [...new Set(changes.map((change) => change.line.productId))],
    });
    return loadOrder(tx, orderId);
  });
}

/** GET /api/orders/{id}/adjustments: every recorded change of the order, oldest first. */
export async function listAdjustments(db: DbOrTx, orderId: number): Promise<Adjustment[]> {
  const rows = await db
    .select()
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.id));
  return rows.map((row) => ({
    id: row.id,
    itemId: row.orderItemId,
    productId: row.productId,
    product: { name: row.productName, unit: row.productUnit },
    fromQuantity: row.fromQuantity,
    toQuantity: row.toQuantity,
    reason: row.reason,
    fromTotal: toMoneyString(centsOf(row.fromTotal)),
    toTotal: toMoneyString(centsOf(row.toTotal)),
    changedByUserId: row.changedByUserId,
    changedAt: row.changedAt.toISOString(),
  }));
}
