import type { FastifyInstance } from 'fastify';
import { checkoutOutput, orderListOutput, orderOutput } from '#core/schemas/order';
import { threadReaderOf, unreadCounts } from './service';

interface OrderLike {
  id: number;
  farm: { id: number };
  restaurant: { id: number };
  unreadMessages?: number;
}

interface Shape {
  orders(payload: never): OrderLike[];
  /** The answer again with each order passed through `each` (a copy: answers may be kept). */
  with(payload: never, each: (order: OrderLike) => OrderLike): unknown;
}

/** Where each answer that carries orders keeps them, by the schema the route answers with. */
const SHAPES = new Map<unknown, Shape>([
  [
    orderOutput,
    {
      orders: (order: OrderLike) => [order],
      with: (order: OrderLike, each) => each(order),
    },
  ],
  [
    orderListOutput,
    {
      orders: (list: OrderLike[]) => list,
      with: (list: OrderLike[], each) => list.map(each),
    },
  ],
  [
    checkoutOutput,
    {
      orders: (body: { orders: OrderLike[] }) => body.orders,
      with: (body: { orders: OrderLike[] }, each) => ({ ...body, orders: body.orders.map(each) }),
    },
  ],
]);

/**
 * Every order answered carries `unreadMessages` for the person asking (docs/order-thread.md):
 * the other business's messages they have not read, 0 on an order of neither of their sides.
 * Set here, just before the answer is serialised, as the hidden money is: one query per
 * answer whatever the number of orders, and no service that answers orders has to remember it.
 */
export function registerUnreadMessages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
    const shape = SHAPES.get(responses?.[reply.statusCode]);
    if (!shape || payload === null || typeof payload !== 'object') return payload;
    const list = shape.orders(payload as never);
    const reader = request.actor ? threadReaderOf(request.actor) : null;
    const { kind, id } = reader?.business ?? { kind: null, id: null };
    const ours = list.filter((order) =>
      kind === 'farm' ? order.farm.id === id : kind === 'restaurant' && order.restaurant.id === id,
    );
    // A placement's 201 answers orders just made, with no thread yet (and a replay answers
    // the first result as it was), so it costs no query: placing is what an order costs.
    const counts =
      reader && ours.length > 0 && reply.statusCode !== 201
        ? await unreadCounts(
            app.db,
            reader,
            ours.map((order) => order.id),
          )
        : new Map<number, number>();
    return shape.with(payload as never, (order) => ({
      ...order,
      unreadMessages: counts.get(order.id) ?? 0,
    }));
  });
}
