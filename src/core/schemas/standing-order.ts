import { z } from 'zod';
import { calendarDateInput, moneyOutput, optionalText, positiveId, priceInput } from './common';
import { MAX_ORDER_LINES, ORDER_NOTES_MAX_LENGTH } from '../order-limits';
import { lineQuantity } from './order-line';
import { pageCursor, pageLimit } from './paging';

/** Weekdays as the wire names them, Sunday first (index = JavaScript's getUTCDay()). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** A standing order is placed this many days before each delivery day unless the restaurant says. */
export const DEFAULT_DAYS_BEFORE = 3;
export const MAX_DAYS_BEFORE = 14;
export const STANDING_ORDER_LIST_DEFAULT_LIMIT = 25;
export const STANDING_ORDER_LIST_MAX_LIMIT = 100;

export const STANDING_ORDER_CODES = {
  /** The farm has no upcoming delivery day to the restaurant's zone on the chosen weekdays. */
  noDeliveryDay: 'no_delivery_day',
  /** The restaurant has chosen no delivery zone, so no day can be matched. */
  noZone: 'no_zone',
  /** The day's order is already placed (or refused): skipping it is too late. */
  alreadyRun: 'already_run',
} as const;

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

export const standingOrderLineInput = z.object({
  productId: id('Product'),
  /** The pack ordered (docs/packs.md); absent: the product's unit pack. */
  packId: id('Pack').optional(),
  /**
   * Packs: whole for a pack other than the unit, up to two decimals for a weighed unit (checked
   * against the product's pack on the server).
   */
  quantity: lineQuantity('positive'),
});

const linesInput = z
  .array(standingOrderLineInput, { error: 'Add at least one product' })
  .min(1, 'Add at least one product')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} products`)
  .superRefine((lines, ctx) => {
    // One product may come in two packs; a pack named twice is a mistake. The unit pack sent
    // by its id and left out in another line is found on the server.
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = `${line.productId}:${line.packId ?? 'unit'}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, line.packId === undefined ? 'productId' : 'packId'],
          message:
            line.packId === undefined
              ? 'This product is listed twice'
              : 'This pack is listed twice',
        });
      }
      seen.add(key);
    });
  });

/** Weekdays, each once, sorted Sunday first: a standing order's, and a farm's weekly delivery rule. */
export const weekdaysInput = z
  .array(z.enum(WEEKDAYS, { error: 'Choose weekdays from mon to sun' }), {
    error: 'Choose at least one weekday',
  })
  .min(1, 'Choose at least one weekday')
  .max(7, 'Choose each weekday once')
  .refine((days) => new Set(days).size === days.length, 'Choose each weekday once')
  .transform((days) => [...days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)));

const daysBeforeInput = z
  .number({ error: 'Enter a number of days' })
  .int('Enter a whole number of days')
  .min(0, 'At least 0 (the delivery day itself)')
  .max(MAX_DAYS_BEFORE, `At most ${MAX_DAYS_BEFORE} days before`);

/** POST /api/standing-orders. Prices are the server's; the line keeps the price of today. */
export const standingOrderCreateBody = z.object({
  farmId: id('Farm'),
  lines: linesInput,
  weekdays: weekdaysInput,
  daysBefore: daysBeforeInput.optional().default(DEFAULT_DAYS_BEFORE),
  paused: z.boolean({ error: 'Choose true or false' }).optional().default(false),
  notes: optionalText(ORDER_NOTES_MAX_LENGTH, 'multi'),
});
export type StandingOrderCreateBody = z.output<typeof standingOrderCreateBody>;
export type StandingOrderCreateInput = z.input<typeof standingOrderCreateBody>;

/** PATCH /api/standing-orders/{id}: only what changes; the farm stays. */
export const standingOrderPatchBody = z
  .object({
    lines: linesInput.optional(),
    weekdays: weekdaysInput.optional(),
    daysBefore: daysBeforeInput.optional(),
    paused: z.boolean({ error: 'Choose true or false' }).optional(),
    notes: optionalText(ORDER_NOTES_MAX_LENGTH, 'multi').optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type StandingOrderPatchBody = z.output<typeof standingOrderPatchBody>;

/**
 * POST /api/standing-orders/{id}/seen-prices: the restaurant takes today's price for a line
 * ("Order it at $X"). The price is the one it was shown, checked against today's on the server.
 */
export const standingOrderSeenPriceBody = z.object({
  productId: positiveId,
  /** The line's pack; absent: the product's unit pack. */
  packId: positiveId.optional(),
  /** The price of one pack, as shown. */
  unitPrice: priceInput,
});
export type StandingOrderSeenPriceBody = z.output<typeof standingOrderSeenPriceBody>;

/** POST /api/standing-orders/{id}/skips. */
export const standingOrderSkipBody = z.object({ deliveryDate: calendarDateInput() });
export const standingOrderSkipParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  date: calendarDateInput(),
});

export const standingOrderListQuery = z.object({
  limit: pageLimit(STANDING_ORDER_LIST_DEFAULT_LIMIT, STANDING_ORDER_LIST_MAX_LIMIT),
  cursor: pageCursor,
});

export const standingOrderLineOutput = z.object({
  productId: z.number(),
  /** The pack the line orders (docs/packs.md); `quantity` counts these. Always sent. */
  packId: z.number().optional(),
  pack: z.object({ label: z.string(), size: z.number() }).optional(),
  /**
   * The product as it is now: name, unit, today's price of one pack for the line's quantity,
   * whether it is still listed (with the pack still sold).
   */
  product: z.object({
    name: z.string(),
    unit: z.string(),
    unitPrice: moneyOutput,
    available: z.boolean(),
  }),
  quantity: z.number(),
  /** The price of one pack when the line was set: a placement notes when today's differs. */
  seenUnitPrice: moneyOutput,
});

/** One upcoming delivery day of the standing order and when it is placed. */
export const standingOrderDayOutput = z.object({
  deliveryDate: z.string(),
  /** When the order for the day is placed (an ISO instant). */
  placeAt: z.string(),
  /** When the farm's ordering for the day closes (an ISO instant). */
  orderBy: z.string(),
  /** upcoming, skipped, placed or not_placed. */
  status: z.enum(['upcoming', 'skipped', 'placed', 'not_placed']),
  orderId: z.number().nullable(),
  /**
   * The lines the day's run left out because the product cost more than the price the
   * restaurant last saw; empty before the run (docs/standing-orders.md).
   */
  leftOutProductIds: z.array(z.number()),
});
export type StandingOrderDay = z.infer<typeof standingOrderDayOutput>;

export const standingOrderOutput = z.object({
  id: z.number(),
  farm: z.object({ id: z.number(), name: z.string() }),
  lines: z.array(standingOrderLineOutput),
  weekdays: z.array(z.enum(WEEKDAYS)),
  daysBefore: z.number(),
  paused: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Who of the restaurant set it up ("Leilani K."); null when not known. The server always
   * sends it (optional here for older fixtures).
   */
  createdBy: z.string().nullable().optional(),
  updatedAt: z.string(),
  /** The next day still to be placed (not skipped), or null (paused, or no day ahead). */
  nextPlacement: standingOrderDayOutput.nullable(),
  /** The farm's delivery days to the zone on the chosen weekdays, soonest first (at most 8). */
  upcoming: z.array(standingOrderDayOutput),
});
export type StandingOrder = z.infer<typeof standingOrderOutput>;
export const standingOrderListOutput = z.array(standingOrderOutput);
