import type { Product } from '#core/schemas/product';
import { MAX_LINE_QUANTITY } from '#core/schemas/order';
import { formatQuantity, quantityProblem, quantityStep } from '#core/quantity';
import { Ban, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useCart } from '../../lib/cart';
import { cn } from '../../lib/cn';

/** docs/product.md#products: an inactive product, or one with nothing left, is out of stock. */
export function isAvailable(product: Product): boolean {
  return product.isActive && product.availableQuantity > 0;
}

/**
 * What a typed quantity is wrong with, or null: the unit's rule (a whole number for counted
 * units, two decimals for weighed ones), then the line's cap. `stock` caps it on browse, where
 * the stock is known; checkout leaves that to the server's answer.
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
  /** The most the line may take, when known (browse); above it, the message. */
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

/**
 * One product's place in the cart: Add, then minus / quantity / plus and Remove. `compact` is
 * the combined screen's row, where minus stops at one (docs/product.md#cart) and Remove is an
 * icon. `blockedReason` is why the farm cannot deliver to the restaurant's zone: the button
 * says so instead of filling the cart with what checkout would refuse.
 */
export function CartQuantityControl({
  product,
  compact = false,
  blockedReason = null,
}: {
  product: Product;
  compact?: boolean;
  blockedReason?: string | null;
}) {
  const cart = useCart();
  const inCart = cart.quantityOf(product.id);
  const stock = isAvailable(product) ? Math.min(product.availableQuantity, MAX_LINE_QUANTITY) : 0;

  if (inCart === 0 && blockedReason) {
    return (
      <Button
        className={compact ? undefined : 'w-full'}
        size={compact ? 'sm' : 'md'}
        variant="outline"
        disabled
      >
        <Ban aria-hidden="true" /> {blockedReason}
        <span className="sr-only"> for {product.name}</span>
      </Button>
    );
  }

  if (inCart === 0) {
    return compact ? (
      <Button
        size="sm"
        aria-label={`Add ${product.name} to cart`}
        disabled={stock === 0}
        onClick={() => cart.add(product)}
      >
        <Plus aria-hidden="true" /> Add
      </Button>
    ) : (
      <Button className="w-full" disabled={stock === 0} onClick={() => cart.add(product)}>
        <ShoppingCart aria-hidden="true" /> Add to Cart
        <span className="sr-only"> {product.name}</span>
      </Button>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <div
        className="flex items-center rounded-md border border-stone-300"
        role="group"
        aria-label={`Quantity of ${product.name}`}
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Decrease ${product.name}`}
          disabled={compact && inCart <= 1}
          onClick={() => cart.setQuantity(product.id, inCart - 1, { cap: true })}
        >
          <Minus aria-hidden="true" />
        </Button>
        <QuantityInput
          name={product.name}
          unit={product.unit}
          quantity={inCart}
          stock={stock}
          className="border-y-0"
          onChange={(quantity) => cart.setQuantity(product.id, quantity, { cap: true })}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Increase ${product.name}`}
          disabled={inCart >= stock}
          onClick={() => cart.add(product)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {compact ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${product.name}`}
          className="text-destructive hover:bg-destructive-soft"
          onClick={() => cart.remove(product.id)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : (
        <Button
          variant="ghost"
          className="ml-auto text-destructive hover:bg-destructive-soft"
          onClick={() => cart.remove(product.id)}
        >
          <Trash2 aria-hidden="true" /> Remove
          <span className="sr-only"> {product.name}</span>
        </Button>
      )}
    </div>
  );
}
