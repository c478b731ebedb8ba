import { and, asc, eq, lt } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { asciiSlug } from '#core/file-name';
import { addDays } from '#core/hawaii-time';
import { centsOf, formatUsd, type Cents } from '#core/money';
import type { Db } from '../../db/database';
import { farms, orders, payments, restaurants } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { orderScope, orderScopeOf } from '../orders/scope';
import { countedPayment, isBill } from './owed';

export interface StatementLine {
  date: string;
  kind: 'invoice' | 'payment';
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
  const invoices = await db
    .select({
      id: orders.id,
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

  let openingCents = 0;
  const lines: StatementLine[] = [];
  for (const invoice of invoices) {
    const cents = centsOf(invoice.total);
    if (invoice.date! < start) openingCents += cents;
    else
      lines.push({
        date: invoice.date!,
        kind: 'invoice',
        // The GET is part of the invoice's total; named so the restaurant's books can split it.
        description: `Invoice for order #${invoice.id}${centsOf(invoice.tax) > 0 ? ` (incl. ${formatUsd(centsOf(invoice.tax))} GET)` : ''}`,
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
  lines.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
  const invoicedCents = lines
    .filter((l) => l.kind === 'invoice')
    .reduce((s, l) => s + l.amountCents, 0);
  const paidCents = -lines
    .filter((l) => l.kind === 'payment')
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
    closingCents: openingCents + invoicedCents - paidCents,
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
