import { z } from 'zod';
import { moneyOutput } from './common';
import { productOutput } from './product';

/**
 * How one line of a past order stands today (docs/tax.md#order-again):
 * - `available`: the product is on offer with enough stock for the quantity ordered;
 * - `short`: on offer, with less stock than was ordered: the cart gets what there is;
 * - `gone`: no longer on offer (inactive, deleted, unknown) or out of stock: left out.
 */
export const REORDER_LINE_STATUSES = ['available', 'short', 'gone'] as const;
export type ReorderLineStatus = (typeof REORDER_LINE_STATUSES)[number];

/**
 * Why a `gone` line is left out: the farm takes no orders now (suspended or not approved), the
 * product is no longer on offer (inactive, deleted, moved to another farm), or it is sold out.
 */
export const REORDER_GONE_REASONS = ['farm_closed', 'not_offered', 'sold_out'] as const;
export type ReorderGoneReason = (typeof REORDER_GONE_REASONS)[number];

export const reorderLineOutput = z.object({
  productId: z.number(),
  /** Name and unit as ordered then. */
  productName: z.string(),
  unit: z.string(),
  /**
   * The pack that goes into the cart (docs/packs.md): today's id of the pack ordered; null when
   * gone and the order line had none. `pack` is as ordered when gone, else as sold today.
   * Quantities and prices are per pack. Always sent.
   */
  packId: z.number().nullable().optional(),
  pack: z.object({ label: z.string(), size: z.number() }).optional(),
  orderedQuantity: z.number(),
  orderedUnitPrice: moneyOutput,
  status: z.enum(REORDER_LINE_STATUSES),
  /** Why a gone line is left out; null for the others. */
  goneReason: z.enum(REORDER_GONE_REASONS).nullable(),
  /** What goes in the cart: the quantity ordered, capped by today's stock; 0 when gone. */
  quantity: z.number(),
  /** Today's price of one pack and the whole packs in stock; null and 0 when gone. */
  unitPrice: moneyOutput.nullable(),
  availableQuantity: z.number(),
  /** Today's price against the price paid then; null when gone or unchanged. */
  priceChange: z.enum(['up', 'down']).nullable(),
  /** The product as the catalogue shows it today (for the cart); null when gone. */
  product: productOutput.nullable(),
});
export type ReorderLine = z.infer<typeof reorderLineOutput>;

/** GET /api/orders/{id}/reorder: a past order's lines at today's prices and stock. */
export const reorderOutput = z.object({
  orderId: z.number(),
  farm: z.object({ id: z.number(), name: z.string() }),
  /** The order's note to the farm, for the checkout to start from; null when it had none. */
  notes: z.string().nullable(),
  lines: z.array(reorderLineOutput),
});
export type Reorder = z.infer<typeof reorderOutput>;
