import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { BusinessKind } from '#core/actor';
import type { BusinessRole } from '#core/permissions';
import {
  PERSON_BUSINESSES_SHOWN,
  type AdminPeopleQuery,
  type AdminPersonEntry,
} from '#core/schemas/admin';
import type { DbOrTx } from '../../db/database';
import { foldedLikePattern, foldedSql, personSortName } from '../../db/fold';
import { memberships, users } from '../../db/schema';
import { afterKey, splitKeyedPage, type KeyPart, type ListPage } from '../paging';

/*
 * The administrator's list of people (docs/admission.md#people): every account by name, one
 * query a page plus the count, so it stays quick with tens of thousands of accounts.
 */

/** The list's sort key, which users_admin_name_idx holds. */
const sortName = personSortName(users.firstName, users.lastName, users.email);

/**
 * What the search reads: name and email, folded, on two lines. A search text is one line, so
 * it never matches across the two; one expression, so one trigram index can serve it.
 */
const searchText = foldedSql(
  sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || chr(10) || ${users.email}`,
);

/**
 * users.id written in full: drizzle leaves a single table's columns unqualified, and inside a
 * subquery on memberships a bare "id" would be the membership's.
 */
const userId = sql`${users}.${sql.identifier(users.id.name)}`;

/** "Kai Akana", or null when the account has no name. */
const personName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

interface PersonBusinesses {
  list: AdminPersonEntry['businesses'];
  total: number;
}

/** Their memberships by business name, the first few and how many in all. */
const businessesOfPerson = sql<PersonBusinesses>`(
  select json_build_object(
    'list', coalesce(json_agg(json_build_object(
        'kind', b.kind, 'id', b.id, 'name', b.name, 'role', b.role) order by b.sort, b.kind, b.id)
      filter (where b.place <= ${sql.raw(String(PERSON_BUSINESSES_SHOWN))}), '[]'::json),
    'total', count(*))
  from (
    select m.business_kind as kind, coalesce(m.farm_id, m.restaurant_id) as id,
      coalesce(f.name, r.name) as name, m.business_role as role,
      ${foldedSql(sql`coalesce(f.name, r.name)`)} as sort,
      row_number() over (
        order by ${foldedSql(sql`coalesce(f.name, r.name)`)}, m.business_kind, coalesce(m.farm_id, m.restaurant_id)
      ) as place
    from memberships m
    left join farms f on f.id = m.farm_id
    left join restaurants r on r.id = m.restaurant_id
    where m.user_id = ${userId}
  ) b)`;

const lastActiveOfPerson = sql<Date | null>`(
  select max(m.last_active_at) from memberships m where m.user_id = ${userId})`.mapWith(
  memberships.lastActiveAt,
);

/** People page by (folded name or email, id), the order they are listed in. */
const NAME_KEY: readonly KeyPart[] = ['text', 'int'];

function hasMembership(kind: BusinessKind | null): SQL {
  return sql`exists (select 1 from memberships m where m.user_id = ${userId}${
    kind ? sql` and m.business_kind = ${kind}` : sql``
  })`;
}

function businessCondition(filter: AdminPeopleQuery['business']): SQL | undefined {
  switch (filter) {
    case undefined:
      return undefined;
    case 'admin':
      return eq(users.role, 'admin');
    case 'none':
      return sql`not ${hasMembership(null)}`;
    case 'farm':
    case 'restaurant':
      return hasMembership(filter);
  }
}

/** GET /api/admin/people: one page of the accounts by name, searched and filtered. */
export async function listPeople(
  db: DbOrTx,
  query: AdminPeopleQuery,
): Promise<ListPage<AdminPersonEntry>> {
  const where = and(
    query.closed ? undefined : isNull(users.closedAt),
    businessCondition(query.business),
    query.q ? sql`${searchText} like ${foldedLikePattern(query.q)}` : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      name: personName,
      email: users.email,
      emailVerified: isNotNull(users.emailVerifiedAt),
      createdAt: users.createdAt,
      closedAt: users.closedAt,
      role: users.role,
      businesses: businessesOfPerson,
      lastActiveAt: lastActiveOfPerson,
      sortName,
    })
    .from(users)
    .where(and(where, afterKey([sortName, users.id], NAME_KEY, query.cursor)))
    .orderBy(sortName, asc(users.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ total: count() }).from(users).where(where);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: Boolean(row.emailVerified),
      createdAt: row.createdAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      isAdmin: row.role === 'admin',
      businesses: row.businesses.list.map((business) => ({
        kind: business.kind,
        id: Number(business.id),
        name: business.name,
        role: business.role as BusinessRole,
      })),
      moreBusinesses: Math.max(0, Number(row.businesses.total) - row.businesses.list.length),
      lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    })),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}
