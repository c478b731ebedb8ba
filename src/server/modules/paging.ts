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

/** Rows strictly after the cursor in newest-first (created_at, id) order. */
export function afterCursor(
  createdAtColumn: AnyColumn | SQL,
  idColumn: AnyColumn | SQL,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  return sql`(${createdAtColumn}, ${idColumn}) < ((${position.createdAt}::timestamp at time zone 'UTC'), ${position.id}::int)`;
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
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('cursor', page.nextCursor);
    reply.header(LINK_HEADER, `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
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
