import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '#core/actor';
import { LOW_STOCK_THRESHOLD } from '#core/constants';
import { farms, notifications, products } from '../../src/server/db/schema';
import { fellUnderLowStock } from '../../src/server/modules/orders/notice-content';
import { isRefusedTake, sendTakesAhead } from '../../src/server/modules/orders/stock';
import { createProduct, orderBody, stockOf } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/*
 * The rules of a take of stock are spelled twice: in JavaScript, where a placement checks the
 * products it read (on offer, at the sent price, with enough stock, telling the farm of a take
 * that crosses the low-stock line), and in SQL, where a take sent ahead with the commit refuses
 * unless the product is still as read. One table of cases is fed to both: a take sent ahead is
 * kept exactly when the ordinary placement, on the product as it is now, places it at the price
 * read and tells the farm nothing.
 */

interface Case {
  name: string;
  /** The product as the placement's checks read it. */
  read: { price: string; available: number };
  /** The product when the take reaches the database. */
  now: {
    price: string;
    available: number;
    isActive?: boolean;
    deleted?: boolean;
    farmSuspended?: boolean;
  };
  taken: number;
}

const line = LOW_STOCK_THRESHOLD;
const CASES: Case[] = [
  {
    name: 'as read',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 40 },
    taken: 3,
  },
  {
    name: 'some sold meanwhile, enough left',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 30 },
    taken: 3,
  },
  {
    name: 'sold out meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 2 },
    taken: 3,
  },
  {
    name: 'exactly what is left',
    read: { price: '4.50', available: 3 },
    now: { price: '4.50', available: 3 },
    taken: 3,
  },
  {
    name: 'repriced up meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.75', available: 40 },
    taken: 3,
  },
  {
    name: 'repriced down meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.25', available: 40 },
    taken: 3,
  },
  {
    name: 'unlisted meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 40, isActive: false },
    taken: 3,
  },
  {
    name: 'deleted meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 40, deleted: true },
    taken: 3,
  },
  {
    name: 'farm suspended meanwhile',
    read: { price: '4.50', available: 40 },
    now: { price: '4.50', available: 40, farmSuspended: true },
    taken: 3,
  },
  {
    name: 'lands on the low-stock line',
    read: { price: '4.50', available: line + 3 },
    now: { price: '4.50', available: line + 3 },
    taken: 3,
  },
  {
    name: 'crosses the line only as it is now',
    read: { price: '4.50', available: line + 10 },
    now: { price: '4.50', available: line + 2 },
    taken: 3,
  },
  {
    name: 'already under the line',
    read: { price: '4.50', available: line - 1 },
    now: { price: '4.50', available: line - 1 },
    taken: 1,
  },
  {
    name: 'weighed quantity',
    read: { price: '4.50', available: 12.5 },
    now: { price: '4.50', available: 12.5 },
    taken: 2.25,
  },
];

type SentAhead = 'kept' | 'refused' | 'not sent: crosses the line as read';
type Placed = 'placed' | 'placed, farm told of low stock' | `refused: ${string}`;

let ctx: TestContext;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Table');
});

afterAll(async () => {
  await ctx.close();
});

/**
 * A product of its own farm (suspending one case's farm leaves the others alone) created as the
 * checks read it, then moved to as it is now, as other hands would meanwhile.
 */
async function productChangedSinceRead(kase: Case) {
  const farm = await signUpFarmer(ctx.app, `Farm of ${kase.name}`);
  const product = await createProduct(ctx.app.db, farm.farmId, {
    unit: 'lb',
    price: kase.read.price,
    availableQuantity: kase.read.available,
  });
  await ctx.app.db
    .update(products)
    .set({
      price: kase.now.price,
      availableQuantity: kase.now.available,
      isActive: kase.now.isActive ?? true,
      deletedAt: kase.now.deleted ? new Date() : null,
    })
    .where(eq(products.id, product.id));
  if (kase.now.farmSuspended) {
    await ctx.app.db
      .update(farms)
      .set({ suspendedAt: new Date(), suspensionReason: 'Unpaid fees' })
      .where(eq(farms.id, farm.farmId));
  }
  return { farm, product };
}

/** The SQL spelling: the take sent ahead with a commit, on the product as it is now. */
async function sentAhead(kase: Case): Promise<SentAhead> {
  const { product } = await productChangedSinceRead(kase);
  let sent = true;
  try {
    await ctx.app.db.transaction(async (tx) => {
      sent = sendTakesAhead(tx, systemActor('standing_orders'), [
        {
          move: { productId: product.id, change: -kase.taken, reason: 'sale' },
          price: kase.read.price,
          available: kase.read.available,
        },
      ]);
    });
  } catch (error) {
    if (!isRefusedTake(error)) throw error;
    expect(await stockOf(ctx.app.db, product.id)).toBe(kase.now.available);
    return 'refused';
  }
  if (!sent) return 'not sent: crosses the line as read';
  expect(await stockOf(ctx.app.db, product.id)).toBeCloseTo(kase.now.available - kase.taken, 6);
  return 'kept';
}

/** The JavaScript spelling: the ordinary placement at the price read, on the product as now. */
async function placed(kase: Case): Promise<Placed> {
  const { farm, product } = await productChangedSinceRead(kase);
  const response = await restaurant.post(
    '/api/orders',
    orderBody(farm.farmId, [{ product, quantity: kase.taken, unitPrice: kase.read.price }]),
  );
  if (response.statusCode !== 201) {
    expect(response.statusCode, response.body).toBe(409);
    return `refused: ${response.json().code as string}`;
  }
  const told = await ctx.app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.productId, product.id), eq(notifications.kind, 'low_stock')));
  return told.length > 0 ? 'placed, farm told of low stock' : 'placed';
}

describe('the rules of a take of stock, in both their spellings', () => {
  it.each(CASES)('agree on a take when $name', async (kase) => {
    const [inSql, inJavaScript] = [await sentAhead(kase), await placed(kase)];
    const crossesAsRead = fellUnderLowStock(kase.read.available - kase.taken, kase.taken);
    if (crossesAsRead) {
      // Telling the farm is the ordinary path's work: nothing is sent ahead.
      expect(inSql).toBe('not sent: crosses the line as read');
      return;
    }
    expect(inSql === 'kept', `sent ahead: ${inSql}; placed: ${inJavaScript}`).toBe(
      inJavaScript === 'placed',
    );
  });

  it('holds cases of every verdict, so that agreeing says something', async () => {
    const verdicts = new Set<string>();
    for (const kase of CASES) verdicts.add(await placed(kase));
    expect([...verdicts].sort()).toEqual(
      [
        'placed',
        'placed, farm told of low stock',
        'refused: insufficient_stock',
        'refused: price_changed',
        'refused: product_unavailable',
      ].sort(),
    );
  });
});
