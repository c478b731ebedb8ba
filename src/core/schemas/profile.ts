import { z } from 'zod';
import { STATE_MAX_LENGTH, ZIP_MAX_LENGTH } from '../constants';
import { PHONE_MAX_LENGTH } from '../phone';
import {
  optionalText,
  plainString,
  priceInput,
  REQUIRED,
  requiredText,
  taxRateInput,
} from './common';
import { paymentTermsInput } from './payment';
import { cutoffDaysBeforeInput, cutoffTimeInput, restaurantZoneInput } from './delivery';
import { getLicenseNumberInput } from './resale-certificate';
import { farmMinimumsInput } from './minimum';

const phone = plainString()
  .max(PHONE_MAX_LENGTH, `At most ${PHONE_MAX_LENGTH} characters`)
  .refine((value) => value.replace(/\D/g, '').length <= 10, 'At most 10 digits')
  .nullish()
  .transform((value) => (value ? value : null));

const contactEmail = plainString()
  .max(254)
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Enter a valid email address',
  )
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** "street, city, ST zip": every part present, state 2 letters, ZIP at most 10. */
export const locationInput = plainString('single', { error: REQUIRED })
  .min(1, REQUIRED)
  .max(300)
  .refine(
    (value) => /^[^,]+,\s*[^,]+,\s*[A-Za-z]{2}\s+\S{1,10}$/.test(value),
    'Use the form "street, city, ST zip"',
  );

/** POST /api/profile/{farm,restaurant}. */
export const profileCreateBody = z.object({
  name: requiredText(120),
  description: optionalText(2000, 'multi'),
  location: locationInput,
  contactPhone: phone,
});

/** POST /api/profile/restaurant: setup may choose the delivery zone (optional). */
export const restaurantProfileCreateBody = profileCreateBody.extend({
  deliveryZone: restaurantZoneInput.optional(),
});
export type RestaurantProfileCreateBody = z.infer<typeof restaurantProfileCreateBody>;
export type ProfileCreateBody = z.infer<typeof profileCreateBody>;

const contactFields = {
  contact1Name: optionalText(120),
  contact1Email: contactEmail,
  contact1Phone: phone,
  contact1Position: optionalText(120),
  contact2Name: optionalText(120),
  contact2Email: contactEmail,
  contact2Phone: phone,
  contact2Position: optionalText(120),
  contact3Name: optionalText(120),
  contact3Email: contactEmail,
  contact3Phone: phone,
  contact3Position: optionalText(120),
  contact4Name: optionalText(120),
  contact4Email: contactEmail,
  contact4Phone: phone,
  contact4Position: optionalText(120),
};

/** The most a farm may let an adjustment raise a weighed line above what was ordered. */
export const ADJUSTMENT_ALLOWANCE_MAX_PERCENT = 25;
export const ADJUSTMENT_ALLOWANCE_DEFAULT_PERCENT = 10;
export const ADJUSTMENT_ALLOWANCE_MESSAGE = `Use a whole percent from 0 to ${ADJUSTMENT_ALLOWANCE_MAX_PERCENT}`;
export const adjustmentAllowanceInput = z
  .number({ error: ADJUSTMENT_ALLOWANCE_MESSAGE })
  .int(ADJUSTMENT_ALLOWANCE_MESSAGE)
  .min(0, ADJUSTMENT_ALLOWANCE_MESSAGE)
  .max(ADJUSTMENT_ALLOWANCE_MAX_PERCENT, ADJUSTMENT_ALLOWANCE_MESSAGE);

export const CLAIM_WINDOW_MAX_DAYS = 14;
export const CLAIM_WINDOW_DEFAULT_DAYS = 2;
export const CLAIM_WINDOW_MESSAGE = `Use a whole number of days from 0 to ${CLAIM_WINDOW_MAX_DAYS}`;
export const claimWindowInput = z
  .number({ error: CLAIM_WINDOW_MESSAGE })
  .int(CLAIM_WINDOW_MESSAGE)
  .min(0, CLAIM_WINDOW_MESSAGE)
  .max(CLAIM_WINDOW_MAX_DAYS, CLAIM_WINDOW_MESSAGE);

export const REMINDER_HOURS_MAX = 48;
export const REMINDER_HOURS_DEFAULT = 3;
export const REMINDER_HOURS_MESSAGE = `Use a whole number of hours from 0 to ${REMINDER_HOURS_MAX}`;
export const reminderHoursInput = z
  .number({ error: REMINDER_HOURS_MESSAGE })
  .int(REMINDER_HOURS_MESSAGE)
  .min(0, REMINDER_HOURS_MESSAGE)
  .max(REMINDER_HOURS_MAX, REMINDER_HOURS_MESSAGE);

/** PUT /api/profile/farm. */
export const farmProfileUpdateBody = profileCreateBody.extend({
  ...contactFields,
  deliveryFee: priceInput.optional(),
  /** The every-zone minimum's amount (docs/minimums.md); a new one is in `warn` mode. */
  orderMinimum: priceInput.optional(),
  /**
   * The farm's minimums per zone (null: every zone), each refusing, charging a small-order fee
   * or warning below it; replaces them all (docs/minimums.md). Left out: unchanged.
   */
  minimums: farmMinimumsInput.optional(),
  checksPayableTo: optionalText(200),
  /** When ordering for a delivery day closes: "18:00", this many days before (default 1). */
  orderCutoffTime: cutoffTimeInput.optional(),
  orderCutoffDaysBefore: cutoffDaysBeforeInput.optional(),
  /** When an invoice is due after the Hawaii delivery date (default due on receipt). */
  paymentTerms: paymentTermsInput.optional(),
  /** The General Excise Tax passed on, percent 0 to 10 (docs/tax.md); default 0: none. */
  taxRate: taxRateInput.optional(),
  /**
   * The GET rule by buyer (docs/tax.md): the wholesale rate with the buyer's resale certificate
   * on file, the pass-on rate without (defaults 0.5 and 4.712); null keeps the one `taxRate`.
   */
  getRule: z
    .object({
      wholesaleRate: taxRateInput.optional(),
      passOnRate: taxRateInput.optional(),
    })
    .nullable()
    .optional(),
  /**
   * How far above what was ordered the farm's adjustment may raise a weighed line, in percent
   * (0 to 25, default 10; docs/adjustments.md). Counted lines are never raised.
   */
  adjustmentAllowancePercent: adjustmentAllowanceInput.optional(),
  /** Lots are required at packing for the farm's traced products (docs/traceability.md). */
  traceabilityEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  /** Days after delivery the restaurant may report a problem (0 to 14, default 2; docs/claims.md). */
  claimWindowDays: claimWindowInput.optional(),
  /**
   * Hours before a delivery day's cutoff its usual restaurants without an order are reminded
   * (0 to 48, default 3; 0 turns reminders off; docs/cutoff-reminders.md).
   */
  reminderHoursBeforeCutoff: reminderHoursInput.optional(),
});
export type FarmProfileUpdateBody = z.infer<typeof farmProfileUpdateBody>;

/**
 * The farm's terms: sending any of them needs `profile.terms` (an owner's), the rest of the
 * profile `profile.edit` (docs/teams.md). A manager's form leaves them out.
 */
export const FARM_TERMS_FIELDS = [
  'paymentTerms',
  'taxRate',
  'getRule',
  'adjustmentAllowancePercent',
  'claimWindowDays',
  'reminderHoursBeforeCutoff',
  'minimums',
] as const satisfies readonly (keyof FarmProfileUpdateBody)[];

/** PUT /api/profile/restaurant. */
export const restaurantProfileUpdateBody = profileCreateBody.extend({
  ...contactFields,
  /** A zone's slug or name; answered as the slug (docs/delivery.md). */
  deliveryZone: restaurantZoneInput,
  /** Its GET licence number, printed on its resale certificates (docs/tax.md). */
  getLicenseNumber: getLicenseNumberInput.nullable().optional(),
});
export type RestaurantProfileUpdateBody = z.infer<typeof restaurantProfileUpdateBody>;

/** The address as the forms collect it, with its limits (docs/product.md#profiles). */
export const addressForm = z.object({
  street: requiredText(200),
  city: requiredText(100),
  state: requiredText(STATE_MAX_LENGTH),
  zip: requiredText(ZIP_MAX_LENGTH),
});
