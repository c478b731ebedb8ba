import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { qualified } from './raw-sql';
import { lots, recalls } from './schema';

describe('qualified', () => {
  // Statements are only written here, never run: a database without a connection writes them.
  const db = drizzle.mock();
  const recallOf = (lotId: AnyColumn | SQL) =>
    sql`(select 1 from ${recalls} where ${recalls.lotId} = ${lotId})`;

  it('names the outer row’s column with its table inside a subquery of a one-table select', () => {
    // Unqualified, "id" inside the subquery would be the recall's own id.
    const bare = db
      .select({ recalled: recallOf(lots.id) })
      .from(lots)
      .toSQL().sql;
    expect(bare).toContain('"lot_id" = "id"');
    const named = db
      .select({ recalled: recallOf(qualified(lots.id)) })
      .from(lots)
      .toSQL().sql;
    expect(named).toContain('"lot_id" = "lots"."id"');
  });
});
