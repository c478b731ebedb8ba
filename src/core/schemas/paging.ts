import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../order-status';
import { calendarDateInput, FIRST_DATE, LAST_DATE } from './common';
import { WHOLE_LIST_LIMIT } from '../paging';

// The wire convention itself has no zod in it, so the web app's first load can read pages.
export { LINK_HEADER, nextLink, TOTAL_COUNT_HEADER, type Page } from '../paging';

/** Cursors are short base64url text; anything longer is not one of ours. */
export const CURSOR_MAX_LENGTH = 200;

/** `?limit=`: digits only, from 1 to `max`; undefined when absent. */
export function optionalPageLimit(max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, message)
    .optional();
}

/** `?limit=`: digits only, from 1 to `max`, `fallback` when absent. */
export function pageLimit(fallback: number, max: number) {
  return optionalPageLimit(max).transform((value) => value ?? fallback);
}

export const pageCursor = z
  .string()
  .min(1, 'cursor is empty: take the next page from the Link header')
  .max(CURSOR_MAX_LENGTH, 'cursor cannot be read: take the next page from the Link header')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor cannot be read: take the next page from the Link header')
  .optional();

/**
 * The cursor of a list sorted by its own key (a name, a day): it carries that key, so it may be
 * longer than a created-at cursor.
 */
export const KEY_CURSOR_MAX_LENGTH = 1000;
export const keyCursor = z
  .string()
  .min(1, 'cursor is empty: take the next page from the Link header')
  .max(KEY_CURSOR_MAX_LENGTH, 'cursor cannot be read: take the next page from the Link header')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor cannot be read: take the next page from the Link header')
  .optional();

/** `?limit=` and `?cursor=` of a list sorted by its own key, nothing else. */
export function keyedListQuery(fallback: number, max: number) {
  return z.object({ limit: pageLimit(fallback, max), cursor: keyCursor });
}

export { WHOLE_LIST_LIMIT };
export const wholeListQuery = keyedListQuery(WHOLE_LIST_LIMIT, WHOLE_LIST_LIMIT);
export type WholeListQuery = z.infer<typeof wholeListQuery>;

/** Open invoices in receivables and bills: 100 by default, at most 500 a page. */
export const INVOICE_LIST_DEFAULT_LIMIT = 100;
export const INVOICE_LIST_MAX_LIMIT = 500;

export const ORDER_LIST_DEFAULT_LIMIT = 25;
export const ORDER_LIST_MAX_LIMIT = 100;
export const ORDER_SEARCH_MAX_LENGTH = 100;

const LIST_DATE_MESSAGE = `deliveryDate must be a date from ${FIRST_DATE} to ${LAST_DATE}, or none`;
const STATUS_MESSAGE = `status must be one or more of ${ORDER_STATUSES.join(', ')}, separated by commas`;

/**
 * GET /api/orders/farm and /api/orders/restaurant: one page of the caller's orders.
 * `status` takes one status or several separated by commas; `deliveryDate` one day, or `none`
 * for orders without one; `q` an order number ("314" or "#314") or part of the other side's
 * name (the restaurant's for a farm, the farm's for a restaurant).
 */
export const orderListQuery = z.object({
  limit: pageLimit(ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT),
  cursor: pageCursor,
  status: z
    .string({ error: STATUS_MESSAGE })
    .transform((value, ctx) => {
      const parts = [...new Set(value.split(',').map((part) => part.trim()))];
      if (parts.length === 0 || parts.some((part) => !ORDER_STATUSES.includes(part as never))) {
        ctx.addIssue({ code: 'custom', message: STATUS_MESSAGE });
        return z.NEVER;
      }
      return parts as OrderStatus[];
    })
    .optional(),
  deliveryDate: z
    .union([z.literal('none'), calendarDateInput(LIST_DATE_MESSAGE)], {
      error: LIST_DATE_MESSAGE,
    })
    .optional(),
  q: z
    .string()
    .trim()
    .max(ORDER_SEARCH_MAX_LENGTH, `q has at most ${ORDER_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export type OrderListQueryInput = z.input<typeof orderListQuery>;
