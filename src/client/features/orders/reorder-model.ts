import { formatMoneyString } from '#core/money';
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

/** The lines that go into the cart, each with the quantity it gets. */
export function cartAdditions(plan: Reorder): { line: ReorderLine; quantity: number }[] {
  return plan.lines
    .filter((line) => line.status !== 'gone' && line.product !== null && line.quantity > 0)
    .map((line) => ({ line, quantity: line.quantity }));
}

export function summarizeReorder(plan: Reorder): ReorderSummary {
  const price = (line: ReorderLine) =>
    `${line.productName}: now ${formatMoneyString(line.unitPrice ?? '0')} (was ${formatMoneyString(line.orderedUnitPrice)})`;
  return {
    addedCount: cartAdditions(plan).length,
    priceChanges: plan.lines.filter((line) => line.priceChange !== null).map(price),
    short: plan.lines
      .filter((line) => line.status === 'short')
      .map(
        (line) =>
          `${line.productName}: ${line.quantity} of the ${line.orderedQuantity} ${line.unit} ordered (all there is)`,
      ),
    gone: goneEntries(plan),
    note: plan.notes?.trim() ? plan.notes : null,
  };
}

function goneEntries(plan: Reorder): string[] {
  const gone = plan.lines.filter((line) => line.status === 'gone');
  const closed = gone.filter((line) => line.goneReason === 'farm_closed');
  return [
    ...(closed.length > 0
      ? [
          `${plan.farm.name} is not taking orders now: ${closed.map((line) => line.productName).join(', ')} left out`,
        ]
      : []),
    ...gone
      .filter((line) => line.goneReason !== 'farm_closed')
      .map(
        (line) =>
          `${line.productName} from ${plan.farm.name}: ${line.goneReason ? GONE_REASONS[line.goneReason] : 'no longer available'}`,
      ),
  ];
}

/** Whether anything differs from the order as it was: then the summary is worth a dialog. */
export function hasDifferences(summary: ReorderSummary): boolean {
  return summary.priceChanges.length + summary.short.length + summary.gone.length > 0;
}
