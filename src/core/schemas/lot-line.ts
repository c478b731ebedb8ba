import { z } from 'zod';
import { TRACEABILITY_CATEGORIES } from '../traceability';

// What orders and products carry of traceability, apart from the lot and record schemas so
// that the order and product screens do not bring them (docs/traceability.md).

/** A product's Food Traceability List category on POST/PATCH /api/products; null: not traced. */
export const traceabilityCategoryInput = z
  .enum(TRACEABILITY_CATEGORIES, { error: 'Choose a category of the Food Traceability List' })
  .nullable();

/** A line's lot as an order carries it. */
export const orderLineLotOutput = z.object({
  lotId: z.number(),
  code: z.string(),
  quantity: z.number(),
});
export type OrderLineLot = z.infer<typeof orderLineLotOutput>;
