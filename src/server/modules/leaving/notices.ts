import type { Permission } from '#core/permissions';
import type { DbOrTx } from '../../db/database';
import { farms } from '../../db/schema';
import { eq, sql } from 'drizzle-orm';
import { type NotificationKindProviders, tell } from '../notifications';
import { aboutTheOrder, farmOf, restaurantOf } from '../orders';

declare module '../notifications' {
  interface NotificationEvents {
    /** A business closed by its owner: its pending order was cancelled; the other side hears. */
    'order.closure_cancelled': { type: 'order.closure_cancelled'; orderId: number };
  }
}

/** Who of the other side hears: those who place a restaurant's orders, or move a farm's. */
const WHO_CARES = {
  restaurant: ['orders.change'],
  farm: ['orders.status'],
} as const satisfies Record<string, readonly Permission[]>;

/** Which side of the order closed (a farm, unless only the restaurant did). */
async function closedSide(tx: DbOrTx, farmId: number): Promise<'farm' | 'restaurant'> {
  const [farm] = await tx
    .select({ closed: sql<boolean>`${farms.closedAt} is not null` })
    .from(farms)
    .where(eq(farms.id, farmId));
  return farm?.closed ? 'farm' : 'restaurant';
}

export const leavingNotices: NotificationKindProviders<'order.closure_cancelled'> = {
  'order.closure_cancelled': aboutTheOrder(async (tx, order) => {
    const about = { orderId: order.id };
    const eventKey = `order:${order.id}:status:cancelled`;
    if ((await closedSide(tx, order.farmId)) === 'farm') {
      return tell(tx, restaurantOf(order.restaurantId), WHO_CARES.restaurant, about, () => ({
        kind: 'order_status',
        title: `Order #${order.id} cancelled: ${order.farmName} has closed`,
        body: `${order.farmName} has closed its business on Harvest Hui, so your pending order #${order.id} was cancelled. Nothing is owed for it.`,
        details: null,
        link: `/restaurant/orders#order-${order.id}-title`,
        eventKey,
      }));
    }
    return tell(tx, farmOf(order.farmId), WHO_CARES.farm, about, () => ({
      kind: 'order_status',
      title: `Order #${order.id} cancelled: ${order.restaurantName} has closed`,
      body: `${order.restaurantName} has closed its business on Harvest Hui, so its pending order #${order.id} was cancelled. Its stock is back in your inventory.`,
      details: null,
      link: `/farmer/orders#order-${order.id}-title`,
      eventKey,
    }));
  }),
};
