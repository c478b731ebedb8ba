import { formatQuantity, quantityHundredths, WEIGHED_UNITS } from './quantity';
import { unitsOfPacks } from './packs';

/*
 * Catch weight (docs/catch-weight.md): a product priced per pound (kg, oz) while it is counted
 * and ordered in boxes or pieces. A line is charged on its estimate (packs × each pack's expected
 * weight) until the packer enters what the scale said; past the farm's tolerance the restaurant
 * accepts the weight or keeps the estimate.
 */

export const WEIGHT_UNITS = WEIGHED_UNITS;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export type WeightDecision = 'pending' | 'accepted' | 'declined';

/** What the money rules need of a line charged by weight. */
export interface WeighedLine {
  quantity: number;
  /** Null: a line priced per pack. */
  weightUnit: string | null;
  packWeight: number | null;
  weight: number | null;
  weightDecision: WeightDecision | null;
}

/** The line's expected weight: its packs × each one's estimate. */
export function estimatedWeight(line: Pick<WeighedLine, 'quantity' | 'packWeight'>): number {
  return unitsOfPacks(line.quantity, line.packWeight ?? 0);
}

/**
 * What the line is charged for, in the quantity its unit price is per: its packs, or for a line
 * by weight the weight entered (the estimate until then, and at most the estimate while a
 * heavier one waits for the restaurant or once it declined it).
 */
export function billedQuantity(line: WeighedLine): number {
  if (line.weightUnit === null) return line.quantity;
  const estimate = estimatedWeight(line);
  if (line.weight === null) return estimate;
  // Past the tolerance, the estimate is the most charged until the restaurant accepts.
  if (line.weightDecision === 'declined' || line.weightDecision === 'pending') {
    return Math.min(line.weight, estimate);
  }
  return line.weight;
}

/**
 * Whether a weight passes the tolerance over the estimate (the farm's allowance percent,
 * docs/adjustments.md): compared in hundredths, the tolerance rounded down.
 */
export function beyondTolerance(weight: number, estimate: number, allowancePercent: number) {
  const most = Math.floor(((quantityHundredths(estimate) ?? 0) * (100 + allowancePercent)) / 100);
  return (quantityHundredths(weight) ?? 0) > most;
}

/** "≈ 50 lb" for an estimate, "49.9 lb" for a weight. */
export function weightLabel(weight: number, unit: string, estimate = false): string {
  return `${estimate ? '≈ ' : ''}${formatQuantity(weight)} ${unit}`;
}
