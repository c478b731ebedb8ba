import { centsOf, formatUsd, type Cents } from './money';
import type { Minimum } from './schemas/minimum';

/**
 * The rule of a farm's minimum (docs/minimums.md), written once for the cart and the server:
 * judged on the farm's subtotal (the lines, before the delivery fee and GET).
 */

/** How far `subtotalCents` is under the minimum; 0 when it is met or there is none. */
export function shortOfMinimumCents(subtotalCents: Cents, minimum: Minimum | null): Cents {
  if (!minimum) return 0;
  return Math.max(0, centsOf(minimum.amount) - subtotalCents);
}

/** The small-order fee an order of `subtotalCents` pays under this minimum (0 when none). */
export function smallOrderFeeCents(subtotalCents: Cents, minimum: Minimum | null): Cents {
  if (!minimum || minimum.mode !== 'fee' || minimum.fee === null) return 0;
  return shortOfMinimumCents(subtotalCents, minimum) > 0 ? centsOf(minimum.fee) : 0;
}

/** Whether the minimum refuses an order of `subtotalCents`. */
export function blockedByMinimum(subtotalCents: Cents, minimum: Minimum | null): boolean {
  return minimum?.mode === 'block' && shortOfMinimumCents(subtotalCents, minimum) > 0;
}

/** "below Hāmākua Farm's $50.00 minimum": the reason of a refusal. */
export function belowMinimumReason(farmName: string, amountCents: Cents): string {
  return `below ${farmName}'s ${formatUsd(amountCents)} minimum`;
}

/** "$12.00 more for Hāmākua Farm's minimum": the cart's progress line. */
export function minimumProgressText(farmName: string, shortCents: Cents): string {
  return `${formatUsd(shortCents)} more for ${farmName}'s minimum`;
}
