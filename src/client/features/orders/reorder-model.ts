import { formatMoneyString } from '#core/money';
import { isUnitPack, packNoun } from '#core/packs';
import type { Reorder, ReorderLine } from '#core/schemas/reorder';

/** What "Order again" tells the restaurant after filling the cart (docs/tax.md#order-again). */
export interface ReorderSummary {
  /** How many lines went into the cart. */
  addedCount: number;
  /** "Taro: now $2.40 (was $2.00)". */
  priceChanges: string[];
  /** "Basil: 6 of the 10 lb ordered (all there is)". */
  short: string[];
  /**
   * What was left out, naming the farm and why: "Mint from Kula Greens: sold out", or one
   * "Kula Greens is not taking orders now: Kale, Mint left out" for a farm that takes none.
   */
  gone: string[];
  /** The order's note to the farm, which the checkout starts from; null when it had none. */
  note: string | null;
}

const GONE_REASONS = {
  farm_closed: 'the farm is not taking orders now',
  sold_out: 'sold out',
  not_offered: 'no longer offered',
} as const;

/** A line that goes into the cart: its quantity in packs and the pack the cart line holds. */
export interface CartAddition {
  line: ReorderLine;
  quantity: number;
  /** The pack's id (null: the unit pack of a product answered without packs), label and size. */
  packId: number | null;
  packLabel: string;
  packSize: number;
}

/** The pack of a line other than the unit pack, or null: then it reads as before packs. */
function otherPack(line: ReorderLine): { label: string; size: number } | null {
  return line.pack && !isUnitPack(line.pack) ? line.pack : null;
}

/** "Taro (case of 24 bunches)" for a pack other than the unit, else the product's name. */
function lineName(line: ReorderLine): string {
  const pack = otherPack(line);
  return pack ? `${line.productName} (${pack.label})` : line.productName;
}

/** The lines that go into the cart, each with the quantity it gets and its pack. */
export function cartAdditions(plan: Reorder): CartAddition[] {
  return plan.lines
    .filter((line) => line.status !== 'gone' && line.product !== null && line.quantity > 0)
    .map((line) => ({
      line,
      quantity: line.quantity,
      packId: line.packId ?? null,
      packLabel: line.pack?.label ?? line.unit,
      packSize: line.pack?.size ?? 1,
    }));
}

export function summarizeReorder(plan: Reorder): ReorderSummary {
  const price = (line: ReorderLine) =>
    `${lineName(line)}: now ${formatMoneyString(line.unitPrice ?? '0')} (was ${formatMoneyString(line.orderedUnitPrice)})`;
  return {
    addedCount: cartAdditions(plan).length,
    priceChanges: plan.lines.filter((line) => line.priceChange !== null).map(price),
    short: plan.lines
      .filter((line) => line.status === 'short')
      .map(
        (line) =>
          `${line.productName}: ${line.quantity} of the ${line.orderedQuantity} ${countedIn(line)} ordered (all there is)`,
      ),
    gone: goneEntries(plan),
    note: plan.notes?.trim() ? plan.notes : null,
  };
}

/** What the quantities ordered count: the pack ("cases of 24 bunches"), else the unit. */
function countedIn(line: ReorderLine): string {
  const pack = otherPack(line);
  return pack ? packNoun(pack.label, line.orderedQuantity) : line.unit;
}

function goneEntries(plan: Reorder): string[] {
  const gone = plan.lines.filter((line) => line.status === 'gone');
  const closed = gone.filter((line) => line.goneReason === 'farm_closed');
  return [
    ...(closed.length > 0
      ? [`${plan.farm.name} is not taking orders now: ${closed.map(lineName).join(', ')} left out`]
      : []),
    ...gone
      .filter((line) => line.goneReason !== 'farm_closed')
      .map(
        (line) =>
          `${lineName(line)} from ${plan.farm.name}: ${line.goneReason ? GONE_REASONS[line.goneReason] : 'no longer available'}`,
      ),
  ];
}

/** Whether anything differs from the order as it was: then the summary is worth a dialog. */
export function hasDifferences(summary: ReorderSummary): boolean {
  return summary.priceChanges.length + summary.short.length + summary.gone.length > 0;
}
