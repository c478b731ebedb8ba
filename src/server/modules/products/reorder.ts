import type { RestaurantActor } from '#core/actor';
import { centsOf, toMoneyString } from '#core/money';
import { offeredUnitPriceCents } from '#core/pricing';
import { MAX_LINE_QUANTITY } from '#core/schemas/order';
import type { Reorder, ReorderLine } from '#core/schemas/reorder';
import type { DbOrTx } from '../../db/database';
import { farmTakesOrders, listedProductsByIds } from './service';
import { restaurantZone } from '../schedules';
import { restaurantPricing } from '../price-lists';
import { loadOrder } from '../orders';

/**
 * "Order again" (docs/tax.md#order-again): the restaurant's own past order, line by line, at
 * today's prices and stock. Nothing is reserved or placed: the cart is filled from this and
 * checkout checks everything again. Another restaurant's order is 404.
 */
export async function reorderPlan(
  db: DbOrTx,
  actor: RestaurantActor,
  orderId: number,
): Promise<Reorder> {
  const order = await loadOrder(db, orderId, actor);
  const restaurantId = actor.business.id;
  // A product on two lines is one cart line: quantities summed, the first line's name and price.
  const ordered = new Map<
    number,
    { name: string; unit: string; price: string; quantity: number }
  >();
  for (const item of order.orderItems) {
    const line = ordered.get(item.productId);
    if (line) line.quantity += item.quantity;
    else
      ordered.set(item.productId, {
        name: item.product.name,
        unit: item.product.unit,
        price: item.unitPrice,
        quantity: item.quantity,
      });
  }
  const zone = await restaurantZone(db, restaurantId);
  const pricing = await restaurantPricing(db, restaurantId, [order.farm.id]);
  const products = await listedProductsByIds(db, [...ordered.keys()], zone?.name ?? null, pricing);
  const byId = new Map(products.map((product) => [product.id, product]));
  const farmOpen = await farmTakesOrders(db, order.farm.id);

  const lines: ReorderLine[] = [...ordered].map(([productId, line]) => {
    const base = {
      productId,
      productName: line.name,
      unit: line.unit,
      orderedQuantity: line.quantity,
      orderedUnitPrice: line.price,
    };
    const product = byId.get(productId);
    if (!product || product.farmId !== order.farm.id || product.availableQuantity <= 0) {
      return {
        ...base,
        status: 'gone',
        goneReason: !farmOpen
          ? 'farm_closed'
          : product && product.farmId === order.farm.id
            ? 'sold_out'
            : 'not_offered',
        quantity: 0,
        unitPrice: null,
        availableQuantity: 0,
        priceChange: null,
        product: null,
      };
    }
    const quantity = Math.min(line.quantity, product.availableQuantity, MAX_LINE_QUANTITY);
    // The restaurant's price for the quantity going into the cart (docs/price-lists.md).
    const now = offeredUnitPriceCents(product, quantity);
    const then = centsOf(line.price);
    return {
      ...base,
      status: quantity < line.quantity ? 'short' : 'available',
      goneReason: null,
      quantity,
      unitPrice: toMoneyString(now),
      availableQuantity: product.availableQuantity,
      priceChange: now > then ? 'up' : now < then ? 'down' : null,
      product,
    };
  });
  return {
    orderId: order.id,
    farm: { id: order.farm.id, name: order.farm.name },
    notes: order.notes,
    lines,
  };
}
