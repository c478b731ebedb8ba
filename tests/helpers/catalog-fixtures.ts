import type { Order } from '#core/schemas/order';
import { eq } from 'drizzle-orm';
import { multiplyCents, parseMoney, toMoneyString } from '#core/money';
import type { Db } from '../../src/server/db/database';
import { deliverySchedules, farms, products, stockMovements } from '../../src/server/db/schema';
import type { Session } from './test-app';

/** Catalog rows written straight to the database, so order tests need no catalog API. */
export interface ProductFixture {
  id: number;
  farmId: number;
  name: string;
  unit: string;
  price: string;
  availableQuantity: number;
  /** The farm's delivery fee when the product was created, as a cart keeps it. */
  farmDeliveryFee: string;
}

let productCounter = 0;

export async function createProduct(
  db: Db,
  farmId: number,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductFixture> {
  productCounter += 1;
  const [row] = await db
    .insert(products)
    .values({
      farmId,
      name: `Kale ${productCounter}`,
      unit: 'lb',
      price: '4.50',
      availableQuantity: 50,
      category: 'vegetables',
      ...overrides,
    })
    .returning();
  // Its stock opens the ledger, as a product created through the API does.
  await db.insert(stockMovements).values({
    productId: row!.id,
    change: row!.availableQuantity,
    quantityAfter: row!.availableQuantity,
    reason: 'opening',
    actorKind: 'system',
  });
  const [farm] = await db
    .select({ deliveryFee: farms.deliveryFee })
    .from(farms)
    .where(eq(farms.id, farmId));
  return {
    id: row!.id,
    farmId: row!.farmId,
    name: row!.name,
    unit: row!.unit,
    price: row!.price,
    availableQuantity: row!.availableQuantity,
    farmDeliveryFee: farm!.deliveryFee,
  };
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.availableQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function updateProduct(
  db: Db,
  productId: number,
  values: Partial<typeof products.$inferInsert>,
): Promise<void> {
  const [before] = await db
    .select({ availableQuantity: products.availableQuantity })
    .from(products)
    .where(eq(products.id, productId));
  await db.update(products).set(values).where(eq(products.id, productId));
  // A stock set straight in the database is a correction in the ledger, so it still sums.
  if (values.availableQuantity !== undefined && before) {
    await db.insert(stockMovements).values({
      productId,
      change: Math.round((values.availableQuantity - before.availableQuantity) * 100) / 100,
      quantityAfter: values.availableQuantity,
      reason: 'correction',
      actorKind: 'system',
    });
  }
}

export async function setFarmTerms(
  db: Db,
  farmId: number,
  values: { deliveryFee?: string; orderMinimum?: string; checksPayableTo?: string | null },
): Promise<void> {
  await db.update(farms).set(values).where(eq(farms.id, farmId));
}

export async function addDeliveryDay(
  db: Db,
  farmId: number,
  deliveryDate: string,
  deliveryArea = 'Honolulu',
): Promise<void> {
  await db.insert(deliverySchedules).values({ farmId, deliveryDate, deliveryArea });
}

/**
 * A POST /api/orders body for the given lines, priced as the fixtures are; its total includes
 * `deliveryFee`, by default the farm's fee when the first line's product was created.
 */
export function orderBody(
  farmId: number,
  lines: { product: ProductFixture; quantity: number; unitPrice?: string }[],
  extra: { deliveryDate?: string; notes?: string; totalAmount?: string; deliveryFee?: string } = {},
) {
  const items = lines.map(({ product, quantity, unitPrice }) => {
    const price = unitPrice ?? product.price;
    return {
      productId: product.id,
      quantity,
      unitPrice: price,
      totalPrice: toMoneyString(multiplyCents(parseMoney(price)!, quantity)),
    };
  });
  const subtotal = items.reduce((sum, item) => sum + parseMoney(item.totalPrice)!, 0);
  return {
    farmId,
    // The total the restaurant saw: the subtotal plus the farm's delivery fee.
    totalAmount:
      extra.totalAmount ??
      toMoneyString(
        subtotal + parseMoney(extra.deliveryFee ?? lines[0]?.product.farmDeliveryFee ?? '0')!,
      ),
    items,
    ...(extra.deliveryDate ? { deliveryDate: extra.deliveryDate } : {}),
    ...(extra.notes ? { notes: extra.notes } : {}),
  };
}

/** Places a checkout and fails the test with the server's answer if it is not a 201. */
export async function placeCheckout(
  session: Session,
  orders: ReturnType<typeof orderBody>[],
  key?: string,
) {
  const response = await session.post(
    '/api/checkout',
    { orders },
    key ? { 'idempotency-key': key } : undefined,
  );
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  return response.json().orders as Order[];
}
