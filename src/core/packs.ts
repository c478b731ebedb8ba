import { plural } from './counts';
import {
  formatQuantity,
  fromHundredths,
  hasAtMostTwoDecimals,
  quantityHundredths,
  quantityProblem,
} from './quantity';

/*
 * Packs (docs/packs.md): a product keeps its stock in its unit and sells one or more packs of
 * it, each of `size` units. A line counts packs; its take of stock is count × size. The pack of
 * size 1 is the unit itself: a line sent without a pack is of it.
 */

export const MAX_PACKS = 6;
export const PACK_LABEL_MAX_LENGTH = 40;

/** What every rule here needs of a pack. */
export interface PackTerms {
  label: string;
  size: number;
  minimumQuantity: number | null;
}

export function isUnitPack(pack: { size: number }): boolean {
  return quantityHundredths(pack.size) === 100;
}

/**
 * The units of stock `count` packs of `size` hold, exact to the hundredth. A count with
 * decimals is only ever of the unit pack, so the product keeps two decimals.
 */
export function unitsOfPacks(count: number, size: number): number {
  const countHundredths = quantityHundredths(count) ?? 0;
  const sizeHundredths = quantityHundredths(size) ?? 0;
  return fromHundredths(Math.round((countHundredths * sizeHundredths) / 100));
}

/** How many whole packs of `size` the stock `available` still fills (the unit pack: all of it). */
export function packsIn(available: number, size: number): number {
  const sizeHundredths = quantityHundredths(size) ?? 0;
  if (sizeHundredths <= 0) return 0;
  if (sizeHundredths === 100) return available;
  return Math.floor((quantityHundredths(available) ?? 0) / sizeHundredths);
}

/**
 * A pack's label in the number of `count`: the word before " of " ("cases of 24 bunches"),
 * else the last word ("10 lb boxes").
 */
export function packNoun(label: string, count: number): string {
  if (count === 1) return label;
  const of = label.indexOf(' of ');
  if (of > 0) return `${pluralLastWord(label.slice(0, of), count)}${label.slice(of)}`;
  return pluralLastWord(label, count);
}

function pluralLastWord(words: string, count: number): string {
  const space = words.lastIndexOf(' ');
  return `${words.slice(0, space + 1)}${plural(words.slice(space + 1), count)}`;
}

/** "2 cases of 24 bunches", "1.5 lb". */
export function packCountLabel(count: number, label: string): string {
  return `${formatQuantity(count)} ${packNoun(label, count)}`;
}

/**
 * What is wrong with a line of `quantity` packs, or null: a pack other than the unit is counted
 * whole; the unit pack is the unit's quantity (decimals for a weighed one alone); no line holds
 * fewer than the pack's minimum.
 */
export function packQuantityProblem(
  unit: string,
  pack: PackTerms,
  quantity: number,
): string | null {
  if (isUnitPack(pack)) {
    const problem = quantityProblem(unit, quantity);
    if (problem) return problem;
  } else if (!hasAtMostTwoDecimals(quantity) || !Number.isInteger(quantity)) {
    return `Use a whole number of ${packNoun(pack.label, 2)}`;
  }
  if (pack.minimumQuantity !== null && quantity < pack.minimumQuantity) {
    return `The least you can order is ${packCountLabel(pack.minimumQuantity, pack.label)}`;
  }
  return null;
}

/**
 * What to harvest for `units` of a product, in its unit and, where they fill whole, its largest
 * pack: "312 bunches = 13 cases of 24 bunches".
 */
export function harvestLabel(
  units: number,
  unit: string,
  packs: readonly { label: string; size: number }[],
): string {
  const inUnits = `${formatQuantity(units)} ${plural(unit, units)}`;
  const largest = [...packs]
    .filter((pack) => !isUnitPack(pack))
    .sort((a, b) => b.size - a.size)
    .find((pack) => {
      const size = quantityHundredths(pack.size) ?? 0;
      return size > 0 && (quantityHundredths(units) ?? 0) % size === 0;
    });
  if (!largest) return inUnits;
  return `${inUnits} = ${packCountLabel(packsIn(units, largest.size), largest.label)}`;
}
