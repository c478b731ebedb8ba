// The last hour before a delivery day's cutoff at the islands' size
// (docs/performance.md#the-islands-data-set): about 2,000 orders to the largest farm, as fast as 50
// connections place them, on a few hot products and a long tail, while the browse mix runs; then
// the same on one hot product alone. Every order carries a fresh Idempotency-Key and the total
// the server will compute (subtotal and delivery fee), as the web client sends.
import autocannon from 'autocannon';
import { browseMix, type BrowseFigures } from './crowd';

/** What one load measured: the figures the bench's table prints. */
export interface RushLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  total: number;
}

export interface RushProduct {
  id: number;
  /** The price the restaurant pays for one unit, as "12.50". */
  price: string;
}

export interface RushPlan {
  serverUrl: string;
  farmId: number;
  deliveryFee: string;
  /** The day each restaurant (by its cookie) orders for: its zone's next open day. */
  restaurants: { cookie: string; deliveryDate: string }[];
  /** The hot few first: drawn for about half of all lines. */
  hot: RushProduct[];
  tail: RushProduct[];
  /** The browse mix that runs meanwhile: the restaurants' cookies and the pages they ask. */
  browse: { cookies: string[]; paths: string[] };
}

const cents = (money: string) => Math.round(Number(money) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** A deterministic draw, so two runs place the same orders. */
function drawer(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The body of the next order: one to three lines, a hot product in about half of them. */
function orderBodies(plan: RushPlan, onlyHot: boolean) {
  const draw = drawer(48);
  return (deliveryDate: string) => {
    const lines = onlyHot ? 1 : 1 + Math.floor(draw() * 3);
    const chosen = new Map<number, RushProduct>();
    for (let line = 0; line < lines; line += 1) {
      const fromHot = onlyHot || draw() < 0.5;
      const list = fromHot ? plan.hot : plan.tail;
      const product = onlyHot ? plan.hot[0]! : list[Math.floor(draw() * list.length)]!;
      chosen.set(product.id, product);
    }
    const items = [...chosen.values()].map((product) => ({
      productId: product.id,
      quantity: 1,
      unitPrice: product.price,
      totalPrice: product.price,
    }));
    const subtotal = items.reduce((sum, item) => sum + cents(item.totalPrice), 0);
    return JSON.stringify({
      farmId: plan.farmId,
      deliveryDate,
      totalAmount: money(subtotal + cents(plan.deliveryFee)),
      items,
    });
  };
}

function summary(result: autocannon.Result): RushLoad {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** `amount` orders at 50 connections, restaurants in turn, each with a fresh key. */
function placeOrders(plan: RushPlan, amount: number, onlyHot: boolean) {
  const bodyFor = orderBodies(plan, onlyHot);
  const run = `${process.pid}-${Date.now().toString(36)}-${onlyHot ? 'hot' : 'mix'}`;
  let next = 0;
  return autocannon({
    url: `${plan.serverUrl}/api/orders`,
    connections: 50,
    amount,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: plan.serverUrl },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          next += 1;
          const restaurant = plan.restaurants[next % plan.restaurants.length]!;
          return {
            ...request,
            body: bodyFor(restaurant.deliveryDate),
            headers: {
              ...request.headers,
              cookie: restaurant.cookie,
              'idempotency-key': `rush-${run}-${next}`,
            },
          };
        },
      },
    ],
  });
}

/**
 * The rush: `amount` orders on the mix while the browse mix runs, stopped when the orders are
 * done; then `hotAmount` orders on the first hot product alone, without browsing.
 */
export async function cutoffRush(
  plan: RushPlan,
  amount: number,
  hotAmount: number,
): Promise<{ orders: RushLoad; browse: BrowseFigures; hot: RushLoad }> {
  // Up to ten minutes: stopped as soon as the orders are placed.
  const browsing = browseMix(plan.serverUrl, plan.browse, 600);
  const orders = summary(await placeOrders(plan, amount, false));
  browsing.stop();
  const browse = await browsing.done;
  const hot = summary(await placeOrders(plan, hotAmount, true));
  return { orders, browse, hot };
}
