import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedName } from '../../src/server/db/database';
import { useTestDatabase } from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('preparedName', () => {
  it('names each statement text once, and two texts apart', () => {
    const first = preparedName('select $1::int as prepared_name_one');
    const again = preparedName('select $1::int as prepared_name_one');
    const other = preparedName('select $1::int as prepared_name_two');
    expect(first).toMatch(/^hh\d+$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });
});

/**
 * On PostgreSQL a statement with parameters runs as a prepared one: the connection that ran it
 * holds it under its name, and running it again gives the same answers with the new values.
 */
describe.skipIf(!onPostgres)('prepared statements on PostgreSQL', () => {
  const ctx = useTestDatabase();

  it('prepares a parameterised statement on its connection and reuses it', async () => {
    const text = 'select $1::int + 1 as next_value';
    const rows = await ctx.database.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const value of [1, 41]) {
        const result = (await tx.execute(
          sql`select ${value}::int + 1 as next_value`,
        )) as unknown as {
          rows: { next_value: number }[];
        };
        answers.push(result.rows[0]?.next_value);
      }
      const held = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement = ${text}`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return { answers, held: held.rows };
    });
    expect(rows.answers).toEqual([2, 42]);
    expect(rows.held).toEqual([{ name: preparedName(text), statement: text }]);
  });

  it('leaves a statement without parameters unprepared', async () => {
    const held = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('select 7 as unprepared_seven'));
      return (await tx.execute(
        sql`select name from pg_prepared_statements where statement like ${'%unprepared_seven%'}`,
      )) as unknown as { rows: unknown[] };
    });
    expect(held.rows).toEqual([]);
  });
});
