import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { qualified } from '../../db/raw-sql';
import { centsOf, multiplyCents, toMoneyString, type Cents } from '#core/money';
import { isUnitPack } from '#core/packs';
import { isWeighedUnit, wholeNumberMessage } from '#core/quantity';
import { listedPackCents, packBreaksOf, pricedPackOf, type PriceListTerms } from '#core/pricing';
import type { PackInput, PackOutput } from '#core/schemas/product';
import type { Tx } from '../../db/database';
import { productPacks, products } from '../../db/schema';
import { badRequest } from '../../errors';

/** A pack as the product's answer reads it from the database. */
export interface StoredPack {
  id: number;
  label: string;
  size: number;
  /** Its own price, or null: its size × the product's. */
  price: string | null;
  minimumQuantity: number | null;
  estimatedWeight: number | null;
}

/** The product's live packs, smallest first, as one JSON column of its row. */
export function packsColumn() {
  return sql<StoredPack[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', ${productPacks.id},
          'label', ${productPacks.label},
          'size', ${productPacks.size},
          'price', ${productPacks.price},
          'minimumQuantity', ${productPacks.minimumQuantity},
          'estimatedWeight', ${productPacks.estimatedWeight}
        )
        order by ${productPacks.size}, ${productPacks.id}
      ),
      '[]'::json
    )
    from ${productPacks}
    where ${productPacks.productId} = ${qualified(products.id)} and ${productPacks.archivedAt} is null
  )`;
}

/** JSON gives numerics back as numbers or text, whichever the driver chose: both read here. */
function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * The product's packs as its reader buys them (docs/packs.md): the reader's price of each before
 * any break, the pack's own beside it when they differ, and the reader's breaks of it.
 */
export function packsFor(
  product: { id: number; listPriceCents: Cents },
  packs: StoredPack[] | null,
  list: PriceListTerms | null,
): PackOutput[] {
  return (packs ?? []).map((stored) => {
    const pack = pricedPackOf(stored);
    const listCents = listedPackCents(product, pack, null);
    const own = listedPackCents(product, pack, list);
    return {
      id: stored.id,
      label: stored.label,
      size: pack.size,
      price: toMoneyString(own),
      ...(own === listCents ? {} : { listPrice: toMoneyString(listCents) }),
      ...(list
        ? {
            breaks: packBreaksOf(product, pack, list).map((entry) => ({
              minQuantity: entry.minQuantity,
              price: toMoneyString(entry.priceCents),
            })),
          }
        : {}),
      minimumQuantity: numberOrNull(stored.minimumQuantity),
      estimatedWeight: numberOrNull(stored.estimatedWeight),
    };
  });
}

/**
 * Sets the product's packs to `wanted` (docs/packs.md): a pack with an id is changed, one
 * without is added, a live pack left out is archived (orders and standing orders keep what
 * they refer to). The packs kept are first archived for the moment, so labels and the unit
 * may move between them without tripping their one-per-product rules.
 */
export async function setPacks(
  tx: Tx,
  productId: number,
  wanted: PackInput[],
  product: { unit: string; priceCents: Cents },
): Promise<void> {
  const productPriceCents = product.priceCents;
  const live = await tx
    .select({ id: productPacks.id })
    .from(productPacks)
    .where(and(eq(productPacks.productId, productId), isNull(productPacks.archivedAt)));
  const liveIds = new Set(live.map((row) => row.id));
  wanted.forEach((pack, index) => {
    if (!isWeighedUnit(product.unit) && !Number.isInteger(pack.size)) {
      const message = wholeNumberMessage(product.unit);
      throw badRequest(message, { [`packs.${index}.size`]: message });
    }
    if (pack.id !== undefined && !liveIds.has(pack.id)) {
      throw badRequest('Not a pack of this product', { [`packs.${index}.id`]: 'No such pack' });
    }
    if (
      isUnitPack(pack) &&
      pack.price !== null &&
      pack.price !== undefined &&
      centsOf(pack.price) !== productPriceCents
    ) {
      throw badRequest('The single unit is sold at the product’s price', {
        [`packs.${index}.price`]: 'Change the product’s price instead',
      });
    }
  });
  const keptIds = wanted.flatMap((pack) => (pack.id === undefined ? [] : [pack.id]));
  const now = new Date();
  await tx
    .update(productPacks)
    .set({ archivedAt: now })
    .where(
      and(
        eq(productPacks.productId, productId),
        isNull(productPacks.archivedAt),
        keptIds.length > 0 ? notInArray(productPacks.id, keptIds) : undefined,
      ),
    );
  if (keptIds.length > 0) {
    await tx.update(productPacks).set({ archivedAt: now }).where(inArray(productPacks.id, keptIds));
  }
  for (const pack of wanted) {
    const values = {
      label: pack.label,
      size: pack.size,
      // The unit's price is the product's own; a pack priced at exactly its size × that price
      // keeps following it.
      price:
        isUnitPack(pack) ||
        pack.price === null ||
        pack.price === undefined ||
        centsOf(pack.price) === multiplyCents(productPriceCents, pack.size)
          ? null
          : toMoneyString(centsOf(pack.price)),
      minimumQuantity: pack.minimumQuantity ?? null,
      estimatedWeight: pack.estimatedWeight ?? null,
      archivedAt: null,
    };
    if (pack.id === undefined) {
      await tx.insert(productPacks).values({ productId, ...values });
    } else {
      await tx.update(productPacks).set(values).where(eq(productPacks.id, pack.id));
    }
  }
}

/**
 * The product's live packs after a change, checked in one read: whole sizes for a unit that is
 * counted (`wholeSizesFor`, the new unit), and for a product priced by weight an estimate on
 * every pack (docs/catch-weight.md), since the line's estimate is what the restaurant sees and
 * is charged until the weight is entered.
 */
export async function refuseUnfitPacks(
  tx: Tx,
  productId: number,
  rules: { wholeSizesFor?: string; pricedByWeight: boolean },
) {
  if (rules.wholeSizesFor === undefined && !rules.pricedByWeight) return;
  const packs = await tx
    .select({
      label: productPacks.label,
      size: productPacks.size,
      estimatedWeight: productPacks.estimatedWeight,
    })
    .from(productPacks)
    .where(and(eq(productPacks.productId, productId), isNull(productPacks.archivedAt)));
  if (rules.wholeSizesFor !== undefined && packs.some((pack) => !Number.isInteger(pack.size))) {
    throw badRequest('A pack holds part of a unit: set whole pack sizes with the new unit', {
      packs: wholeNumberMessage(rules.wholeSizesFor),
    });
  }
  const unweighed = rules.pricedByWeight && packs.find((pack) => pack.estimatedWeight === null);
  if (!unweighed) return;
  const message = `Enter what one ${unweighed.label} weighs`;
  throw badRequest(message, { packs: message });
}
