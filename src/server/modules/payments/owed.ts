import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { centsOf } from '#core/money';
import { paymentStateOf, type PaymentState } from '#core/payments';
import { orders, payments } from '../../db/schema';

/**
 * The owed rule on the server: which orders are bills, which payments count against them, and
 * what a bill still owes on a day. Bills, receivables, reminders, statements and order answers
 * all select and judge through these, so a new kind of money against a bill (credits) changes
 * this file and nothing else.
 */

/** A payment counts against its bill until it is voided. */
export const countedPayment: SQL = isNull(payments.voidedAt);

/** An order is a bill once delivered: its invoice is due from then. */
export const isBill: SQL = eq(orders.status, 'delivered');

/** The sum of an order's counted payments, as SQL over `orders`. */
// Written out in full: inside a subquery drizzle would render the outer column unqualified.
export const amountPaidSql: SQL<string> = sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.order_id = "orders"."id" and p.voided_at is null)`;

/** A bill's due date; delivered before due dates were kept (or seeded): the delivery date. */
export const dueDateSql: SQL<string> = sql<string>`coalesce(${orders.dueDate}, ${orders.deliveryDate})`;

/** Bills with something still owed on them. */
export const stillOwed: SQL = and(isBill, sql`${orders.totalAmount} > ${amountPaidSql}`)!;

/** The columns the owed rule reads, to spread into a select over `orders`. */
export const owedColumns = {
  status: orders.status,
  totalAmount: orders.totalAmount,
  dueDate: orders.dueDate,
  deliveryDate: orders.deliveryDate,
  amountPaid: amountPaidSql,
};

/** An order's payment state on `today` from the owed columns of its row. */
export function paymentStateOfRow(
  row: {
    status: string;
    totalAmount: string;
    amountPaid: string;
    dueDate: string | null;
    deliveryDate: string | null;
  },
  today: string,
): PaymentState {
  return paymentStateOf(
    {
      status: row.status,
      totalCents: centsOf(row.totalAmount),
      paidCents: centsOf(row.amountPaid),
      dueDate: row.status === 'delivered' ? (row.dueDate ?? row.deliveryDate) : null,
    },
    today,
  );
}
