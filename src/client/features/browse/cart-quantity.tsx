import { lineCountUnit, lineEstimateLabel, lineStock } from '#core/cart';
import type { Product } from '#core/schemas/product';
import { subtractQuantities } from '#core/quantity';
import { Ban, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Button } from '../../components/ui/button';
import { QuantityInput } from '../../components/ui/quantity-input';
import { useCart } from '../../lib/cart';

/** docs/product.md#products: an inactive product, or one with nothing left, is out of stock. */
export function isAvailable(product: Product): boolean {
  return product.isActive && product.availableQuantity > 0;
}

/**
 * One product's place in the cart in the pack chosen (docs/packs.md; absent: its unit pack):
 * Add, then minus / quantity / plus and Remove. `compact` is the combined screen's row, where
 * minus stops at one, or the pack's minimum (docs/product.md#cart), and Remove is an icon.
 * `blockedReason` is why the farm cannot deliver to the restaurant's zone: the button says so
 * instead of filling the cart with what checkout would refuse.
 */
export function CartQuantityControl({
  product,
  packId,
  compact = false,
  blockedReason = null,
}: {
  product: Product;
  packId?: number | undefined;
  compact?: boolean;
  blockedReason?: string | null;
}) {
  const cart = useCart();
  const line = cart.lineOf(product, packId);
  const inCart = line?.quantity ?? 0;
  const pack = product.packs?.find((entry) => entry.id === packId);
  const counted = { unit: product.unit, packSize: pack?.size ?? 1, packLabel: pack?.label ?? '' };
  const stock = isAvailable(product)
    ? lineStock({ ...counted, availableQuantity: product.availableQuantity })
    : 0;
  const least = Math.max(1, pack?.minimumQuantity ?? 0);
  // Add and Remove replace the button pressed with the other control. Pressed from the
  // keyboard, focus follows to the control that replaced it instead of falling to the page;
  // a tap moves nothing (focusing the quantity box would open a phone's keyboard).
  const moveFocus = useRef(false);
  const control = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const inTheCart = inCart > 0;
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (inTheCart) control.current?.querySelector('input')?.focus();
    else addButton.current?.focus();
  }, [inTheCart]);
  /** A click that a key made (Enter, Space) has no pointer position: its detail is 0. */
  const fromKeyboard = (event: MouseEvent) => {
    moveFocus.current = event.detail === 0;
  };
  const add = (event: MouseEvent) => {
    fromKeyboard(event);
    cart.add(product, 1, packId);
  };
  const remove = (event: MouseEvent) => {
    fromKeyboard(event);
    if (line) cart.remove({ productId: line.id, packId: line.packId });
  };
  // Under the pack's minimum the line goes, as it does under one of its unit.
  const decrease = () => {
    if (!line) return;
    const next = subtractQuantities(inCart, 1);
    const key = { productId: line.id, packId: line.packId };
    if (next < (pack?.minimumQuantity ?? 0)) cart.remove(key);
    else cart.setQuantity(key, next, { cap: true });
  };
  const unit = lineCountUnit(counted);

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
        ref={addButton}
        size="sm"
        aria-label={`Add ${product.name} to cart`}
        disabled={stock === 0}
        onClick={add}
      >
        <Plus aria-hidden="true" /> Add
      </Button>
    ) : (
      <Button ref={addButton} className="w-full" disabled={stock === 0} onClick={add}>
        <ShoppingCart aria-hidden="true" /> Add to Cart
        <span className="sr-only"> {product.name}</span>
      </Button>
    );
  }

  const estimate = line ? lineEstimateLabel(line) : null;
  return (
    <>
      <div ref={control} className="flex items-center gap-2">
        <div
          className="flex items-center rounded-md border border-stone-300"
          role="group"
          aria-label={`Quantity of ${product.name}`}
        >
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Decrease ${product.name}`}
            disabled={compact && inCart <= least}
            onClick={decrease}
          >
            <Minus aria-hidden="true" />
          </Button>
          <QuantityInput
            name={product.name}
            unit={unit}
            quantity={inCart}
            stock={stock}
            className="border-y-0"
            onChange={(quantity) =>
              line &&
              cart.setQuantity({ productId: line.id, packId: line.packId }, quantity, { cap: true })
            }
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Increase ${product.name}`}
            disabled={inCart >= stock}
            onClick={() => cart.add(product, 1, packId)}
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
            onClick={remove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="ghost"
            className="ml-auto text-destructive hover:bg-destructive-soft"
            onClick={remove}
          >
            <Trash2 aria-hidden="true" /> Remove
            <span className="sr-only"> {product.name}</span>
          </Button>
        )}
      </div>
      {/* A line priced by weight: what it should weigh and come to until the farm weighs it. */}
      {estimate ? <p className="tabular text-sm text-stone-600">{estimate}</p> : null}
    </>
  );
}
