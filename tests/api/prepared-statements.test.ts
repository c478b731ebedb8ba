import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PreparedStatementNames } from '../../src/server/db/database';
import { useTestDatabase } from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('PreparedStatementNames', () => {
  it('names a text the second time it runs, then keeps that name', () => {
    const names = new PreparedStatementNames();
    expect(names.nameOf('select $1::int as one')).toBeUndefined();
    const named = names.nameOf('select $1::int as one');
    expect(named).toMatch(/^hh\d+$/);
    expect(names.nameOf('select $1::int as one')).toBe(named);
    names.nameOf('select $1::int as two');
    expect(names.nameOf('select $1::int as two')).not.toBe(named);
  });

  it('names no more texts than it keeps, and the kept ones still', () => {
    const names = new PreparedStatementNames(2);
    for (const text of ['a', 'a', 'b', 'b', 'c']) names.nameOf(text);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe('hh1');
    expect(names.nameOf('b')).toBe('hh2');
  });
});

/**
 * On PostgreSQL a statement with parameters that runs again runs as a prepared one: the
 * connection that ran it holds it under its name, and it gives the answers of the new values.
 */
describe.skipIf(!onPostgres)('prepared statements on PostgreSQL', () => {
  const ctx = useTestDatabase();

  it('prepares a parameterised statement on its connection and reuses it', async () => {
    const text = 'select $1::int + 1 as next_value';
    const rows = await ctx.database.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const value of [1, 41, 99]) {
        const result = (await tx.execute(
          sql`select ${value}::int + 1 as next_value`,
        )) as unknown as { rows: { next_value: number }[] };
        answers.push(result.rows[0]?.next_value);
      }
      const held = (await tx.execute(
        sql.raw(`select name, statement from pg_prepared_statements where statement = '${text}'`),
      )) as unknown as { rows: { name: string; statement: string }[] };
      return { answers, held: held.rows };
    });
    expect(rows.answers).toEqual([2, 42, 100]);
    expect(rows.held).toEqual([{ name: expect.stringMatching(/^hh\d+$/), statement: text }]);
  });

  it('leaves a statement without parameters unprepared', async () => {
    const held = await ctx.database.db.transaction(async (tx) => {
      for (let run = 0; run < 3; run += 1)
        await tx.execute(sql.raw('select 7 as unprepared_seven'));
      return (await tx.execute(
        sql.raw(
          `select name from pg_prepared_statements where statement like '%unprepared_seven%'`,
        ),
      )) as unknown as { rows: unknown[] };
    });
    expect(held.rows).toEqual([]);
  });
});
