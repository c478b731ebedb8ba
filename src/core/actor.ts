import type { Role } from './constants';
import type { BusinessRole } from './permissions';

/** The two kinds of business a person acts for. */
export type BusinessKind = 'farm' | 'restaurant';

export interface BusinessRef {
  kind: BusinessKind;
  id: number;
}

export type { BusinessRole } from './permissions';

/** A signed-in person, acting for one business (or none: an admin, or before profile setup). */
export interface PersonActor {
  kind: 'person';
  userId: number;
  /** "Leilani K." style, as history and stock movements show it; null when no name is set. */
  name: string | null;
  /** The account's role (spec section 3): which side of the marketplace the session is on. */
  role: Role | null;
  business: BusinessRef | null;
  businessRole: BusinessRole | null;
}

/** The jobs that change things on nobody's request. */
export const SYSTEM_JOBS = [
  'auto_cancel',
  'standing_orders',
  'payment_reminders',
  /** Cancelling the pending orders of a business its owner closed (docs/leaving.md). */
  'business_closure',
  /** Shorting a line whose substitute was not answered by its deadline (docs/substitutions.md). */
  'substitution_expiry',
] as const;
export type SystemJob = (typeof SYSTEM_JOBS)[number];

export function isSystemJob(value: string | null | undefined): value is SystemJob {
  return (SYSTEM_JOBS as readonly (string | null | undefined)[]).includes(value);
}

export interface SystemActor {
  kind: 'system';
  job: SystemJob;
}

/** Who makes a change: a person acting for a business, or the system running a job. */
export type Actor = PersonActor | SystemActor;

export type FarmActor = PersonActor & { business: { kind: 'farm'; id: number } };
export type RestaurantActor = PersonActor & { business: { kind: 'restaurant'; id: number } };

export function systemActor(job: SystemJob): SystemActor {
  return { kind: 'system', job };
}

/** "Leilani Kahale" -> "Leilani K."; a first name alone stays whole. */
export function shortPersonName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (!first && !last) return null;
  if (!last) return first;
  if (!first) return last;
  return `${first} ${last.slice(0, 1)}.`;
}

export function isFarmActor(actor: Actor): actor is FarmActor {
  return actor.kind === 'person' && actor.business?.kind === 'farm';
}

export function isRestaurantActor(actor: Actor): actor is RestaurantActor {
  return actor.kind === 'person' && actor.business?.kind === 'restaurant';
}
