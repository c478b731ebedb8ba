import { describe, expect, it } from 'vitest';
import { systemActor, type PersonActor } from './actor';
import { can, ROLES_OF_KIND, type BusinessRole, type Permission } from './permissions';
import {
  authorRefusal,
  changeActorKind,
  changeAllowedFrom,
  changeAuthor,
  changePermission,
  farmMoveKind,
  isOverdue,
  judgeOrderChange,
  ORDER_CHANGE_KINDS,
  statusAfter,
  type ChangeActorKind,
  type ChangeAuthor,
  type OrderChangeKind,
} from './order-changes';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { ADJUSTABLE_STATUSES } from './schemas/adjustment';

/**
 * What each (actor kind, role, change kind, status) must answer, written out rather than
 * derived: the kind of actor, the team permission (docs/teams.md) and the statuses.
 */
const EXPECTED: Record<
  OrderChangeKind,
  { actor: ChangeActorKind; permission: Permission | null; from: OrderStatus[] }
> = {
  confirm: { actor: 'farm', permission: 'orders.status', from: ['pending'] },
  pack: { actor: 'farm', permission: 'orders.status', from: ['confirmed'] },
  ship: { actor: 'farm', permission: 'orders.status', from: ['packed'] },
  deliver: { actor: 'farm', permission: 'orders.status', from: ['in_transit'] },
  farm_cancel: { actor: 'farm', permission: 'orders.cancel', from: ['pending'] },
  adjustment: {
    actor: 'farm',
    permission: 'orders.adjust',
    from: ['pending', 'confirmed', 'packed'],
  },
  lot_assignment: { actor: 'farm', permission: 'lots.manage', from: ['confirmed', 'packed'] },
  weight: { actor: 'farm', permission: 'orders.adjust', from: ['confirmed', 'packed'] },
  weight_decision: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['confirmed', 'packed'],
  },
  restaurant_items: { actor: 'restaurant', permission: 'orders.change', from: ['pending'] },
  restaurant_cancel: { actor: 'restaurant', permission: 'orders.change', from: ['pending'] },
  auto_cancel: { actor: 'system', permission: null, from: ['pending'] },
  closure_cancel: { actor: 'system', permission: null, from: ['pending'] },
  claim: { actor: 'restaurant', permission: 'claims.report', from: ['delivered'] },
  claim_decision: { actor: 'farm', permission: 'claims.decide', from: ['delivered'] },
  credit_applied: { actor: 'farm', permission: 'claims.decide', from: ['delivered'] },
  short: { actor: 'farm', permission: 'orders.adjust', from: ['confirmed', 'packed'] },
  substitution: { actor: 'farm', permission: 'orders.adjust', from: ['confirmed', 'packed'] },
  substitution_decision: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['confirmed', 'packed'],
  },
  substitution_expiry: { actor: 'system', permission: null, from: ['confirmed', 'packed'] },
  substitution_preference: { actor: 'restaurant', permission: 'orders.change', from: ['pending'] },
};

/** Every author the table can meet: each role of each kind of business, and the system. */
const AUTHORS: ChangeAuthor[] = [
  ...ROLES_OF_KIND.farm.map((role): ChangeAuthor => ({ kind: 'farm', role })),
  ...ROLES_OF_KIND.restaurant.map((role): ChangeAuthor => ({ kind: 'restaurant', role })),
  { kind: 'system', role: null },
];

/** An owner of the kind that makes each change: the role that may make every change of its kind. */
function owner(actor: ChangeActorKind): ChangeAuthor {
  return actor === 'system' ? { kind: 'system', role: null } : { kind: actor, role: 'owner' };
}

const CODES: Record<OrderChangeKind, string> = {
  confirm: 'invalid_transition',
  pack: 'invalid_transition',
  ship: 'invalid_transition',
  deliver: 'invalid_transition',
  farm_cancel: 'invalid_transition',
  adjustment: 'not_adjustable',
  lot_assignment: 'not_adjustable',
  weight: 'not_adjustable',
  weight_decision: 'not_adjustable',
  restaurant_items: 'invalid_transition',
  restaurant_cancel: 'invalid_transition',
  auto_cancel: 'invalid_transition',
  closure_cancel: 'invalid_transition',
  claim: 'order_not_delivered',
  claim_decision: 'order_not_delivered',
  credit_applied: 'order_not_delivered',
  short: 'not_adjustable',
  substitution: 'not_adjustable',
  substitution_decision: 'not_adjustable',
  substitution_expiry: 'not_adjustable',
  substitution_preference: 'invalid_transition',
};

const cases = AUTHORS.flatMap((author) =>
  ORDER_CHANGE_KINDS.flatMap((kind) =>
    ORDER_STATUSES.map((status) => ({
      author,
      name: `${author.kind}${author.role ? ` ${author.role}` : ''}`,
      kind,
      status,
    })),
  ),
);

describe('the order change table', () => {
  it.each(cases)('$name · $kind · $status', ({ author, kind, status }) => {
    const verdict = judgeOrderChange(author, kind, status);
    const rule = EXPECTED[kind];
    const permitted =
      rule.permission === null ||
      (author.kind !== 'system' &&
        author.kind !== null &&
        can(author.kind, author.role!, rule.permission));
    if (rule.actor !== author.kind) {
      expect(verdict).toEqual({ allowed: false, httpStatus: 403, reason: 'actor' });
    } else if (!permitted) {
      // The role is judged before the status: a packer's cancel is 403 from any status.
      expect(verdict).toEqual({
        allowed: false,
        httpStatus: 403,
        reason: 'role',
        role: author.role as BusinessRole,
      });
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
    expect(authorRefusal(author, kind)).toEqual(
      verdict.allowed || verdict.httpStatus !== 403 ? null : verdict,
    );
  });

  it('names the permission each change needs', () => {
    for (const kind of ORDER_CHANGE_KINDS) {
      expect(changePermission(kind)).toBe(EXPECTED[kind].permission);
    }
  });

  it('refuses a packer the cancel that an emptying adjustment is, even where a cancel could not be', () => {
    const packer: ChangeAuthor = { kind: 'farm', role: 'packer' };
    expect(judgeOrderChange(packer, 'adjustment', 'confirmed')).toEqual({ allowed: true });
    for (const status of ORDER_STATUSES) {
      expect(judgeOrderChange(packer, 'farm_cancel', status)).toEqual({
        allowed: false,
        httpStatus: 403,
        reason: 'role',
        role: 'packer',
      });
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
      expect(judgeOrderChange({ kind: null, role: null }, kind, 'pending')).toMatchObject({
        httpStatus: 403,
      });
    }
  });

  it('refuses the restaurant’s own changes after the cutoff with cutoff_passed, and only those', () => {
    for (const kind of ORDER_CHANGE_KINDS) {
      const { actor, from } = EXPECTED[kind];
      const verdict = judgeOrderChange(owner(actor), kind, from[0]!, true);
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
    expect(
      judgeOrderChange(owner('restaurant'), 'restaurant_cancel', 'confirmed', true),
    ).toMatchObject({
      reason: 'status',
      code: 'invalid_transition',
    });
  });

  it('cancels only from pending, whoever cancels', () => {
    const cancels = ORDER_CHANGE_KINDS.filter((kind) => statusAfter(kind) === 'cancelled');
    expect(cancels.sort()).toEqual([
      'auto_cancel',
      'closure_cancel',
      'farm_cancel',
      'restaurant_cancel',
    ]);
    for (const kind of cancels) {
      for (const status of ORDER_STATUSES) {
        expect(judgeOrderChange(owner(EXPECTED[kind].actor), kind, status).allowed).toBe(
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
    expect(changeAuthor(person({ kind: 'farm', id: 1 }))).toEqual({ kind: 'farm', role: 'owner' });
    expect(changeAuthor(systemActor('auto_cancel'))).toEqual({ kind: 'system', role: null });
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
