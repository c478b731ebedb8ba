import type { RestaurantActor } from '#core/actor';
import { centsOf, toMoneyString } from '#core/money';
import { isUnitPack, packsIn } from '#core/packs';
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
  // A product in one pack on two lines is one cart line: quantities summed, the first line's
  // name and price. Each pack of a product is a line of its own.
  const ordered = new Map<
    string,
    {
      productId: number;
      packId: number | null;
      pack: { label: string; size: number };
      name: string;
      unit: string;
      price: string;
      quantity: number;
    }
  >();
  for (const item of order.orderItems) {
    const packId = item.packId ?? null;
    const pack = item.pack ?? { label: item.product.unit, size: 1 };
    const key = `${item.productId}:${packId ?? `size ${pack.size}`}`;
    const line = ordered.get(key);
    if (line) line.quantity += item.quantity;
    else
      ordered.set(key, {
        productId: item.productId,
        packId,
        pack,
        name: item.product.name,
        unit: item.product.unit,
        price: item.unitPrice,
        quantity: item.quantity,
      });
  }
  const productIds = [...new Set([...ordered.values()].map((line) => line.productId))];
  const zone = await restaurantZone(db, restaurantId);
  const pricing = await restaurantPricing(db, restaurantId, [order.farm.id]);
  const products = await listedProductsByIds(db, productIds, zone?.name ?? null, pricing);
  const byId = new Map(products.map((product) => [product.id, product]));
  const farmOpen = await farmTakesOrders(db, order.farm.id);

  const lines: ReorderLine[] = [...ordered.values()].map((line) => {
    const { productId } = line;
    const base = {
      productId,
      productName: line.name,
      unit: line.unit,
      packId: line.packId,
      pack: line.pack,
      orderedQuantity: line.quantity,
      orderedUnitPrice: line.price,
    };
    const product = byId.get(productId);
    // The pack ordered, still sold; a line without one (from before packs, or of a pack since
    // deleted) is of the unit pack only when it was of a single unit.
    const pack = product?.packs?.find((candidate) =>
      line.packId === null
        ? isUnitPack(line.pack) && isUnitPack(candidate)
        : candidate.id === line.packId,
    );
    const offered = product !== undefined && product.farmId === order.farm.id;
    const packsLeft = pack && product ? packsIn(product.availableQuantity, pack.size) : 0;
    if (!offered || !pack || packsLeft <= 0) {
      return {
        ...base,
        status: 'gone',
        goneReason: !farmOpen ? 'farm_closed' : offered && pack ? 'sold_out' : 'not_offered',
        quantity: 0,
        unitPrice: null,
        availableQuantity: 0,
        priceChange: null,
        product: null,
      };
    }
    const quantity = Math.min(line.quantity, packsLeft, MAX_LINE_QUANTITY);
    // The restaurant's price of one pack for the quantity going into the cart
    // (docs/price-lists.md); the pack's price is always sent to a restaurant.
    const now = offeredUnitPriceCents(
      { price: pack.price ?? product.price, breaks: pack.breaks },
      quantity,
    );
    const then = centsOf(line.price);
    return {
      ...base,
      status: quantity < line.quantity ? 'short' : 'available',
      goneReason: null,
      quantity,
      packId: pack.id,
      pack: { label: pack.label, size: pack.size },
      unitPrice: toMoneyString(now),
      availableQuantity: packsLeft,
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
