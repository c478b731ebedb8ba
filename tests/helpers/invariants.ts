import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';

/**
 * What every change leaves true: each product's stock ledger sums to its stock and
 * ends at it, and every order's total is its lines, fee and tax (and its subtotal its lines).
 * Answers the products and orders that break them, for a readable failure.
 */
export async function expectBooksBalance(db: Db): Promise<void> {
  const stock = await db.execute(sql`
    select p.id, p.available_quantity as stock,
      (select sum(m.change) from stock_movements m where m.product_id = p.id) as ledger,
      (select m.quantity_after from stock_movements m where m.product_id = p.id order by m.id desc limit 1) as last
    from products p`);
  const unbalanced = rowsOf<{ stock: string; ledger: string | null; last: string | null }>(
    stock,
  ).filter(
    (row) => Number(row.ledger) !== Number(row.stock) || Number(row.last) !== Number(row.stock),
  );
  expect(unbalanced, 'products whose ledger does not sum to their stock').toEqual([]);

  const totals = await db.execute(sql`
    select o.id from orders o
    where o.status <> 'cancelled' and (
      o.subtotal <> (select coalesce(sum(i.total_price), 0) from order_items i where i.order_id = o.id)
      or o.total_amount <> o.subtotal + o.delivery_fee + o.tax_amount)`);
  expect(rowsOf(totals), 'orders whose total is not lines + fee + tax').toEqual([]);
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
