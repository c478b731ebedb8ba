import { z } from 'zod';
import type { PriceListKind } from '../pricing';
import { groupThousands, hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE } from '../quantity';
import { moneyOutput, positiveId, priceInput, REQUIRED, requiredText } from './common';
import { MAX_LINE_QUANTITY } from './order-line';
import { keyedListQuery } from './paging';

export const PRICE_LIST_KINDS = ['percent', 'prices'] as const satisfies PriceListKind[];

/** The most products a list prices, and the most breaks it holds: far above any farm's range. */
export const MAX_PRICE_LIST_PRICES = 2000;
export const MAX_PRICE_LIST_BREAKS = 2000;
/** The most restaurants one assignment names. */
export const MAX_PRICE_LIST_RESTAURANTS = 1000;

const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100 with up to 2 decimals, like 12.50';
const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A percentage off, 0 to 100 with up to two decimals, as a string ("12.5") or a number; out as
 * a 2-decimal string ("12.50"), the way it is stored and sent.
 */
export const percentOffInput = z
  .union([z.string().trim(), z.number()], { error: PERCENT_MESSAGE })
  .transform((value, ctx) => {
    const match = PERCENT_PATTERN.exec(String(value));
    const hundredths = match
      ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
      : NaN;
    if (!(hundredths >= 0 && hundredths <= 10_000)) {
      ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE });
      return z.NEVER;
    }
    return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  });

const price = z
  .string({ error: (issue) => (issue.input == null ? REQUIRED : 'Enter an amount like 12.50') })
  .pipe(priceInput);

const BREAK_MESSAGE = `A break starts at 1 or more, at most ${groupThousands(MAX_LINE_QUANTITY)}`;

/** A break's quantity: 1 or more (a weighed unit may take two decimals, the server checks). */
export const breakQuantityInput = z
  .number({ error: 'Enter a quantity like 10' })
  .min(1, BREAK_MESSAGE)
  .max(MAX_LINE_QUANTITY, BREAK_MESSAGE)
  .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);

/**
 * The pack an entry prices (docs/packs.md); absent or null: the product's unit, as before packs.
 * The unit pack's id means the same.
 */
const packIdInput = positiveId.nullish();

const listPrice = z.object({ productId: positiveId, packId: packIdInput, price });
const listBreak = z.object({
  productId: positiveId,
  packId: packIdInput,
  minQuantity: breakQuantityInput,
  price,
});

/** An entry without a pack prices (or breaks) the product's unit. */
export function isUnitEntry(entry: { packId?: number | null }): boolean {
  return entry.packId === undefined || entry.packId === null;
}

/** What makes two entries of a list the same: the product and the pack (none: its unit). */
export function priceListEntryKey(entry: { productId: number; packId?: number | null }): string {
  return `${entry.productId}:${entry.packId ?? 'unit'}`;
}

/** POST /api/price-lists and PUT /api/price-lists/{id}: the whole list as the farm sets it. */
export const priceListBody = z
  .object({
    name: requiredText(80),
    kind: z.enum(PRICE_LIST_KINDS, { error: 'Choose percent or prices' }),
    percentOff: percentOffInput.nullish(),
    prices: z
      .array(listPrice)
      .max(MAX_PRICE_LIST_PRICES, `At most ${MAX_PRICE_LIST_PRICES} prices`)
      .default([]),
    breaks: z
      .array(listBreak)
      .max(MAX_PRICE_LIST_BREAKS, `At most ${MAX_PRICE_LIST_BREAKS} breaks`)
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && (body.percentOff === null || body.percentOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: REQUIRED });
    }
    if (body.kind === 'percent' && body.prices.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['prices'],
        message: 'A percentage list has no prices of its own',
      });
    }
    if (body.kind === 'prices' && body.percentOff !== null && body.percentOff !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'A list of prices has no percentage',
      });
    }
    const priced = new Set<string>();
    body.prices.forEach((entry, index) => {
      const key = priceListEntryKey(entry);
      if (priced.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prices', index, isUnitEntry(entry) ? 'productId' : 'packId'],
          message: isUnitEntry(entry)
            ? 'This product is priced above'
            : 'This pack is priced above',
        });
      }
      priced.add(key);
    });
    const breaks = new Set<string>();
    body.breaks.forEach((entry, index) => {
      const key = `${priceListEntryKey(entry)}:${entry.minQuantity}`;
      if (breaks.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['breaks', index, 'minQuantity'],
          message: isUnitEntry(entry)
            ? 'This product has a break at this quantity above'
            : 'This pack has a break at this quantity above',
        });
      }
      breaks.add(key);
    });
  })
  .transform(({ percentOff, ...body }) => ({
    ...body,
    percentOff: body.kind === 'percent' ? (percentOff ?? null) : null,
  }));
export type PriceListBody = z.output<typeof priceListBody>;
export type PriceListFormValues = z.input<typeof priceListBody>;

export const priceListOutput = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PRICE_LIST_KINDS),
  /** "12.50" on a percentage list, null on a list of prices. */
  percentOff: z.string().nullable(),
  /** `packId` null: the product's unit (its unit pack); else a pack of it (docs/packs.md). */
  prices: z.array(
    z.object({ productId: z.number(), packId: z.number().nullable(), price: moneyOutput }),
  ),
  /** A break on a pack counts packs. */
  breaks: z.array(
    z.object({
      productId: z.number(),
      packId: z.number().nullable(),
      minQuantity: z.number(),
      price: moneyOutput,
    }),
  ),
  /** The restaurants on this list. */
  restaurants: z.array(z.object({ id: z.number(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof priceListOutput>;

/** GET /api/price-lists: the farm's lists by name. */
export const priceListListOutput = z.array(priceListOutput);
export const priceListListQuery = keyedListQuery(50, 200);
export type PriceListListQuery = z.infer<typeof priceListListQuery>;

/** PUT /api/price-lists/{id}/restaurants: exactly the restaurants on the list from now on. */
export const priceListRestaurantsBody = z.object({
  restaurantIds: z
    .array(positiveId)
    .max(MAX_PRICE_LIST_RESTAURANTS, `At most ${MAX_PRICE_LIST_RESTAURANTS} restaurants`),
});
export type PriceListRestaurantsBody = z.infer<typeof priceListRestaurantsBody>;

/**
 * GET /api/price-lists/restaurants: the restaurants the farm can put on a list (its customers),
 * each with the list it is on.
 */
export const priceListCustomerOutput = z.object({
  id: z.number(),
  name: z.string(),
  priceListId: z.number().nullable(),
});
export const priceListCustomerListOutput = z.array(priceListCustomerOutput);
export type PriceListCustomer = z.infer<typeof priceListCustomerOutput>;
export const priceListCustomerQuery = keyedListQuery(100, 500);
export type PriceListCustomerQuery = z.infer<typeof priceListCustomerQuery>;
