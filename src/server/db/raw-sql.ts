import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

const dialect = new PgDialect();

/**
 * Whether a statement failed with this SQLSTATE: the driver's error, or one that wraps it (drizzle
 * wraps a failed query in its own error, the cause being the database's).
 */
export function failedWith(error: unknown, sqlState: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === sqlState) return true;
  }
  return false;
}

/**
 * A column named with its table ("lots"."id"), for a subquery that reads the outer row: in a
 * select of one table drizzle writes its columns unqualified, and inside a subquery over another
 * table an unqualified name would be that table's own column.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The rows a raw statement answers, whichever driver ran it. The statement is sent as this is
 * called (drizzle sends a query when its answer is first asked for), so statements asked for
 * one after another without waiting leave together on a pipelined connection.
 */
export function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.execute(query).then((result) => (result as unknown as { rows: T[] }).rows);
}

/**
 * A json column's value as the driver hands it back: parsed by node-postgres, and as text where
 * a driver leaves it so.
 */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The column lists of each columns object, written once: they are most of a placement's insert
 * text (docs/performance.md#sql-text-written-once).
 */
const recordsetColumns = new WeakMap<Record<string, PgColumn>, { typed: SQL; names: SQL }>();

function recordsetColumnsOf(columns: Record<string, PgColumn>): { typed: SQL; names: SQL } {
  const known = recordsetColumns.get(columns);
  if (known) return known;
  const entries = Object.values(columns);
  const text = (fragment: SQL) => sql.raw(dialect.sqlToQuery(fragment).sql);
  const written = {
    typed: text(
      sql.join(
        entries.map(
          (column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
        ),
        sql`, `,
      ),
    ),
    names: text(
      sql.join(
        [...entries.map((column) => sql.identifier(column.name)), sql.identifier('ordinality')],
        sql`, `,
      ),
    ),
  };
  recordsetColumns.set(columns, written);
  return written;
}

/**
 * Many rows as one parameter, read as the table `alias` in the order given: a statement that
 * inserts rows into several tables (a data-modifying `with`) stays one round trip whatever their
 * number. Each value is typed as its column and named by the column's database name, with
 * `ordinality` (1, 2, …) beside them; money goes as its 2-decimal string, so it is read exactly.
 * `columns` is best a constant: its column list is then written once.
 */
export function jsonRows<Columns extends Record<string, PgColumn>>(
  alias: string,
  columns: Columns,
  values: readonly { [Key in keyof Columns]: unknown }[],
): SQL {
  const entries = Object.entries(columns);
  const records = values.map((value) =>
    Object.fromEntries(entries.map(([key, column]) => [column.name, value[key] ?? null])),
  );
  const { typed, names } = recordsetColumnsOf(columns);
  return sql`rows from (jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as (${typed}))
    with ordinality as ${sql.identifier(alias)}(${names})`;
}
