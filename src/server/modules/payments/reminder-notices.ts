import { eq, inArray } from 'drizzle-orm';
import { formatCalendarDate } from '#core/hawaii-time';
import { formatMoneyString, toMoneyString } from '#core/money';
import type { Permission } from '#core/permissions';
import { today as clockToday } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { farms, orders } from '../../db/schema';
import {
  type NotificationContent,
  type NotificationKindProviders,
  type NotificationWording,
  type StoredNotice,
  tell,
} from '../notifications';
import { aboutTheOrder, type OrderFacts, restaurantOf } from '../orders';
import { owedColumns, paymentStateOfRow } from '../owed';

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

declare module '../notifications' {
  interface NotificationEvents {
    'payment.reminder': PaymentReminderEvent;
  }
}

/** What is owed is told to those of the restaurant who read the bills (docs/teams.md). */
const READS_THE_BILLS = ['bills.view'] as const satisfies readonly Permission[];

export const paymentNotices: NotificationKindProviders<'payment.reminder'> = {
  'payment.reminder': aboutTheOrder((tx, order, event) =>
    tell(tx, restaurantOf(order.restaurantId), READS_THE_BILLS, { orderId: order.id }, () =>
      paymentReminderContent(order, event),
    ),
  ),
};

/**
 * Payment reminders say what their bill is when they are read, through the owed rule: one made
 * on the due date ("due today") reads "overdue since …" once the bill is past due, with what is
 * owed now. A bill paid since (or a clock set before the due date) keeps the words it was sent
 * with: they were true then, and Bills says the rest.
 */
export async function paymentReminderWording(
  db: DbOrTx,
  notices: readonly StoredNotice[],
  today = clockToday(),
): ReturnType<NotificationWording> {
  const reminders = notices.filter((notice) => notice.orderId !== null);
  const orderIds = [...new Set(reminders.map((notice) => notice.orderId!))];
  const wording = new Map<number, { title: string; body: string }>();
  if (orderIds.length === 0) return wording;
  const bills = await db
    .select({ ...owedColumns, id: orders.id, farmName: farms.name })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .where(inArray(orders.id, orderIds));
  const byOrder = new Map<number, { title: string; body: string }>();
  for (const bill of bills) {
    const state = paymentStateOfRow(bill, today);
    if (state.balanceDueCents === 0 || !state.dueDate || state.dueDate > today) continue;
    byOrder.set(
      bill.id,
      paymentReminderText({
        orderId: bill.id,
        farmName: bill.farmName,
        balanceDue: toMoneyString(state.balanceDueCents),
        dueDate: state.dueDate,
        overdue: state.daysPastDue > 0,
      }),
    );
  }
  for (const notice of reminders) {
    const words = byOrder.get(notice.orderId!);
    if (words) wording.set(notice.id, words);
  }
  return wording;
}
