/**
 * Traceability (docs/traceability.md): the FDA's Food Traceability List categories a product
 * may be marked with, and the rule of which lines need lots.
 */
import { TRACEABILITY_CATEGORIES, type TraceabilityCategory } from './schemas/product';

export { TRACEABILITY_CATEGORIES, type TraceabilityCategory };

/** How a category is named on screens and in the spreadsheet. */
export const TRACEABILITY_CATEGORY_LABELS: Record<TraceabilityCategory, string> = {
  leafy_greens: 'Leafy greens',
  herbs: 'Fresh herbs',
  tomatoes: 'Tomatoes',
  cucumbers: 'Cucumbers',
  peppers: 'Peppers',
  melons: 'Melons',
  tropical_tree_fruits: 'Tropical tree fruits',
  fresh_cut: 'Fresh-cut produce',
  sprouts: 'Sprouts',
};

/** The 409 code of packing or shipping a traced line that has no lots. */
export const LOT_REQUIRED_CODE = 'lot_required';
