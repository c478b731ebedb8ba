import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../order-limits';
import { hasAtMostTwoDecimals, quantityHundredths, TWO_DECIMALS_MESSAGE } from '../quantity';
import { fromHundredths, groupThousands } from '../quantity';

// Catch weight (docs/catch-weight.md): what the scale said at packing, and the restaurant's word
// on a weight past the farm's tolerance.

const WEIGHT_MESSAGE = 'Enter a weight above 0, like 24.6';

const weightFigure = z
  .number({ error: WEIGHT_MESSAGE })
  .positive(WEIGHT_MESSAGE)
  .max(MAX_LINE_QUANTITY, `At most ${groupThousands(MAX_LINE_QUANTITY)}`)
  .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);

/**
 * PUT /api/orders/{id}/items/{itemId}/weight: `{weights: [24.6, 25.3]}`, one per pack of the
 * line, or `{weight: 49.9}` for the line's whole. Answered as the line's whole `weight` and the
 * figures as sent (`weights`, or null).
 */
export const lineWeightBody = z
  .object({
    weight: weightFigure.optional(),
    weights: z
      .array(weightFigure, { error: 'Give the weights as a list' })
      .min(1, 'Enter one weight for each pack')
      .max(1000, 'At most 1,000 weights')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.weight === undefined) === (body.weights === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['weight'],
        message: 'Send the weight, or the weights one per pack',
      });
    }
  })
  .transform((body) => ({
    weights: body.weights ?? null,
    weight:
      body.weight ??
      fromHundredths(
        (body.weights ?? []).reduce((sum, w) => sum + (quantityHundredths(w) ?? 0), 0),
      ),
  }));
export type LineWeightBody = z.output<typeof lineWeightBody>;

/** POST /api/orders/{id}/items/{itemId}/weight/decision: accept the weight, or keep the estimate. */
export const weightDecisionBody = z.object({
  accept: z.boolean({ error: 'Send accept: true or false' }),
});
export type WeightDecisionBody = z.infer<typeof weightDecisionBody>;
