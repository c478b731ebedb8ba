import type { FastifyInstance } from 'fastify';
import { actorCan } from '#core/permissions';
import { adjustmentListOutput, type Adjustment } from '#core/schemas/adjustment';
import {
  checkoutOutput,
  orderListOutput,
  orderOutput,
  type Order,
  type PricedOrder,
} from '#core/schemas/order';
import { farmProductListOutput, type Product } from '#core/schemas/product';

/** An order as a member who does not see money reads it: every money and payment field null. */
export function orderWithoutMoney(order: PricedOrder): Order {
  return {
    ...order,
    subtotal: null,
    deliveryFee: null,
    taxRate: null,
    taxAmount: null,
    taxReason: null,
    smallOrderFee: null,
    totalAmount: null,
    orderItems: order.orderItems.map((item) => ({
      ...item,
      unitPrice: null,
      totalPrice: null,
      // A substitute waiting for the restaurant is priced as its line would be: hidden alike.
      ...(item.pendingSubstitution
        ? {
            pendingSubstitution: { ...item.pendingSubstitution, unitPrice: null, totalPrice: null },
          }
        : {}),
    })),
    paymentStatus: null,
    amountPaid: null,
    amountCredited: null,
    balanceDue: null,
    dueDate: null,
  };
}

/**
 * Each answer that carries money, by the schema a route answers with, and the same answer
 * without it. Every route answering an Order, a list of them, a checkout, an order's
 * adjustments or the farm's products is covered by declaring that schema; nothing per route.
 */
const HIDERS = new Map<unknown, (payload: never) => unknown>([
  [orderOutput, (order: PricedOrder) => orderWithoutMoney(order)],
  [orderListOutput, (list: PricedOrder[]) => list.map(orderWithoutMoney)],
  [
    checkoutOutput,
    (body: { orders: PricedOrder[] }) => ({ ...body, orders: body.orders.map(orderWithoutMoney) }),
  ],
  [
    adjustmentListOutput,
    (list: Adjustment[]) => list.map((row) => ({ ...row, fromTotal: null, toTotal: null })),
  ],
  [
    farmProductListOutput,
    (list: Product[]) =>
      list.map(({ price: _price, packs, ...product }) => ({
        ...product,
        packs: packs?.map(({ price: _packPrice, listPrice: _listPrice, ...pack }) => pack),
      })),
  ],
]);

/**
 * A member whose role does not allow `money.view` (a farm's packer) gets no prices, totals or
 * payments in any answer (docs/teams.md): applied to what the route answers, just before it
 * is serialised, so no service has to remember it.
 */
export function registerHiddenMoney(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const actor = request.actor;
    if (!actor?.business || actorCan(actor, 'money.view')) return payload;
    const responses = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
    const hide = HIDERS.get(responses?.[reply.statusCode]);
    return hide ? hide(payload as never) : payload;
  });
}
