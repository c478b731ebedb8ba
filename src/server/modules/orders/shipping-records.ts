import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import {
  farms,
  lots,
  orderItemLots,
  orderItems,
  orders,
  products,
  restaurants,
  shippingRecords,
} from '../../db/schema';
import { invoiceNumberLabel, issueInvoiceNumbers } from './invoice-numbers';

// The FSMA 204 shipping records (docs/traceability.md) are fixed by the status move that ships
// the order, in its transaction; the traceability module lists and exports them.

/**
 * Writes the order's shipping records, inside the order change that ships it. The reference
 * document is the order's invoice, numbered now if it has no number yet. Returns how many.
 */
export async function writeShippingRecords(
  tx: Tx,
  orderId: number,
  shipDate: string,
): Promise<number> {
  const traced = and(
    eq(orderItems.orderId, orderId),
    sql`${products.traceabilityCategory} is not null`,
  );
  const [any] = await tx
    .select({ id: orderItemLots.orderItemId })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(traced)
    .limit(1);
  if (!any) return 0;
  await issueInvoiceNumbers(tx, [orderId]);
  const rows = await tx
    .select({
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      orderId: orders.id,
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      lotId: lots.id,
      lotCode: lots.code,
      quantity: orderItemLots.quantity,
      unit: orderItems.productUnit,
      productDescription: orderItems.productName,
      traceabilityCategory: products.traceabilityCategory,
      recipientName: restaurants.name,
      recipientLocation: restaurants.location,
      shipFromName: farms.name,
      shipFromLocation: farms.location,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(lots, eq(lots.id, orderItemLots.lotId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(traced)
    .orderBy(asc(orderItems.id), asc(lots.id));
  await tx.insert(shippingRecords).values(
    rows.map(({ invoiceNumber, traceabilityCategory, ...row }) => ({
      ...row,
      traceabilityCategory: traceabilityCategory!,
      shipDate,
      lotCodeSource: `${row.shipFromName}, ${row.shipFromLocation}`,
      referenceDocument: `Invoice ${invoiceNumberLabel(invoiceNumber!)}`,
    })),
  );
  return rows.length;
}
