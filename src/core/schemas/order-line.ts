import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../order-limits';
import { groupThousands, hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE } from '../quantity';

// An order line's quantity, apart from the order's schemas so that a form about lines alone (an
// adjustment) does not bring the whole order and payment schemas.

export { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../order-limits';

/**
 * A line's quantity: more than 0, at most MAX_LINE_QUANTITY, at most two decimals. Whether a
 * decimal is allowed depends on the product's unit (weighed units only), which the server
 * checks against the product (docs/adjustments.md#quantities).
 */
export const lineQuantity = (min: 'positive' | 'zero') => {
  const base = z.number({ error: 'Quantity must be a number' });
  return (
    min === 'positive'
      ? base.positive('Quantity must be more than 0')
      : base.min(0, 'Quantity cannot be negative')
  )
    .max(MAX_LINE_QUANTITY, `At most ${groupThousands(MAX_LINE_QUANTITY)}`)
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);
};
