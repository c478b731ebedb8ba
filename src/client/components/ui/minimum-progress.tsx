import { formatUsd, type Cents } from '#core/money';
import { minimumProgressText, shortOfMinimumCents, smallOrderFeeCents } from '#core/minimums';
import type { Minimum } from '#core/schemas/minimum';
import { cn } from '../../lib/cn';

/**
 * How far a farm's part of the cart is from the minimum that applies to the restaurant
 * (docs/minimums.md), in the words of the checkout: refused below it, charged the small-order
 * fee, or only told. Nothing when the minimum is met or there is none.
 */
export function MinimumProgress({
  farmName,
  subtotalCents,
  minimum,
  compact = false,
}: {
  farmName: string;
  subtotalCents: Cents;
  minimum: Minimum | null | undefined;
  /** Smaller, for a panel beside the products. */
  compact?: boolean;
}) {
  const shortCents = shortOfMinimumCents(subtotalCents, minimum ?? null);
  if (!minimum || shortCents === 0) return null;
  const progress = minimumProgressText(farmName, shortCents);
  const feeCents = smallOrderFeeCents(subtotalCents, minimum);
  return (
    <p
      data-testid="minimum-progress"
      className={cn(
        'rounded-md',
        compact ? 'px-2 py-1 text-xs' : 'px-3 py-2 text-sm',
        minimum.mode === 'block'
          ? 'bg-red-50 font-medium text-red-800'
          : 'bg-warning-soft text-amber-900',
      )}
    >
      {minimum.mode === 'block'
        ? `${progress}: ${farmName} does not take smaller orders.`
        : feeCents > 0
          ? `${progress} (until then, a small-order fee of ${formatUsd(feeCents)})`
          : progress}
    </p>
  );
}
