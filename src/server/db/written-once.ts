import { is, sql, SQL, type Query } from 'drizzle-orm';
import {
  PgColumn,
  PgDialect,
  QueryBuilder,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/**
 * Drizzle writes a query's text from its parts on every run: on an order's placement that was
 * about a quarter of the server's CPU (docs/performance.md#sql-text-written-once). The
 * statements here are written once, on first use, and kept as text: what changes between runs
 * is either a placeholder (`sql.placeholder(name)`, a list compared with `= any(…)`) or a tail
 * written on each run after a select's fixed head.
 */

const dialect = new PgDialect();

/** What a select built by drizzle's query builder tells about itself. */
interface BuiltSelect {
  getSQL(): SQL;
  readonly _: { readonly result: unknown; readonly selectedFields: Record<string, unknown> };
}

type Result<Select extends BuiltSelect> = Select['_']['result'];

interface Written {
  query: Query;
  fields: SelectedFieldsOrdered;
}

/** The select's text and its fields in order; the selection is flat (columns and SQL). */
function write(select: BuiltSelect): Written {
  const fields: SelectedFieldsOrdered = Object.entries(select._.selectedFields).map(
    ([key, field]) => {
      if (!is(field, PgColumn) && !is(field, SQL) && !is(field, SQL.Aliased)) {
        throw new Error(`A written-once select's fields are flat: ${key} is not a column or SQL`);
      }
      return { path: [key], field };
    },
  );
  return { query: dialect.sqlToQuery(select.getSQL()), fields };
}

/** Runs a written query in `db` (a transaction or the pool), its rows mapped as drizzle does. */
function run<Row>(
  db: DbOrTx,
  query: Query,
  fields: SelectedFieldsOrdered,
  values?: Record<string, unknown>,
): Promise<Row> {
  return db._.session
    .prepareQuery<PreparedQueryConfig & { execute: Row }>(query, fields, undefined, true)
    .execute(values);
}

/**
 * A whole select written once, with placeholders for what changes: each run fills them from
 * `values`.
 */
export function preparedSelect<Select extends BuiltSelect>(
  build: (select: QueryBuilder) => Select,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Result<Select>> {
  let written: Written | undefined;
  return async (db, values) => {
    written ??= write(build(new QueryBuilder()));
    return run(db, written.query, written.fields, values);
  };
}

/**
 * A select's columns, table and joins written once; each run writes its own tail after them
 * (`where …`, `order by …`, `limit …`). The head holds no parameter, so the tail's are numbered
 * from the first.
 */
export function fixedSelect<Select extends BuiltSelect>(
  build: (select: QueryBuilder) => Select,
): (db: DbOrTx, tail: SQL) => Promise<Result<Select>> {
  let head: { text: SQL; fields: SelectedFieldsOrdered } | undefined;
  return async (db, tail) => {
    if (!head) {
      const { query, fields } = write(build(new QueryBuilder()));
      if (query.params.length > 0) {
        throw new Error('A fixed select head holds no parameter: its text is kept and reused');
      }
      head = { text: sql.raw(query.sql), fields };
    }
    return run(db, dialect.sqlToQuery(sql`${head.text} ${tail}`), head.fields);
  };
}

/**
 * A raw statement written once, with placeholders for what changes: each run fills them from
 * `values` and answers the rows as the driver returns them (as `rows()` in raw-sql does).
 */
export function preparedStatement<Row>(
  build: () => SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session
      .prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
        query,
        undefined,
        undefined,
        false,
      )
      .execute(values);
    return result.rows;
  };
}

/**
 * A statement another library wrote, with its positional values ($1, $2 …, repeated ones
 * included): sent as it is. Through `db.execute`, drizzle would take the text apart and write it
 * again on every run (pg-boss's job insert, once per message an order queues).
 */
export function runWritten<Result>(
  db: DbOrTx,
  text: string,
  values: readonly unknown[] = [],
): Promise<Result> {
  return db._.session
    .prepareQuery<PreparedQueryConfig & { execute: Result }>(
      { sql: text, params: [...values] },
      undefined,
      undefined,
      false,
    )
    .execute();
}
