// An order's limits and the codes of a refused placement, apart from the order's schemas: the
// cart and the checkout use them on every screen, and a screen need not build the schemas (zod)
// at load to know them.

export const MAX_ORDER_LINES = 100;
/** The most units of one product in one order: well above a restaurant's biggest week. */
export const MAX_LINE_QUANTITY = 10_000;
export const ORDER_NOTES_MAX_LENGTH = 1000;

/** Codes of a 409 on placement: the body also carries the products at fault. */
export const ORDER_CONFLICT_CODES = {
  insufficientStock: 'insufficient_stock',
  priceChanged: 'price_changed',
  productUnavailable: 'product_unavailable',
  totalChanged: 'total_changed',
  belowMinimum: 'below_minimum',
} as const;
