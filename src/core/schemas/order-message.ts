import { z } from 'zod';
import { keyCursor, pageLimit } from './paging';

// An order's thread (docs/order-thread.md): the two businesses' messages, with what happened to
// the order inline.

export const ORDER_MESSAGE_MAX_LENGTH = 2000;
export const ORDER_MESSAGE_MAX_PHOTOS = 3;
export const ORDER_THREAD_DEFAULT_LIMIT = 30;
export const ORDER_THREAD_MAX_LIMIT = 100;

/** The text field of POST /api/orders/{id}/messages (multipart): required unless photos come. */
export const orderMessageText = z
  .string()
  .trim()
  .max(ORDER_MESSAGE_MAX_LENGTH, `At most ${ORDER_MESSAGE_MAX_LENGTH} characters`);

export const THREAD_EVENT_KINDS = [
  'placed',
  'confirmed',
  'packed',
  'in_transit',
  'delivered',
  'cancelled',
  'adjusted',
  'weighed',
  'shorted',
  'substitution_proposed',
  'substitution_accepted',
  'substitution_declined',
  'substitution_expired',
  'claim_opened',
] as const;
export type ThreadEventKind = (typeof THREAD_EVENT_KINDS)[number];

const messageEntry = z.object({
  type: z.literal('message'),
  /** "m12": entries of both types share one list. */
  id: z.string(),
  messageId: z.number(),
  author: z.object({ name: z.string(), side: z.enum(['farm', 'restaurant']) }),
  /** Written by the reader. */
  mine: z.boolean(),
  text: z.string(),
  photos: z.array(
    z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() }),
  ),
  createdAt: z.string(),
});

const eventEntry = z.object({
  type: z.literal('event'),
  /** "e:confirmed:31": stable across reads. */
  id: z.string(),
  event: z.enum(THREAD_EVENT_KINDS),
  /** What happened, in words ("Confirmed by Keoni P."); no money for a reader who sees none. */
  text: z.string(),
  by: z.string().nullable(),
  /** The delivery's proof photo, on `delivered` when one was taken. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const threadEntryOutput = z.discriminatedUnion('type', [messageEntry, eventEntry]);
export type ThreadEntry = z.infer<typeof threadEntryOutput>;
/** GET /api/orders/{id}/messages: newest first, paged by `limit` and `cursor` (Link, X-Total-Count). */
export const threadOutput = z.array(threadEntryOutput);

/** GET /api/orders/{id}/messages: `limit` (30, at most 100) and the `cursor` of the Link header. */
export const orderThreadQuery = z.object({
  limit: pageLimit(ORDER_THREAD_DEFAULT_LIMIT, ORDER_THREAD_MAX_LIMIT),
  cursor: keyCursor,
});
export type OrderThreadQuery = z.infer<typeof orderThreadQuery>;

/** POST /api/orders/{id}/messages as JSON (no photos): the text alone. */
export const orderMessageJsonBody = z.object({ text: orderMessageText.optional() });

export const orderMessagePhotoParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
});
