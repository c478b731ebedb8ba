// The reports' list sizes and captions, apart from the reports' schemas: the dashboards show
// them, and a screen need not build the schemas (zod) at load to know them.

/** Sizes of the lists (docs/product.md#list-sizes). */
export const REPORT_RECENT_ORDERS = 5;
export const REPORT_MONTHS = 6;
export const TOP_FARMS = 10;
export const TOP_PRODUCTS_LIST = 5;
export const TOP_PRODUCTS_PIE = 6;
export const DASHBOARD_RECENT_ORDERS_SHOWN = 3;

/** Said on screen wherever money figures appear. */
export const REVENUE_RULE_CAPTION = 'Cancelled orders are not counted';
