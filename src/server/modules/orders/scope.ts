import { eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '#core/actor';
import { orderScopeOf } from '#core/order-scope';
import { orders } from '../../db/schema';

// The rule itself is pure and lives in core (the live events ask it too, below the orders).
export { inOrderScope, orderScopeOf, type OrderScope } from '#core/order-scope';

/** The actor's orders (core/order-scope.ts) as a condition on the orders table. */
export function orderScope(actor: Actor): SQL {
  const scope = orderScopeOf(actor);
  switch (scope.kind) {
    case 'farm':
      return eq(orders.farmId, scope.farmId);
    case 'restaurant':
      return eq(orders.restaurantId, scope.restaurantId);
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
  }
}
