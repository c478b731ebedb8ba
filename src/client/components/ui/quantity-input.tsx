import { MAX_LINE_QUANTITY } from '#core/order-limits';
import { formatQuantity, quantityProblem, quantityStep } from '#core/quantity';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * What a typed quantity is wrong with, or null: the unit's rule (a whole number for counted
 * units, two decimals for weighed ones), then the line's cap. `stock` caps it with the stock the
 * restaurant was shown (browse, and the cart's line); a stock that moved since is the server's
 * answer at checkout.
 */
export function typedQuantityProblem(
  unit: string,
  quantity: number,
  stock?: number,
): string | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'Enter a quantity above 0';
  const problem = quantityProblem(unit, quantity);
  if (problem) return problem;
  if (quantity > MAX_LINE_QUANTITY) return `At most ${MAX_LINE_QUANTITY} ${unit} on one line`;
  if (stock !== undefined && quantity > stock)
    return `Only ${formatQuantity(stock)} ${unit} available`;
  return null;
}

/**
 * A line's quantity, typed as well as stepped (docs/product.md#cart): every keystroke that
 * makes a valid quantity sets it, so "26" needs no button; one that does not says why under
 * the box and changes nothing. Leaving the box shows the quantity the cart holds.
 */
export function QuantityInput({
  name,
  unit,
  quantity,
  stock,
  onChange,
  className,
}: {
  name: string;
  unit: string;
  quantity: number;
  /** The most the line may take, as last shown; above it, the message. */
  stock?: number;
  onChange: (quantity: number) => void;
  className?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const messageId = useId();
  const problem = text === null ? null : typedQuantityProblem(unit, Number(text), stock);
  return (
    <span className="relative inline-flex flex-col items-center">
      <input
        type="number"
        inputMode={quantityStep(unit) === 1 ? 'numeric' : 'decimal'}
        step={quantityStep(unit)}
        min={quantityStep(unit)}
        aria-label={`Quantity of ${name} (${unit})`}
        aria-invalid={problem !== null}
        aria-describedby={problem ? messageId : undefined}
        className={cn(
          'tabular h-11 w-16 rounded-md border border-stone-300 bg-white px-1 text-center font-semibold aria-invalid:border-destructive',
          className,
        )}
        value={text ?? formatQuantity(quantity)}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          setText(event.target.value);
          const typed = Number(event.target.value);
          if (event.target.value.trim() === '') return;
          if (typedQuantityProblem(unit, typed, stock) === null && typed !== quantity) {
            onChange(typed);
          }
        }}
        onBlur={() => setText(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
      <span className="sr-only" aria-live="polite">
        {formatQuantity(quantity)} {unit} in the cart
      </span>
      {problem ? (
        <span
          id={messageId}
          role="alert"
          className="absolute top-full z-10 mt-1 w-max max-w-48 rounded bg-white px-1 text-xs font-medium text-destructive shadow"
        >
          {problem}
        </span>
      ) : null}
    </span>
  );
}
