import { z } from 'zod';
import { DEFAULT_SUBSTITUTION, SUBSTITUTIONS } from '../substitutions';
import { calendarDateInput, moneyOutput, requiredText } from './common';

/*
 * The restaurant's order guide (docs/order-guide.md): the products it buys across farms in
 * named sections, each with a par per delivery weekday, and "fill to par" from what is on hand.
 */

/** The weekdays of an item's pars, Monday first, as the wire names them. */
export const GUIDE_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type GuideWeekday = (typeof GUIDE_WEEKDAYS)[number];

export { DEFAULT_SUBSTITUTION, SUBSTITUTIONS, type Substitution } from '../substitutions';

export const GUIDE_SECTION_NAME_MAX_LENGTH = 60;
export const MAX_GUIDE_SECTIONS = 30;
export const MAX_GUIDE_ITEMS = 500;
export const MAX_PAR = 9999;
export const MAX_ON_HAND = 99_999;
/** A count per guide item, and then some for counts of things not in it. */
export const MAX_ON_HAND_COUNTS = 1000;
/** The section a suggested guide puts everything in. */
export const SUGGESTED_SECTION_NAME = 'Usual items';

/** Why a guide item (or a count) gives no line, or not the whole of one. */
export const UNFILLED_REASONS = [
  'not_counted',
  'not_in_guide',
  'unavailable',
  'no_delivery_day',
  'short_stock',
] as const;
export type UnfilledReason = (typeof UNFILLED_REASONS)[number];

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

const par = z
  .number({ error: 'Enter a number' })
  .int('Use a whole number')
  .min(0, 'At least 0')
  .max(MAX_PAR, `At most ${MAX_PAR}`);

/** Pars per weekday, counted in the item's pack; a weekday left out is 0. */
export const parsInput = z
  .object(
    {
      mon: par.default(0),
      tue: par.default(0),
      wed: par.default(0),
      thu: par.default(0),
      fri: par.default(0),
      sat: par.default(0),
      sun: par.default(0),
    },
    { error: 'Give pars as {mon, tue, …, sun}' },
  )
  .strict();
export type Pars = Record<GuideWeekday, number>;
export const NO_PARS: Pars = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };

export const orderGuideItemInput = z.object({
  productId: id('Product'),
  /** The pack the pars count (docs/packs.md); absent: the product's unit pack. */
  packId: id('Pack').optional(),
  pars: parsInput.optional().default(() => ({ ...NO_PARS })),
  substitution: z
    .enum(SUBSTITUTIONS, { error: 'Choose allow, ask or never' })
    .optional()
    .default(DEFAULT_SUBSTITUTION),
});

export const orderGuideSectionInput = z.object({
  name: requiredText(GUIDE_SECTION_NAME_MAX_LENGTH),
  items: z.array(orderGuideItemInput, { error: 'Give the section’s items as a list' }),
});

/** PUT /api/order-guide: the whole guide, which replaces the one saved. */
export const orderGuidePutBody = z.object({
  sections: z
    .array(orderGuideSectionInput, { error: 'Give the sections as a list' })
    .max(MAX_GUIDE_SECTIONS, `At most ${MAX_GUIDE_SECTIONS} sections`)
    .superRefine((sections, ctx) => {
      const names = new Set<string>();
      sections.forEach((section, index) => {
        const key = section.name.toLowerCase();
        if (names.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: 'Another section has this name',
          });
        }
        names.add(key);
      });
      const items = sections.reduce((sum, section) => sum + section.items.length, 0);
      if (items > MAX_GUIDE_ITEMS) {
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_GUIDE_ITEMS} items in a guide` });
      }
      // A pack named twice is a mistake; the unit pack named and left out is found on the server.
      const seen = new Set<string>();
      sections.forEach((section, sectionIndex) =>
        section.items.forEach((item, itemIndex) => {
          const key = `${item.productId}:${item.packId ?? 'unit'}`;
          if (seen.has(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [
                sectionIndex,
                'items',
                itemIndex,
                item.packId === undefined ? 'productId' : 'packId',
              ],
              message: 'Already in the guide',
            });
          }
          seen.add(key);
        }),
      );
    }),
});
export type OrderGuidePutBody = z.output<typeof orderGuidePutBody>;
export type OrderGuidePutInput = z.input<typeof orderGuidePutBody>;

const packOutput = z.object({ label: z.string(), size: z.number() });
const farmOutput = z.object({ id: z.number(), name: z.string() });

export const orderGuideItemOutput = z.object({
  productId: z.number(),
  packId: z.number(),
  pars: z.object({
    mon: z.number(),
    tue: z.number(),
    wed: z.number(),
    thu: z.number(),
    fri: z.number(),
    sat: z.number(),
    sun: z.number(),
  }),
  substitution: z.enum(SUBSTITUTIONS),
  product: z.object({
    name: z.string(),
    unit: z.string(),
    /** '' when the farm gave none. */
    category: z.string(),
    /** False when the product, its pack or its farm cannot be bought now; the item stays. */
    available: z.boolean(),
    farm: farmOutput,
  }),
  pack: packOutput,
});
export type OrderGuideItem = z.infer<typeof orderGuideItemOutput>;

/** GET and PUT /api/order-guide. */
export const orderGuideOutput = z.object({
  /** False: never saved, and `sections` is the one suggested from past orders. */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
  sections: z.array(z.object({ name: z.string(), items: z.array(orderGuideItemOutput) })),
});
export type OrderGuide = z.infer<typeof orderGuideOutput>;

/** POST /api/order-guide/fill: what is on hand, counted in each item's pack. */
export const orderGuideFillBody = z.object({
  onHand: z
    .array(
      z.object({
        productId: id('Product'),
        /** Absent: the product's unit pack. */
        packId: id('Pack').optional(),
        quantity: z
          .number({ error: 'Enter a number' })
          .int('Use a whole number')
          .min(0, 'At least 0')
          .max(MAX_ON_HAND, `At most ${MAX_ON_HAND}`),
      }),
      { error: 'Give the counts as a list' },
    )
    .max(MAX_ON_HAND_COUNTS, `At most ${MAX_ON_HAND_COUNTS} counts`),
  /** The delivery day to fill for; absent: each farm's next day open for orders. */
  deliveryDate: calendarDateInput().optional(),
});
export type OrderGuideFillBody = z.output<typeof orderGuideFillBody>;
export type OrderGuideFillInput = z.input<typeof orderGuideFillBody>;

export const orderGuideLineOutput = z.object({
  productId: z.number(),
  packId: z.number(),
  farmId: z.number(),
  deliveryDate: z.string(),
  /** Packs to order: the day's par less what is on hand, or what the farm has when short. */
  quantity: z.number(),
  /** The restaurant's price of one pack at that quantity (per weight unit when priced by weight). */
  unitPrice: moneyOutput,
  product: z.object({ name: z.string(), unit: z.string() }),
  pack: packOutput,
  farm: farmOutput,
});
export type OrderGuideLine = z.infer<typeof orderGuideLineOutput>;

export const orderGuideAlternativeOutput = z.object({
  productId: z.number(),
  packId: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  name: z.string(),
  pack: packOutput,
  unitPrice: moneyOutput,
  /** Units in stock (its unit pack's count). */
  availableQuantity: z.number(),
  deliveryDate: z.string(),
});
export type OrderGuideAlternative = z.infer<typeof orderGuideAlternativeOutput>;

export const orderGuideUnfilledOutput = z.object({
  productId: z.number(),
  /** Null only for a count of a product with no unit pack, sent without a pack. */
  packId: z.number().nullable(),
  reason: z.enum(UNFILLED_REASONS),
  /** A short sentence for the chef. */
  message: z.string(),
  /** Only for `short_stock`: the same product from other farms, cheapest first, at most 3. */
  alternatives: z.array(orderGuideAlternativeOutput),
});
export type OrderGuideUnfilled = z.infer<typeof orderGuideUnfilledOutput>;

export const orderGuideFillOutput = z.object({
  lines: z.array(orderGuideLineOutput),
  unfilled: z.array(orderGuideUnfilledOutput),
});
export type OrderGuideFill = z.infer<typeof orderGuideFillOutput>;
