import { lineTotalCents } from '#core/cart';
import { formatUsd } from '#core/money';
import { ChevronDown, ChevronUp, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useCart } from '../../lib/cart';
import { countLabel, formatMoney } from '../../lib/format';

const WIDE_SCREEN = '(min-width: 768px)';

/**
 * The floating 'Cart Summary (N items)' panel (docs/product.md#cart-summary). On a phone it is
 * a bottom bar that opens on demand, so it never hides the products; on wider screens it starts
 * open.
 */
export function CartSummary() {
  const cart = useCart();
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN).matches,
  );
  const listId = useId();
  if (cart.items.length === 0) return null;

  return (
    <aside
      aria-label="Cart summary"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:inset-x-auto md:right-4 md:bottom-4 md:w-96 md:rounded-xl md:border"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center gap-2 px-4 py-2 text-left"
      >
        <ShoppingCart className="size-5 text-primary" aria-hidden="true" />
        <span className="font-semibold">Cart Summary ({countLabel(cart.itemCount, 'item')})</span>
        <span className="tabular ml-auto font-semibold">{formatUsd(cart.totalCents)}</span>
        {open ? (
          <ChevronDown className="size-5 text-stone-500" aria-hidden="true" />
        ) : (
          <ChevronUp className="size-5 text-stone-500" aria-hidden="true" />
        )}
        <span className="sr-only">{open ? 'Hide items' : 'Show items'}</span>
      </button>
      <div id={listId} hidden={!open} className="border-t border-stone-100">
        <ul className="max-h-[40dvh] divide-y divide-stone-100 overflow-y-auto px-4">
          {cart.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{item.name}</p>
                <p className="truncate text-stone-600">{item.farmName}</p>
                <p className="tabular text-stone-600">
                  {item.quantity} x {formatMoney(item.pricePerUnit)}
                </p>
              </div>
              <span className="tabular font-medium">{formatUsd(lineTotalCents(item))}</span>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between border-t border-stone-100 px-4 py-2">
          <span className="font-semibold">Total</span>
          <span className="tabular text-lg font-bold">{formatUsd(cart.totalCents)}</span>
        </div>
      </div>
      <div className="px-4 pb-3">
        <Button asChild className="w-full">
          <Link to="/restaurant/orders">Proceed to Checkout</Link>
        </Button>
      </div>
    </aside>
  );
}
