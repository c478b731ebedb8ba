/**
 * The one rule of suggested lots (docs/traceability.md#packing-with-lots): a line is taken from
 * its product's open lots, the oldest harvest first (then the oldest lot), as much of each as it
 * has left, until the line is covered. The "Assign lots" dialog starts from it, and the day's
 * bulk pack with `lots: "suggested"` assigns it.
 */
import { fromHundredths, quantityHundredths } from './quantity';

/** What the rule reads of a lot: its id, harvest date, what is left of it, and any recall. */
export interface OpenLot {
  id: number;
  harvestDate: string;
  remaining: number;
  /** When the lot was recalled, or null: a recalled lot is never suggested (food safety). */
  recalledAt?: string | null;
}

export interface LotShare {
  lotId: number;
  quantity: number;
}

const hundredths = (value: number) => quantityHundredths(value) ?? Math.round(value * 100);

/** Oldest harvest first, then the oldest lot: the order a packer takes lots in. */
export function oldestLotFirst(a: OpenLot, b: OpenLot): number {
  if (a.harvestDate !== b.harvestDate) return a.harvestDate < b.harvestDate ? -1 : 1;
  return a.id - b.id;
}

/**
 * The shares of `open` lots that cover `quantity`, and what no lot covers (0 when the line is
 * covered). Lots with nothing left, and recalled lots, are passed over.
 */
export function suggestLotShares(
  quantity: number,
  open: readonly OpenLot[],
): { shares: LotShare[]; uncovered: number } {
  let left = hundredths(quantity);
  const shares: LotShare[] = [];
  for (const lot of [...open].sort(oldestLotFirst)) {
    if (left <= 0) break;
    if (lot.recalledAt) continue;
    const take = Math.min(left, hundredths(lot.remaining));
    if (take <= 0) continue;
    shares.push({ lotId: lot.id, quantity: fromHundredths(take) });
    left -= take;
  }
  return { shares, uncovered: fromHundredths(Math.max(left, 0)) };
}
