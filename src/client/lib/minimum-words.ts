import { centsOf, formatUsd, parseMoney } from '#core/money';
import type { Minimum, MinimumMode } from '#core/schemas/minimum';

/** What happens to an order below a minimum, as a farm chooses it (docs/minimums.md). */
export const MINIMUM_MODE_CHOICES: Record<MinimumMode, string> = {
  block: 'Refuse the order',
  fee: 'Charge a small-order fee',
  warn: 'Accept, with a warning',
};

/**
 * "Charge a small-order fee of $8.00": what happens below this minimum. A fee being typed that
 * is no amount yet is left out.
 */
export function minimumOutcome(minimum: Pick<Minimum, 'mode' | 'fee'>): string {
  const feeCents = minimum.mode === 'fee' ? parseMoney(minimum.fee) : null;
  return feeCents === null
    ? MINIMUM_MODE_CHOICES[minimum.mode]
    : `${MINIMUM_MODE_CHOICES.fee} of ${formatUsd(feeCents)}`;
}

/** "Under $50.00: refuse the order." */
export function minimumSentence(minimum: Minimum): string {
  const outcome = minimumOutcome(minimum);
  return `Under ${formatUsd(centsOf(minimum.amount))}: ${outcome.charAt(0).toLowerCase()}${outcome.slice(1)}.`;
}
