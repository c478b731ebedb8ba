import { and, asc, eq, sql } from 'drizzle-orm';
import { estimatedWeight } from '#core/catch-weight';
import { unitsOfPacks } from '#core/packs';
import { fromHundredths, quantityHundredths } from '#core/quantity';
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
      lineQuantity: orderItems.quantity,
      packSize: orderItems.packSize,
      weightUnit: orderItems.weightUnit,
      packWeight: orderItems.packWeight,
      weight: orderItems.weight,
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
  const shipped = shippedQuantities(rows);
  await tx.insert(shippingRecords).values(
    rows.map((row, index) => ({
      farmId: row.farmId,
      restaurantId: row.restaurantId,
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      productId: row.productId,
      lotId: row.lotId,
      lotCode: row.lotCode,
      ...shipped[index]!,
      productDescription: row.productDescription,
      traceabilityCategory: row.traceabilityCategory!,
      recipientName: row.recipientName,
      recipientLocation: row.recipientLocation,
      shipFromName: row.shipFromName,
      shipFromLocation: row.shipFromLocation,
      shipDate,
      lotCodeSource: `${row.shipFromName}, ${row.shipFromLocation}`,
      referenceDocument: `Invoice ${invoiceNumberLabel(row.invoiceNumber!)}`,
    })),
  );
  return rows.length;
}

interface ShippedLotRow {
  orderItemId: number;
  quantity: number;
  unit: string;
  lineQuantity: number;
  packSize: number;
  weightUnit: string | null;
  packWeight: number | null;
  weight: number | null;
}

/**
 * What each record says was shipped: a lot's units of the product, or for a line charged by
 * weight (docs/catch-weight.md) the weight shipped in its weight unit (the weight entered, else
 * the estimate), shared among the line's lots by the units each gave, the last lot taking what
 * rounding left so the records add up to the line.
 */
export function shippedQuantities(
  rows: readonly ShippedLotRow[],
): { quantity: number; unit: string }[] {
  const given = new Map<number, number>();
  const lastLot = new Map<number, number>();
  rows.forEach((row, index) => lastLot.set(row.orderItemId, index));
  return rows.map((row, index) => {
    if (row.weightUnit === null) return { quantity: row.quantity, unit: row.unit };
    const total =
      quantityHundredths(
        row.weight ?? estimatedWeight({ quantity: row.lineQuantity, packWeight: row.packWeight }),
      ) ?? 0;
    const before = given.get(row.orderItemId) ?? 0;
    const units = quantityHundredths(unitsOfPacks(row.lineQuantity, row.packSize)) ?? 0;
    const share =
      lastLot.get(row.orderItemId) === index || units === 0
        ? total - before
        : Math.min(
            total - before,
            Math.round((total * (quantityHundredths(row.quantity) ?? 0)) / units),
          );
    given.set(row.orderItemId, before + share);
    return { quantity: fromHundredths(share), unit: row.weightUnit };
  });
}
