import { formatUsd } from '#core/money';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCart } from '../../lib/cart';

/** The restaurant's header badge: items in the cart and their total, linking to checkout. */
export function CartBadge() {
  const { itemCount, totalCents } = useCart();
  return (
    <Link
      to="/restaurant/orders"
      aria-label={`Cart: ${itemCount} ${itemCount === 1 ? 'item' : 'items'}, ${formatUsd(totalCents)}`}
      className="relative flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
    >
      <span className="relative">
        <ShoppingCart className="size-5" aria-hidden="true" />
        {itemCount > 0 ? (
          <span
            aria-hidden="true"
            className="tabular absolute -top-2 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-white"
          >
            {itemCount > 99 ? '99+' : itemCount}
          </span>
        ) : null}
      </span>
      {/* The total, where the bar has room: not beside eight navigation items at 1280 px. */}
      <span aria-hidden="true" className="tabular hidden sm:inline xl:hidden 2xl:inline">
        {formatUsd(totalCents)}
      </span>
    </Link>
  );
}
