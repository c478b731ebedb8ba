import type { Actor } from './actor';

/**
 * Which orders an actor may see: the one rule behind order lists, single reads, documents,
 * payments, statements and live events. A farm's person sees the farm's orders, a restaurant's
 * person the restaurant's; an administrator (the admin screens) and the system (its jobs) see
 * every order; anyone else (no profile yet) none. An order outside it is "not found", never
 * "forbidden", so nobody learns which ids exist. The server's SQL form of it is `orderScope`
 * (server/modules/orders/scope.ts); the live events ask `inOrderScope`.
 */
export type OrderScope =
  | { kind: 'farm'; farmId: number }
  | { kind: 'restaurant'; restaurantId: number }
  | { kind: 'all' }
  | { kind: 'none' };

export function orderScopeOf(actor: Actor): OrderScope {
  if (actor.kind === 'system') return { kind: 'all' };
  if (actor.business?.kind === 'farm') return { kind: 'farm', farmId: actor.business.id };
  if (actor.business?.kind === 'restaurant') {
    return { kind: 'restaurant', restaurantId: actor.business.id };
  }
  return actor.role === 'admin' ? { kind: 'all' } : { kind: 'none' };
}

/** The same rule for an order already in hand (a live event names its two parties). */
export function inOrderScope(
  actor: Actor,
  order: { farmId: number; restaurantId: number },
): boolean {
  const scope = orderScopeOf(actor);
  switch (scope.kind) {
    case 'farm':
      return order.farmId === scope.farmId;
    case 'restaurant':
      return order.restaurantId === scope.restaurantId;
    case 'all':
      return true;
    case 'none':
      return false;
  }
}
