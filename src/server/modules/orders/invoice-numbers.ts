import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { now as clockNow } from '../../clock';
import type { Tx } from '../../db/database';
import { farms, orders } from '../../db/schema';

/*
 * An order's invoice number, from its farm's own counter: issued by the first of its invoice,
 * an accounting export or the shipping records that name it (documents, accounting and the
 * order's move to in transit), so it lives with the order.
 */

/** An invoice number as printed: five digits at least ("00042"). */
export function invoiceNumberLabel(number: number): string {
  return String(number).padStart(5, '0');
}

/**
 * Gives each of these orders that has no invoice number yet the next numbers of its farm's own
 * counter, oldest delivery first, and stamps it issued. Call it inside a transaction: the orders'
 * rows are locked first, in id order (so a concurrent issue of the same order waits, then finds
 * the number set and leaves it), then each farm's counter moves on once for all its orders.
 * Stamped at the marketplace clock, as every other moment of an order is.
 */
export async function issueInvoiceNumbers(
  tx: Tx,
  orderIds: readonly number[],
  now: Date = clockNow(),
): Promise<void> {
  if (orderIds.length === 0) return;
  const unnumbered = await tx
    .select({ id: orders.id, farmId: orders.farmId, deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), isNull(orders.invoiceNumber)))
    .orderBy(asc(orders.id))
    .for('update');
  const byFarm = new Map<number, typeof unnumbered>();
  for (const row of unnumbered) byFarm.set(row.farmId, [...(byFarm.get(row.farmId) ?? []), row]);
  // Farms' counters in id order too, so two issues spanning the same farms cannot deadlock.
  for (const [farmId, rows] of [...byFarm].sort(([a], [b]) => a - b)) {
    const [counter] = await tx
      .update(farms)
      .set({ lastInvoiceNumber: sql`${farms.lastInvoiceNumber} + ${rows.length}` })
      .where(eq(farms.id, farmId))
      .returning({ last: farms.lastInvoiceNumber });
    const first = counter!.last - rows.length + 1;
    const numbered = [...rows]
      .sort((a, b) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '') || a.id - b.id)
      .map((row, index) => sql`(${row.id}::int, ${first + index}::int)`);
    for (let start = 0; start < numbered.length; start += INVOICE_NUMBERS_PER_STATEMENT) {
      const values = sql.join(
        numbered.slice(start, start + INVOICE_NUMBERS_PER_STATEMENT),
        sql`, `,
      );
      await tx.execute(sql`
        update orders set invoice_number = v.number, invoice_issued_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, number)
        where orders.id = v.id`);
    }
  }
}

/** Orders numbered by one statement: far below PostgreSQL's limit of parameters. */
const INVOICE_NUMBERS_PER_STATEMENT = 1000;
