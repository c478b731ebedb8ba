import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { centsOf, toMoneyString } from '#core/money';
import { balanceDueOf, paymentStateOf, type PaymentState } from '#core/payments';
import type { DbOrTx } from '../../db/database';
import { qualified } from '../../db/raw-sql';
import { creditEntries, orders, payments } from '../../db/schema';

/**
 * The owed rule on the server: which orders are bills, which payments count against them, and
 * what a bill still owes on a day. Bills, receivables, reminders, statements and order answers
 * all select and judge through these: credit put on a bill (docs/claims.md) lowers what it owes
 * here, and so everywhere.
 *
 * A module of its own, below the orders, the notifications and the payments that all read it
 * (docs/payments.md): the payments module records money, this only judges what is owed.
 *
 * The rule has a stored twin: `orders.balance_due`, the total less what counts against it, kept
 * by the database's triggers whoever writes a payment, a credit entry or a total
 * (drizzle/0041_stored_balance.sql: `harvest_hui_bill_settlements` says what counts, here as in
 * `amountPaidSql` and `amountCreditedSql`; `harvest_hui_balance_due` computes it). A change to
 * the rule here is a change there too.
 */

/** A payment counts against its bill until it is voided. */
export const countedPayment: SQL = isNull(payments.voidedAt);

/** An order is a bill once delivered: its invoice is due from then. */
export const isBill: SQL = eq(orders.status, 'delivered');

/** The sum of an order's counted payments, as SQL over `orders`. */
export const amountPaidSql: SQL<string> = sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.order_id = ${qualified(orders.id)} and p.voided_at is null)`;

/**
 * The credit put on an order: the part of its credit notes that lowered it and the credit
 * balance applied to it (`credit_entries` of kind 'invoice' and 'applied').
 */
export const amountCreditedSql: SQL<string> = sql<string>`(select coalesce(sum(c.amount), 0) from credit_entries c where c.order_id = ${qualified(orders.id)} and c.kind in ('invoice', 'applied'))`;

/** A bill's due date; delivered before due dates were kept (or seeded): the delivery date. */
export const dueDateSql: SQL<string> = sql<string>`coalesce(${orders.dueDate}, ${orders.deliveryDate})`;

/**
 * Bills with something still owed on them: total above payments and credit, read from the stored
 * balance through the open bills' indexes rather than summed for every delivered order.
 */
export const stillOwed: SQL = and(isBill, sql`${orders.balanceDue} > 0`)!;

/** The columns the owed rule reads, to spread into a select over `orders`. */
export const owedColumns = {
  status: orders.status,
  totalAmount: orders.totalAmount,
  dueDate: orders.dueDate,
  deliveryDate: orders.deliveryDate,
  amountPaid: amountPaidSql,
  amountCredited: amountCreditedSql,
};

/** An order's payment state on `today` from the owed columns of its row. */
export function paymentStateOfRow(
  row: {
    status: string;
    totalAmount: string;
    amountPaid: string;
    /** Absent where a select reads no credits: none. */
    amountCredited?: string;
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
      creditedCents: row.amountCredited === undefined ? 0 : centsOf(row.amountCredited),
      dueDate: row.status === 'delivered' ? (row.dueDate ?? row.deliveryDate) : null,
    },
    today,
  );
}

/** What a locked order still owes: its total less counted payments and credit put on it. */
export async function openBalanceCents(
  tx: DbOrTx,
  order: { id: number; totalAmount: string },
): Promise<number> {
  // Summed after the caller's lock, not inside the locking select (see recordPayment).
  const [paid] = await tx
    .select({ amount: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), countedPayment));
  const [credited] = await tx
    .select({ amount: sql<string>`coalesce(sum(${creditEntries.amount}), 0)` })
    .from(creditEntries)
    .where(
      and(eq(creditEntries.orderId, order.id), inArray(creditEntries.kind, ['invoice', 'applied'])),
    );
  return balanceDueOf(centsOf(order.totalAmount), centsOf(paid!.amount), centsOf(credited!.amount));
}

/** The additive payment fields of an order on the wire. */
export function orderPaymentFields(state: PaymentState) {
  return {
    paymentStatus: state.paymentStatus,
    amountPaid: toMoneyString(state.amountPaidCents),
    amountCredited: toMoneyString(state.amountCreditedCents),
    balanceDue: toMoneyString(state.balanceDueCents),
    dueDate: state.dueDate,
  };
}
