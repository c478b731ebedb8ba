import { sql, type SQL } from 'drizzle-orm';
import { HAWAII_TIME_ZONE } from '#core/constants';

/*
 * Pieces of the raw SQL shared by the reports, the CSV exports and the admin figures.
 * Money figures count every order that is not cancelled (docs/decisions/001-revenue-counts.md).
 */

/** A literal, not a parameter: the same expression must appear in SELECT and GROUP BY. */
export const ZONE = sql.raw(`'${HAWAII_TIME_ZONE}'`);
export const COUNTED = sql.raw(`o.status <> 'cancelled'`);

/**
 * A money figure as the 2-decimal text of a plain numeric: no fixed precision, so no sum is
 * ever too large to answer, and exact (it never passes through a JavaScript number).
 */
export const moneyText = (expression: SQL) => sql`round(${expression}, 2)::text`;

/** A money sum as a 2-decimal string, "0.00" when there is nothing to add. */
export const moneySum = (expression: SQL) => moneyText(sql`coalesce(sum(${expression}), 0)`);

export type Row = Record<string, unknown>;

/** A timestamp column read through raw SQL (a Date on pg, a string on PGlite) as ISO 8601. */
export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
