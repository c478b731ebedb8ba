import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, toMoneyString } from '#core/money';
import { setClock, today } from '../../src/server/clock';
import { priceListRestaurants, priceLists } from '../../src/server/db/schema';
import { hawaiiNoon } from '../helpers/clock';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * One view of each customer (docs/customers.md): the farm's customers by name, each with what
 * it owes (the owed rule's figures, equal to the invoices' to the cent), its price list, terms
 * and state. Runs on PostgreSQL too with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let breadfruit: ProductFixture;
let tomatoes: ProductFixture;

type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  setClock(hawaiiNoon('2026-11-02'));
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Hāmākua ʻUlu Grove');
  otherFarmer = await signUpFarmer(ctx.app, 'Other Acres');
  breadfruit = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'ʻUlu',
    unit: 'each',
    price: '12.50',
    availableQuantity: 100_000,
  });
  tomatoes = await createProduct(ctx.database.db, farmer.farmId, {
    name: 'Tomatoes',
    unit: 'lb',
    price: '3.99',
    availableQuantity: 100_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

async function placed(
  restaurant: Restaurant,
  lines: { product: ProductFixture; quantity: number }[],
) {
  const [order] = await placeCheckout(restaurant, [orderBody(farmer.farmId, lines)]);
  return order!;
}

async function deliver(orderId: number) {
  for (const status of ['confirmed', 'packed', 'in_transit', 'delivered']) {
    const response = await farmer.patch(`/api/orders/${orderId}/status`, {
      status,
      recipientName: 'Malia Keawe',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

const pay = (orderId: number, amount: string) =>
  farmer.post(`/api/orders/${orderId}/payments`, {
    amount,
    paidOn: today(),
    method: 'cash',
  });

describe('one view of each customer', () => {
  it("gives figures equal to the invoices' to the cent", async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Kaimukī Kitchen');
    // Weighed lines round per line: 1.25 lb at $3.99 is $4.99; 2.33 lb is $9.30.
    const a = await placed(restaurant, [
      { product: tomatoes, quantity: 1.25 },
      { product: breadfruit, quantity: 1 },
    ]);
    const b = await placed(restaurant, [{ product: tomatoes, quantity: 2.33 }]);
    const c = await placed(restaurant, [{ product: breadfruit, quantity: 3 }]);
    const open = await placed(restaurant, [{ product: tomatoes, quantity: 0.07 }]);
    await deliver(a.id);
    await deliver(b.id);
    setClock(hawaiiNoon('2026-11-09'));
    await deliver(c.id);
    expect((await pay(a.id, '0.01')).statusCode).toBe(201);
    expect((await pay(c.id, '10.00')).statusCode).toBe(201);
    setClock(hawaiiNoon('2026-11-20'));
    try {
      const view = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
      expect(view.statusCode, view.body).toBe(200);
      const receivables = (
        await farmer.get(`/api/receivables?restaurantId=${restaurant.restaurantId}`)
      ).json();
      const invoices = receivables.restaurants[0].invoices as {
        balanceDue: string;
        paymentStatus: string;
        daysPastDue: number;
      }[];
      const sum = (list: { balanceDue: string }[]) =>
        toMoneyString(list.reduce((total, invoice) => total + centsOf(invoice.balanceDue), 0));
      const overdue = invoices.filter((invoice) => invoice.paymentStatus === 'overdue');
      expect(view.json()).toMatchObject({
        restaurant: { id: restaurant.restaurantId, name: 'Kaimukī Kitchen' },
        group: null,
        openBalance: receivables.totals.total,
        overdueAmount: sum(overdue),
        oldestOverdueDays: Math.max(...overdue.map((invoice) => invoice.daysPastDue)),
        openOrdersAmount: open.totalAmount,
        creditBalance: '0.00',
        priceListId: null,
        creditTerms: null,
        state: 'ok',
        hold: null,
      });
      // (4.99 + 12.50 − 0.01) + 9.30 + (37.50 − 10.00), 18 and 11 days past due.
      expect(view.json()).toMatchObject({
        openBalance: '54.28',
        overdueAmount: '54.28',
        oldestOverdueDays: 18,
        openOrdersAmount: '0.28',
      });
    } finally {
      setClock(hawaiiNoon('2026-11-02'));
    }
  });

  it('lists the farm’s customers by name, a page at a time, searched by name', async () => {
    const names = ['ʻAina Bistro', 'Bento Box Hilo', 'Cafe Kaimukī'];
    const restaurants = [];
    for (const name of names) {
      const restaurant = await signUpRestaurant(ctx.app, name);
      await placed(restaurant, [{ product: breadfruit, quantity: 1 }]);
      restaurants.push(restaurant);
    }
    // Another farm's customer is not this farm's.
    await signUpRestaurant(ctx.app, 'Aaa Not A Customer');
    const first = await farmer.get('/api/customers?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.json()).toHaveLength(2);
    expect(first.json()[0].restaurant.name).toBe('ʻAina Bistro');
    const seen: string[] = first
      .json()
      .map((c: { restaurant: { name: string } }) => c.restaurant.name);
    let link = first.headers.link as string | undefined;
    while (link) {
      const next = await farmer.get(/<([^>]+)>/.exec(link)![1]!);
      seen.push(...next.json().map((c: { restaurant: { name: string } }) => c.restaurant.name));
      link = next.headers.link as string | undefined;
    }
    expect(seen).toHaveLength(total);
    expect(seen).not.toContain('Aaa Not A Customer');
    const searched = await farmer.get(`/api/customers?q=${encodeURIComponent('kaimuki')}`);
    expect(searched.json().map((c: { restaurant: { name: string } }) => c.restaurant.name)).toEqual(
      ['Cafe Kaimukī', 'Kaimukī Kitchen'],
    );
    expect((await farmer.get('/api/customers?limit=0')).statusCode).toBe(400);
    expect((await farmer.get('/api/customers?cursor=not*a*cursor')).statusCode).toBe(400);
    expect((await otherFarmer.get('/api/customers')).json()).toEqual([]);
  });

  it('names the price list the customer is on', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Listed Luau');
    await placed(restaurant, [{ product: breadfruit, quantity: 1 }]);
    const [list] = await ctx.database.db
      .insert(priceLists)
      .values({ farmId: farmer.farmId, name: 'Regulars', kind: 'percent', percentOff: '10.00' })
      .returning();
    await ctx.database.db.insert(priceListRestaurants).values({
      farmId: farmer.farmId,
      restaurantId: restaurant.restaurantId,
      priceListId: list!.id,
    });
    const view = await farmer.get(`/api/customers/${restaurant.restaurantId}`);
    expect(view.json().priceListId).toBe(list!.id);
  });

  it('shows the view to owners, managers and bookkeepers; never to packers or restaurants', async () => {
    const farm = { kind: 'farm' as const, id: farmer.farmId };
    const packer = await signUpMember(ctx.app, farm, 'packer');
    const manager = await signUpMember(ctx.app, farm, 'manager');
    const restaurant = await signUpRestaurant(ctx.app, 'Curious Cafe');
    await placed(restaurant, [{ product: breadfruit, quantity: 1 }]);
    for (const path of [
      '/api/customers',
      `/api/customers/${restaurant.restaurantId}`,
      `/api/customers/${restaurant.restaurantId}/history`,
    ]) {
      const refused = await packer.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().code).toBe('forbidden_for_role');
      expect(refused.body).not.toContain('12.50');
      expect((await restaurant.get(path)).statusCode, path).toBe(403);
      expect((await manager.get(path)).statusCode, path).toBe(200);
    }
  });
});
