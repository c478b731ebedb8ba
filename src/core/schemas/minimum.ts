import { z } from 'zod';
import { findZone } from '../delivery-zones';
import { moneyOutput, priceInput } from './common';

/**
 * What happens to an order below a farm's minimum (docs/minimums.md): refused (`block`), charged
 * the small-order fee (`fee`), or placed with a word to the restaurant (`warn`).
 */
export const MINIMUM_MODES = ['block', 'fee', 'warn'] as const;
export type MinimumMode = (typeof MINIMUM_MODES)[number];

// As the delivery schemas say it (they import this file, so it is not imported from there).
const ZONE_FROM_LIST_MESSAGE = 'Choose a delivery zone from the list';
const MODE_MESSAGE = 'Choose block, fee or warn';
const FEE_REQUIRED = 'Enter the small-order fee';
const FEE_REFUSED = 'Only a minimum in fee mode has a fee';

/** A minimum as answered: the amount, the mode, and the fee (null unless mode `fee`). */
export const minimumOutput = z.object({
  amount: moneyOutput,
  mode: z.enum(MINIMUM_MODES),
  fee: moneyOutput.nullable(),
});
export type Minimum = z.infer<typeof minimumOutput>;

/** One of a farm's minimums: a zone's slug, or null for every zone. */
export const farmMinimumOutput = minimumOutput.extend({ zone: z.string().nullable() });
export type FarmMinimum = z.infer<typeof farmMinimumOutput>;

const minimumFields = {
  amount: priceInput,
  mode: z.enum(MINIMUM_MODES, { error: MODE_MESSAGE }),
  fee: priceInput.optional(),
};

/** `fee` is required in mode `fee` and refused in the others, at the `fee` field. */
function checkFee(value: { mode: MinimumMode; fee?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.mode === 'fee' && value.fee === undefined) {
    ctx.addIssue({ code: 'custom', path: ['fee'], message: FEE_REQUIRED });
  }
  if (value.mode !== 'fee' && value.fee !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['fee'], message: FEE_REFUSED });
  }
}

/** A minimum as the store keeps it: the fee only in mode `fee`. */
function normalised<T extends { mode: MinimumMode; fee?: string | undefined }>(value: T) {
  return { ...value, fee: value.mode === 'fee' ? (value.fee ?? null) : null };
}

/** PUT /api/customers/{restaurantId}/minimum. */
export const customerMinimumBody = z
  .object(minimumFields)
  .superRefine(checkFee)
  .transform(normalised);
export type CustomerMinimumBody = z.infer<typeof customerMinimumBody>;

/** A zone's slug or name on input, answered as the slug; null: every zone. */
const minimumZoneInput = z
  .string({ error: ZONE_FROM_LIST_MESSAGE })
  .nullable()
  .refine((value) => value === null || findZone(value) !== null, ZONE_FROM_LIST_MESSAGE)
  .transform((value) => (value === null ? null : findZone(value)!.slug));

/** `minimums` of PUT /api/profile/farm: one per zone, the null zone once. */
export const farmMinimumsInput = z
  .array(
    z
      .object({ zone: minimumZoneInput, ...minimumFields })
      .superRefine(checkFee)
      .transform(normalised),
  )
  .max(100, 'At most 100 minimums')
  .superRefine((entries, ctx) => {
    const seen = new Set<string | null>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.zone)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'zone'],
          message: 'One minimum per zone',
        });
      }
      seen.add(entry.zone);
    });
  });
export type FarmMinimumsInput = z.infer<typeof farmMinimumsInput>;
