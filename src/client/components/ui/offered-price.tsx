import type { WirePriceBreak } from '#core/pricing';
import { formatQuantity } from '#core/quantity';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';

/** A quantity break for people: "10+ lb: $3.50/lb" (docs/price-lists.md). */
export function breakLabel(entry: WirePriceBreak, unit: string): string {
  return `${formatQuantity(entry.minQuantity)}+ ${unit}: ${formatMoney(entry.price)}/${unit}`;
}

/**
 * The restaurant's price of a product, with the list price struck through beside it when the
 * restaurant's price list makes it lower.
 */
export function OfferedPrice({
  price,
  listPrice,
  unit,
  className,
}: {
  price: string;
  listPrice?: string | undefined;
  unit: string;
  className?: string;
}) {
  return (
    <span className={cn('tabular', className)}>
      <span className="font-semibold">{formatMoney(price)}</span>
      <span className="text-sm font-normal text-stone-600"> / {unit}</span>
      {listPrice ? (
        <>
          {' '}
          <s className="text-sm font-normal text-stone-500">
            <span className="sr-only">list price </span>
            {formatMoney(listPrice)}
          </s>
        </>
      ) : null}
    </span>
  );
}

/** The product's quantity breaks, the one a line reaches marked when a quantity is given. */
export function PriceBreaks({
  breaks,
  unit,
  quantity,
  className,
}: {
  breaks: readonly WirePriceBreak[] | undefined;
  unit: string;
  quantity?: number;
  className?: string;
}) {
  if (!breaks || breaks.length === 0) return null;
  const reached =
    quantity === undefined
      ? undefined
      : [...breaks].reverse().find((entry) => entry.minQuantity <= quantity);
  return (
    <ul className={cn('flex flex-wrap gap-x-3 text-xs text-emerald-800', className)}>
      {breaks.map((entry) => (
        <li
          key={entry.minQuantity}
          className={cn('tabular', entry === reached && 'font-semibold')}
          data-testid="price-break"
        >
          {breakLabel(entry, unit)}
          {entry === reached ? <span className="sr-only"> (applied)</span> : null}
        </li>
      ))}
    </ul>
  );
}
