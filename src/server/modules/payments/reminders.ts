import { and, lte } from 'drizzle-orm';
import { addDays } from '#core/hawaii-time';
import { toMoneyString } from '#core/money';
import { daysPastDueOf } from '#core/payments';
import { today as clockToday } from '../../clock';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { recordNotificationEvents } from '../notifications';
import { dueDateSql, owedColumns, paymentStateOfRow, stillOwed } from '../owed';

export const REMINDER_QUEUE = 'payment-reminders';
/** How often each process asks for a sweep; the singleton key keeps it to one queued sweep. */
export const REMINDER_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The reminder an invoice is owed on `today`: its due date, then every seventh day after it
 * while it stays unpaid; null before the due date. A sweep that missed days (a process was
 * down) still sends the latest one, once.
 */
export function reminderSlot(dueDate: string, today: string): string | null {
  if (today < dueDate) return null;
  return addDays(dueDate, Math.floor(daysPastDueOf(dueDate, today) / 7) * 7);
}

/**
 * Reminds restaurants of every delivered invoice still owed whose reminder is due today. Each
 * reminder is a notification keyed by order and slot, so a second sweep (another process, a
 * retry) adds nothing; its email and text copies go through the durable queue as any other.
 */
export async function sendDueReminders(db: Db, today = clockToday()): Promise<number> {
  const owed = await db
    .select({ ...owedColumns, orderId: orders.id })
    .from(orders)
    .where(and(stillOwed, lte(dueDateSql, today)));
  let sent = 0;
  for (const invoice of owed) {
    const state = paymentStateOfRow(invoice, today);
    const slot = state.dueDate ? reminderSlot(state.dueDate, today) : null;
    if (!slot) continue;
    const created = await db.transaction((tx) =>
      recordNotificationEvents(tx, [
        {
          type: 'payment.reminder',
          orderId: invoice.orderId,
          slot,
          dueDate: state.dueDate!,
          balanceDue: toMoneyString(state.balanceDueCents),
        },
      ]),
    );
    sent += created.length;
  }
  return sent;
}
