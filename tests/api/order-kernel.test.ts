import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '#core/actor';
import {
  changeAuthor,
  judgeOrderChange,
  ORDER_CHANGE_KINDS,
  type OrderChangeKind,
} from '#core/order-changes';
import { ORDER_STATUSES, type OrderStatus } from '#core/order-status';
import { ROLES_OF_KIND, type BusinessRole } from '#core/permissions';
import { orders } from '../../src/server/db/schema';
import { AppError } from '../../src/server/errors';
import {
  changeOrder,
  unhandledOrderChanges,
  type OrderChange,
} from '../../src/server/modules/orders/order-change';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

/**
 * The kernel of order changes against the table of core/order-changes: every kind of change,
 * by every role of both kinds of business and by the system, from every status, is refused or
 * let through by the kernel exactly as the table says, before any handler writes.
 */
const ctx = useTestApp();
useClock(hawaiiNoon('2026-11-23'));

const TODAY = '2026-11-23';
let farm: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let orderId: number;
let itemId: number;
let productId: number;

beforeAll(async () => {
  farm = await signUpFarmer(ctx.app, 'Kernel Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Kernel Kitchen');
  const kale = await createProduct(ctx.database.db, farm.farmId, {
    price: '4.00',
    availableQuantity: 50,
  });
  productId = kale.id;
  const placed = await restaurant.post(
    '/api/orders',
    orderBody(farm.farmId, [{ product: kale, quantity: 2 }]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().id;
  itemId = placed.json().orderItems[0].id;
});

/** A request of each kind of the table, as its route would make it. */
function changeOf(kind: OrderChangeKind): OrderChange {
  const now = hawaiiNoon(TODAY);
  switch (kind) {
    case 'confirm':
      return { kind: 'status', status: 'confirmed', today: TODAY };
    case 'pack':
      return { kind: 'status', status: 'packed', today: TODAY };
    case 'ship':
      return { kind: 'status', status: 'in_transit', today: TODAY };
    case 'deliver':
      return { kind: 'status', status: 'delivered', today: TODAY, recipientName: 'Chef' };
    case 'farm_cancel':
      return { kind: 'status', status: 'cancelled', today: TODAY };
    case 'adjustment':
      return { kind: 'adjustment', lines: [{ itemId, quantity: 1, reason: 'Weighed' }] };
    case 'lot_assignment':
      return { kind: 'lot_assignment', itemId, lots: [] };
    case 'weight':
      return { kind: 'weight', itemId, weight: 2, weights: null };
    case 'weight_decision':
      return { kind: 'weight_decision', itemId, accept: true };
    case 'restaurant_items':
      return { kind: 'restaurant_items', items: [{ productId, quantity: 3 }], now };
    case 'restaurant_cancel':
      return { kind: 'restaurant_cancel', now };
    case 'auto_cancel':
      return { kind: 'auto_cancel', now };
    case 'closure_cancel':
      return { kind: 'closure_cancel', now };
    case 'claim':
      return {
        kind: 'claim',
        lines: [{ itemId, kind: 'short', quantity: 1, note: '' }],
        today: TODAY,
      };
    case 'claim_decision':
      return {
        kind: 'claim_decision',
        claimId: 2_000_000,
        body: { decision: 'decline', reason: 'Delivered whole' },
        today: TODAY,
      };
    case 'credit_applied':
      return {
        kind: 'credit_applied',
        restaurantId: 0,
        amountCents: 100,
        today: TODAY,
      };
    case 'short':
      return { kind: 'short', itemId };
    case 'substitution':
      return { kind: 'substitution', itemId, productId, quantity: 1 };
    case 'substitution_decision':
      return { kind: 'substitution_decision', substitutionId: 2_000_000, accept: true, via: 'app' };
    case 'substitution_expiry':
      return { kind: 'substitution_expiry', substitutionId: 2_000_000, now };
    case 'substitution_preference':
      return { kind: 'substitution_preference', itemId, substitution: 'never' };
  }
}

function actorOf(who: { kind: 'farm' | 'restaurant'; role: BusinessRole } | 'system'): Actor {
  if (who === 'system') return systemActor('auto_cancel');
  const session = who.kind === 'farm' ? farm : restaurant;
  return {
    kind: 'person',
    userId: session.userId,
    name: null,
    role: who.kind === 'farm' ? 'farmer' : 'restaurant',
    business: { kind: who.kind, id: who.kind === 'farm' ? farm.farmId : restaurant.restaurantId },
    businessRole: who.role,
  };
}

const WHO = [
  ...ROLES_OF_KIND.farm.map((role) => ({ kind: 'farm' as const, role })),
  ...ROLES_OF_KIND.restaurant.map((role) => ({ kind: 'restaurant' as const, role })),
  'system' as const,
];

/** Whatever the kernel answered: an error's status and code, or "through". */
type Answer = { statusCode: number; code?: string } | 'through';
async function attempt(actor: Actor, status: OrderStatus, change: OrderChange): Promise<Answer> {
  const rollback = new Error('rollback');
  let answer = 'through' as Answer;
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
      try {
        await changeOrder(tx, actor, orderId, change);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer = { statusCode: error.statusCode, code: error.code };
      }
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return answer;
}

describe('the order kernel', () => {
  it('has a handler for every kind of change once the app is assembled', () => {
    const kinds = [
      'status',
      'delivery',
      'restaurant_cancel',
      'restaurant_items',
      'adjustment',
      'lot_assignment',
      'auto_cancel',
      'closure_cancel',
      'claim',
      'claim_decision',
      'credit_applied',
      'short',
      'substitution',
      'substitution_decision',
      'substitution_expiry',
      'substitution_preference',
    ] as const;
    expect(unhandledOrderChanges(kinds)).toEqual([]);
  });

  it.each(
    WHO.map((who) => ({ who, name: who === 'system' ? 'system' : `${who.kind} ${who.role}` })),
  )('judges every kind from every status as the table does: $name', async ({ who }) => {
    const actor = actorOf(who);
    const mismatches: string[] = [];
    for (const kind of ORDER_CHANGE_KINDS) {
      for (const status of ORDER_STATUSES) {
        const verdict = judgeOrderChange(changeAuthor(actor), kind, status);
        const answer = await attempt(actor, status, changeOf(kind));
        const label = `${kind} from ${status}`;
        if (!verdict.allowed && verdict.httpStatus === 403) {
          const code = verdict.reason === 'role' ? 'forbidden_for_role' : 'forbidden';
          if (answer === 'through' || answer.statusCode !== 403 || answer.code !== code) {
            mismatches.push(`${label}: expected 403 ${code}, got ${JSON.stringify(answer)}`);
          }
        } else if (!verdict.allowed) {
          if (answer === 'through' || answer.statusCode !== 409 || answer.code !== verdict.code) {
            mismatches.push(
              `${label}: expected 409 ${verdict.code}, got ${JSON.stringify(answer)}`,
            );
          }
        } else if (answer !== 'through' && answer.statusCode === 403) {
          mismatches.push(`${label}: allowed by the table, got 403 ${answer.code}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
