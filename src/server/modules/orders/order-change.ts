import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { describeCutoffRule, isOpenForOrders, orderCutoff } from '#core/delivery-days';
import { formatCalendarDate } from '#core/hawaii-time';
import {
  centsOf,
  multiplyCents,
  orderAmounts,
  sumCents,
  taxableFeesCents,
  type Cents,
  type RateUnits,
} from '#core/money';
import { billedQuantity, type WeightDecision } from '#core/catch-weight';
import {
  authorRefusal,
  changeAuthor,
  farmMoveKind,
  judgeOrderChange,
  needsCutoff,
  type ChangeVerdict,
  type OrderChangeKind,
} from '#core/order-changes';
import { isOrderStatus, nextStatuses, statusLabel, type OrderStatus } from '#core/order-status';
import { FORBIDDEN_FOR_ROLE, forbiddenForRoleMessage } from '#core/permissions';
import { subtractQuantities } from '#core/quantity';
import { packsIn, unitsOfPacks } from '#core/packs';
import type { AdjustmentBody } from '#core/schemas/adjustment';
import type { ClaimCreateBody, ClaimDecisionBody } from '#core/schemas/claim';
import { MAX_ORDER_TOTAL_CENTS } from '#core/schemas/common';
import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import { ORDER_CONFLICT_CODES, type PricedOrder } from '#core/schemas/order';
import type { Substitution } from '#core/schemas/order-guide';
import type { LineLotsBody } from '#core/schemas/traceability';
import { now as clockNow } from '../../clock';
import type { Tx } from '../../db/database';
import { farms, orderItems, orders, orderStatusHistory } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { publishLiveEvent } from '../events';
import { type NotificationEvent, recordNotificationEvents } from '../notifications';
import { loadOrder } from './queries';
import { orderScope } from './scope';
import type { StockMove, StockResult } from './stock';

/**
 * One change to an order, as asked (docs/money.md#changing-an-order). Each way of changing an
 * order is a kind here; the table in core/order-changes says who may make it (kind of actor and
 * team permission) from which status.
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
  /**
   * The farm sets the lots one line was packed from (docs/traceability.md); `suggested` (the
   * day's bulk pack): the suggested lots of a line that has none, or 409 `lot_required` when no
   * lots cover it.
   */
  | { kind: 'lot_assignment'; itemId: number; lots: LineLotsBody['lots'] | 'suggested' }
  /**
   * The packer enters what a line charged by weight weighed (docs/catch-weight.md): the line's
   * whole, or one figure per pack; the restaurant accepts a weight past the tolerance or keeps
   * the estimate.
   */
  | { kind: 'weight'; itemId: number; weight: number; weights: number[] | null }
  | { kind: 'weight_decision'; itemId: number; accept: boolean }
  | { kind: 'auto_cancel'; now: Date }
  /** The system cancels a pending order of a business its owner closed (docs/leaving.md). */
  | { kind: 'closure_cancel'; now: Date }
  /**
   * After delivery (docs/claims.md): the restaurant reports a problem, the farm decides it (a
   * credit note when it accepts any of it) or puts the restaurant's credit balance on the
   * invoice. They keep the status.
   */
  | { kind: 'claim'; lines: ClaimCreateBody['lines']; today: string }
  | { kind: 'claim_decision'; claimId: number; body: ClaimDecisionBody; today: string }
  | { kind: 'credit_applied'; restaurantId: number; amountCents: Cents; today: string }
  /**
   * The day's exceptions (docs/substitutions.md): the farm shorts a line it cannot fill, or
   * proposes a substitute; the restaurant answers, or the system shorts it at its deadline; the
   * restaurant says beforehand, while the order is pending, what it wants for a line.
   */
  | { kind: 'short'; itemId: number }
  | { kind: 'substitution'; itemId: number; productId: number; packId?: number; quantity: number }
  | {
      kind: 'substitution_decision';
      substitutionId: number;
      accept: boolean;
      via: 'app' | 'email';
    }
  | { kind: 'substitution_expiry'; substitutionId: number; now: Date }
  | { kind: 'substitution_preference'; itemId: number; substitution: Substitution };

export type OrderChangeRequestKind = OrderChange['kind'];
export type OrderChangeOf<K extends OrderChangeRequestKind> = Extract<OrderChange, { kind: K }>;

/** The order row as the change locked it. */
export interface LockedOrder {
  id: number;
  status: OrderStatus;
  farmId: number;
  restaurantId: number;
  deliveryDate: string | null;
  deliveryFee: string;
  /** The small-order fee set at placement: every change keeps it (docs/minimums.md). */
  smallOrderFee: string;
  /** The GET rate the order was placed at: a change keeps it (docs/tax.md). */
  taxRate: string;
  totalAmount: string;
  createdAt: Date;
}

/** What a handler is given: the locked order, the change as judged, and who makes it. */
export interface ChangeContext<C extends OrderChange = OrderChange> {
  tx: Tx;
  actor: Actor;
  order: LockedOrder;
  /** The kind of the table the change was judged as. */
  kind: OrderChangeKind;
  change: C;
  /** The instant the change is made at (the marketplace clock, or the change's own). */
  now: Date;
}

/** What a handler did, for the kernel to record and announce. */
export interface ChangeOutcome {
  /** The status the handler moved the order to: the kernel writes its history with the actor. */
  status?: OrderStatus;
  /** The notices of the change, sent with the order's live event. */
  events?: NotificationEvent[];
  /** Products whose stock moved, for the catalogue's live event. */
  productIds?: number[];
  /** The id of what the change made (a claim, a credit entry), for the caller to read back. */
  madeId?: number;
}

export type ChangeHandler<K extends OrderChangeRequestKind = OrderChangeRequestKind> = (
  context: ChangeContext<OrderChangeOf<K>>,
) => Promise<ChangeOutcome>;

/**
 * The handlers of each kind of change, registered where the app is assembled: each lives with
 * its feature, and the kernel imports none of them.
 */
const handlers = new Map<OrderChangeRequestKind, ChangeHandler>();

export function registerOrderChangeHandler<K extends OrderChangeRequestKind>(
  kind: K,
  handler: ChangeHandler<K>,
): void {
  handlers.set(kind, handler as unknown as ChangeHandler);
}

/** The kinds of change with no handler yet (none, once the app is assembled). */
export function unhandledOrderChanges(kinds: readonly OrderChangeRequestKind[]) {
  return kinds.filter((kind) => !handlers.has(kind));
}

export interface StoredLine {
  id: number;
  productId: number;
  productName: string;
  productUnit: string;
  /** The pack sold (null: since removed), as sold (docs/packs.md); `quantity` counts packs. */
  packId: number | null;
  packLabel: string;
  packSize: number;
  /** Charged by weight (docs/catch-weight.md): its unit, each pack's estimate, the weight. */
  weightUnit: string | null;
  packWeight: number | null;
  weight: number | null;
  weightDecision: WeightDecision | null;
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
 * The fees taxed with an order's lines: its delivery fee and its small-order fee (docs/minimums.md).
 * Every repricing of a placed order passes this to `priceOrder`, so no change drops a fee.
 */
export function orderFeesCents(order: Pick<LockedOrder, 'deliveryFee' | 'smallOrderFee'>): Cents {
  return taxableFeesCents(centsOf(order.deliveryFee), centsOf(order.smallOrderFee));
}

/**
 * An order's money from its lines' totals, its taxable fees and its GET rate (one rounding:
 * `orderAmounts`), with whether it stays under `MAX_ORDER_TOTAL_CENTS`, the most an order can
 * hold. Placement and every change price through here, so the cap holds on all of them.
 */
export function priceOrder(lineTotals: Cents[], feesCents: Cents, taxRate: RateUnits) {
  const subtotal = sumCents(lineTotals);
  const { taxCents, totalCents } = orderAmounts(subtotal, feesCents, taxRate);
  return { subtotal, taxCents, totalCents, withinCap: totalCents <= MAX_ORDER_TOTAL_CENTS };
}

/** The 400 of a change that would take an order past the cap (the adjustment's since it began). */
export function tooLarge(field: 'lines' | 'items') {
  return badRequest('This order would be too large', { [field]: 'Split this order instead' });
}

function tableKind(change: OrderChange): OrderChangeKind | null {
  if (change.kind === 'status') return farmMoveKind(change.status);
  // A confirmation from the phone is the farm's move to delivered, judged as that move.
  if (change.kind === 'delivery') return 'deliver';
  return change.kind;
}

/**
 * The one lock of a change: `select … for update` holds the order's row until the transaction
 * ends, so any other change of it (a status move, a restaurant's change, an adjustment, a
 * sweep) waits and then sees what this one left. An order the actor may not see (the one rule
 * of orders/scope) is 404.
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
      smallOrderFee: orders.smallOrderFee,
      taxRate: orders.taxRate,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(actor)))
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
function whoRefused(verdict: Extract<ChangeVerdict, { httpStatus: 403 }>): AppError {
  if (verdict.reason === 'role') {
    return new AppError(403, forbiddenForRoleMessage(verdict.role), FORBIDDEN_FOR_ROLE);
  }
  return forbidden('You cannot make this change to an order');
}

/** The refusal of a change the table does not allow, in the words each side has always had. */
export function refusal(
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
  if (verdict.code === 'order_not_delivered') {
    return conflict(
      `This order is ${statusLabel(status)}: problems and credits are for delivered orders`,
      verdict.code,
      { status },
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
  if (change.kind === 'substitution_preference') {
    return conflict(
      `This order is ${statusLabel(status)}: what to do with a line the farm cannot fill is chosen while the order is pending`,
      verdict.code,
      { status, allowed: [] },
    );
  }
  if (change.kind === 'weight' || change.kind === 'weight_decision') {
    return conflict(
      `An order that is ${statusLabel(status)} cannot have its weights changed: weights are entered from confirmed until it ships`,
      verdict.code,
      { status, allowed: nextStatuses(status) },
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

/**
 * Judges a change, in the locked order's status, as another kind it turns out to be (an
 * adjustment that empties the order is a cancel); throws the refusal if the table says no.
 * Handlers call it before any write.
 */
export function judgeAs(context: ChangeContext, kind: OrderChangeKind): void {
  const verdict = judgeOrderChange(changeAuthor(context.actor), kind, context.order.status);
  if (!verdict.allowed) throw refusal(verdict, context.change, context.order, null);
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

export async function linesOf(tx: Tx, orderId: number): Promise<StoredLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      packId: orderItems.packId,
      packLabel: sql<string>`coalesce(${orderItems.packLabel}, ${orderItems.productUnit})`,
      packSize: orderItems.packSize,
      weightUnit: orderItems.weightUnit,
      packWeight: orderItems.packWeight,
      weight: orderItems.weight,
      weightDecision: orderItems.weightDecision,
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
export function refusedTake(
  result: Extract<StockResult, { ok: false }>,
  line: StoredLine,
  to: number,
) {
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
      // What more could be added on top of the quantity already ordered, in units and packs.
      availableQuantity: listed ? product!.availableQuantity : 0,
      availablePacks: listed ? packsIn(product!.availableQuantity, line.packSize) : 0,
      packId: line.packId,
      requestedQuantity: to,
    },
  );
}

/**
 * A line's total at `unitCents` with `quantity` packs: per pack, or for a line charged by weight
 * on its weight (the estimate until one is entered, and none once the packs change).
 */
export function lineTotalCents(line: StoredLine, unitCents: Cents, quantity = line.quantity) {
  const weighed = quantity === line.quantity ? line : { ...line, quantity, weight: null };
  return multiplyCents(unitCents, billedQuantity(weighed));
}

/** The stock moves that take each line from its quantity to the new one, in units of stock. */
export function linesMoves(
  orderId: number,
  changes: { line: StoredLine; quantity: number }[],
  reason: StockMove['reason'],
) {
  return changes.map(({ line, quantity }) => ({
    productId: line.productId,
    change: subtractQuantities(
      unitsOfPacks(line.quantity, line.packSize),
      unitsOfPacks(quantity, line.packSize),
    ),
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
 * The one path of every change to a placed order, the kernel: judge who asks
 * against the table (403, before the order is even read), lock the order once, judge its status
 * and the cutoff (409 with the table's code), hand the change to the handler of its kind,
 * record the status it moved to with the actor, and tell both sides. Runs inside the caller's
 * transaction; answers what the handler made.
 */
export async function changeOrder(
  tx: Tx,
  actor: Actor,
  orderId: number,
  change: OrderChange,
): Promise<ChangeOutcome> {
  const kind = tableKind(change);
  const refusedAuthor = kind === null ? null : authorRefusal(changeAuthor(actor), kind);
  if (refusedAuthor) throw whoRefused(refusedAuthor);
  const order = await lockOrder(tx, actor, orderId);
  if (kind === null) {
    throw invalidTransition(order.status, (change as { status: OrderStatus }).status);
  }
  const now = 'now' in change ? change.now : clockNow();
  await check(tx, actor, kind, change, order, now);
  const handler = handlers.get(change.kind);
  if (!handler) throw new Error(`No handler is registered for order changes of kind ${kind}`);
  const outcome = await handler({ tx, actor, order, kind, change, now });
  if (outcome.status && outcome.status !== order.status) {
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: outcome.status,
      ...historyActor(actor),
    });
  }
  await announce(tx, order, outcome.events ?? [], outcome.productIds ?? []);
  return outcome;
}

/** changeOrder, then the order as it now reads for the actor. */
export async function applyOrderChange(
  tx: Tx,
  actor: Actor,
  orderId: number,
  change: OrderChange,
): Promise<PricedOrder> {
  await changeOrder(tx, actor, orderId, change);
  return loadOrder(tx, orderId);
}
