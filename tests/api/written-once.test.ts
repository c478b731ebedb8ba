import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fixedSelect,
  preparedSelect,
  preparedStatement,
  runWritten,
} from '../../src/server/db/written-once';
import { users } from '../../src/server/db/schema';
import { uniqueEmail, useTestDatabase } from '../helpers/test-app';

// Columns of several kinds: a number, text, a nullable timestamp (a Date once mapped), a
// boolean and an SQL field with its own decoder.
const columns = {
  id: users.id,
  email: users.email,
  verifiedAt: users.emailVerifiedAt,
  bySms: users.notifyBySms,
  nameLength: sql<number>`length(${users.firstName})`.mapWith(Number),
};

describe('statements written once', () => {
  const ctx = useTestDatabase();
  let ids: number[] = [];

  beforeAll(async () => {
    const inserted = await ctx.database.db
      .insert(users)
      .values([
        {
          email: uniqueEmail('kai'),
          firstName: 'Kai',
          emailVerifiedAt: new Date('2026-11-02T03:04:05Z'),
        },
        { email: uniqueEmail('leilani'), firstName: 'Leilani', notifyBySms: true },
        { email: uniqueEmail('noe'), firstName: 'Noe' },
      ])
      .returning({ id: users.id });
    ids = inserted.map((row) => row.id);
  });

  /** What drizzle's own select answers for the same rows, to compare with. */
  const drizzleAnswer = (wanted: number[]) =>
    ctx.database.db
      .select(columns)
      .from(users)
      .where(inArray(users.id, wanted))
      .orderBy(asc(users.id));

  it('a fixed head with a tail per run answers as drizzle does, in a transaction too', async () => {
    const select = fixedSelect((query) => query.select(columns).from(users));
    const [first, , third] = ids as [number, number, number];
    const tail = (wanted: number[]) => sql`where ${inArray(users.id, wanted)} order by ${users.id}`;

    expect(await select(ctx.database.db, tail([first, third]))).toEqual(
      await drizzleAnswer([first, third]),
    );
    const [read] = await select(ctx.database.db, tail([first]));
    expect(read?.verifiedAt).toEqual(new Date('2026-11-02T03:04:05Z'));
    expect(read?.nameLength).toBe(3);
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Kaiʻulani' }).where(eq(users.id, first));
        const [changed] = await select(tx, tail([first]));
        expect(changed?.nameLength).toBe(9);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });

  it('a prepared select fills its placeholders, a list among them, on each run', async () => {
    const select = preparedSelect((query) =>
      query
        .select(columns)
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
        .orderBy(asc(users.id)),
    );
    const [first, second, third] = ids as [number, number, number];
    expect(await select(ctx.database.db, { ids: [second, third] })).toEqual(
      await drizzleAnswer([second, third]),
    );
    expect(await select(ctx.database.db, { ids: [first] })).toEqual(await drizzleAnswer([first]));
    expect(await select(ctx.database.db, { ids: [] })).toEqual([]);
  });

  it("a prepared raw statement fills its placeholders and answers the driver's rows", async () => {
    const statement = preparedStatement<{ id: number; first_name: string; shout: string }>(
      () => sql`select id, first_name, upper(${sql.placeholder('prefix')} || first_name) as shout
        from users where id = any(${sql.placeholder('ids')}) order by id`,
    );
    const [first, second] = ids as [number, number];
    expect(await statement(ctx.database.db, { prefix: 'e ', ids: [second, first] })).toEqual([
      { id: first, first_name: 'Kai', shout: 'E KAI' },
      { id: second, first_name: 'Leilani', shout: 'E LEILANI' },
    ]);
    expect(await statement(ctx.database.db, { prefix: '', ids: [second] })).toEqual([
      { id: second, first_name: 'Leilani', shout: 'LEILANI' },
    ]);
  });

  it('refuses a fixed head holding a parameter, whose text could not be reused', async () => {
    const select = fixedSelect((query) =>
      query.select(columns).from(users).where(eq(users.email, 'kai@example.com')),
    );
    await expect(select(ctx.database.db, sql`limit 1`)).rejects.toThrow(/holds no parameter/);
  });
  it("runs another library's statement as written, its positional values repeated or not", async () => {
    const result = await runWritten<{ rows: { a: number; b: string; c: number }[] }>(
      ctx.database.db,
      'select $1::int as a, $2::text as b, $1::int + 1 as c',
      [7, 'x'],
    );
    expect(result.rows).toEqual([{ a: 7, b: 'x', c: 8 }]);
    // Inside a transaction, its statement belongs to it.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await runWritten(tx, 'create temporary table written_probe (n int) on commit drop');
        await runWritten(tx, 'insert into written_probe values ($1)', [5]);
        const inside = await runWritten<{ rows: { n: number }[] }>(
          tx,
          'select n from written_probe',
        );
        return inside.rows;
      }),
    ).resolves.toEqual([{ n: 5 }]);
  });
});
