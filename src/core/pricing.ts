import { centsOf, multiplyCents, percentOffCents, type Cents, type RateUnits } from './money';
import { isUnitPack, unitsOfPacks } from './packs';
import { quantityHundredths } from './quantity';

/**
 * What a restaurant pays for a product (docs/price-lists.md): the one rule, used by browse, the
 * cart, checkout, order changes, "Order again" and standing orders alike.
 */

/** A percentage off the list prices, or a price per product. */
export type PriceListKind = 'percent' | 'prices';

/** A quantity break: from `minQuantity` units on, each unit costs `priceCents`. */
export interface PriceBreak {
  minQuantity: number;
  priceCents: Cents;
}

/** A farm's price list as the rule reads it: the one list a restaurant is on for that farm. */
export interface PriceListTerms {
  id: number;
  kind: PriceListKind;
  /** Percentage off in rate units (12.5% = 125000); used by a `percent` list. */
  percentOff: RateUnits | null;
  /** The list's own price per product id; used by a `prices` list. */
  prices: ReadonlyMap<number, Cents>;
  /** Breaks per product id, in any order. */
  breaks: ReadonlyMap<number, readonly PriceBreak[]>;
  /** A `prices` list's own price per pack id, for packs other than the unit (docs/packs.md). */
  packPrices?: ReadonlyMap<number, Cents>;
  /** Breaks per pack id, counted in packs, for packs other than the unit. */
  packBreaks?: ReadonlyMap<number, readonly PriceBreak[]>;
}

/** The product as it is priced: its id and its own (list) price. */
export interface PricedProduct {
  id: number;
  listPriceCents: Cents;
}

/**
 * The list's price of the product before any break: its own price on a `prices` list, the
 * percentage off on a `percent` list, else the product's list price. Without a list, the list
 * price.
 */
export function listedUnitCents(product: PricedProduct, list: PriceListTerms | null): Cents {
  if (!list) return product.listPriceCents;
  if (list.kind === 'prices') return list.prices.get(product.id) ?? product.listPriceCents;
  return percentOffCents(product.listPriceCents, list.percentOff ?? 0);
}

/** The list's breaks of the product, fewest units first. */
export function breaksOf(product: { id: number }, list: PriceListTerms | null): PriceBreak[] {
  const breaks = list?.breaks.get(product.id) ?? [];
  return [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The highest of `breaks` that `quantity` reaches, compared in hundredths; none below all. */
function reachedBreak<T extends { minQuantity: number }>(
  breaks: readonly T[],
  quantity: number,
): T | undefined {
  const wanted = quantityHundredths(quantity);
  if (wanted === null) return undefined;
  let reached: T | undefined;
  for (const entry of breaks) {
    const from = quantityHundredths(entry.minQuantity);
    if (from !== null && from <= wanted && (!reached || entry.minQuantity > reached.minQuantity)) {
      reached = entry;
    }
  }
  return reached;
}

/**
 * THE price of one unit of a line of `quantity`: the highest break of the restaurant's list
 * with `minQuantity` ≤ the quantity; else the list's price for the product; else the product's
 * price. Quantities are compared in hundredths, so 9.99 lb never reaches a 10 lb break.
 */
export function unitPriceCents(
  product: PricedProduct,
  list: PriceListTerms | null,
  quantity: number,
): Cents {
  const reached = reachedBreak(list?.breaks.get(product.id) ?? [], quantity);
  return reached?.priceCents ?? listedUnitCents(product, list);
}

/**
 * The break that prices a line of `quantity` (its `minQuantity`), or null when none does: kept
 * on the order line, so lowering the line below it reprices it (docs/price-lists.md).
 */
export function breakReached(
  product: { id: number },
  list: PriceListTerms | null,
  quantity: number,
): number | null {
  return reachedBreak(list?.breaks.get(product.id) ?? [], quantity)?.minQuantity ?? null;
}

/** A break as the wire carries it and the cart keeps it: `{minQuantity, price}`. */
export interface WirePriceBreak {
  minQuantity: number;
  price: string;
}

/**
 * The same rule over a product as browse sends it (`price` is the reader's price before any
 * break, the list's part of the rule already applied; `breaks` its list's breaks): what the
 * cart and "Order again" charge for a line.
 */
export function offeredUnitPriceCents(
  product: { price: string; breaks?: readonly WirePriceBreak[] | undefined },
  quantity: number,
): Cents {
  const reached = reachedBreak(product.breaks ?? [], quantity);
  return centsOf(reached?.price ?? product.price);
}

/** A pack as it is priced: its size and its own price, or null for size × the unit price. */
export interface PricedPack {
  id: number;
  size: number;
  ownPriceCents: Cents | null;
}

/** A pack as it is stored: its size, and its own price as a money string or null. */
export interface StoredPackPrice {
  id: number;
  size: number | string;
  price: string | null;
}

/** The stored pack as the price rule reads it. */
export function pricedPackOf(pack: StoredPackPrice): PricedPack {
  return {
    id: pack.id,
    size: Number(pack.size),
    ownPriceCents: pack.price === null ? null : centsOf(pack.price),
  };
}

/**
 * The list's price of one pack before any break (docs/packs.md): the unit pack is priced as the
 * product is; another pack by the list's own price of it, else its own price (less a `percent`
 * list's percentage), else its size × the list's unit price.
 */
export function listedPackCents(
  product: PricedProduct,
  pack: PricedPack,
  list: PriceListTerms | null,
): Cents {
  if (isUnitPack(pack)) return listedUnitCents(product, list);
  const listed = list?.kind === 'prices' ? list.packPrices?.get(pack.id) : undefined;
  if (listed !== undefined) return listed;
  if (pack.ownPriceCents === null) return multiplyCents(listedUnitCents(product, list), pack.size);
  if (list?.kind === 'percent') return percentOffCents(pack.ownPriceCents, list.percentOff ?? 0);
  return pack.ownPriceCents;
}

/** The list's breaks of a pack (the unit pack's are the product's), fewest packs first. */
export function packBreaksOf(
  product: { id: number },
  pack: PricedPack,
  list: PriceListTerms | null,
): PriceBreak[] {
  if (isUnitPack(pack)) return breaksOf(product, list);
  return [...(list?.packBreaks?.get(pack.id) ?? [])].sort((a, b) => a.minQuantity - b.minQuantity);
}

/** THE price of one pack on a line of `quantity` packs: `unitPriceCents`'s rule, per pack. */
export function packPriceCents(
  product: PricedProduct,
  pack: PricedPack,
  list: PriceListTerms | null,
  quantity: number,
): Cents {
  if (isUnitPack(pack)) return unitPriceCents(product, list, quantity);
  const reached = reachedBreak(list?.packBreaks?.get(pack.id) ?? [], quantity);
  return reached?.priceCents ?? listedPackCents(product, pack, list);
}

/** The break that prices a line of `quantity` packs, or null (`breakReached`, per pack). */
export function packBreakReached(
  product: { id: number },
  pack: PricedPack,
  list: PriceListTerms | null,
  quantity: number,
): number | null {
  if (isUnitPack(pack)) return breakReached(product, list, quantity);
  return reachedBreak(list?.packBreaks?.get(pack.id) ?? [], quantity)?.minQuantity ?? null;
}

/** What a line of `quantity` packs is charged: its unit price, the quantity it multiplies, its break. */
export interface LinePrice {
  unitCents: Cents;
  /** Packs, or for a product priced by weight the weight units of the packs' estimate. */
  billed: number;
  priceBreakQuantity: number | null;
}

/**
 * THE price of a line of `quantity` packs: per pack (`packPriceCents`), or for a product priced
 * by weight per weight unit on the packs' estimated weight, its breaks counted by weight
 * (docs/catch-weight.md).
 */
export function linePriceOf(
  product: PricedProduct & { pricedByWeight: boolean },
  pack: StoredPackPrice & { estimatedWeight: number | string | null },
  list: PriceListTerms | null,
  quantity: number,
): LinePrice {
  const priced = { id: product.id, listPriceCents: product.listPriceCents };
  if (product.pricedByWeight) {
    const billed = unitsOfPacks(quantity, Number(pack.estimatedWeight ?? 0));
    return {
      unitCents: unitPriceCents(priced, list, billed),
      billed,
      priceBreakQuantity: breakReached(priced, list, billed),
    };
  }
  const terms = pricedPackOf(pack);
  return {
    unitCents: packPriceCents(priced, terms, list, quantity),
    billed: quantity,
    priceBreakQuantity: packBreakReached(priced, terms, list, quantity),
  };
}

/**
 * One pack's price at a line's unit price: the unit price itself, or for a product priced by
 * weight the unit price × the pack's estimated weight. A standing order keeps and compares its
 * prices per pack (docs/standing-orders.md).
 */
export function onePackCents(
  unitCents: Cents,
  pack: { estimatedWeight: number | string | null },
  pricedByWeight: boolean,
): Cents {
  return pricedByWeight ? multiplyCents(unitCents, Number(pack.estimatedWeight ?? 0)) : unitCents;
}
