import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { asciiSlug } from '#core/file-name';
import { addDays } from '#core/hawaii-time';
import { centsOf, formatUsd, type Cents } from '#core/money';
import type { Db } from '../../db/database';
import { creditEntries, creditNotes, farms, orders, payments, restaurants } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { invoiceNumberLabel, issueInvoiceNumbers, orderScope, orderScopeOf } from '../orders';
import { countedPayment, isBill } from '../owed';

export interface StatementLine {
  date: string;
  kind: 'invoice' | 'payment' | 'credit' | 'refund';
  description: string;
  amountCents: Cents;
}

export interface Statement {
  month: string;
  farm: { id: number; name: string; location: string; checksPayableTo: string | null };
  restaurant: { id: number; name: string; location: string };
  /** Whose statement it is: the side that asked for it. */
  viewer: 'farm' | 'restaurant';
  openingCents: Cents;
  lines: StatementLine[];
  invoicedCents: Cents;
  paidCents: Cents;
  /** Credit notes of the month (docs/claims.md), less nothing: refunds are their own figure. */
  creditedCents: Cents;
  /** Credit paid back to the restaurant in the month. */
  refundedCents: Cents;
  closingCents: Cents;
}

function nextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
}

/**
 * The restaurant–farm pair a viewer's statement is of: a farm's person names the restaurant, a
 * restaurant's person the farm; nobody else has statements.
 */
function statementPair(
  viewer: Actor,
  query: { farmId?: number; restaurantId?: number },
): { farmId: number; restaurantId: number; viewer: Statement['viewer'] } {
  const scope = orderScopeOf(viewer);
  if (scope.kind === 'farm') {
    if (!query.restaurantId) throw badRequest('Choose a restaurant', { restaurantId: 'Required' });
    return { farmId: scope.farmId, restaurantId: query.restaurantId, viewer: 'farm' };
  }
  if (scope.kind === 'restaurant') {
    if (!query.farmId) throw badRequest('Choose a farm', { farmId: 'Required' });
    return { farmId: query.farmId, restaurantId: scope.restaurantId, viewer: 'restaurant' };
  }
  throw forbidden('Only farms and restaurants have statements');
}

/**
 * One restaurant–farm pair's month: invoices are bills (delivered orders), dated by their
 * Hawaii delivery date; payments are those counted against them, dated by the day received.
 * The opening balance is everything invoiced before the month less everything paid before it.
 */
export async function monthlyStatement(
  db: Db,
  viewer: Actor,
  query: { month: string; farmId?: number; restaurantId?: number },
): Promise<Statement> {
  const { month } = query;
  const pair = statementPair(viewer, query);
  const start = `${month}-01`;
  const end = nextMonthStart(month);
  const [farm] = await db.select().from(farms).where(eq(farms.id, pair.farmId));
  const [restaurant] = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, pair.restaurantId));
  // Only a pair that has traded: anything else is not theirs to see.
  const [traded] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        orderScope(viewer),
        eq(orders.farmId, pair.farmId),
        eq(orders.restaurantId, pair.restaurantId),
      ),
    )
    .limit(1);
  if (!farm || !restaurant || !traded) throw notFound('No orders between these two');

  const ofPair = and(
    eq(orders.farmId, pair.farmId),
    eq(orders.restaurantId, pair.restaurantId),
    isBill,
  );
  // Each invoice of the month prints its number: one not numbered yet is numbered now, as its
  // own invoice or an accounting export would.
  const unnumbered = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        ofPair,
        isNull(orders.invoiceNumber),
        gte(orders.deliveryDate, start),
        lt(orders.deliveryDate, end),
      ),
    );
  if (unnumbered.length > 0) {
    await db.transaction((tx) =>
      issueInvoiceNumbers(
        tx,
        unnumbered.map((row) => row.id),
      ),
    );
  }
  const invoices = await db
    .select({
      id: orders.id,
      invoiceNumber: orders.invoiceNumber,
      date: orders.deliveryDate,
      total: orders.totalAmount,
      tax: orders.taxAmount,
    })
    .from(orders)
    .where(and(ofPair, lt(orders.deliveryDate, end)))
    .orderBy(asc(orders.deliveryDate), asc(orders.id));
  const paid = await db
    .select({
      orderId: payments.orderId,
      date: payments.paidOn,
      amount: payments.amount,
      method: payments.method,
      reference: payments.reference,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(ofPair, countedPayment, lt(payments.paidOn, end)))
    .orderBy(asc(payments.paidOn), asc(payments.id));

  // A credit note lowers what the restaurant owes the farm, on its invoice or as credit held;
  // a refund pays that credit back, so it raises the account again.
  const notes = await db
    .select({
      number: creditNotes.number,
      orderId: creditNotes.orderId,
      date: creditNotes.issuedOn,
      amount: creditNotes.amount,
    })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.farmId, pair.farmId),
        eq(creditNotes.restaurantId, pair.restaurantId),
        lt(creditNotes.issuedOn, end),
      ),
    )
    .orderBy(asc(creditNotes.issuedOn), asc(creditNotes.id));
  const refunds = await db
    .select({
      date: creditEntries.enteredOn,
      amount: creditEntries.amount,
      reference: creditEntries.reference,
    })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.farmId, pair.farmId),
        eq(creditEntries.restaurantId, pair.restaurantId),
        eq(creditEntries.kind, 'refunded'),
        lt(creditEntries.enteredOn, end),
      ),
    )
    .orderBy(asc(creditEntries.enteredOn), asc(creditEntries.id));

  let openingCents = 0;
  const lines: StatementLine[] = [];
  for (const note of notes) {
    const cents = centsOf(note.amount);
    if (note.date < start) openingCents -= cents;
    else
      lines.push({
        date: note.date,
        kind: 'credit',
        description: `Credit note CN-${String(note.number).padStart(5, '0')} for order #${note.orderId}`,
        amountCents: -cents,
      });
  }
  for (const refund of refunds) {
    const cents = centsOf(refund.amount);
    if (refund.date < start) openingCents += cents;
    else
      lines.push({
        date: refund.date,
        kind: 'refund',
        description: `Credit refunded${refund.reference ? ` (${refund.reference})` : ''}`,
        amountCents: cents,
      });
  }
  for (const invoice of invoices) {
    const cents = centsOf(invoice.total);
    if (invoice.date! < start) openingCents += cents;
    else
      lines.push({
        date: invoice.date!,
        kind: 'invoice',
        // The GET is part of the invoice's total; named so the restaurant's books can split it.
        description: `Invoice ${invoice.invoiceNumber === null ? '' : `${invoiceNumberLabel(invoice.invoiceNumber)} `}for order #${invoice.id}${centsOf(invoice.tax) > 0 ? ` (incl. ${formatUsd(centsOf(invoice.tax))} GET)` : ''}`,
        amountCents: cents,
      });
  }
  for (const payment of paid) {
    const cents = centsOf(payment.amount);
    if (payment.date < start) openingCents -= cents;
    else
      lines.push({
        date: payment.date,
        kind: 'payment',
        description: `Payment for order #${payment.orderId} (${payment.method.replace('_', ' ')}${payment.reference ? `, ${payment.reference}` : ''})`,
        amountCents: -cents,
      });
  }
  const kindOrder: StatementLine['kind'][] = ['invoice', 'payment', 'credit', 'refund'];
  lines.sort(
    (a, b) => a.date.localeCompare(b.date) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind),
  );
  const invoicedCents = lines
    .filter((l) => l.kind === 'invoice')
    .reduce((s, l) => s + l.amountCents, 0);
  const paidCents = -lines
    .filter((l) => l.kind === 'payment')
    .reduce((s, l) => s + l.amountCents, 0);
  const creditedCents = -lines
    .filter((l) => l.kind === 'credit')
    .reduce((s, l) => s + l.amountCents, 0);
  const refundedCents = lines
    .filter((l) => l.kind === 'refund')
    .reduce((s, l) => s + l.amountCents, 0);
  return {
    month,
    farm: {
      id: farm.id,
      name: farm.name,
      location: farm.location,
      checksPayableTo: farm.checksPayableTo,
    },
    restaurant: { id: restaurant.id, name: restaurant.name, location: restaurant.location },
    viewer: pair.viewer,
    openingCents,
    lines,
    invoicedCents,
    paidCents,
    creditedCents,
    refundedCents,
    closingCents: openingCents + invoicedCents - paidCents - creditedCents + refundedCents,
  };
}

/**
 * `statement-2026-11-kau-farm.pdf`: the month and the other party, so two farms' (or two
 * restaurants') statements of one month can be told apart; the party's kind and id when its
 * name has no ASCII letters.
 */
export function statementFileName(statement: Statement): string {
  const other = statement.viewer === 'farm' ? statement.restaurant : statement.farm;
  const kind = statement.viewer === 'farm' ? 'restaurant' : 'farm';
  return `statement-${statement.month}-${asciiSlug(other.name) || `${kind}-${other.id}`}.pdf`;
}

/** The last day of a month, for the statement's heading. */
export function monthEnd(month: string): string {
  return addDays(nextMonthStart(month), -1);
}
