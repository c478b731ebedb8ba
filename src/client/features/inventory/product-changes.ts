import { centsOf } from '#core/money';
import type { Product, ProductBody, ProductUpdateBody } from '#core/schemas/product';

/**
 * The PATCH body of an edit: only the fields the farmer changed, so a save never writes back a
 * figure that moved meanwhile. A stock change carries the stock the farmer saw, and the server
 * refuses it (409) when orders took some since.
 */
export function productChanges(
  loaded: Product,
  edited: ProductBody,
  seenAvailableQuantity = loaded.availableQuantity,
): ProductUpdateBody {
  const changes: ProductUpdateBody = {};
  if (edited.name !== loaded.name) changes.name = edited.name;
  if (edited.description !== loaded.description) changes.description = edited.description;
  if (edited.category !== loaded.category) changes.category = edited.category;
  if (edited.unit !== loaded.unit) changes.unit = edited.unit;
  if (centsOf(edited.price) !== centsOf(loaded.price)) changes.price = edited.price;
  if (edited.isOrganic !== loaded.isOrganic) changes.isOrganic = edited.isOrganic;
  if (edited.isActive !== loaded.isActive) changes.isActive = edited.isActive;
  if ((edited.traceabilityCategory ?? null) !== (loaded.traceabilityCategory ?? null)) {
    changes.traceabilityCategory = edited.traceabilityCategory ?? null;
  }
  if (edited.availableQuantity !== seenAvailableQuantity) {
    changes.availableQuantity = edited.availableQuantity;
    changes.expectedAvailableQuantity = seenAvailableQuantity;
  }
  return changes;
}
