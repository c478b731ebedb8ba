import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { farmMoveKind, judgeOrderChange, type ChangeAuthor } from './order-changes';
import {
  DOCUMENT_STATUSES,
  IN_PROGRESS_STATUSES,
  nextStatuses,
  ORDER_STATUSES,
  STATUS_ACTION_LABELS,
  statusLabel,
  type OrderStatus,
} from './order-status';

const status = fc.constantFrom(...ORDER_STATUSES);
const role = fc.constantFrom(...ROLES, null);
const FULFILMENT: OrderStatus[] = ['pending', 'confirmed', 'packed', 'in_transit', 'delivered'];

/** Who a person of an account role is to the change table: a farm's owner, a restaurant's. */
function authorOf(who: (typeof ROLES)[number] | null): ChangeAuthor {
  if (who === 'farmer') return { kind: 'farm', role: 'owner' };
  if (who === 'restaurant') return { kind: 'restaurant', role: 'owner' };
  return { kind: null, role: null };
}

/** Whether the table lets `who` make the status move from `from` to `to`. */
function canMove(from: OrderStatus, to: OrderStatus, who: (typeof ROLES)[number] | null) {
  const kind = farmMoveKind(to);
  return kind !== null && judgeOrderChange(authorOf(who), kind, from).allowed;
}

/** Applies every allowed move of a random sequence, as the server does, from 'pending'. */
function run(moves: { to: OrderStatus; role: (typeof ROLES)[number] | null }[]): OrderStatus[] {
  const path: OrderStatus[] = ['pending'];
  for (const move of moves) {
    const current = path.at(-1)!;
    if (canMove(current, move.to, move.role)) path.push(move.to);
  }
  return path;
}

describe('order status machine', () => {
  it('allows exactly the farmer moves of the status machine', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((from) => [from, nextStatuses(from)]))).toEqual({
      pending: ['confirmed', 'cancelled'],
      confirmed: ['packed'],
      packed: ['in_transit'],
      in_transit: ['delivered'],
      delivered: [],
      cancelled: [],
    });
  });

  it('lets only farmers move, and only to a next status', () => {
    fc.assert(
      fc.property(status, status, role, (from, to, who) => {
        expect(canMove(from, to, who)).toBe(who === 'farmer' && nextStatuses(from).includes(to));
      }),
    );
  });

  it('follows the fulfilment line or stops at cancelled, whatever is attempted', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ to: status, role }), { maxLength: 40 }), (moves) => {
        const path = run(moves);
        if (path.includes('cancelled')) {
          expect(path).toEqual(['pending', 'cancelled']);
        } else {
          expect(path).toEqual(FULFILMENT.slice(0, path.length));
        }
        // Never a status twice: nothing goes back, and terminal statuses stay put.
        expect(new Set(path).size).toBe(path.length);
      }),
    );
  });

  it('reaches every status from pending, and nothing leaves delivered or cancelled', () => {
    const reachable = new Set<OrderStatus>(['pending']);
    const queue: OrderStatus[] = ['pending'];
    while (queue.length > 0) {
      for (const next of nextStatuses(queue.shift()!)) {
        if (!reachable.has(next)) {
          reachable.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reachable].sort()).toEqual([...ORDER_STATUSES].sort());
    fc.assert(
      fc.property(fc.constantFrom<OrderStatus>('delivered', 'cancelled'), status, (from, to) => {
        expect(canMove(from, to, 'farmer')).toBe(false);
      }),
    );
  });

  it('has an action label for every move and sensible groupings', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of nextStatuses(from)) expect(STATUS_ACTION_LABELS[to]).toBeTruthy();
    }
    expect(IN_PROGRESS_STATUSES).not.toContain('delivered');
    expect(DOCUMENT_STATUSES).not.toContain('pending');
    expect(DOCUMENT_STATUSES).not.toContain('cancelled');
    expect(statusLabel('in_transit')).toBe('in transit');
  });
});
