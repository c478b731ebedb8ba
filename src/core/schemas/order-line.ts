import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../order-limits';
import {
  groupThousands,
  hasAtMostTwoDecimals,
  quantityHundredths,
  TWO_DECIMALS_MESSAGE,
} from '../quantity';

// An order line's quantity, apart from the order's schemas so that a form about lines alone (an
// adjustment) does not bring the whole order and payment schemas.

export { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../order-limits';

export const MIN_QUANTITY_MESSAGE = 'Must be at least 0.01';

/**
 * The one schema of a quantity sent by a person (an order line, a lot): a number, at most
 * `max`, at most two decimals, and either 0 (where `zero` allows it) or at least one
 * hundredth. A number too small to have a hundredth (1e-9) is refused here: stored with two
 * decimals it would become 0, which no line or lot may hold.
 */
export function quantityInput({
  zero,
  max,
  message,
}: {
  zero: boolean;
  max: number;
  /** What a missing, non-numeric or out-of-range (below 0, or 0 where not allowed) value says. */
  message: { number: string; range: string };
}) {
  const base = z.number({ error: message.number });
  return (zero ? base.min(0, message.range) : base.positive(message.range))
    .max(max, `At most ${groupThousands(max)}`)
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .refine((quantity) => quantity <= 0 || quantityHundredths(quantity) !== 0, {
      message: MIN_QUANTITY_MESSAGE,
    });
}

/**
 * A line's quantity: more than 0 (or 0, where a line may be emptied), at most
 * MAX_LINE_QUANTITY, at most two decimals. Whether a decimal is allowed depends on the
 * product's unit (weighed units only), which the server checks against the product
 * (docs/adjustments.md#quantities).
 */
export const lineQuantity = (min: 'positive' | 'zero') =>
  quantityInput({
    zero: min === 'zero',
    max: MAX_LINE_QUANTITY,
    message: {
      number: 'Quantity must be a number',
      range: min === 'positive' ? 'Quantity must be more than 0' : 'Quantity cannot be negative',
    },
  });
