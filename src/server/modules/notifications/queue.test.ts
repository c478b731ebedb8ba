import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { positionalSql } from './queue';

describe('positionalSql', () => {
  it('turns $1 placeholders into parameters, repeated ones included', () => {
    const query = new PgDialect().sqlToQuery(
      positionalSql('select $1::int as a, $2 as b, $1::int + 1 as c', [7, 'x']),
    );
    expect(query.sql).toBe('select $1::int as a, $2 as b, $3::int + 1 as c');
    expect(query.params).toEqual([7, 'x', 7]);
  });
});
