import { describe, expect, it } from 'vitest';
import { systemActor, type PersonActor } from './actor';
import {
  CHANGE_ACTOR_KINDS,
  changeActorKind,
  changeAllowedFrom,
  farmMoveKind,
  isOverdue,
  judgeOrderChange,
  ORDER_CHANGE_KINDS,
  statusAfter,
  type ChangeActorKind,
  type OrderChangeKind,
} from './order-changes';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { ADJUSTABLE_STATUSES } from './schemas/adjustment';

/** What each (actor kind, change kind, status) must answer, written out rather than derived. */
const EXPECTED: Record<OrderChangeKind, { actor: ChangeActorKind; from: OrderStatus[] }> = {
  confirm: { actor: 'farm', from: ['pending'] },
  pack: { actor: 'farm', from: ['confirmed'] },
  ship: { actor: 'farm', from: ['packed'] },
  deliver: { actor: 'farm', from: ['in_transit'] },
  farm_cancel: { actor: 'farm', from: ['pending'] },
  adjustment: { actor: 'farm', from: ['pending', 'confirmed', 'packed'] },
  lot_assignment: { actor: 'farm', from: ['confirmed', 'packed'] },
  restaurant_items: { actor: 'restaurant', from: ['pending'] },
  restaurant_cancel: { actor: 'restaurant', from: ['pending'] },
  auto_cancel: { actor: 'system', from: ['pending'] },
  claim: { actor: 'restaurant', from: ['delivered'] },
  claim_decision: { actor: 'farm', from: ['delivered'] },
  credit_applied: { actor: 'farm', from: ['delivered'] },
};

const CODES: Record<OrderChangeKind, string> = {
  confirm: 'invalid_transition',
  pack: 'invalid_transition',
  ship: 'invalid_transition',
  deliver: 'invalid_transition',
  farm_cancel: 'invalid_transition',
  adjustment: 'not_adjustable',
  lot_assignment: 'not_adjustable',
  restaurant_items: 'invalid_transition',
  restaurant_cancel: 'invalid_transition',
  auto_cancel: 'invalid_transition',
  claim: 'order_not_delivered',
  claim_decision: 'order_not_delivered',
  credit_applied: 'order_not_delivered',
};

const cases = CHANGE_ACTOR_KINDS.flatMap((actor) =>
  ORDER_CHANGE_KINDS.flatMap((kind) => ORDER_STATUSES.map((status) => ({ actor, kind, status }))),
);

describe('the order change table', () => {
  it.each(cases)('$actor · $kind · $status', ({ actor, kind, status }) => {
    const verdict = judgeOrderChange(actor, kind, status);
    const rule = EXPECTED[kind];
    if (rule.actor !== actor) {
      expect(verdict).toEqual({ allowed: false, httpStatus: 403, reason: 'actor' });
    } else if (!rule.from.includes(status)) {
      expect(verdict).toEqual({
        allowed: false,
        httpStatus: 409,
        reason: 'status',
        code: CODES[kind],
      });
    } else {
      expect(verdict).toEqual({ allowed: true });
    }
  });

  it('names the statuses each change starts from, and the farm adjusts exactly those', () => {
    for (const kind of ORDER_CHANGE_KINDS) {
      expect(changeAllowedFrom(kind)).toEqual(EXPECTED[kind].from);
    }
    expect(ADJUSTABLE_STATUSES).toEqual(EXPECTED.adjustment.from);
  });

  it('refuses a person acting for no business, whatever the change', () => {
    for (const kind of ORDER_CHANGE_KINDS) {
      expect(judgeOrderChange(null, kind, 'pending')).toMatchObject({ httpStatus: 403 });
    }
  });

  it('refuses the restaurant’s own changes after the cutoff with cutoff_passed, and only those', () => {
    for (const kind of ORDER_CHANGE_KINDS) {
      const { actor, from } = EXPECTED[kind];
      const verdict = judgeOrderChange(actor, kind, from[0]!, true);
      if (kind === 'restaurant_items' || kind === 'restaurant_cancel') {
        expect(verdict).toEqual({
          allowed: false,
          httpStatus: 409,
          reason: 'cutoff',
          code: 'cutoff_passed',
        });
      } else {
        expect(verdict).toEqual({ allowed: true });
      }
    }
    // The status is judged before the cutoff, as it always was.
    expect(judgeOrderChange('restaurant', 'restaurant_cancel', 'confirmed', true)).toMatchObject({
      reason: 'status',
      code: 'invalid_transition',
    });
  });

  it('cancels only from pending, whoever cancels', () => {
    const cancels = ORDER_CHANGE_KINDS.filter((kind) => statusAfter(kind) === 'cancelled');
    expect(cancels.sort()).toEqual(['auto_cancel', 'farm_cancel', 'restaurant_cancel']);
    for (const kind of cancels) {
      for (const status of ORDER_STATUSES) {
        expect(judgeOrderChange(EXPECTED[kind].actor, kind, status).allowed).toBe(
          status === 'pending',
        );
      }
    }
  });

  it('names the farm move to each status', () => {
    expect(ORDER_STATUSES.map((to) => farmMoveKind(to))).toEqual([
      null,
      'confirm',
      'pack',
      'ship',
      'deliver',
      'farm_cancel',
    ]);
  });

  it('knows the actor kind of a farm’s person, a restaurant’s person and the system', () => {
    const person = (business: PersonActor['business']): PersonActor => ({
      kind: 'person',
      userId: 1,
      name: null,
      role: null,
      business,
      businessRole: business ? 'owner' : null,
    });
    expect(changeActorKind(person({ kind: 'farm', id: 1 }))).toBe('farm');
    expect(changeActorKind(person({ kind: 'restaurant', id: 1 }))).toBe('restaurant');
    expect(changeActorKind(person(null))).toBeNull();
    expect(changeActorKind(systemActor('auto_cancel'))).toBe('system');
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-03-11T10:00:00-10:00');
  it('is overdue once the delivery day has ended in Hawaii', () => {
    expect(isOverdue('2026-03-10', now, now)).toBe(true);
    expect(isOverdue('2026-03-11', now, now)).toBe(false);
  });
  it('without a day, a week after placement', () => {
    const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
    expect(isOverdue(null, weekAgo, now)).toBe(true);
    expect(isOverdue(null, new Date(weekAgo.getTime() + 1), now)).toBe(false);
  });
});
