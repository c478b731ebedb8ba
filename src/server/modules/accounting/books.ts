import { billedQuantity } from '#core/catch-weight';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FarmActor, RestaurantActor } from '#core/actor';
import { centsOf, sumCents, taxableFeesCents, type Cents } from '#core/money';
import type { PaymentMethod } from '#core/payments';
import type { Db } from '../../db/database';
import { creditNotes, farms, orderItems, orders, payments, restaurants } from '../../db/schema';
import { invoiceNumberLabel, issueInvoiceNumbers, orderScope } from '../orders';
import { countedPayment, dueDateSql, isBill } from '../owed';

/**
 * What a farm sold (its invoices and the payments received) or a restaurant bought (its bills
 * and the payments made) over some Hawaii days, in the figures the accounting layouts write.
 * The same rules as the monthly statement: an invoice is a bill (a delivered order, through the
 * owed rule) dated by its delivery day; a payment is one counted against it, dated by the day
 * received; a credit note (docs/claims.md) is dated by the day it was issued.
 */
export interface Books {
  /** Whose books: the farm sells, the restaurant buys. */
  side: 'sales' | 'purchases';
  business: Party;
  from: string;
  to: string;
  invoices: BookInvoice[];
  payments: BookPayment[];
  creditNotes: BookCreditNote[];
}

export interface BookCreditNote {
  /** "CN-00001": the farm's own sequence. */
  number: string;
  orderId: number;
  invoiceNumber: string | null;
  /** The Hawaii day it was issued. */
  date: string;
  counterparty: Party;
  subtotalCents: Cents;
  taxCents: Cents;
  amountCents: Cents;
  /** What of it lowered its invoice; the rest went to the restaurant's credit with the farm. */
  onInvoiceCents: Cents;
}

export interface Party {
  id: number;
  name: string;
}

export interface BookLine {
  productName: string;
  unit: string;
  /** The pack sold (docs/packs.md): `quantity` counts these, each `size` units; size 1 is the unit. */
  pack: { label: string; size: number };
  quantity: number;
  /** The price of one pack, or for a line charged by weight of one weight unit. */
  unitCents: Cents;
  amountCents: Cents;
  /**
   * A line charged by weight (docs/catch-weight.md): the weight billed and its unit, which its
   * price is per. Null for a line priced per pack.
   */
  billedWeight: { quantity: number; unit: string } | null;
}

export interface BookInvoice {
  orderId: number;
  /** The farm's invoice number as the invoice prints it: "00042". */
  invoiceNumber: string;
  /** The Hawaii delivery day: the invoice is due from it (docs/payments.md). */
  date: string;
  dueDate: string;
  /** The restaurant in a farm's books, the farm in a restaurant's. */
  counterparty: Party;
  lines: BookLine[];
  deliveryFeeCents: Cents;
  /** The farm's fee of an order below its minimum (docs/minimums.md); 0 when none. */
  smallOrderFeeCents: Cents;
  /** The GET rate stored on the order, "4.7120" (docs/tax.md). */
  taxRate: string;
  taxCents: Cents;
  totalCents: Cents;
}

export interface BookPayment {
  paymentId: number;
  orderId: number;
  invoiceNumber: string;
  /** The Hawaii day the money was received. */
  date: string;
  counterparty: Party;
  amountCents: Cents;
  method: PaymentMethod;
  reference: string | null;
}

/**
 * The books of a farm's or a restaurant's person for `from`..`to` (both included). Invoices
 * without a number yet (never downloaded) are issued their farm's next numbers first, as a
 * download would: the accountant's copy and the restaurant's must carry the same number.
 */
export async function booksOf(
  db: Db,
  who: FarmActor | RestaurantActor,
  period: { from: string; to: string },
): Promise<Books> {
  const { from, to } = period;
  const sales = who.business.kind === 'farm';
  const billsInPeriod = and(
    orderScope(who),
    isBill,
    gte(orders.deliveryDate, from),
    lte(orders.deliveryDate, to),
  );
  const paymentsInPeriod = and(
    countedPayment,
    gte(payments.paidOn, from),
    lte(payments.paidOn, to),
  );
  const paidInPeriod = and(
    orderScope(who),
    isBill,
    inArray(orders.id, db.select({ id: payments.orderId }).from(payments).where(paymentsInPeriod)),
  );

  const unnumbered = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.invoiceNumber), or(billsInPeriod, paidInPeriod)));
  if (unnumbered.length > 0) {
    await db.transaction((tx) =>
      issueInvoiceNumbers(
        tx,
        unnumbered.map((row) => row.id),
      ),
    );
  }

  const party = {
    farmId: farms.id,
    farmName: farms.name,
    restaurantId: restaurants.id,
    restaurantName: restaurants.name,
  };
  const counterpartyOf = (row: PartyRow): Party =>
    sales
      ? { id: row.restaurantId, name: row.restaurantName }
      : { id: row.farmId, name: row.farmName };

  const [invoiceRows, lineRows, paymentRows, business, creditRows] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        invoiceNumber: orders.invoiceNumber,
        date: orders.deliveryDate,
        dueDate: dueDateSql,
        subtotal: orders.subtotal,
        deliveryFee: orders.deliveryFee,
        smallOrderFee: orders.smallOrderFee,
        taxRate: orders.taxRate,
        taxAmount: orders.taxAmount,
        totalAmount: orders.totalAmount,
        ...party,
      })
      .from(orders)
      .innerJoin(farms, eq(farms.id, orders.farmId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(billsInPeriod)
      .orderBy(asc(orders.deliveryDate), asc(orders.id)),
    db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        unit: orderItems.productUnit,
        packLabel: orderItems.packLabel,
        packSize: orderItems.packSize,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        totalPrice: orderItems.totalPrice,
        weightUnit: orderItems.weightUnit,
        packWeight: orderItems.packWeight,
        weight: orderItems.weight,
        weightDecision: orderItems.weightDecision,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(billsInPeriod)
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    db
      .select({
        paymentId: payments.id,
        orderId: payments.orderId,
        invoiceNumber: orders.invoiceNumber,
        date: payments.paidOn,
        amount: payments.amount,
        method: payments.method,
        reference: payments.reference,
        ...party,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(farms, eq(farms.id, orders.farmId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(and(orderScope(who), isBill, paymentsInPeriod))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
    businessOf(db, who),
    db
      .select({
        number: creditNotes.number,
        orderId: creditNotes.orderId,
        invoiceNumber: orders.invoiceNumber,
        date: creditNotes.issuedOn,
        subtotal: creditNotes.subtotal,
        taxAmount: creditNotes.taxAmount,
        amount: creditNotes.amount,
        onInvoice: sql<string>`(select coalesce(sum(e.amount), 0) from credit_entries e where e.credit_note_id = ${creditNotes.id} and e.kind = 'invoice')`,
        ...party,
      })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .innerJoin(farms, eq(farms.id, orders.farmId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(and(orderScope(who), gte(creditNotes.issuedOn, from), lte(creditNotes.issuedOn, to)))
      .orderBy(asc(creditNotes.issuedOn), asc(creditNotes.id)),
  ]);

  const linesByOrder = new Map<number, BookLine[]>();
  for (const row of lineRows) {
    const lines = linesByOrder.get(row.orderId) ?? [];
    lines.push({
      productName: row.productName,
      unit: row.unit,
      // A line without a pack label was sold in the product's unit.
      pack: { label: row.packLabel ?? row.unit, size: row.packSize },
      quantity: row.quantity,
      unitCents: centsOf(row.unitPrice),
      amountCents: centsOf(row.totalPrice),
      billedWeight:
        row.weightUnit === null ? null : { quantity: billedQuantity(row), unit: row.weightUnit },
    });
    linesByOrder.set(row.orderId, lines);
  }

  const invoices = invoiceRows.map((row): BookInvoice => {
    const lines = linesByOrder.get(row.orderId) ?? [];
    const invoice: BookInvoice = {
      orderId: row.orderId,
      invoiceNumber: numberOf(row),
      date: row.date!,
      dueDate: row.dueDate,
      counterparty: counterpartyOf(row),
      lines,
      deliveryFeeCents: centsOf(row.deliveryFee),
      smallOrderFeeCents: centsOf(row.smallOrderFee),
      taxRate: row.taxRate,
      taxCents: centsOf(row.taxAmount),
      totalCents: centsOf(row.totalAmount),
    };
    // The files must add up to the invoice: an order whose lines, fee and tax do not make its
    // total is a bug to surface, never books that silently disagree with the statement.
    const written =
      sumCents(lines.map((line) => line.amountCents)) +
      taxableFeesCents(invoice.deliveryFeeCents, invoice.smallOrderFeeCents) +
      invoice.taxCents;
    if (written !== invoice.totalCents) {
      throw new Error(`Order ${row.orderId}: lines, fee and tax do not make its total`);
    }
    return invoice;
  });

  return {
    side: sales ? 'sales' : 'purchases',
    business,
    from,
    to,
    invoices,
    payments: paymentRows.map((row) => ({
      paymentId: row.paymentId,
      orderId: row.orderId,
      invoiceNumber: numberOf(row),
      date: row.date,
      counterparty: counterpartyOf(row),
      amountCents: centsOf(row.amount),
      method: row.method as PaymentMethod,
      reference: row.reference,
    })),
    creditNotes: creditRows.map((row) => ({
      number: `CN-${String(row.number).padStart(5, '0')}`,
      orderId: row.orderId,
      invoiceNumber: row.invoiceNumber === null ? null : invoiceNumberLabel(row.invoiceNumber),
      date: row.date,
      counterparty: counterpartyOf(row),
      subtotalCents: centsOf(row.subtotal),
      taxCents: centsOf(row.taxAmount),
      amountCents: centsOf(row.amount),
      onInvoiceCents: centsOf(row.onInvoice),
    })),
  };
}

interface PartyRow {
  farmId: number;
  farmName: string;
  restaurantId: number;
  restaurantName: string;
}

function numberOf(row: { orderId: number; invoiceNumber: number | null }): string {
  // Issued just above for every invoice and payment of the period.
  if (row.invoiceNumber === null) throw new Error(`Order ${row.orderId} has no invoice number`);
  return invoiceNumberLabel(row.invoiceNumber);
}

async function businessOf(db: Db, who: FarmActor | RestaurantActor): Promise<Party> {
  const table = who.business.kind === 'farm' ? farms : restaurants;
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.id, who.business.id));
  return row!;
}
