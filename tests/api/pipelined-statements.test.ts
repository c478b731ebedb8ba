import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'node:net';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { sendAhead } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { uniqueEmail, useTestDatabase } from '../helpers/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The socket under a transaction's connection (drizzle's session holds the pool client). */
function socketOf(tx: unknown): Socket {
  return (tx as { session: { client: { connection: { stream: Socket } } } }).session.client
    .connection.stream;
}

/** The socket writes (`write` and `writev` calls) made while `run` runs on the connection. */
async function writesDuring<T>(
  tx: unknown,
  run: () => Promise<T>,
): Promise<{ result: T; writev: number; write: number }> {
  const socket = socketOf(tx);
  const writev = vi.spyOn(socket as unknown as { _writev: () => void }, '_writev');
  const write = vi.spyOn(socket as unknown as { _write: () => void }, '_write');
  try {
    const result = await run();
    return { result, writev: writev.mock.calls.length, write: write.mock.calls.length };
  } finally {
    writev.mockRestore();
    write.mockRestore();
  }
}

const valueOf = (result: unknown) => (result as { rows: { value: number }[] }).rows[0]?.value;

/**
 * On PostgreSQL a connection sends each statement when it is asked for, without waiting for
 * the one before it to answer, and what is asked for in the same turn leaves in one write.
 */
describe.skipIf(!onPostgres)('pipelined statements on PostgreSQL', () => {
  const ctx = useTestDatabase();

  it('answers statements asked for together each with its own rows, sent in one write', async () => {
    const { answers, writes } = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as value`);
      const { result, ...counted } = await writesDuring(tx, () =>
        Promise.all([3, 1, 2].map((value) => tx.execute(sql`select ${value}::int * 10 as value`))),
      );
      return { answers: result.map(valueOf), writes: counted };
    });
    expect(answers).toEqual([30, 10, 20]);
    expect(writes).toEqual({ writev: 1, write: 0 });
  });

  it('rolls the whole transaction back when one of the statements asked for together fails', async () => {
    const email = uniqueEmail('pipelined');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, firstName: 'Pua' });
        await Promise.all([
          tx.execute(sql`select 1 as value`),
          tx.execute(sql`select 1 / ${0}::int as value`),
          tx.execute(sql`select 2 as value`),
        ]);
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    const found = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    expect(found).toEqual([]);
    // The connection went back to the pool fit for use.
    expect(valueOf(await ctx.database.db.execute(sql`select ${5}::int as value`))).toBe(5);
  });

  /** The users of these emails still in the database. */
  const usersOf = (...emails: string[]) =>
    Promise.all(
      emails.map((email) =>
        ctx.database.db.select({ email: users.email }).from(users).where(eq(users.email, email)),
      ),
    ).then((found) => found.flat().map((row) => row.email));

  /** Spies on the transaction's socket from now until `stop` is called. */
  function countWrites(tx: unknown) {
    const socket = socketOf(tx);
    const writev = vi.spyOn(socket as unknown as { _writev: () => void }, '_writev');
    const write = vi.spyOn(socket as unknown as { _write: () => void }, '_write');
    return () => {
      const writes = writev.mock.calls.length + write.mock.calls.length;
      writev.mockRestore();
      write.mockRestore();
      return writes;
    };
  }

  it('sends the statements sent ahead and the commit in one write', async () => {
    const [first, second] = [uniqueEmail('last'), uniqueEmail('last')];
    let stop: (() => number) | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as value`);
      stop = countWrites(tx);
      void sendAhead(tx, tx.insert(users).values({ email: first, firstName: 'Pua' }));
      void sendAhead(tx, tx.insert(users).values({ email: second, firstName: 'Kai' }));
    });
    expect(stop!()).toBe(1);
    expect(await usersOf(first, second)).toEqual([first, second]);
    expect(valueOf(await ctx.database.db.execute(sql`select ${7}::int as value`))).toBe(7);
  });

  it('rolls the whole transaction back and tells the first error when a statement sent ahead fails', async () => {
    const [before, with_] = [uniqueEmail('last'), uniqueEmail('last')];
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: before, firstName: 'Pua' });
        void sendAhead(tx, tx.insert(users).values({ email: with_, firstName: 'Kai' }));
        void sendAhead(tx, tx.execute(sql`select 1 / ${0}::int as value`));
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await usersOf(before, with_)).toEqual([]);
    expect(valueOf(await ctx.database.db.execute(sql`select ${8}::int as value`))).toBe(8);
  });

  it('answers a statement sent ahead to whoever awaits it, in the same write as the next', async () => {
    const email = uniqueEmail('ahead');
    const { value, writes } = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as value`);
      const stop = countWrites(tx);
      const ahead = sendAhead(tx, tx.execute(sql`select ${4}::int as value`));
      await tx.insert(users).values({ email, firstName: 'Pua' });
      return { value: valueOf(await ahead), writes: stop() };
    });
    expect(value).toBe(4);
    expect(writes).toBe(1);
    expect(await usersOf(email)).toEqual([email]);
  });

  it('tells of a begin that failed through the statement that follows it', async () => {
    const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      // A begin is not waited for; this one is refused by PostgreSQL.
      await client.query('begin isolation level nonsense');
      await expect(client.query('select 1 as value')).rejects.toThrow(/syntax error/);
      expect((await client.query('select 2 as value')).rows).toEqual([{ value: 2 }]);
    } finally {
      client.release();
    }
  });
});
