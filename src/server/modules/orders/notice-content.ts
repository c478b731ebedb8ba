import { weightLabel } from '#core/catch-weight';
import { LOW_STOCK_THRESHOLD } from '#core/constants';
import { countLabel } from '#core/counts';
import { formatCalendarDate } from '#core/hawaii-time';
import { centsOf, formatMoneyString, formatRatePercent } from '#core/money';
import { isUnitPack, packCountLabel } from '#core/packs';
import { formatQuantity } from '#core/quantity';
import { statusLabel } from '#core/order-status';
import type { NotificationContent, Reader } from '../notifications';

/*
 * What the notifications about orders say (to the farm: a new order, the restaurant's changes,
 * low stock; to the restaurant: its order moved on, was adjusted or cancelled).
 */

export interface OrderFacts {
  id: number;
  status: string;
  subtotal: string;
  deliveryFee: string;
  /** The fee of an order below the farm's minimum (docs/minimums.md); absent or zero: none. */
  smallOrderFee?: string | undefined;
  /** The GET passed on (docs/tax.md); absent or zero: none. */
  taxRate?: string;
  taxAmount?: string;
  totalAmount: string;
  deliveryDate: string | null;
  recipientName: string | null;
  notes: string | null;
  farmName: string;
  restaurantName: string;
  items: {
    productName: string;
    productUnit: string;
    /** The pack sold (docs/packs.md); absent, null or of size 1: the product's unit. */
    packLabel?: string | null;
    packSize?: number;
    quantity: number;
    /** What was ordered, when the farm adjusted the line; else the quantity. */
    orderedQuantity?: number;
    unitPrice: string;
    totalPrice: string;
  }[];
}

/** A reader who sees money: the default of the wording of an order. */
const SEES_MONEY: Reader = { money: true };

export interface StockFacts {
  productId: number;
  name: string;
  unit: string;
  availableQuantity: number;
}

/** "2026-12-01" -> "Dec 1, 2026" (a calendar date: no time zone applies). */
export function formatDeliveryDate(date: string | null): string {
  return formatCalendarDate(date) ?? 'not scheduled yet';
}

function orderDetails(order: OrderFacts, party: string, reader: Reader): string {
  const price = (item: OrderFacts['items'][number]) =>
    reader.money
      ? ` @ ${formatMoneyString(item.unitPrice)} = ${formatMoneyString(item.totalPrice)}`
      : '';
  const figures = reader.money
    ? [
        `Subtotal: ${formatMoneyString(order.subtotal)}`,
        `Delivery fee: ${formatMoneyString(order.deliveryFee)}`,
        ...(order.smallOrderFee && centsOf(order.smallOrderFee) > 0
          ? [`Small-order fee: ${formatMoneyString(order.smallOrderFee)}`]
          : []),
        ...(order.taxAmount && centsOf(order.taxAmount) > 0
          ? [
              `GET ${formatRatePercent(order.taxRate ?? '0')}: ${formatMoneyString(order.taxAmount)}`,
            ]
          : []),
        `Total: ${formatMoneyString(order.totalAmount)}`,
      ]
    : [];
  const lines = [
    party,
    '',
    ...order.items.map(
      (item) => `- ${item.productName}: ${lineCount(item)}${orderedNote(item)}${price(item)}`,
    ),
    '',
    ...figures,
    `Delivery date: ${formatDeliveryDate(order.deliveryDate)}`,
  ];
  if (order.notes) lines.push(`Notes: ${order.notes}`);
  return lines.join('\n');
}

/** "3 x lb" of the unit as before, or of a pack "2 cases of 24 bunches". */
function lineCount(item: OrderFacts['items'][number]): string {
  return item.packLabel && item.packSize !== undefined && !isUnitPack({ size: item.packSize })
    ? packCountLabel(item.quantity, item.packLabel)
    : `${formatQuantity(item.quantity)} x ${item.productUnit}`;
}

/** " (ordered 3)" when the farm adjusted the line, else nothing. */
function orderedNote(item: OrderFacts['items'][number]): string {
  return item.orderedQuantity !== undefined && item.orderedQuantity !== item.quantity
    ? ` (ordered ${formatQuantity(item.orderedQuantity)})`
    : '';
}

const itemCount = (order: OrderFacts) =>
  `${order.items.length} ${order.items.length === 1 ? 'item' : 'items'}`;

/** ", total $12.00" for a reader who sees money, else nothing. */
const totalNote = (order: OrderFacts, reader: Reader) =>
  reader.money ? `, total ${formatMoneyString(order.totalAmount)}` : '';

/** To the farm: a restaurant placed an order. */
export function orderPlacedContent(
  order: OrderFacts,
  reader: Reader = SEES_MONEY,
): NotificationContent {
  return {
    kind: 'order_placed',
    title: `New order #${order.id} from ${order.restaurantName}`,
    body: `${itemCount(order)}${totalNote(order, reader)}. Delivery date: ${formatDeliveryDate(order.deliveryDate)}.`,
    details: orderDetails(order, `Restaurant: ${order.restaurantName}`, reader),
    link: `/farmer/orders#order-${order.id}-title`,
    eventKey: `order:${order.id}:placed`,
  };
}

/** To the restaurant: the farm moved its order on (delivered names who received it). */
export function orderStatusContent(
  order: OrderFacts,
  reader: Reader = SEES_MONEY,
): NotificationContent {
  const base = {
    details: orderDetails(order, `Farm: ${order.farmName}`, reader),
    link: `/restaurant/orders#order-${order.id}-title`,
    eventKey: `order:${order.id}:status:${order.status}`,
  };
  if (order.status === 'delivered') {
    return {
      ...base,
      kind: 'order_delivered',
      title: `Order #${order.id} delivered`,
      body: `${order.farmName} delivered your order. Received by ${order.recipientName ?? 'your team'}.`,
    };
  }
  const label = statusLabel(order.status);
  return {
    ...base,
    kind: 'order_status',
    title: `Order #${order.id} is ${label}`,
    body:
      order.status === 'cancelled'
        ? `${order.farmName} cancelled your order.`
        : `${order.farmName} marked your order ${label}. Delivery date: ${formatDeliveryDate(order.deliveryDate)}.`,
  };
}

/**
 * An order nobody confirmed before its delivery day ended (or within a week, without a day) is
 * cancelled by the system: each side hears why (docs/delivery.md).
 */
export function autoCancelledContent(
  order: OrderFacts,
  side: 'farm' | 'restaurant',
  reader: Reader = SEES_MONEY,
): NotificationContent {
  const reason = order.deliveryDate
    ? `it was still pending when its delivery day (${formatDeliveryDate(order.deliveryDate)}) ended`
    : 'it was still pending a week after it was placed';
  return side === 'farm'
    ? {
        kind: 'order_status',
        title: `Order #${order.id} cancelled automatically`,
        body: `${order.restaurantName}'s order was cancelled because ${reason}. Its stock is back in your inventory.`,
        details: orderDetails(order, `Restaurant: ${order.restaurantName}`, reader),
        link: `/farmer/orders#order-${order.id}-title`,
        eventKey: `order:${order.id}:status:cancelled`,
      }
    : {
        kind: 'order_status',
        title: `Order #${order.id} cancelled automatically`,
        body: `Your order from ${order.farmName} was cancelled because ${reason}.`,
        details: orderDetails(order, `Farm: ${order.farmName}`, reader),
        link: `/restaurant/orders#order-${order.id}-title`,
        eventKey: `order:${order.id}:status:cancelled`,
      };
}

/** To the farm: the restaurant cancelled its pending order, or changed its quantities. */
export function restaurantChangeContent(
  order: OrderFacts,
  change: { kind: 'cancelled' } | { kind: 'items'; revision: string },
  reader: Reader = SEES_MONEY,
): NotificationContent {
  const base = {
    kind: 'order_status' as const,
    details: orderDetails(order, `Restaurant: ${order.restaurantName}`, reader),
    link: `/farmer/orders#order-${order.id}-title`,
  };
  if (change.kind === 'cancelled') {
    return {
      ...base,
      title: `Order #${order.id} cancelled by ${order.restaurantName}`,
      body: `${order.restaurantName} cancelled its order. Its stock is back in your inventory.`,
      eventKey: `order:${order.id}:status:cancelled`,
    };
  }
  return {
    ...base,
    title: `Order #${order.id} changed by ${order.restaurantName}`,
    body: `New quantities: ${itemCount(order)}${totalNote(order, reader)}.`,
    eventKey: `order:${order.id}:items:${change.revision}`,
  };
}

/** To the farm: an order took a product under the low-stock line. */
export function lowStockContent(product: StockFacts, orderId: number): NotificationContent {
  return {
    kind: 'low_stock',
    title: `Low stock: ${product.name}`,
    body: `Only ${countLabel(product.availableQuantity, product.unit)} left after order #${orderId} (under ${LOW_STOCK_THRESHOLD}).`,
    details: null,
    link: '/farmer/inventory',
    eventKey: `product:${product.productId}:low-stock:order:${orderId}`,
  };
}

/** True when taking `taken` moved the stock from at least the threshold to under it. */
export function fellUnderLowStock(availableAfter: number, taken: number): boolean {
  return availableAfter < LOW_STOCK_THRESHOLD && availableAfter + taken >= LOW_STOCK_THRESHOLD;
}

/**
 * - order.adjusted: the farm set lines of the order to what was picked (docs/adjustments.md);
 *   `revision` is the first adjustment's id (one notification per adjustment), `cancelled`
 *   when every line was removed.
 */
export interface OrderAdjustedEvent {
  type: 'order.adjusted';
  orderId: number;
  revision: string;
  cancelled: boolean;
  changes: {
    productName: string;
    unit: string;
    fromQuantity: number;
    toQuantity: number;
    reason: string;
  }[];
}

/** "Taro: 3 lb -> 2.75 lb (weighed at packing)" or "Kale: removed (frost damage)". */
export function describeAdjustment(change: OrderAdjustedEvent['changes'][number]): string {
  const to =
    change.toQuantity === 0
      ? 'removed'
      : `${formatQuantity(change.fromQuantity)} ${change.unit} -> ${formatQuantity(change.toQuantity)} ${change.unit}`;
  return `${change.productName}: ${to} (${change.reason})`;
}

/** To the restaurant: the farm adjusted its order, what changed and the new total. */
export function orderAdjustedContent(
  order: OrderFacts,
  event: OrderAdjustedEvent,
  reader: Reader = SEES_MONEY,
): NotificationContent {
  const changes = event.changes.map(describeAdjustment).join('; ');
  const base = {
    kind: 'order_status' as const,
    details: [
      'Changes:',
      ...event.changes.map((change) => `- ${describeAdjustment(change)}`),
      '',
      orderDetails(order, `Farm: ${order.farmName}`, reader),
    ].join('\n'),
    link: `/restaurant/orders#order-${order.id}-title`,
  };
  if (event.cancelled) {
    return {
      ...base,
      title: `Order #${order.id} cancelled by ${order.farmName}`,
      body: `${order.farmName} removed every line: ${changes}. Nothing is owed for this order.`,
      eventKey: `order:${order.id}:status:cancelled`,
    };
  }
  return {
    ...base,
    title: `Order #${order.id} adjusted by ${order.farmName}`,
    body: `${changes}.${reader.money ? ` New total ${formatMoneyString(order.totalAmount)}.` : ''}`,
    eventKey: `order:${order.id}:adjusted:${event.revision}`,
  };
}

/** A weight of a line charged by weight, as its notices tell it (docs/catch-weight.md). */
export interface WeightFacts {
  itemId: number;
  productName: string;
  weightUnit: string;
  weight: number;
  estimatedWeight: number;
}

/** To the restaurant: a line weighed past the farm's tolerance waits for its word. */
export function weightApprovalContent(
  order: OrderFacts,
  line: WeightFacts,
  reader: Reader = SEES_MONEY,
): NotificationContent {
  return {
    kind: 'order_status',
    title: `Order #${order.id}: accept the weight of ${line.productName}?`,
    body: `${order.farmName} weighed ${line.productName} at ${weightLabel(line.weight, line.weightUnit)}, over the ${weightLabel(line.estimatedWeight, line.weightUnit)} estimated. Accept it, or keep the estimate; the order ships once you decide.`,
    details: orderDetails(order, `Farm: ${order.farmName}`, reader),
    link: `/restaurant/orders#order-${order.id}-title`,
    eventKey: `order:${order.id}:weight:${line.itemId}:${line.weight}`,
  };
}

/** To the restaurant: a weight entered after its invoice was issued changed the invoice. */
export function weightRevisedContent(
  order: OrderFacts,
  line: WeightFacts,
  reader: Reader = SEES_MONEY,
): NotificationContent {
  return {
    kind: 'order_status',
    title: `Order #${order.id}: invoice revised for the weight of ${line.productName}`,
    body: `${order.farmName} weighed ${line.productName} at ${weightLabel(line.weight, line.weightUnit)} (estimated ${weightLabel(line.estimatedWeight, line.weightUnit)})${reader.money ? `. New total: ${formatMoneyString(order.totalAmount)}` : ''}.`,
    details: orderDetails(order, `Farm: ${order.farmName}`, reader),
    link: `/restaurant/orders#order-${order.id}-title`,
    eventKey: `order:${order.id}:weight-revised:${line.itemId}:${line.weight}`,
  };
}

/** To the farm: the restaurant accepted a weight, or kept the estimate. */
export function weightDecidedContent(
  order: OrderFacts,
  line: WeightFacts & { decision: 'accepted' | 'declined' },
  reader: Reader = SEES_MONEY,
): NotificationContent {
  return {
    kind: 'order_status',
    title:
      line.decision === 'accepted'
        ? `Order #${order.id}: ${order.restaurantName} accepted the weight of ${line.productName}`
        : `Order #${order.id}: ${order.restaurantName} kept the estimate of ${line.productName}`,
    body:
      line.decision === 'accepted'
        ? `${line.productName} is charged on ${weightLabel(line.weight, line.weightUnit)}. The order can ship.`
        : `${line.productName} is charged on the estimated ${weightLabel(line.estimatedWeight, line.weightUnit)}. The order can ship.`,
    details: orderDetails(order, `Restaurant: ${order.restaurantName}`, reader),
    link: `/farmer/orders#order-${order.id}-title`,
    eventKey: `order:${order.id}:weight:${line.itemId}:${line.decision}`,
  };
}
