import { z } from 'zod';
import { ISLANDS } from '../delivery-zones';
import { moneyOutput, plainString, positiveId } from './common';
import { keyedListQuery, pageCursor, pageLimit } from './paging';
import { photoOutput } from './photo';
import { productOutput } from './product';

/*
 * The weekly fresh sheet, follows and the farm page (docs/fresh-sheet.md).
 */

export const FRESH_SHEET_NOTE_MAX = 1000;
/** The most items a sheet features. */
export const MAX_FEATURED = 6;
export const ALREADY_SENT_TODAY = 'already_sent_today';
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const note = plainString('multi').max(
  FRESH_SHEET_NOTE_MAX,
  `At most ${FRESH_SHEET_NOTE_MAX} characters`,
);
const featuredProductIds = z
  .array(positiveId, { error: 'Send the ids of the products to feature' })
  .max(MAX_FEATURED, `Feature at most ${MAX_FEATURED} items`)
  .refine((ids) => new Set(ids).size === ids.length, 'Feature each item once');

/** POST /api/fresh-sheet/send */
export const freshSheetSendBody = z.object({
  note: note.optional(),
  featuredProductIds: featuredProductIds.optional(),
});
export type FreshSheetSendBody = z.output<typeof freshSheetSendBody>;

/** PUT /api/fresh-sheet/schedule: weekday 0 (Sunday) to 6 and hour 0 to 23, Hawaii time. */
export const freshSheetScheduleBody = z.object({
  weekday: z
    .number({ error: 'Choose a day of the week' })
    .int('Choose a day of the week')
    .min(0, 'Choose a day of the week')
    .max(6, 'Choose a day of the week'),
  hour: z
    .number({ error: 'Choose an hour from 0 to 23' })
    .int('Choose an hour from 0 to 23')
    .min(0, 'Choose an hour from 0 to 23')
    .max(23, 'Choose an hour from 0 to 23'),
  note,
  featuredProductIds,
});
export type FreshSheetScheduleBody = z.output<typeof freshSheetScheduleBody>;
export type FreshSheetScheduleValues = z.input<typeof freshSheetScheduleBody>;

export const freshSheetScheduleOutput = freshSheetScheduleBody.extend({
  /** When the next one goes out (an ISO instant). */
  nextSendAt: z.string(),
});
export type FreshSheetSchedule = z.infer<typeof freshSheetScheduleOutput>;

/** One item of a fresh sheet, at the reader's price (the farm's preview: its list price). */
export const freshSheetItem = z.object({
  productId: z.number(),
  name: z.string(),
  unit: z.string(),
  price: moneyOutput,
  /** What `price` is per: the weight unit of a product priced by weight, else `unit`. */
  priceUnit: z.string().optional(),
  /** Its packs other than the unit, at the reader's prices (docs/packs.md). Always sent. */
  packs: z.array(z.object({ label: z.string(), size: z.number(), price: moneyOutput })).optional(),
  availableQuantity: z.number(),
  imageUrl: z.string().nullable(),
  featured: z.boolean(),
});
export type FreshSheetItem = z.infer<typeof freshSheetItem>;

/** GET /api/fresh-sheet/preview: the sheet as it would go out now. */
export const freshSheetPreviewOutput = z.object({
  farm: z.object({ id: z.number(), name: z.string() }),
  items: z.array(freshSheetItem),
  /** How many restaurants it would go to: followers and customers not unsubscribed. */
  recipientCount: z.number().int(),
  /** Whether one went out today (Hawaii): a second send is 409 `already_sent_today`. */
  sentToday: z.boolean(),
  schedule: freshSheetScheduleOutput.nullable(),
});
export type FreshSheetPreview = z.infer<typeof freshSheetPreviewOutput>;

/** One sheet that went out. */
export const freshSheetSendOutput = z.object({
  id: z.number(),
  /** The Hawaii day it went out. */
  sentOn: z.string(),
  sentAt: z.string(),
  trigger: z.enum(['now', 'schedule']),
  note: z.string(),
  itemCount: z.number().int(),
  featuredCount: z.number().int(),
  recipientCount: z.number().int(),
  /** Of those, how many emails have gone out so far. */
  deliveredCount: z.number().int(),
});
export type FreshSheetSend = z.infer<typeof freshSheetSendOutput>;
export const freshSheetSendListOutput = z.array(freshSheetSendOutput);

export const freshSheetSendsQuery = z.object({
  limit: pageLimit(20, 100),
  cursor: pageCursor,
});

/** POST and GET /api/fresh-sheet/unsubscribe?token=… */
export const unsubscribeQuery = z.object({
  token: z.string().min(1, 'The link is incomplete').max(200, 'The link is not one of ours'),
});

/** POST/DELETE /api/farms/{id}/follow */
export const followOutput = z.object({ farmId: z.number(), following: z.boolean() });
export type FollowState = z.infer<typeof followOutput>;

/** GET /api/farms/{id}: the farm's page for a signed-in restaurant. */
export const farmPageOutput = z.object({
  id: z.number(),
  name: z.string(),
  /** The farm's story: its profile description. */
  description: z.string().nullable(),
  location: z.string(),
  island: z.enum(ISLANDS as unknown as [string, ...string[]]).nullable(),
  coverPhoto: photoOutput.omit({ id: true }).nullable(),
  deliveryFee: moneyOutput,
  orderMinimum: moneyOutput,
  /** The reader's delivery zone (its name), or null when it has none. */
  zone: z.string().nullable(),
  /** Its delivery days open for orders to the reader's zone, soonest first (at most 8). */
  deliveryDays: z.array(
    z.object({ deliveryDate: z.string(), deliveryArea: z.string(), orderBy: z.string() }),
  ),
  /** The farm's cutoff rule, e.g. "6 PM the day before". */
  cutoffRule: z.string(),
  /** Why nothing is open for the reader's zone, in the words the screens show; else null. */
  deliveryReason: z.string().nullable(),
  following: z.boolean(),
  /** Whether the reader may follow or unfollow (owners and buyers). */
  canFollow: z.boolean(),
  /**
   * Whether the farm's fresh sheet comes to the reader's restaurant: it follows the farm or
   * buys from it, and has neither unfollowed nor unsubscribed since ("off" for anyone else).
   */
  freshSheet: z.enum(['on', 'off']),
});
export type FarmPage = z.infer<typeof farmPageOutput>;

/** GET /api/farms/{id}/products: its products on offer at the reader's prices, by name. */
export const farmProductsQuery = keyedListQuery(24, 100);
export const farmPageProductListOutput = z.array(productOutput);

/** PUT /api/profile/farm/page: the island the farm page names (null: from the ZIP code). */
export const farmPageSettingsBody = z.object({
  island: z
    .enum(ISLANDS as unknown as [string, ...string[]], { error: 'Choose an island from the list' })
    .nullable(),
});
export const farmPageSettingsOutput = z.object({
  island: z.string().nullable(),
  /** The island the page shows: the chosen one, else the ZIP code's. */
  shownIsland: z.string().nullable(),
  coverPhoto: photoOutput.omit({ id: true }).nullable(),
});
export type FarmPageSettings = z.infer<typeof farmPageSettingsOutput>;
