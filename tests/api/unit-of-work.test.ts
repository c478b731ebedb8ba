import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendAhead } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { uniqueEmail, useTestDatabase } from '../helpers/test-app';

/**
 * A transaction is a unit of work on both databases alike: what it sent ahead is joined before
 * it commits, and a commit the database answered with ROLLBACK throws, never reporting a
 * success that kept nothing.
 */
describe('a transaction as a unit of work', () => {
  const ctx = useTestDatabase();

  const usersOf = async (...emails: string[]) =>
    (
      await Promise.all(
        emails.map((email) =>
          ctx.database.db.select({ email: users.email }).from(users).where(eq(users.email, email)),
        ),
      )
    )
      .flat()
      .map((row) => row.email);

  it('throws, keeping nothing, when a statement it did not wait for failed', async () => {
    const email = uniqueEmail('unit');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, firstName: 'Pua' });
        // Asked for and never awaited: its failure aborts the transaction all the same.
        const unawaited = tx.execute(sql`select 1 / ${0}::int as value`).then((result) => result);
        unawaited.catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    ).rejects.toThrow();
    expect(await usersOf(email)).toEqual([]);
  });

  it('joins what it sent ahead before it commits, and tells that statement’s own error', async () => {
    const [kept, refused] = [uniqueEmail('unit'), uniqueEmail('unit')];
    await ctx.database.db.transaction(async (tx) => {
      void sendAhead(tx, tx.insert(users).values({ email: kept, firstName: 'Kai' }));
    });
    expect(await usersOf(kept)).toEqual([kept]);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: refused, firstName: 'Pua' });
        void sendAhead(tx, tx.execute(sql`select 1 / ${0}::int as value`));
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await usersOf(refused)).toEqual([]);
  });

  it('leaves the database fit for the next transaction after a refused one', async () => {
    const email = uniqueEmail('unit');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        void sendAhead(tx, tx.execute(sql`select 1 / ${0}::int as value`));
      }),
    ).rejects.toThrow();
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email, firstName: 'Noe' });
    });
    expect(await usersOf(email)).toEqual([email]);
  });
});
