import { sql, type AnyColumn } from 'drizzle-orm';
import { shortPersonName } from '#core/actor';
import type { WeightDecision } from '#core/catch-weight';
import { orderItemWeights, users } from '../../db/schema';

/** A person's names as a line's JSON carries them, for "Keoni P.". */
export interface PersonNames {
  firstName: string | null;
  lastName: string | null;
}

/** One entry of a line's weight history as its JSON column carries it. */
export interface WeightHistoryRow {
  kind: Exclude<WeightDecision, 'pending'> | 'weighed';
  weight: number | string;
  by: PersonNames | null;
  at: string;
}

/** The names of the user `userId` names, or null (none, or an account since deleted). */
export function personNamesColumn(userId: AnyColumn) {
  return sql`(select json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName})
    from ${users} where ${users.id} = ${userId})`;
}

export function namedPerson(names: PersonNames | null): string | null {
  return names ? shortPersonName(names.firstName, names.lastName) : null;
}

/** Every weight entered and decision made on the line, oldest first, as one JSON column. */
export function weightHistoryColumn(orderItemId: AnyColumn) {
  return sql`(select json_agg(json_build_object(
      'kind', ${orderItemWeights.kind},
      'weight', ${orderItemWeights.weight},
      'by', ${personNamesColumn(orderItemWeights.userId)},
      'at', ${orderItemWeights.at}
    ) order by ${orderItemWeights.id})
    from ${orderItemWeights} where ${orderItemWeights.orderItemId} = ${orderItemId})`;
}
