import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '#core/schemas/paging';
import { badRequest } from '../errors';

/**
 * The one paging helper of the server (docs/api.md#paging). Lists are newest first by
 * (created_at, id); a cursor is the position of the last item of a page, so the next page is
 * what comes strictly after it, and rows added meanwhile never shift a page or repeat one.
 */

export interface Keyset {
  /** created_at as UTC text with microseconds: JavaScript's Date would drop them. */
  createdAt: string;
  id: number;
}

const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UNREADABLE = 'cursor cannot be read: take the next page from the Link header';

/** The SELECT expression that yields a row's created_at in the cursor's form. */
export function cursorTimestamp(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
}

export function encodeCursor(position: Keyset): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

/** 400 naming `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string): Keyset {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [createdAt, idText, ...rest] = text.split('|');
  const id = Number(idText);
  if (
    rest.length > 0 ||
    !createdAt ||
    !CURSOR_TIMESTAMP.test(createdAt) ||
    Number.isNaN(Date.parse(`${createdAt.slice(0, 23)}Z`)) ||
    !/^\d{1,10}$/.test(idText ?? '') ||
    id < 1 ||
    id > 2_147_483_647
  ) {
    throw badRequest(UNREADABLE, { cursor: UNREADABLE });
  }
  return { createdAt, id };
}

/**
 * Rows strictly past `position` in (created_at, id) order: older ones as the lists page, newest
 * first, or newer ones for work that goes oldest first.
 */
export function pastPosition(
  createdAtColumn: AnyColumn | SQL,
  idColumn: AnyColumn | SQL,
  position: Keyset,
  toward: 'older' | 'newer',
): SQL {
  const comparison = sql.raw(toward === 'older' ? '<' : '>');
  return sql`(${createdAtColumn}, ${idColumn}) ${comparison} ((${position.createdAt}::timestamp at time zone 'UTC'), ${position.id}::int)`;
}

/** Rows strictly after the cursor in newest-first (created_at, id) order. */
export function afterCursor(
  createdAtColumn: AnyColumn | SQL,
  idColumn: AnyColumn | SQL,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return pastPosition(createdAtColumn, idColumn, decodeCursor(cursor), 'older');
}

/**
 * Sets `X-Total-Count` and, when there is a next page, `Link` with the request's own path and
 * parameters and the next cursor. The body stays the array of the page's items.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; total: number; nextCursor: string | null },
): T[] {
  setPageHeaders(request, reply, page);
  return page.items;
}

/** sendPage's headers alone, for a page whose body is sent already made (the catalogue's). */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
): void {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('cursor', page.nextCursor);
    reply.header(LINK_HEADER, `<${url.pathname}${url.search}>; rel="next"`);
  }
}

/**
 * Given limit + 1 rows read in list order, the page's rows and the cursor of the next page
 * (null when the extra row was not there).
 */
export function splitPage<T extends { cursorCreatedAt: string; id: number }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1)!;
  return {
    rows: pageRows,
    nextCursor: encodeCursor({ createdAt: last.cursorCreatedAt, id: last.id }),
  };
}

/*
 * Lists sorted by something other than when they were made (products by name, delivery days by
 * date, invoices by whom and when they are due) page by a keyset of their own sort key: the
 * cursor holds the last item's key, and the next page is what sorts strictly after it.
 */

/** One part of a sort key: text, a whole number, or a calendar day (YYYY-MM-DD). */
export type KeyPart = 'text' | 'int' | 'date';
export type KeyValue = string | number;

/** One page of a list as a service answers it; sendPage puts it on the wire. */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

const KEY_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function encodeKeyCursor(key: KeyValue[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor holds, checked against the list's key shape; 400 naming `cursor` else. */
export function decodeKeyCursor(cursor: string, parts: readonly KeyPart[]): KeyValue[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const fits =
    Array.isArray(key) &&
    key.length === parts.length &&
    key.every((value: unknown, index) => {
      const part = parts[index];
      if (part === 'int') {
        return (
          Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647
        );
      }
      if (part === 'date') return typeof value === 'string' && KEY_DATE.test(value);
      return typeof value === 'string';
    });
  if (!fits) throw badRequest(UNREADABLE, { cursor: UNREADABLE });
  return key as KeyValue[];
}

/** Rows whose sort key (ascending, every column NOT NULL) comes strictly after the cursor's. */
export function afterKey(
  columns: readonly (AnyColumn | SQL)[],
  parts: readonly KeyPart[],
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const key = decodeKeyCursor(cursor, parts);
  const values = key.map((value, index) => {
    const part = parts[index];
    if (part === 'int') return sql`${value}::int`;
    if (part === 'date') return sql`${value}::date`;
    return sql`${value}::text`;
  });
  return sql`(${sql.join([...columns], sql`, `)}) > (${sql.join(values, sql`, `)})`;
}

/** Given limit + 1 rows in key order, the page's rows and the next page's cursor (or null). */
export function splitKeyedPage<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => KeyValue[],
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  return { rows: pageRows, nextCursor: encodeKeyCursor(keyOf(pageRows.at(-1)!)) };
}

/** Orders two keys of one shape as the database's ascending row comparison would (in memory). */
export function compareKeys(a: KeyValue[], b: KeyValue[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const left = a[index]!;
    const right = b[index]!;
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    return String(left) < String(right) ? -1 : 1;
  }
  return 0;
}

/**
 * One page of a list already sorted by `keyOf` in memory: what comes strictly after the cursor,
 * at most `limit`, with the next page's cursor.
 */
export function pageInMemory<T>(
  sorted: T[],
  query: { limit: number; cursor?: string | undefined },
  parts: readonly KeyPart[],
  keyOf: (row: T) => KeyValue[],
): { rows: T[]; nextCursor: string | null } {
  const after = query.cursor ? decodeKeyCursor(query.cursor, parts) : null;
  const rest = after ? sorted.filter((row) => compareKeys(keyOf(row), after) > 0) : sorted;
  return splitKeyedPage(rest.slice(0, query.limit + 1), query.limit, keyOf);
}

/**
 * For answers that are an object rather than an array (receivables, bills): the same
 * `X-Total-Count` and `Link` headers as sendPage, the body as it is.
 */
export function sendPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
): void {
  sendPage(request, reply, { items: [], ...page });
}
