import { addDays } from './hawaii-time';
import { billedQuantity, type WeighedLine } from './catch-weight';

/**
 * The last Hawaii day a restaurant may report a problem with an order delivered on
 * `deliveredOn` (docs/claims.md): the delivery day plus the farm's window, so a window of 0 is
 * the delivery day itself. The server refuses after it; the order card stops offering it.
 */
export function claimWindowEnd(deliveredOn: string, windowDays: number): string {
  return addDays(deliveredOn, windowDays);
}

/**
 * What a claim of a line counts, and the most of it: the line's quantity in what it was sold in,
 * or for a line charged by weight (docs/catch-weight.md) the weight billed in its weight unit,
 * so a short weight is claimed in pounds and credited at the price per pound.
 */
export function claimMeasure(line: WeighedLine & { productUnit: string }): {
  unit: string;
  most: number;
} {
  return { unit: line.weightUnit ?? line.productUnit, most: billedQuantity(line) };
}
