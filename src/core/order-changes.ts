import type { Actor } from './actor';
import { can, type BusinessRole, type Permission } from './permissions';
import { UNDATED_PENDING_DAYS } from './delivery-days';
import { hawaiiDate } from './hawaii-time';
import type { OrderStatus } from './order-status';

/**
 * Every change an order can go through after placement (docs/money.md#changing-an-order). A
 * new capability that changes orders (a credit, a delivery) is a new kind here, with the team
 * permission it needs, and a new branch of the one path that applies them, never a path of its
 * own.
 */
export const ORDER_CHANGE_KINDS = [
  'confirm',
  'pack',
  'ship',
  'deliver',
  'farm_cancel',
  'adjustment',
  'lot_assignment',
  'weight',
  'weight_decision',
  'restaurant_items',
  'restaurant_cancel',
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
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/** Who may make a change, as the table knows them. */
export const CHANGE_ACTOR_KINDS = ['farm', 'restaurant', 'system'] as const;
export type ChangeActorKind = (typeof CHANGE_ACTOR_KINDS)[number];

/** The 409 codes of a change the order's status or the cutoff refuses (kept from before). */
export const ORDER_CHANGE_CODES = {
  invalidTransition: 'invalid_transition',
  notAdjustable: 'not_adjustable',
  cutoffPassed: 'cutoff_passed',
  orderNotDelivered: 'order_not_delivered',
} as const;
export type OrderChangeCode = (typeof ORDER_CHANGE_CODES)[keyof typeof ORDER_CHANGE_CODES];

interface ChangeRule {
  /** The only kind of actor that may ever make it; anyone else is refused with 403. */
  actor: ChangeActorKind;
  /** The team permission a person needs to make it (none for the system's jobs). */
  permission: Permission | null;
  /** The statuses it may start from; any other is 409 with `code`. */
  from: readonly OrderStatus[];
  code: OrderChangeCode;
  /** The status it leaves the order in, when it moves it. */
  to?: OrderStatus;
  /** Refused with 409 `cutoff_passed` once ordering for the order's day has closed. */
  beforeCutoff?: boolean;
}

/**
 * The one table of who may change an order, from which status, to what. Cancelling is from
 * pending only, whoever cancels (docs/decisions/001-revenue-counts.md): a farm's adjustment
 * that would remove every line is a cancel and is judged as `farm_cancel`.
 */
const RULES: Record<OrderChangeKind, ChangeRule> = {
  confirm: {
    actor: 'farm',
    permission: 'orders.status',
    from: ['pending'],
    to: 'confirmed',
    code: 'invalid_transition',
  },
  pack: {
    actor: 'farm',
    permission: 'orders.status',
    from: ['confirmed'],
    to: 'packed',
    code: 'invalid_transition',
  },
  ship: {
    actor: 'farm',
    permission: 'orders.status',
    from: ['packed'],
    to: 'in_transit',
    code: 'invalid_transition',
  },
  deliver: {
    actor: 'farm',
    permission: 'orders.status',
    from: ['in_transit'],
    to: 'delivered',
    code: 'invalid_transition',
  },
  farm_cancel: {
    actor: 'farm',
    permission: 'orders.cancel',
    from: ['pending'],
    to: 'cancelled',
    code: 'invalid_transition',
  },
  adjustment: {
    actor: 'farm',
    permission: 'orders.adjust',
    from: ['pending', 'confirmed', 'packed'],
    code: 'not_adjustable',
  },
  // Lots are assigned at packing (docs/traceability.md): from confirmed until the order ships.
  lot_assignment: {
    actor: 'farm',
    permission: 'lots.manage',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  // Catch weight (docs/catch-weight.md): weighed at packing, from confirmed until it ships; a
  // weight past the tolerance waits for the restaurant's word before the order ships.
  weight: {
    actor: 'farm',
    permission: 'orders.adjust',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  weight_decision: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  restaurant_items: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['pending'],
    code: 'invalid_transition',
    beforeCutoff: true,
  },
  restaurant_cancel: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['pending'],
    to: 'cancelled',
    code: 'invalid_transition',
    beforeCutoff: true,
  },
  auto_cancel: {
    actor: 'system',
    permission: null,
    from: ['pending'],
    to: 'cancelled',
    code: 'invalid_transition',
  },
  // A business closed by its owner (docs/leaving.md): the system cancels its pending orders for
  // it, with notice to the other side. Confirmed ones go on to delivery and payment.
  closure_cancel: {
    actor: 'system',
    permission: null,
    from: ['pending'],
    to: 'cancelled',
    code: 'invalid_transition',
  },
  // After delivery (docs/claims.md): the restaurant reports a problem, the farm decides it and
  // may put the restaurant's credit balance on the invoice. None of them moves the status.
  claim: {
    actor: 'restaurant',
    permission: 'claims.report',
    from: ['delivered'],
    code: 'order_not_delivered',
  },
  claim_decision: {
    actor: 'farm',
    permission: 'claims.decide',
    from: ['delivered'],
    code: 'order_not_delivered',
  },
  credit_applied: {
    actor: 'farm',
    permission: 'claims.decide',
    from: ['delivered'],
    code: 'order_not_delivered',
  },
  // The day's exceptions (docs/substitutions.md): a line the farm cannot fill is shorted, or a
  // substitute is proposed, from confirmed until it ships; a confirmed or packed order keeps a line.
  short: {
    actor: 'farm',
    permission: 'orders.adjust',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  substitution: {
    actor: 'farm',
    permission: 'orders.adjust',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  // The restaurant answers a proposal; unanswered by its deadline, the system shorts the line.
  substitution_decision: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  substitution_expiry: {
    actor: 'system',
    permission: null,
    from: ['confirmed', 'packed'],
    code: 'not_adjustable',
  },
  // What the restaurant wants done with a line the farm cannot fill, while the order is pending.
  substitution_preference: {
    actor: 'restaurant',
    permission: 'orders.change',
    from: ['pending'],
    code: 'invalid_transition',
  },
};

export type ChangeVerdict =
  | { allowed: true }
  | { allowed: false; httpStatus: 403; reason: 'actor' }
  | { allowed: false; httpStatus: 403; reason: 'role'; role: BusinessRole }
  | { allowed: false; httpStatus: 409; reason: 'status' | 'cutoff'; code: OrderChangeCode };

/** Who asks for a change, as the table judges them: their kind and, for a person, their role. */
export interface ChangeAuthor {
  kind: ChangeActorKind | null;
  /** The person's role in the business they act for; null for the system. */
  role: BusinessRole | null;
}

export function changeActorKind(actor: Actor): ChangeActorKind | null {
  if (actor.kind === 'system') return 'system';
  return actor.business?.kind ?? null;
}

export function changeAuthor(actor: Actor): ChangeAuthor {
  if (actor.kind === 'system') return { kind: 'system', role: null };
  return { kind: actor.business?.kind ?? null, role: actor.businessRole };
}

/** The permission a person needs for this kind of change; null for the system's. */
export function changePermission(kind: OrderChangeKind): Permission | null {
  return RULES[kind].permission;
}

/**
 * Who may ever make this change, whatever the order: the actor's kind first, then a person's
 * role (403 `forbidden_for_role`); null when they may.
 */
export function authorRefusal(
  author: ChangeAuthor,
  kind: OrderChangeKind,
): Extract<ChangeVerdict, { httpStatus: 403 }> | null {
  const rule = RULES[kind];
  if (author.kind === null || rule.actor !== author.kind) {
    return { allowed: false, httpStatus: 403, reason: 'actor' };
  }
  if (rule.permission === null || author.kind === 'system') return null;
  if (author.role === null) return { allowed: false, httpStatus: 403, reason: 'actor' };
  if (!can(author.kind, author.role, rule.permission)) {
    return { allowed: false, httpStatus: 403, reason: 'role', role: author.role };
  }
  return null;
}

/**
 * The verdict on one change, before any write: the actor's kind and role first (403), then the
 * order's status (409 with the kind's code), then the cutoff for the restaurant's own changes
 * (409 `cutoff_passed`). An adjustment that empties an order is judged as the cancel it is.
 */
export function judgeOrderChange(
  author: ChangeAuthor,
  kind: OrderChangeKind,
  status: OrderStatus,
  cutoffPassed = false,
): ChangeVerdict {
  const rule = RULES[kind];
  const refused = authorRefusal(author, kind);
  if (refused) return refused;
  if (!rule.from.includes(status)) {
    return { allowed: false, httpStatus: 409, reason: 'status', code: rule.code };
  }
  if (rule.beforeCutoff && cutoffPassed) {
    return { allowed: false, httpStatus: 409, reason: 'cutoff', code: 'cutoff_passed' };
  }
  return { allowed: true };
}

/** The statuses a change of this kind may start from (e.g. which orders the farm may adjust). */
export function changeAllowedFrom(kind: OrderChangeKind): readonly OrderStatus[] {
  return RULES[kind].from;
}

/** Whether the kind is judged against the day's cutoff. */
export function needsCutoff(kind: OrderChangeKind): boolean {
  return RULES[kind].beforeCutoff === true;
}

/** The status a change leaves the order in, or null when it keeps the status. */
export function statusAfter(kind: OrderChangeKind): OrderStatus | null {
  return RULES[kind].to ?? null;
}

/** The farm's move to `to`, as a kind of change; null when no farm move leads there. */
export function farmMoveKind(to: OrderStatus): OrderChangeKind | null {
  const kind = ORDER_CHANGE_KINDS.find(
    (candidate) => RULES[candidate].actor === 'farm' && RULES[candidate].to === to,
  );
  return kind ?? null;
}

/** The statuses a farm may move an order on to from `from` (the status buttons). */
export function farmMovesFrom(from: OrderStatus): OrderStatus[] {
  return ORDER_CHANGE_KINDS.flatMap((kind) => {
    const rule = RULES[kind];
    return rule.actor === 'farm' && rule.to && rule.from.includes(from) ? [rule.to] : [];
  });
}

/**
 * Auto-cancel's rule (docs/product.md#order-status): a pending order is overdue once its
 * delivery day has ended in Hawaii or, without a day, a week after it was placed.
 */
export function isOverdue(deliveryDate: string | null, createdAt: Date, now: Date): boolean {
  if (deliveryDate !== null) return deliveryDate < hawaiiDate(now);
  return createdAt.getTime() <= now.getTime() - UNDATED_PENDING_DAYS * 24 * 3_600_000;
}
