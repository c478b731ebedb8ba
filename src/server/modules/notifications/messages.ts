import { LOW_STOCK_THRESHOLD } from '#core/constants';
import { countLabel } from '#core/counts';
import { formatCalendarDate } from '#core/hawaii-time';
import type { NotificationKind } from '#core/schemas/notification';
import { centsOf, formatMoneyString, formatRatePercent } from '#core/money';
import { formatQuantity } from '#core/quantity';
import { statusLabel } from '#core/order-status';

/** What one notification says, whichever channel carries it. */
export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  details: string | null;
  link: string | null;
  /** One notification per user per event: a retry of the same event adds nothing. */
  eventKey: string;
}

export interface OrderFacts {
  id: number;
  status: string;
  subtotal: string;
  deliveryFee: string;
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
    quantity: number;
    /** What was ordered, when the farm adjusted the line; else the quantity. */
    orderedQuantity?: number;
    unitPrice: string;
    totalPrice: string;
  }[];
}

/**
 * Who reads a notification about an order: whether their role sees money (docs/teams.md). A
 * farm's packer hears of a new order with its lines and day, never its prices or total.
 */
export interface Reader {
  money: boolean;
}
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
      (item) =>
        `- ${item.productName}: ${formatQuantity(item.quantity)} x ${item.productUnit}${orderedNote(item)}${price(item)}`,
    ),
    '',
    ...figures,
    `Delivery date: ${formatDeliveryDate(order.deliveryDate)}`,
  ];
  if (order.notes) lines.push(`Notes: ${order.notes}`);
  return lines.join('\n');
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

export interface DeliveredText {
  subject: string;
  text: string;
  sms: string;
}

/** The email and text message of a stored notification; links are made absolute here. */
export function deliveryText(
  notification: {
    kind?: string;
    title: string;
    body: string;
    details: string | null;
    link: string | null;
  },
  appOrigin: string,
): DeliveredText {
  const link = notification.link ? `${appOrigin}${notification.link}` : null;
  // A decision about the user's own business is emailed whatever they chose (docs/admission.md).
  const why =
    notification.kind === 'business_status'
      ? 'You get this email because it concerns your business on Harvest Hui.'
      : notification.kind === 'recall'
        ? 'You get this email whatever your notification choices: a recall is about food safety.'
        : `You get these emails because email notifications are on. Change this under Edit Profile: ${appOrigin}/profile/edit`;
  const text = [
    notification.body,
    ...(notification.details ? ['', notification.details] : []),
    ...(link ? ['', `Open it in Harvest Hui: ${link}`] : []),
    '',
    '--',
    why,
  ].join('\n');
  return {
    subject: notification.title,
    text,
    sms: `Harvest Hui: ${notification.title}. ${notification.body}${link ? ` ${link}` : ''}`,
  };
}

/**
 * - payment.reminder: the restaurant is reminded of an invoice still owed, on its due date and
 *   every seventh day after it (`slot` is that day: one reminder per slot).
 */
export interface PaymentReminderEvent {
  type: 'payment.reminder';
  orderId: number;
  slot: string;
  dueDate: string;
  balanceDue: string;
}

export function paymentReminderContent(
  order: OrderFacts,
  reminder: PaymentReminderEvent,
): NotificationContent {
  return {
    kind: 'payment_reminder',
    ...paymentReminderText({
      orderId: order.id,
      farmName: order.farmName,
      balanceDue: reminder.balanceDue,
      dueDate: reminder.dueDate,
      overdue: reminder.slot > reminder.dueDate,
    }),
    details: `Order total ${formatMoneyString(order.totalAmount)}; balance due ${formatMoneyString(reminder.balanceDue)}.`,
    link: '/restaurant/bills',
    eventKey: `order:${order.id}:payment_reminder:${reminder.slot}`,
  };
}

/**
 * A payment reminder's title and body from the bill's state: said when the reminder is made,
 * and again whenever it is read, so a bill that has since gone past due reads as overdue.
 */
export function paymentReminderText(bill: {
  orderId: number;
  farmName: string;
  balanceDue: string;
  dueDate: string;
  overdue: boolean;
}): { title: string; body: string } {
  const due = formatCalendarDate(bill.dueDate) ?? bill.dueDate;
  return {
    title: bill.overdue
      ? `Payment overdue: order #${bill.orderId}`
      : `Payment due today: order #${bill.orderId}`,
    body: `${formatMoneyString(bill.balanceDue)} is ${bill.overdue ? `overdue since ${due}` : 'due today'} to ${bill.farmName} for order #${bill.orderId}.`,
  };
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
