/**
 * The paging convention of every list endpoint (docs/api.md#paging): `?limit=` and `?cursor=`,
 * the body stays the array of the page's items, the next page travels in
 * `Link: <…>; rel="next"` and the total in `X-Total-Count`.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

/** One page as the client reads it: the body's items plus what the headers said. */
export interface Page<T> {
  items: T[];
  total: number;
  /** The path of the next page (from the Link header), or null on the last page. */
  next: string | null;
}

/** The `rel="next"` target of a Link header, or null. */
export function nextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Lists the web app and older clients read whole (a farm's products, its delivery days, the
 * farms): without `?limit=` a generous page, never more than this; the `Link` header says when
 * there is more. Here, not beside the paging schemas, so a screen knows it without zod.
 */
export const WHOLE_LIST_LIMIT = 500;
