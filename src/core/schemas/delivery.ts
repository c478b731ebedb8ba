import { z } from 'zod';
import { findZone, ZONE_NAMES } from '../delivery-zones';
import { MAX_CUTOFF_DAYS_BEFORE, parseTimeOfDay } from '../delivery-days';
import { priceInput, rateOutput } from './common';
import { lineQuantity, MAX_ORDER_LINES } from './order';
import { minimumOutput } from './minimum';

export const ZONE_FROM_LIST_MESSAGE = 'Choose a delivery zone from the list';

/**
 * A restaurant's delivery zone on input: its slug ("pearl-city") or its name ("Pearl City");
 * stored and answered as the slug. Empty or null means none chosen.
 */
export const restaurantZoneInput = z
  .string({ error: ZONE_FROM_LIST_MESSAGE })
  .nullish()
  .refine((value) => !value || findZone(value) !== null, ZONE_FROM_LIST_MESSAGE)
  .transform((value) => (value ? findZone(value)!.slug : null));

/** A delivery day's zone on input: its name or its slug; stored and answered as the name. */
export const scheduleZoneInput = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .refine((zone) => zone.trim() !== '', requiredMessage)
    .refine((zone) => zone.trim() === '' || findZone(zone) !== null, ZONE_FROM_LIST_MESSAGE)
    .transform((zone): string => findZone(zone)!.name);

/** A farm's order cutoff as its profile sets it: "18:00", and how many days before. */
export const cutoffTimeInput = z
  .string({ error: 'Use a time like 18:00' })
  .refine((value) => parseTimeOfDay(value) !== null, 'Use a time like 18:00');
export const cutoffDaysBeforeInput = z
  .number({ error: 'Enter a number of days' })
  .int('Enter a whole number of days')
  .min(0, 'At least 0 (the same day)')
  .max(MAX_CUTOFF_DAYS_BEFORE, `At most ${MAX_CUTOFF_DAYS_BEFORE} days before`);

/** GET /api/delivery-schedules/next?farmIds=1,2,3 */
export const nextDeliveryQuery = z.object({
  farmIds: z
    .string({ error: 'List farm ids like 1,2,3' })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'List up to 100 farm ids like 1,2,3')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});

/** One delivery day still open for orders. */
export const openDeliveryDay = z.object({
  deliveryDate: z.string(),
  deliveryArea: z.string(),
  /** When ordering for it closes (an ISO instant). */
  orderBy: z.string(),
});
export type OpenDeliveryDay = z.infer<typeof openDeliveryDay>;

/**
 * - open: the farm has a day open for the restaurant's zone (or any zone, without one).
 * - no_zone_delivery: the farm has days, none open for the restaurant's zone: no checkout.
 * - closed: the farm has days, but every one is past its cutoff: no checkout.
 * - unscheduled: the farm has no days at all: the order has no date; the farm arranges it.
 */
export const DELIVERY_OUTLOOKS = ['open', 'no_zone_delivery', 'closed', 'unscheduled'] as const;
export type DeliveryOutlookStatus = (typeof DELIVERY_OUTLOOKS)[number];

export const farmDeliveryOutlook = z.object({
  farmId: z.number(),
  status: z.enum(DELIVERY_OUTLOOKS),
  /** The next open day, or null. */
  next: openDeliveryDay.nullable(),
  /** Every open day for the zone, soonest first (at most 60). */
  openDays: z.array(openDeliveryDay),
  /** Why the farm's items cannot be checked out, in the words the screens show; else null. */
  reason: z.string().nullable(),
  /** The farm's rule, e.g. "6 PM the day before". */
  cutoffRule: z.string(),
  /**
   * For a restaurant: the GET rate its order from the farm is taxed at on the next open day
   * (else today), and why (docs/tax.md); the checkout totals use it. Left out for others.
   */
  taxRate: rateOutput.optional(),
  taxReason: z.string().nullable().optional(),
  /**
   * For a restaurant: the farm's hold on its account, in words it can act on; the checkout
   * shows it and the farm's order is refused while it lasts (docs/customers.md).
   */
  hold: z.object({ reason: z.string() }).nullable().optional(),
  /**
   * For a restaurant: the farm's minimum that applies to it (its own, else its zone's, else the
   * every-zone one), null when none or $0.00; the cart shows progress to it (docs/minimums.md).
   */
  minimum: minimumOutput.nullable().optional(),
});
export type FarmDeliveryOutlook = z.infer<typeof farmDeliveryOutlook>;

export const nextDeliveryOutput = z.object({
  /** The restaurant's zone, or null when it has not chosen one (or the asker is no restaurant). */
  zone: z
    .object({ slug: z.string(), name: z.enum(ZONE_NAMES as [string, ...string[]]) })
    .nullable(),
  farms: z.array(farmDeliveryOutlook),
});
export type NextDeliveryAnswer = z.infer<typeof nextDeliveryOutput>;

/** PATCH /api/orders/{id}/items: new quantities for the order's own lines (restaurant). */
export const orderItemsChangeBody = z.object({
  items: z
    .array(
      z.object({
        productId: z.number().int().positive().max(2_147_483_647),
        /** The line's pack (docs/packs.md); needed only when the order has the product twice. */
        packId: z.number().int().positive().max(2_147_483_647).optional(),
        quantity: lineQuantity('zero'),
        /**
         * Today's price, sent to raise a line whose product's price has changed since the order
         * was placed: the whole line is then priced at it (409 `price_changed` without it).
         */
        unitPrice: priceInput.optional(),
      }),
      { error: 'List the lines to change' },
    )
    .min(1, 'List the lines to change')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type OrderItemsChangeBody = z.infer<typeof orderItemsChangeBody>;

/** POST /api/test/clock (development only): set the clock, or null for real time. */
export const clockBody = z.object({
  now: z.iso
    .datetime({ offset: true, error: 'Use an ISO time like 2026-11-23T18:00:00-10:00' })
    .nullable(),
  frozen: z.boolean().optional(),
});
export const clockOutput = z.object({ now: z.string(), set: z.boolean() });
