import { z } from 'zod';
import { TRACEABILITY_CATEGORIES } from '../traceability';
import { calendarDateInput, positiveId, requiredText } from './common';
import { lineQuantity, quantityInput } from './order-line';
import { keyCursor, pageCursor, pageLimit } from './paging';

// Traceability (docs/traceability.md): lots, the lots of an order line, shipping and receiving
// records, recalls.

export const LOT_CODE_MAX_LENGTH = 40;
/** The most a lot may hold: as a product's stock. */
export const MAX_LOT_QUANTITY = 1_000_000;
const LOT_QUANTITY_MESSAGE = 'Enter a quantity more than 0';

const lotQuantity = quantityInput({
  zero: false,
  max: MAX_LOT_QUANTITY,
  message: { number: LOT_QUANTITY_MESSAGE, range: LOT_QUANTITY_MESSAGE },
});

const lotFields = {
  /** The farm's own traceability lot code: letters, digits and - _ . / only. */
  code: requiredText(LOT_CODE_MAX_LENGTH).regex(
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
    'Use letters, digits and - _ . / (no spaces)',
  ),
  productId: positiveId,
  /** The day it was harvested or packed. */
  harvestDate: calendarDateInput(),
  /** The field or place it came from. */
  location: requiredText(200),
  quantity: lotQuantity,
};

/** POST /api/lots. */
export const lotCreateBody = z.object(lotFields);
export type LotCreateBody = z.infer<typeof lotCreateBody>;
export type LotCreateInput = z.input<typeof lotCreateBody>;

/**
 * PATCH /api/lots/{id}: code, date, place or quantity; the product never changes. A new
 * quantity moves what is left by the same amount, and may not fall below what lines took.
 */
export const lotUpdateBody = z
  .object({
    code: lotFields.code,
    harvestDate: lotFields.harvestDate,
    location: lotFields.location,
    quantity: lotFields.quantity,
  })
  .partial();
export type LotUpdateBody = z.infer<typeof lotUpdateBody>;

export const LOT_LIST_DEFAULT_LIMIT = 25;
export const LOT_LIST_MAX_LIMIT = 100;

/**
 * GET /api/lots: the farm's lots, newest first; `productId` keeps to one product, `open=true`
 * to those with something left (oldest harvest first then, for the packer's suggestion).
 */
export const lotListQuery = z.object({
  limit: pageLimit(LOT_LIST_DEFAULT_LIMIT, LOT_LIST_MAX_LIMIT),
  cursor: keyCursor,
  productId: positiveId.optional(),
  open: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type LotListQuery = z.infer<typeof lotListQuery>;

export const lotOutput = z.object({
  id: z.number(),
  code: z.string(),
  productId: z.number(),
  product: z.object({
    name: z.string(),
    unit: z.string(),
    traceabilityCategory: z.enum(TRACEABILITY_CATEGORIES).nullable(),
  }),
  harvestDate: z.string(),
  location: z.string(),
  quantity: z.number(),
  remaining: z.number(),
  createdAt: z.string(),
  /** When the lot was last recalled, or null. */
  recalledAt: z.string().nullable(),
});
export type Lot = z.infer<typeof lotOutput>;
export const lotListOutput = z.array(lotOutput);

export const recallNoticeOutput = z.object({
  restaurant: z.object({ id: z.number(), name: z.string() }),
  sentAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** Who acknowledged it ("Leilani K."), or null. */
  acknowledgedByName: z.string().nullable(),
});
export type RecallNotice = z.infer<typeof recallNoticeOutput>;

/**
 * A recall: the farm sees every restaurant's notice, a restaurant only its own (one entry in
 * `notices`).
 */
export const recallOutput = z.object({
  id: z.number(),
  lotId: z.number(),
  lotCode: z.string(),
  productName: z.string(),
  farm: z.object({ id: z.number(), name: z.string() }),
  message: z.string(),
  createdAt: z.string(),
  notices: z.array(recallNoticeOutput),
});
export type Recall = z.infer<typeof recallOutput>;
/** One shipment of the lot to a restaurant, from the shipping records. */
export const lotRecipientOutput = z.object({
  orderId: z.number(),
  restaurant: z.object({ id: z.number(), name: z.string(), location: z.string() }),
  quantity: z.number(),
  unit: z.string(),
  shipDate: z.string(),
});
export type LotRecipient = z.infer<typeof lotRecipientOutput>;

/** A line the lot is assigned to that has not shipped yet. */
export const lotOpenLineOutput = z.object({
  orderId: z.number(),
  itemId: z.number(),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  status: z.string(),
  quantity: z.number(),
  deliveryDate: z.string().nullable(),
});

/** GET /api/lots/{id}: the lot, who received it, lines not yet shipped, and its recalls. */
export const lotDetailOutput = lotOutput.extend({
  recipients: z.array(lotRecipientOutput),
  openLines: z.array(lotOpenLineOutput),
  recalls: z.array(recallOutput),
});
export type LotDetail = z.infer<typeof lotDetailOutput>;

/** One lot of a line and how much of the line it gives. */
export const lineLotInput = z.object({
  lotId: positiveId,
  quantity: lineQuantity('positive'),
});

export const MAX_LOTS_PER_LINE = 20;

/**
 * PUT /api/orders/{id}/items/{itemId}/lots: the line's lots, replacing what it had; their
 * quantities add up to the line. An empty list clears them.
 */
export const lineLotsBody = z.object({
  lots: z
    .array(lineLotInput, { error: 'Send the list of lots' })
    .max(MAX_LOTS_PER_LINE, `At most ${MAX_LOTS_PER_LINE} lots on a line`)
    .superRefine((lots, ctx) => {
      const seen = new Set<number>();
      lots.forEach((lot, index) => {
        if (seen.has(lot.lotId)) {
          ctx.addIssue({ code: 'custom', path: [index, 'lotId'], message: 'Listed twice' });
        }
        seen.add(lot.lotId);
      });
    }),
});
export type LineLotsBody = z.infer<typeof lineLotsBody>;

export const lineItemParams = z.object({ id: positiveId, itemId: positiveId });

export const RECORD_FORMATS = ['csv', 'xlsx'] as const;
const RANGE_MESSAGE = 'from must be on or before to';

/**
 * GET /api/traceability/records: the farm's shipping records or the restaurant's receiving
 * records, of a date range (ship dates, Hawaii) or one lot code; a restaurant names the farm
 * with `farmId` when it asks for a lot, since lot codes are unique per farm.
 */
export const recordsQuery = z
  .object({
    from: calendarDateInput().optional(),
    to: calendarDateInput().optional(),
    lot: requiredText(LOT_CODE_MAX_LENGTH).optional(),
    farmId: positiveId.optional(),
    format: z.enum(RECORD_FORMATS, { error: 'Use csv or xlsx' }).default('csv'),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: RANGE_MESSAGE });
    }
  });
export type RecordsQuery = z.infer<typeof recordsQuery>;

/** POST /api/lots/{id}/recall. */
export const recallBody = z.object({
  message: requiredText(2000, 'multi'),
});
export type RecallBody = z.infer<typeof recallBody>;

/** The 409 code of recalling a lot again: a lot is recalled once, then updated. */
export const ALREADY_RECALLED_CODE = 'already_recalled';

/** Follow-up notices a recall may send in one Hawaii day. */
export const MAX_RECALL_UPDATES_PER_DAY = 3;

/** POST /api/recalls/{id}/updates: a follow-up notice to the recall's restaurants. */
export const recallUpdateBody = z.object({
  message: requiredText(2000, 'multi'),
});
export type RecallUpdateBody = z.infer<typeof recallUpdateBody>;

export const recallUpdateOutput = z.object({
  id: z.number(),
  recallId: z.number(),
  message: z.string(),
  createdAt: z.string(),
});
export type RecallUpdate = z.infer<typeof recallUpdateOutput>;

export const RECALL_LIST_DEFAULT_LIMIT = 25;
export const RECALL_LIST_MAX_LIMIT = 100;

/** GET /api/recalls: newest first; `open=true` keeps a restaurant to those not acknowledged. */
export const recallListQuery = z.object({
  limit: pageLimit(RECALL_LIST_DEFAULT_LIMIT, RECALL_LIST_MAX_LIMIT),
  cursor: pageCursor,
  open: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type RecallListQuery = z.infer<typeof recallListQuery>;

export const recallListOutput = z.array(recallOutput);
