import { formatQuantity } from './quantity';

/*
 * Counts and quantities with their noun, in the right number, for every screen and message:
 * "1 order", "2 orders", "1 day", "3 bunches", "1 box", "2 dozen", "2.5 lb".
 */

/** Nouns said the same in both numbers: unit abbreviations and "dozen". */
const UNCHANGED = new Set(['lb', 'kg', 'oz', 'g', 'dozen']);

/** A noun in the number that goes with `count`: "bunch" -> "bunches" unless the count is 1. */
export function plural(noun: string, count: number): string {
  if (count === 1 || UNCHANGED.has(noun) || noun === '') return noun;
  return /(s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

/**
 * A count or quantity with its noun: `countLabel(3, 'bunch')` is "3 bunches",
 * `countLabel(1, 'open invoice')` "1 open invoice"; `many` overrides the plural.
 */
export function countLabel(count: number, one: string, many?: string): string {
  const noun = count === 1 ? one : (many ?? plural(one, count));
  return `${formatQuantity(count)} ${noun}`;
}
