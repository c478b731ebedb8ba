import { formatCalendarDate } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import { packNoun } from '#core/packs';
import type { Permission } from '#core/permissions';
import { type NotificationContent, type NotificationKindProviders, tell } from '../notifications';

/** A line of a standing order that was placed short, left out, or at another price. */
export interface StandingOrderLineNote {
  productName: string;
  unit: string;
  /** The pack of a line other than the unit pack ("case of 24 bunches"); null: the unit. */
  packLabel?: string | null;
  /** Packs. */
  requested: number;
  /** What the order took: less than requested when short, 0 when left out. */
  placed: number;
  seenUnitPrice: string;
  unitPrice: string;
}

/**
 * - standing_order.run: a standing order was placed for a delivery day (`orderId`), or could
 *   not be (`orderId` null, `reason` why). Once per standing order and day.
 */
export interface StandingOrderRunEvent {
  type: 'standing_order.run';
  standingOrderId: number;
  deliveryDate: string;
  restaurantId: number;
  farmName: string;
  orderId: number | null;
  totalAmount: string | null;
  /** Lines placed short or left out. */
  short: StandingOrderLineNote[];
  /** Lines placed at a price other than the one seen when the line was set. */
  repriced: StandingOrderLineNote[];
  reason: string | null;
}

/** What a line counts in: its pack in the number of `count`, else the unit as before packs. */
function countedIn(line: StandingOrderLineNote, count: number): string {
  return line.packLabel ? packNoun(line.packLabel, count) : line.unit;
}

function shortLine(line: StandingOrderLineNote): string {
  return line.placed === 0
    ? `${line.productName}: none available (wanted ${line.requested} ${countedIn(line, line.requested)})`
    : `${line.productName}: ${line.placed} of ${line.requested} ${countedIn(line, line.requested)}`;
}

function repricedLine(line: StandingOrderLineNote): string {
  const change = `${formatMoneyString(line.seenUnitPrice)} → ${formatMoneyString(line.unitPrice)} per ${countedIn(line, 1)}`;
  // A standing order never places a line above the price last seen (docs/standing-orders.md).
  return line.placed === 0
    ? `${line.productName}: left out, ${change}; order it at ${formatMoneyString(line.unitPrice)} if you still want it`
    : `${line.productName}: ${change}`;
}

/** To the restaurant: what its standing order placed for a day, what was short, what repriced. */
export function standingOrderRunContent(event: StandingOrderRunEvent): NotificationContent {
  const day = formatCalendarDate(event.deliveryDate, 'weekdayShort') ?? event.deliveryDate;
  const eventKey = `standing-order:${event.standingOrderId}:${event.deliveryDate}`;
  const details = [
    ...(event.short.length > 0 ? ['Short:', ...event.short.map((l) => `- ${shortLine(l)}`)] : []),
    ...(event.repriced.length > 0
      ? [
          'Prices changed since you set the standing order:',
          ...event.repriced.map((l) => `- ${repricedLine(l)}`),
        ]
      : []),
  ];
  if (event.orderId === null) {
    return {
      kind: 'standing_order',
      title: `Standing order for ${day} not placed`,
      body:
        `Your standing order with ${event.farmName} was not placed for ${day}: ${event.reason ?? 'nothing was available'}.` +
        (event.short.length > 0 ? ` Short: ${event.short.map(shortLine).join('; ')}.` : ''),
      details: details.length > 0 ? details.join('\n') : null,
      link: '/restaurant/standing-orders',
      eventKey,
    };
  }
  const short = event.short.length > 0 ? ` Short: ${event.short.map(shortLine).join('; ')}.` : '';
  const repriced =
    event.repriced.length > 0 ? ` New prices: ${event.repriced.map(repricedLine).join('; ')}.` : '';
  return {
    kind: 'standing_order',
    title: `Standing order placed: order #${event.orderId}`,
    body:
      `Your standing order with ${event.farmName} was placed for ${day}, total ${formatMoneyString(event.totalAmount ?? '0')}.` +
      (short || repriced
        ? `${short}${repriced}`
        : ' Everything was in stock at the prices you saw.'),
    details: details.length > 0 ? details.join('\n') : null,
    link: `/restaurant/orders#order-${event.orderId}-title`,
    eventKey,
  };
}

declare module '../notifications' {
  interface NotificationEvents {
    'standing_order.run': StandingOrderRunEvent;
  }
}

/** What a standing order did is told to those of the restaurant who manage its standing orders. */
const MANAGES_STANDING_ORDERS = ['standing_orders.manage'] as const satisfies readonly Permission[];

export const standingOrderNotices: NotificationKindProviders<'standing_order.run'> = {
  'standing_order.run': {
    recipients(tx, event) {
      return tell(
        tx,
        { kind: 'restaurant', id: event.restaurantId },
        MANAGES_STANDING_ORDERS,
        { orderId: event.orderId },
        () => standingOrderRunContent(event),
      );
    },
  },
};
