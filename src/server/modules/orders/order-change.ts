import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { describeCutoffRule, isOpenForOrders, orderCutoff } from '#core/delivery-days';
import { formatCalendarDate, hawaiiDate } from '#core/hawaii-time';
import {
  DELIVERED_AT_BEFORE_ORDER_MESSAGE,
  DELIVERED_AT_FUTURE_MESSAGE,
  DELIVERED_AT_SKEW_MS,
} from '#core/schemas/delivery-proof';
import {
  centsOf,
  multiplyCents,
  orderAmounts,
  rateOf,
  sumCents,
  toMoneyString,
  type Cents,
  type RateUnits,
} from '#core/money';
import { FORBIDDEN_FOR_ROLE, forbiddenForRoleMessage } from '#core/permissions';
import {
  authorRefusal,
  changeAuthor,
  farmMoveKind,
  isOverdue,
  judgeOrderChange,
  needsCutoff,
  statusAfter,
  type ChangeVerdict,
  type OrderChangeKind,
} from '#core/order-changes';
import { isOrderStatus, nextStatuses, statusLabel, type OrderStatus } from '#core/order-status';
import { isWeighedUnit, quantityProblem, subtractQuantities } from '#core/quantity';
import type { AdjustmentBody } from '#core/schemas/adjustment';
import type { LineLotsBody } from '#core/schemas/traceability';
import { MAX_ORDER_TOTAL_CENTS } from '#core/schemas/common';
import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import { ORDER_CONFLICT_CODES, type PricedOrder } from '#core/schemas/order';
import type { Tx } from '../../db/database';
import {
  farms,
  orderAdjustments,
  orderDeliveries,
  orderItems,
  orders,
  orderStatusHistory,
  products,
} from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { publishLiveEvent } from '../events/publish';
import { recordNotificationEvents, type NotificationEvent } from '../notifications/service';
import { clearLineLots, requireLineLots, setLineLots } from '../traceability/line-lots';
import { writeShippingRecords } from '../traceability/records';
import type { ClaimCreateBody, ClaimDecisionBody } from '#core/schemas/claim';
import { applyCreditBalance, decideClaim, recordClaim } from '../claims/changes';
import { loadOrder } from './queries';
import { moveStock, type StockMove, type StockResult } from './stock';
import { breakReached, unitPriceCents } from '#core/pricing';
import { listOfFarm, restaurantPricing } from '../price-lists/terms';

/** The 409 code of a farm's adjustment above what the farm may deliver of a line. */
export const OVER_ORDERED_CODE = 'over_ordered';

/**
 * One change to an order, as asked (docs/money.md#changing-an-order). Each of today's ways of
 * changing an order is a kind here; the table in core/order-changes says who may make it from
 * which status.
 */
export type OrderChange =
  /** The farm moves the order along its status machine, or cancels it (to 'cancelled'). */
  | { kind: 'status'; status: OrderStatus; recipientName?: string | null; today: string }
  | { kind: 'restaurant_cancel'; now: Date }
  | { kind: 'restaurant_items'; items: OrderItemsChangeBody['items']; now: Date }
  | { kind: 'adjustment'; lines: AdjustmentBody['lines'] }
  /**
   * The driver's confirmation from the phone (docs/delivery.md#proof-of-delivery): the move to
   * delivered, with the instant confirmed there and the proof's stored files.
   */
  | {
      kind: 'delivery';
      recipientName: string;
      deliveredAt: Date;
      now: Date;
      photoKey: string | null;
      signatureKey: string | null;
    }
  /** The farm sets the lots one line was packed from (docs/traceability.md). */
  | { kind: 'lot_assignment'; itemId: number; lots: LineLotsBody['lots'] }
  | { kind: 'auto_cancel'; now: Date }
  | AfterDeliveryChange;

/**
 * The changes after delivery (docs/claims.md): the restaurant reports a problem, the farm
 * decides it (a credit note when it accepts any of it) or puts the restaurant's credit balance
 * on the invoice. They keep the status; their work is in claims/changes.
 */
export type AfterDeliveryChange =
  | { kind: 'claim'; lines: ClaimCreateBody['lines']; today: string }
  | { kind: 'claim_decision'; claimId: number; body: ClaimDecisionBody; today: string }
  | { kind: 'credit_applied'; restaurantId: number; amountCents: Cents; today: string };

/**
 * The one path for a change after delivery: the same lock and the same table as every change,
 * then the kind's work in the lock. Answers the id of what it made (the claim, the credit
 * entry) for the caller to read back.
 */
export async function applyAfterDelivery(
  tx: Tx,
  actor: Actor,
  orderId: number,
  change: AfterDeliveryChange,
): Promise<number> {
  const author = changeAuthor(actor);
  const refusedAuthor = authorRefusal(author, change.kind);
  if (refusedAuthor) throw whoRefused(refusedAuthor);
  const order = await lockOrder(tx, actor, orderId);
  const verdict = judgeOrderChange(author, change.kind, order.status);
  if (!verdict.allowed) {
    if (verdict.httpStatus === 403) throw whoRefused(verdict);
    throw conflict(
      `This order is ${statusLabel(order.status)}: problems and credits are for delivered orders`,
      verdict.code,
      { status: order.status },
    );
  }
  let madeId: number;
  if (change.kind === 'claim') madeId = await recordClaim(tx, actor, order, change);
  else if (change.kind === 'claim_decision') madeId = await decideClaim(tx, actor, order, change);
  else madeId = await applyCreditBalance(tx, actor, order, change);
  await announce(tx, order, [], []);
  return madeId;
}

/** The order row as the change locked it. */
export interface LockedOrder {
  id: number;
  status: OrderStatus;
  farmId: number;
  restaurantId: number;
  deliveryDate: string | null;
  deliveryFee: string;
  /** The GET rate the order was placed at: a change keeps it (docs/tax.md). */
  taxRate: string;
  totalAmount: string;
  createdAt: Date;
}

interface StoredLine {
  id: number;
  productId: number;
  productName: string;
  productUnit: string;
  quantity: number;
  orderedQuantity: number | null;
  unitPrice: string;
  /** The quantity break of the restaurant's list that priced the line, if one did. */
  priceBreakQuantity: number | null;
}

/** The history columns naming who made a change: a person (and which side) or a system job. */
export function historyActor(actor: Actor) {
  if (actor.kind === 'system') {
    return { changedByUserId: null, changedByRole: 'system' as const, changedByJob: actor.job };
  }
  return {
    changedByUserId: actor.userId,
    changedByRole: actor.business?.kind === 'farm' ? ('farmer' as const) : ('restaurant' as const),
    changedByJob: null,
  };
}

/**
 * An order's money from its lines' totals, its fee and its GET rate (one rounding:
 * `orderAmounts`), with whether it stays under `MAX_ORDER_TOTAL_CENTS`, the most an order can
 * hold. Placement and every change price through here, so the cap holds on all of them.
 */
export function priceOrder(lineTotals: Cents[], deliveryFee: Cents, taxRate: RateUnits) {
  const subtotal = sumCents(lineTotals);
  const { taxCents, totalCents } = orderAmounts(subtotal, deliveryFee, taxRate);
  return { subtotal, taxCents, totalCents, withinCap: totalCents <= MAX_ORDER_TOTAL_CENTS };
}

/** The 400 of a change that would take an order past the cap (the adjustment's since it began). */
function tooLarge(field: 'lines' | 'items') {
  return badRequest('This order would be too large', { [field]: 'Split this order instead' });
}

function tableKind(change: OrderChange): OrderChangeKind | null {
  if (change.kind === 'status') return farmMoveKind(change.status);
  // A confirmation from the phone is the farm's move to delivered, judged as that move.
  if (change.kind === 'delivery') return 'deliver';
  return change.kind;
}

/** A phone's delivery time may not be still to come (beyond a phone's clock skew) nor before the order. */
function checkDeliveredAt(deliveredAt: Date, order: LockedOrder, now: Date) {
  const message =
    deliveredAt.getTime() > now.getTime() + DELIVERED_AT_SKEW_MS
      ? DELIVERED_AT_FUTURE_MESSAGE
      : deliveredAt.getTime() < order.createdAt.getTime()
        ? DELIVERED_AT_BEFORE_ORDER_MESSAGE
        : null;
  if (message) throw new AppError(400, message, 'validation', { deliveredAt: message });
}

/** Whose orders the actor may change: its business's; the system's are every order. */
function ownedBy(actor: Actor): SQL | undefined {
  if (actor.kind === 'system') return undefined;
  if (actor.business?.kind === 'farm') return eq(orders.farmId, actor.business.id);
  if (actor.business?.kind === 'restaurant') return eq(orders.restaurantId, actor.business.id);
  return sql`false`;
}

/**
 * The one lock of a change: `select … for update` holds the order's row until the transaction
 * ends, so any other change of it (a status move, a restaurant's change, an adjustment, a
 * sweep) waits and then sees what this one left. An order that is not the actor's is 404.
 */
async function lockOrder(tx: Tx, actor: Actor, orderId: number): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      deliveryDate: orders.deliveryDate,
      deliveryFee: orders.deliveryFee,
      taxRate: orders.taxRate,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(actor)))
    .for('update');
  if (!order || !isOrderStatus(order.status)) throw notFound('Order not found');
  return { ...order, status: order.status };
}

async function cutoffPassed(tx: Tx, order: LockedOrder, now: Date) {
  if (order.deliveryDate === null) return null;
  const [farm] = await tx
    .select({ daysBefore: farms.orderCutoffDaysBefore, minutes: farms.orderCutoffMinutes })
    .from(farms)
    .where(eq(farms.id, order.farmId));
  const rule = { daysBefore: farm!.daysBefore, minutes: farm!.minutes };
  return isOpenForOrders(order.deliveryDate, rule, now) ? null : rule;
}

/** The 403 of an actor the table refuses: their kind, or their role in the business. */
function whoRefused(verdict: ChangeVerdict): AppError {
  if (!verdict.allowed && verdict.httpStatus === 403 && verdict.reason === 'role') {
    return new AppError(403, forbiddenForRoleMessage(verdict.role), FORBIDDEN_FOR_ROLE);
  }
  return forbidden('You cannot make this change to an order');
}

/** The refusal of a change the table does not allow, in the words each side has always had. */
function refusal(
  verdict: Exclude<ChangeVerdict, { allowed: true }>,
  change: OrderChange,
  order: LockedOrder,
  cutoffRule: { daysBefore: number; minutes: number } | null,
): AppError {
  const { status } = order;
  if (verdict.httpStatus === 403) return whoRefused(verdict);
  if (verdict.reason === 'cutoff' && cutoffRule && order.deliveryDate) {
    const day = formatCalendarDate(order.deliveryDate, 'weekdayShort');
    return conflict(
      `Ordering for ${day} closed (${describeCutoffRule(cutoffRule)}): only the farm can change this order now`,
      verdict.code,
      { cutoff: orderCutoff(order.deliveryDate, cutoffRule).toISOString() },
    );
  }
  if (verdict.code === 'not_adjustable') {
    return conflict(
      `An order that is ${statusLabel(status)} can no longer be adjusted`,
      verdict.code,
      { status },
    );
  }
  if (change.kind === 'restaurant_items' || change.kind === 'restaurant_cancel') {
    return conflict(
      `This order is ${statusLabel(status)}: only the farm can change it now`,
      verdict.code,
      { status, allowed: [] },
    );
  }
  if (change.kind === 'lot_assignment') {
    return conflict(
      `An order that is ${statusLabel(status)} cannot have its lots changed: lots are assigned from confirmed until it ships`,
      verdict.code,
      { status, allowed: nextStatuses(status) },
    );
  }
  if (change.kind === 'adjustment') {
    // Removing every line is a cancel, and an order is cancelled only from pending.
    return conflict(
      `An order that is ${statusLabel(status)} cannot be cancelled: keep at least one line`,
      verdict.code,
      { status, allowed: nextStatuses(status) },
    );
  }
  const to =
    change.kind === 'status'
      ? change.status
      : change.kind === 'delivery'
        ? 'delivered'
        : 'cancelled';
  return invalidTransition(status, to);
}

export function invalidTransition(from: OrderStatus, to: OrderStatus) {
  return conflict(
    `An order that is ${statusLabel(from)} cannot be moved to ${statusLabel(to)}`,
    'invalid_transition',
    { status: from, allowed: nextStatuses(from) },
  );
}

/** Judges the change against the table, with the day's cutoff where it counts; throws if refused. */
async function check(
  tx: Tx,
  actor: Actor,
  kind: OrderChangeKind,
  change: OrderChange,
  order: LockedOrder,
  now: Date,
): Promise<void> {
  const who = changeAuthor(actor);
  let verdict = judgeOrderChange(who, kind, order.status);
  let rule: { daysBefore: number; minutes: number } | null = null;
  if (verdict.allowed && needsCutoff(kind)) {
    rule = await cutoffPassed(tx, order, now);
    verdict = judgeOrderChange(who, kind, order.status, rule !== null);
  }
  if (!verdict.allowed) throw refusal(verdict, change, order, rule);
}

async function linesOf(tx: Tx, orderId: number): Promise<StoredLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      quantity: orderItems.quantity,
      orderedQuantity: orderItems.orderedQuantity,
      unitPrice: orderItems.unitPrice,
      priceBreakQuantity: orderItems.priceBreakQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** A refused take, as the restaurant's change and the farm's adjustment have always said it. */
function refusedTake(result: Extract<StockResult, { ok: false }>, line: StoredLine, to: number) {
  const { product } = result.refused;
  const listed = product?.listed ?? false;
  return new AppError(
    409,
    listed ? `Not enough ${line.productName} in stock` : 'A product is no longer available',
    listed ? ORDER_CONFLICT_CODES.insufficientStock : ORDER_CONFLICT_CODES.productUnavailable,
    undefined,
    {
      itemId: line.id,
      productId: line.productId,
      productName: product?.name ?? line.productName,
      // What more could be added on top of the quantity already ordered.
      availableQuantity: listed ? product!.availableQuantity : 0,
      requestedQuantity: to,
    },
  );
}

/** The stock moves that take each line from its quantity to the new one. */
function linesMoves(
  orderId: number,
  changes: { line: StoredLine; quantity: number }[],
  reason: StockMove['reason'],
) {
  return changes.map(({ line, quantity }) => ({
    productId: line.productId,
    change: subtractQuantities(line.quantity, quantity),
    reason,
    orderId,
    orderItemId: line.id,
  }));
}

async function announce(
  tx: Tx,
  order: LockedOrder,
  events: NotificationEvent[],
  productIds: number[],
): Promise<void> {
  const { id: orderId, farmId, restaurantId } = order;
  if (events.length > 0) await recordNotificationEvents(tx, events);
  await publishLiveEvent(tx, { type: 'orders.changed', orderId, farmId, restaurantId });
  if (productIds.length > 0) {
    await publishLiveEvent(tx, {
      type: 'products.changed',
      farmId,
      productIds: [...new Set(productIds)],
    });
  }
}

/**
 * The one path of every change to a placed order (DESIGN.md): lock the order once, judge the
 * change against the table in core/order-changes before any write (403 for an actor that may
 * never make it, 409 with the table's code when the status or the cutoff refuses it), move
 * stock through the one stock function, price again through `priceOrder` with the cap, record
 * the history with the actor, and tell both sides. Runs inside the caller's transaction.
 */
export async function applyOrderChange(
  tx: Tx,
  actor: Actor,
  orderId: number,
  change: OrderChange,
): Promise<PricedOrder> {
  if (
    change.kind === 'claim' ||
    change.kind === 'claim_decision' ||
    change.kind === 'credit_applied'
  ) {
    await applyAfterDelivery(tx, actor, orderId, change);
    return loadOrder(tx, orderId);
  }
  const kind = tableKind(change);
  const author = changeAuthor(actor);
  const refusedAuthor = kind === null ? null : authorRefusal(author, kind);
  if (refusedAuthor) throw whoRefused(refusedAuthor);
  const order = await lockOrder(tx, actor, orderId);
  if (kind === null)
    throw invalidTransition(order.status, (change as { status: OrderStatus }).status);
  if (
    change.kind === 'auto_cancel' &&
    !isOverdue(order.deliveryDate, order.createdAt, change.now)
  ) {
    throw conflict('This order is not overdue', 'not_overdue');
  }
  const now = 'now' in change ? change.now : new Date();
  await check(tx, actor, kind, change, order, now);
  if (change.kind === 'delivery') checkDeliveredAt(change.deliveredAt, order, now);

  if (change.kind === 'restaurant_items') await changeLines(tx, actor, order, change.items);
  else if (change.kind === 'adjustment') await adjust(tx, actor, order, change.lines);
  else if (change.kind === 'lot_assignment') await assignLots(tx, actor, order, change);
  else await moveStatus(tx, actor, order, kind, change);
  return loadOrder(tx, orderId);
}

/** A status move or a cancel: the new status, its history, the stock back on a cancel. */
async function moveStatus(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  kind: OrderChangeKind,
  change: OrderChange,
): Promise<void> {
  const to = statusAfter(kind)!;
  const today = change.kind === 'status' ? change.today : null;
  const delivered = to === 'delivered' && today !== null && change.kind === 'status';
  // The day it was handed over, in Hawaii, as the phone confirmed it: the order's delivery
  // date, and the day its payment terms count from.
  const handedOver = change.kind === 'delivery' ? hawaiiDate(change.deliveredAt) : null;
  // A traced line is packed, and shipped, only with its lots (docs/traceability.md).
  if (to === 'packed' || to === 'in_transit') await requireLineLots(tx, order);
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(change.kind === 'delivery'
        ? {
            recipientName: change.recipientName,
            deliveryDate: handedOver,
            dueDate: sql`${handedOver}::date + (select ${farms.paymentTermsDays} from ${farms} where ${farms.id} = ${orders.farmId})`,
          }
        : {}),
      ...(delivered
        ? {
            recipientName: change.recipientName ?? null,
            // Delivered on the scheduled day, or earlier: never on a day still to come.
            deliveryDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date)`,
            // Due by the farm's terms of today, counted from that same Hawaii delivery date.
            dueDate: sql`least(coalesce(${orders.deliveryDate}, ${today}::date), ${today}::date) + (select ${farms.paymentTermsDays} from ${farms} where ${farms.id} = ${orders.farmId})`,
          }
        : {}),
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    ...historyActor(actor),
  });
  if (change.kind === 'delivery') {
    await tx.insert(orderDeliveries).values({
      orderId: order.id,
      recipientName: change.recipientName,
      deliveredAt: change.deliveredAt,
      receivedAt: change.now,
      deliveredByUserId: actor.kind === 'person' ? actor.userId : null,
      photoKey: change.photoKey,
      signatureKey: change.signatureKey,
    });
  }
  if (to === 'in_transit')
    await writeShippingRecords(tx, order.id, today ?? hawaiiDate(new Date()));
  let productIds: number[] = [];
  if (to === 'cancelled') {
    const lines = await linesOf(tx, order.id);
    const back = lines.map((line) => ({ line, quantity: 0 }));
    await moveStock(tx, actor, linesMoves(order.id, back, 'cancellation'));
    productIds = lines.map((line) => line.productId);
  }
  const event: NotificationEvent =
    kind === 'restaurant_cancel'
      ? { type: 'order.cancelled_by_restaurant', orderId: order.id }
      : kind === 'auto_cancel'
        ? { type: 'order.auto_cancelled', orderId: order.id }
        : { type: 'order.status_changed', orderId: order.id };
  await announce(tx, order, [event], productIds);
}

/**
 * The restaurant's change of its own pending order's quantities (docs/delivery.md): a line set
 * to 0 goes, at least one stays (cancel instead). Lowering keeps the placed price, unless the
 * line falls below the quantity break that priced it: then it is the restaurant's price for the
 * new quantity (docs/price-lists.md). Raising a line whose product now costs the restaurant
 * something else for the new quantity is 409 `price_changed`, unless the item carries that
 * price, which then prices the whole line (the dialog shows it and asks).
 */
async function changeLines(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  items: OrderItemsChangeBody['items'],
): Promise<void> {
  const lines = await linesOf(tx, order.id);
  const wanted = new Map<number, { quantity: number; unitPrice?: string; index: number }>();
  items.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.productId === item.productId);
    if (!line) {
      throw badRequest('Only the order’s own lines can be changed', {
        [`items.${index}.productId`]: 'Not a line of this order',
      });
    }
    if (wanted.has(item.productId)) {
      throw badRequest('List each line once', { [`items.${index}.productId`]: 'Listed twice' });
    }
    const problem = quantityProblem(line.productUnit, item.quantity);
    if (problem) throw badRequest(problem, { [`items.${index}.quantity`]: problem });
    wanted.set(item.productId, { ...item, index });
  });
  const changes = lines.flatMap((line) => {
    const want = wanted.get(line.productId);
    return want && want.quantity !== line.quantity ? [{ line, quantity: want.quantity, want }] : [];
  });
  const remaining = lines.filter(
    (line) => (wanted.get(line.productId)?.quantity ?? line.quantity) > 0,
  );
  if (remaining.length === 0) {
    throw badRequest('An order keeps at least one line; cancel the order instead', {
      items: 'Keep at least one line, or cancel the order',
    });
  }
  if (changes.length === 0) return;

  // Today's prices of the lines raised: more is sold at today's price or not at all. A line
  // lowered below the break that priced it takes today's price for what is left.
  const raised = changes.filter(({ line, quantity }) => quantity > line.quantity);
  const belowBreak = changes.filter(
    ({ line, quantity }) =>
      quantity > 0 && line.priceBreakQuantity !== null && quantity < line.priceBreakQuantity,
  );
  const repriced = [...raised, ...belowBreak];
  const listPrices = new Map(
    repriced.length === 0
      ? []
      : (
          await tx
            .select({ id: products.id, price: products.price })
            .from(products)
            .where(
              inArray(
                products.id,
                repriced.map(({ line }) => line.productId),
              ),
            )
        ).map((row) => [row.id, centsOf(row.price)]),
  );
  const pricing =
    repriced.length === 0
      ? null
      : listOfFarm(await restaurantPricing(tx, order.restaurantId, [order.farmId]), order.farmId);
  /** The restaurant's price of the product for `quantity` today (src/core/pricing.ts). */
  const todayFor = (productId: number, quantity: number) => {
    const listPriceCents = listPrices.get(productId);
    if (listPriceCents === undefined) return undefined;
    const product = { id: productId, listPriceCents };
    return {
      cents: unitPriceCents(product, pricing, quantity),
      breakQuantity: breakReached(product, pricing, quantity),
    };
  };
  const unitPrice = new Map(lines.map((line) => [line.id, centsOf(line.unitPrice)]));
  const breakQuantity = new Map(lines.map((line) => [line.id, line.priceBreakQuantity]));
  for (const { line, quantity } of belowBreak) {
    const today = todayFor(line.productId, quantity);
    if (today === undefined) continue;
    unitPrice.set(line.id, today.cents);
    breakQuantity.set(line.id, today.breakQuantity);
  }
  for (const { line, want, quantity } of raised) {
    const found = todayFor(line.productId, quantity);
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

  const quantityOf = (line: StoredLine) => wanted.get(line.productId)?.quantity ?? line.quantity;
  const price = priceOrder(
    remaining.map((line) => multiplyCents(unitPrice.get(line.id)!, quantityOf(line))),
    centsOf(order.deliveryFee),
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
    const read = listPrices.get(line.productId);
    if (taken.move.change < 0 && read !== undefined && centsOf(taken.price) !== read) {
      const now = unitPriceCents(
        { id: line.productId, listPriceCents: centsOf(taken.price) },
        pricing,
        quantityOf(line),
      );
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
        totalPrice: toMoneyString(multiplyCents(unit, quantity)),
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
  await announce(
    tx,
    order,
    [{ type: 'order.items_changed', orderId: order.id, revision: String(Date.now()) }],
    changes.map(({ line }) => line.productId),
  );
}

/** The most of a line the farm may deliver: a weighed line its allowance above what was ordered. */
function maxDeliverable(line: StoredLine, allowancePercent: number): number {
  const ordered = line.orderedQuantity ?? line.quantity;
  if (!isWeighedUnit(line.productUnit)) return ordered;
  return Math.floor(ordered * (100 + allowancePercent) + 1e-6) / 100;
}

/**
 * The farm's adjustment of its order to what was picked (docs/adjustments.md): lines changed
 * or removed with a reason each, at the order's own unit prices; a weighed line raised at most
 * the farm's allowance above what was ordered, a counted one not at all. Removing every line is
 * a cancel, allowed only where a cancel is (pending).
 */
async function adjust(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  body: AdjustmentBody['lines'],
): Promise<void> {
  const lines = await linesOf(tx, order.id);
  const seen = new Set<number>();
  const changes = body.map((change, index) => {
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

  const raised = changes.filter(({ line, quantity }) => quantity > line.quantity);
  if (raised.length > 0) {
    const [farm] = await tx
      .select({ allowance: farms.adjustmentAllowancePercent })
      .from(farms)
      .where(eq(farms.id, order.farmId));
    for (const { line, quantity } of raised) {
      const maxQuantity = maxDeliverable(line, farm!.allowance);
      if (quantity > maxQuantity) {
        throw conflict(
          `At most ${maxQuantity} ${line.productUnit} of ${line.productName} can be delivered for this order`,
          OVER_ORDERED_CODE,
          { itemId: line.id, orderedQuantity: line.orderedQuantity ?? line.quantity, maxQuantity },
        );
      }
    }
  }

  const wanted = new Map(changes.map((change) => [change.line.id, change.quantity]));
  const remaining = lines.filter((line) => (wanted.get(line.id) ?? line.quantity) > 0);
  const cancels = remaining.length === 0;
  if (cancels) {
    const verdict = judgeOrderChange(changeAuthor(actor), 'farm_cancel', order.status);
    if (!verdict.allowed) throw refusal(verdict, { kind: 'adjustment', lines: body }, order, null);
  }
  const price = priceOrder(
    remaining.map((line) =>
      multiplyCents(centsOf(line.unitPrice), wanted.get(line.id) ?? line.quantity),
    ),
    centsOf(order.deliveryFee),
    rateOf(order.taxRate),
  );
  if (!price.withinCap) throw tooLarge('lines');

  const result = await moveStock(tx, actor, linesMoves(order.id, changes, 'farm_adjustment'));
  if (!result.ok) {
    const line = lines.find((candidate) => candidate.id === result.refused.move.orderItemId)!;
    throw refusedTake(result, line, wanted.get(line.id)!);
  }
  const now = new Date();
  // A changed line's lots no longer add up to it: they go back, and packing asks for them again.
  await clearLineLots(
    tx,
    order.id,
    changes.map(({ line }) => line.id),
    historyActor(actor),
  );
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
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: 'cancelled',
      ...historyActor(actor),
    });
  } else {
    await tx
      .update(orders)
      .set({
        subtotal: toMoneyString(price.subtotal),
        taxAmount: toMoneyString(price.taxCents),
        totalAmount: toMoneyString(price.totalCents),
        adjustedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  }
  const { changedByUserId } = historyActor(actor);
  const recorded = await tx
    .insert(orderAdjustments)
    .values(
      changes.map(({ line, quantity, reason }) => ({
        orderId: order.id,
        orderItemId: line.id,
        productId: line.productId,
        productName: line.productName,
        productUnit: line.productUnit,
        fromQuantity: line.quantity,
        toQuantity: quantity,
        reason,
        fromTotal: order.totalAmount,
        toTotal: toMoneyString(cancels ? 0 : price.totalCents),
        changedByUserId,
      })),
    )
    .returning({ id: orderAdjustments.id });
  await announce(
    tx,
    order,
    [
      {
        type: 'order.adjusted',
        orderId: order.id,
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
    ],
    changes.map(({ line }) => line.productId),
  );
}

/**
 * The farm sets the lots one line of its confirmed or packed order was packed from
 * (docs/traceability.md): the lots' checks and shares are the traceability module's; here the
 * line is found in the locked order (404 otherwise), and both sides hear the order changed.
 */
async function assignLots(
  tx: Tx,
  actor: Actor,
  order: LockedOrder,
  change: Extract<OrderChange, { kind: 'lot_assignment' }>,
): Promise<void> {
  const line = (await linesOf(tx, order.id)).find((candidate) => candidate.id === change.itemId);
  if (!line) throw notFound('Order line not found');
  const { changedByUserId, changedByRole } = historyActor(actor);
  await setLineLots(tx, order.farmId, order.id, line, change.lots, {
    changedByUserId,
    changedByRole,
  });
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  await announce(tx, order, [], []);
}
