import { and, eq, inArray } from 'drizzle-orm';
import { formatClockTime } from '#core/delivery-days';
import { formatCalendarDate, hawaiiDate, hawaiiWallClock } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import type { Permission } from '#core/permissions';
import type { DbOrTx } from '../../db/database';
import { cutoffReminderOptOuts, memberships } from '../../db/schema';
import {
  listeners,
  type NotificationContent,
  type NotificationKindProviders,
  toListeners,
} from '../notifications';

/** Where a reminder takes the restaurant: its order guide, filled to par for the farm's day. */
export const ORDER_GUIDE_LINK = '/restaurant/order-guide';
/** Where a reminder of an order under the minimum takes it: its orders, to add to this one. */
export const ORDERS_LINK = '/restaurant/orders';

/**
 * - cutoff_reminder.due: a farm's next delivery day to the restaurant's zone closes soon, the
 *   restaurant usually orders from the farm and has no order for that day. Once per
 *   restaurant, farm and day.
 */
export interface CutoffReminderEvent {
  type: 'cutoff_reminder.due';
  restaurantId: number;
  farmId: number;
  farmName: string;
  deliveryDate: string;
  /** When ordering for the day closes (an instant, ISO 8601). */
  orderBy: string;
  /** What the restaurant usually orders from the farm, most often first: "Kale, case of 24 bunches". */
  items: string[];
  /**
   * Its pending order for the day is under the farm's minimum (docs/minimums.md): by how much,
   * and the minimum. Null for a restaurant that has not ordered.
   */
  underMinimum?: { short: string; amount: string } | null;
}

declare module '../notifications' {
  interface NotificationEvents {
    'cutoff_reminder.due': CutoffReminderEvent;
  }
}

/** "Mon, Nov 23 at 6 PM", Hawaii time. */
function closingTime(instant: string): string {
  const at = new Date(instant);
  const wall = hawaiiWallClock(at);
  const day = formatCalendarDate(hawaiiDate(at), 'weekdayShort');
  return `${day} at ${formatClockTime(wall.getUTCHours() * 60 + wall.getUTCMinutes())}`;
}

/** To the restaurant's people who order: the day, when ordering closes, the usual items. */
export function cutoffReminderContent(event: CutoffReminderEvent): NotificationContent {
  const day = formatCalendarDate(event.deliveryDate, 'weekdayShort') ?? event.deliveryDate;
  const eventKey = `cutoff-reminder:${event.restaurantId}:${event.farmId}:${event.deliveryDate}`;
  if (event.underMinimum) {
    return {
      kind: 'cutoff_reminder',
      title: `Your order from ${event.farmName} for ${day} is under its minimum`,
      body:
        `Your order is ${formatMoneyString(event.underMinimum.short)} short of ${event.farmName}'s ` +
        `${formatMoneyString(event.underMinimum.amount)} minimum. ` +
        `Ordering closes ${closingTime(event.orderBy)}.`,
      details: null,
      link: ORDERS_LINK,
      eventKey,
    };
  }
  const usual = event.items.length > 0 ? ` You usually order: ${event.items.join('; ')}.` : '';
  return {
    kind: 'cutoff_reminder',
    title: `Order from ${event.farmName} for ${day}`,
    body:
      `You have no order from ${event.farmName} for ${day} yet. ` +
      `Ordering closes ${closingTime(event.orderBy)}.${usual}`,
    details: null,
    link: ORDER_GUIDE_LINK,
    eventKey,
  };
}

/** Reminders go to those of the restaurant who place its orders. */
const PLACES_ORDERS = ['orders.place'] as const satisfies readonly Permission[];

/** Of the restaurant's people, those who turned the farm's reminders off. */
async function optedOut(tx: DbOrTx, event: CutoffReminderEvent): Promise<Set<number>> {
  const rows = await tx
    .select({ userId: cutoffReminderOptOuts.userId })
    .from(cutoffReminderOptOuts)
    .where(
      and(
        eq(cutoffReminderOptOuts.farmId, event.farmId),
        inArray(
          cutoffReminderOptOuts.userId,
          tx
            .select({ userId: memberships.userId })
            .from(memberships)
            .where(eq(memberships.restaurantId, event.restaurantId)),
        ),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export const cutoffReminderNotices: NotificationKindProviders<'cutoff_reminder.due'> = {
  'cutoff_reminder.due': {
    async recipients(tx, event) {
      const [people, off] = await Promise.all([
        listeners(tx, { kind: 'restaurant', id: event.restaurantId }, PLACES_ORDERS),
        optedOut(tx, event),
      ]);
      return toListeners(
        people.filter((person) => !off.has(person.userId)),
        {},
        () => cutoffReminderContent(event),
      );
    },
  },
};
