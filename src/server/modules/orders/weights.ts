import { and, asc, eq } from 'drizzle-orm';
import { beyondTolerance, billedQuantity, estimatedWeight } from '#core/catch-weight';
import { centsOf, multiplyCents, rateOf, toMoneyString } from '#core/money';
import { formatQuantity } from '#core/quantity';
import type { Tx } from '../../db/database';
import { farms, orderItems, orderItemWeights, orders } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import {
  historyActor,
  lineTotalCents,
  linesOf,
  orderFeesCents,
  priceOrder,
  tooLarge,
  type ChangeContext,
  type ChangeOutcome,
  type OrderChangeOf,
  type StoredLine,
} from './order-change';

export const WEIGHT_APPROVAL_NEEDED_CODE = 'weight_approval_needed';
export const NO_WEIGHT_DECISION_CODE = 'no_weight_decision';

/** The line of the locked order a weight is about; 404 when it has none of that id. */
async function lineOfOrder(tx: Tx, orderId: number, itemId: number) {
  const lines = await linesOf(tx, orderId);
  const line = lines.find((candidate) => candidate.id === itemId);
  if (!line) throw notFound('Order line not found');
  return { line, lines };
}

/**
 * Writes the line as now weighed or decided, and the order's money from every line (the one
 * pricing of a change, with its cap).
 */
async function saveWeighed(
  tx: Tx,
  order: ChangeContext['order'],
  lines: StoredLine[],
  weighed: StoredLine,
  values: Partial<typeof orderItems.$inferInsert>,
  now: Date,
) {
  const unitCents = centsOf(weighed.unitPrice);
  const price = priceOrder(
    lines.map((line) =>
      line.id === weighed.id
        ? multiplyCents(unitCents, billedQuantity(weighed))
        : lineTotalCents(line, centsOf(line.unitPrice)),
    ),
    orderFeesCents(order),
    rateOf(order.taxRate),
  );
  if (!price.withinCap) throw tooLarge('lines');
  await tx
    .update(orderItems)
    .set({
      ...values,
      totalPrice: toMoneyString(multiplyCents(unitCents, billedQuantity(weighed))),
    })
    .where(eq(orderItems.id, weighed.id));
  await tx
    .update(orders)
    .set({
      subtotal: toMoneyString(price.subtotal),
      taxAmount: toMoneyString(price.taxCents),
      totalAmount: toMoneyString(price.totalCents),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
}

/**
 * The packer's weight of a line charged by weight (docs/catch-weight.md): one figure for the
 * line, or one per pack. The line is charged on it by the same money rules; past the farm's
 * tolerance over the estimate it waits for the restaurant, charged at most the estimate.
 */
export async function weighLine({
  tx,
  actor,
  order,
  change,
  now,
}: ChangeContext<OrderChangeOf<'weight'>>): Promise<ChangeOutcome> {
  const { line, lines } = await lineOfOrder(tx, order.id, change.itemId);
  if (line.weightUnit === null) {
    const message = `${line.productName} is not priced by weight`;
    throw badRequest(message, { [change.weights ? 'weights' : 'weight']: message });
  }
  if (change.weights && change.weights.length !== line.quantity) {
    const message = `Enter one weight for each of the ${formatQuantity(line.quantity)} packs`;
    throw badRequest(message, { weights: message });
  }
  const [terms] = await tx
    .select({
      allowance: farms.adjustmentAllowancePercent,
      invoiceIssuedAt: orders.invoiceIssuedAt,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .where(eq(orders.id, order.id));
  const estimate = estimatedWeight(line);
  const decision = beyondTolerance(change.weight, estimate, terms!.allowance) ? 'pending' : null;
  const who = historyActor(actor);
  await saveWeighed(
    tx,
    order,
    lines,
    { ...line, weight: change.weight, weightDecision: decision },
    {
      weight: change.weight,
      weights: change.weights,
      weighedByUserId: who.changedByUserId,
      weighedAt: now,
      weightDecision: decision,
    },
    now,
  );
  await tx.insert(orderItemWeights).values({
    orderItemId: line.id,
    kind: 'weighed',
    weight: change.weight,
    weights: change.weights,
    userId: who.changedByUserId,
    at: now,
  });
  // Past the tolerance the restaurant is asked; otherwise, once it holds an invoice, it is told
  // of the invoice's new total.
  return {
    events:
      decision === 'pending'
        ? [{ type: 'order.weight_approval', orderId: order.id, itemId: line.id }]
        : terms!.invoiceIssuedAt
          ? [{ type: 'order.weight_revised', orderId: order.id, itemId: line.id }]
          : [],
  };
}

/**
 * The restaurant's word on a weight past the tolerance: accepted, the line is charged on it;
 * declined, on the estimate's weight. Either is kept in the line's history; the farm is told.
 */
export async function decideWeight({
  tx,
  actor,
  order,
  change,
  now,
}: ChangeContext<OrderChangeOf<'weight_decision'>>): Promise<ChangeOutcome> {
  const { line, lines } = await lineOfOrder(tx, order.id, change.itemId);
  if (line.weightDecision !== 'pending' || line.weight === null) {
    throw conflict('This line has no weight waiting for your decision', NO_WEIGHT_DECISION_CODE, {
      itemId: line.id,
    });
  }
  const decision = change.accept ? 'accepted' : 'declined';
  const decided = { ...line, weightDecision: decision } as const;
  await saveWeighed(tx, order, lines, decided, { weightDecision: decision }, now);
  await tx.insert(orderItemWeights).values({
    orderItemId: line.id,
    kind: decision,
    weight: billedQuantity(decided),
    userId: historyActor(actor).changedByUserId,
    at: now,
  });
  return {
    events: [{ type: 'order.weight_decided', orderId: order.id, itemId: line.id, decision }],
  };
}

/**
 * An order ships only once the restaurant has decided every weight past the tolerance:
 * 409 `weight_approval_needed` naming the lines still waiting.
 */
export async function requireWeightDecisions(tx: Tx, orderId: number): Promise<void> {
  const waiting = await tx
    .select({ id: orderItems.id, productName: orderItems.productName })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.weightDecision, 'pending')))
    .orderBy(asc(orderItems.id));
  if (waiting.length === 0) return;
  throw new AppError(
    409,
    `The restaurant has not yet accepted the weight of ${waiting.map((line) => line.productName).join(', ')}`,
    WEIGHT_APPROVAL_NEEDED_CODE,
    undefined,
    { items: waiting.map((line) => ({ itemId: line.id, productName: line.productName })) },
  );
}
