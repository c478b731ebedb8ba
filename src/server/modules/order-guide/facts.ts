import { and, eq, inArray, sql } from 'drizzle-orm';
import { centsOf, type Cents } from '#core/money';
import { linePriceOf } from '#core/pricing';
import type { Pars, Substitution } from '#core/schemas/order-guide';
import type { DbOrTx } from '../../db/database';
import { farms, productPacks, products } from '../../db/schema';
import { farmIsOpen } from '../businesses';
import { listOfFarm, type RestaurantPricing } from '../price-lists';

/** One item of a guide as the rules read it: a product's pack, its pars and its preference. */
export interface GuideEntry {
  productId: number;
  packId: number;
  pars: Pars;
  substitution: Substitution;
}

export interface GuideSectionEntries {
  name: string;
  items: GuideEntry[];
}

export const pairKey = (productId: number, packId: number) => `${productId}:${packId}`;

/** What a guide item shows and fills by: its product, pack and farm as they are now. */
export interface ItemFacts {
  product: {
    id: number;
    farmId: number;
    name: string;
    unit: string;
    category: string;
    price: string;
    weightUnit: string | null;
    availableQuantity: number;
    /** Active, not deleted, of an open farm. */
    onOffer: boolean;
  };
  pack: {
    id: number;
    label: string;
    size: number;
    price: string | null;
    estimatedWeight: number | null;
    archived: boolean;
  };
  farm: { id: number; name: string; open: boolean };
  /** The product can be bought in this pack now. */
  available: boolean;
}

/**
 * The facts of each product+pack named (a pack that is not the product's is left out), keyed
 * by `pairKey`: one read.
 */
export async function factsOf(
  db: DbOrTx,
  pairs: readonly { productId: number; packId: number }[],
): Promise<Map<string, ItemFacts>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({
      productId: products.id,
      farmId: products.farmId,
      name: products.name,
      unit: products.unit,
      category: products.category,
      price: products.price,
      weightUnit: products.weightUnit,
      availableQuantity: products.availableQuantity,
      productListed: sql<boolean>`(${products.isActive} and ${products.deletedAt} is null)`,
      packId: productPacks.id,
      packLabel: productPacks.label,
      packSize: productPacks.size,
      packPrice: productPacks.price,
      estimatedWeight: productPacks.estimatedWeight,
      packArchived: sql<boolean>`${productPacks.archivedAt} is not null`,
      farmName: farms.name,
      farmOpen: sql<boolean>`${farmIsOpen}`,
    })
    .from(productPacks)
    .innerJoin(products, eq(products.id, productPacks.productId))
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(
      and(
        inArray(
          productPacks.id,
          pairs.map((pair) => pair.packId),
        ),
        inArray(
          products.id,
          pairs.map((pair) => pair.productId),
        ),
      ),
    );
  const facts = new Map<string, ItemFacts>();
  for (const row of rows) {
    const onOffer = Boolean(row.productListed) && Boolean(row.farmOpen);
    facts.set(pairKey(row.productId, row.packId), {
      product: {
        id: row.productId,
        farmId: row.farmId,
        name: row.name,
        unit: row.unit,
        category: row.category ?? '',
        price: row.price,
        weightUnit: row.weightUnit,
        availableQuantity: Number(row.availableQuantity),
        onOffer,
      },
      pack: {
        id: row.packId,
        label: row.packLabel,
        size: Number(row.packSize),
        price: row.packPrice,
        estimatedWeight: row.estimatedWeight === null ? null : Number(row.estimatedWeight),
        archived: Boolean(row.packArchived),
      },
      farm: { id: row.farmId, name: row.farmName, open: Boolean(row.farmOpen) },
      available: onOffer && !row.packArchived,
    });
  }
  return facts;
}

/**
 * The restaurant's unit price on a line of `quantity` packs, as placement charges it: per pack,
 * or for a product priced by weight per weight unit (src/core/pricing.ts).
 */
export function linePriceCents(
  pricing: RestaurantPricing,
  product: { id: number; farmId: number; price: string; weightUnit: string | null },
  pack: { id: number; size: number; price: string | null; estimatedWeight: number | null },
  quantity: number,
): Cents {
  const priced = {
    id: product.id,
    listPriceCents: centsOf(product.price),
    pricedByWeight: product.weightUnit !== null,
  };
  return linePriceOf(priced, pack, listOfFarm(pricing, product.farmId), quantity).unitCents;
}
