import { centsOf, multiplyCents } from '#core/money';
import { isUnitPack } from '#core/packs';
import type {
  PackInput,
  PackOutput,
  Product,
  ProductBody,
  ProductUpdateBody,
} from '#core/schemas/product';

/**
 * A pack's own price, or null when it follows the product's (its size × the product's price,
 * which the server keeps following): what the form's price field starts with. The unit pack is
 * always the product's price.
 */
export function ownPackPrice(pack: Pick<PackOutput, 'size' | 'price'>, productPrice: string) {
  if (pack.price === undefined || isUnitPack(pack)) return null;
  const follows = centsOf(pack.price) === multiplyCents(centsOf(productPrice), pack.size);
  return follows ? null : pack.price;
}

/** The pack every product starts with: its unit, at the product's price. */
export function unitPack(unit: string): PackInput {
  return { label: unit, size: 1, price: null, minimumQuantity: null, estimatedWeight: null };
}

type ComparablePack = Pick<PackInput, 'id' | 'label' | 'size' | 'minimumQuantity'> & {
  price?: string | null | undefined;
  estimatedWeight?: number | null | undefined;
};

/** What the server keeps of a pack, in one comparable form. */
function packFacts(pack: ComparablePack) {
  return JSON.stringify([
    pack.id ?? null,
    pack.label,
    pack.size,
    pack.price === null || pack.price === undefined ? null : centsOf(pack.price),
    pack.minimumQuantity ?? null,
    pack.estimatedWeight ?? null,
  ]);
}

function samePacks(before: ComparablePack[], after: ComparablePack[]): boolean {
  return (
    before.length === after.length &&
    before.every((pack, index) => packFacts(pack) === packFacts(after[index]!))
  );
}

/** The packs as the product loaded them, each price as the form holds it. */
function loadedPacks(product: Product): ComparablePack[] {
  if (!product.packs) return [unitPack(product.unit)];
  return product.packs.map((pack) => ({ ...pack, price: ownPackPrice(pack, product.price) }));
}

/**
 * The POST body of a new product: its packs only when the farmer made them more than the unit
 * alone, which the server gives every product.
 */
export function newProductBody(body: ProductBody): ProductBody {
  const { packs, ...fields } = body;
  if (!packs || samePacks([unitPack(body.unit)], packs)) return fields;
  return body;
}

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
  if ((edited.pricedByWeight ?? false) !== (loaded.pricedByWeight ?? false)) {
    changes.pricedByWeight = edited.pricedByWeight ?? false;
  }
  if ((edited.weightUnit ?? null) !== (loaded.weightUnit ?? null)) {
    changes.weightUnit = edited.weightUnit ?? null;
  }
  // The whole list or nothing: a live pack left out of a sent list is removed.
  if (edited.packs && !samePacks(loadedPacks(loaded), edited.packs)) changes.packs = edited.packs;
  return changes;
}
