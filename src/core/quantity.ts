/**
 * Quantities of stock and of order lines (docs/adjustments.md#quantities). Counted units are
 * whole numbers; weighed units (lb, kg, oz) take up to two decimals. On the wire they are JSON
 * numbers, in the database numeric(12,2); arithmetic on them goes through hundredths, so 0.1 +
 * 0.2 is 0.3 and never 0.30000000000000004.
 */

/** Units sold by weight: their stock and order lines take up to two decimals. */
export const WEIGHED_UNITS = ['lb', 'kg', 'oz'] as const;

export function isWeighedUnit(unit: string | null | undefined): boolean {
  return (WEIGHED_UNITS as readonly string[]).includes(unit ?? '');
}

/** The quantity in hundredths (1.25 -> 125), or null when it has more than two decimals. */
export function quantityHundredths(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  const hundredths = Math.round(quantity * 100);
  // A number typed with two decimals is within a float's error of its hundredths.
  return Math.abs(quantity * 100 - hundredths) < 1e-6 ? hundredths : null;
}

export function hasAtMostTwoDecimals(quantity: number): boolean {
  return quantityHundredths(quantity) !== null;
}

/** Hundredths back to a quantity, the nearest float to the decimal (125 -> 1.25). */
export function fromHundredths(hundredths: number): number {
  return Number((hundredths / 100).toFixed(2));
}

/** a + b, exact to the hundredth. Both must have at most two decimals. */
export function addQuantities(a: number, b: number): number {
  return fromHundredths((quantityHundredths(a) ?? 0) + (quantityHundredths(b) ?? 0));
}

/** a - b, exact to the hundredth. */
export function subtractQuantities(a: number, b: number): number {
  return fromHundredths((quantityHundredths(a) ?? 0) - (quantityHundredths(b) ?? 0));
}

export const TWO_DECIMALS_MESSAGE = 'Use at most two decimals';
export const wholeNumberMessage = (unit: string) => `Use a whole number for ${unit}`;

/**
 * What is wrong with a quantity of a product sold by `unit`, or null when it is fine: more
 * than two decimals for any unit, any decimal for a counted one. (Range checks are the
 * caller's: they differ between stock and a line.)
 */
export function quantityProblem(unit: string, quantity: number): string | null {
  if (!hasAtMostTwoDecimals(quantity)) return TWO_DECIMALS_MESSAGE;
  if (!isWeighedUnit(unit) && !Number.isInteger(quantity)) return wholeNumberMessage(unit);
  return null;
}

/** The smallest step of a unit's quantity input: 0.01 when weighed, 1 otherwise. */
export function quantityStep(unit: string): number {
  return isWeighedUnit(unit) ? 0.01 : 1;
}

/** A quantity for people: 2 -> "2", 1.5 -> "1.5", 2.25 -> "2.25". */
export function formatQuantity(quantity: number): string {
  return String(fromHundredths(Math.round(quantity * 100)));
}

/** A whole number with its thousands grouped: 1234567 -> "1,234,567". */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}
