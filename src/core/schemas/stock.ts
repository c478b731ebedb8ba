import { z } from 'zod';
import { SYSTEM_JOBS } from '../actor';
import { keyedListQuery } from './paging';

/** Why a product's stock changed (docs/product.md#stock-history). */
export const STOCK_REASONS = [
  'opening',
  'sale',
  'restaurant_change',
  'farm_adjustment',
  'cancellation',
  'farmer_edit',
  'correction',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_MOVEMENTS_DEFAULT_LIMIT = 50;
export const STOCK_MOVEMENTS_MAX_LIMIT = 200;

/** GET /api/products/{id}/stock-movements: `?limit=` and `?cursor=`, newest first. */
export const stockMovementListQuery = keyedListQuery(
  STOCK_MOVEMENTS_DEFAULT_LIMIT,
  STOCK_MOVEMENTS_MAX_LIMIT,
);
export type StockMovementListQuery = z.infer<typeof stockMovementListQuery>;

/** One change of a product's stock, with the order and the actor behind it. */
export const stockMovementOutput = z.object({
  id: z.number(),
  /** Signed: negative when stock went out; two decimals for weighed units. */
  change: z.number(),
  quantityAfter: z.number(),
  reason: z.enum(STOCK_REASONS),
  orderId: z.number().nullable(),
  /** The order's line; it may since have been removed. */
  orderItemId: z.number().nullable(),
  order: z.object({ id: z.number(), restaurantName: z.string() }).nullable(),
  /** A person ("Leilani K."), or the system with its job ('standing_orders', 'auto_cancel'). */
  actor: z.object({
    kind: z.enum(['person', 'system']),
    name: z.string().nullable(),
    job: z.enum(SYSTEM_JOBS).nullable().optional(),
  }),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementOutput>;
export const stockMovementListOutput = z.array(stockMovementOutput);
