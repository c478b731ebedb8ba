import {
  groupCartByFarm,
  hasEstimatedLines,
  lineCountLabel,
  lineEstimateLabel,
  linePerWeightLabel,
  lineWeightUnit,
  lineTotalCents,
  lineUnitCents,
} from '#core/cart';
import { PriceBreaks } from '../../components/ui/offered-price';
import { formatUsd } from '#core/money';
import { ChevronDown, ChevronUp, ShoppingCart } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { MinimumProgress } from '../../components/ui/minimum-progress';
import { ProductPhoto } from '../../components/ui/product-photo';
import { useCart } from '../../lib/cart';
import { countLabel } from '../../lib/format';
import { useNextDeliveries } from '../../lib/queries';
import { LocationSwitcher } from '../../components/layout/location-switcher';

/** Where the panel has a column of its own beside the products (Tailwind's `lg`). */
const WIDE_SCREEN = '(min-width: 1024px)';

/**
 * The height of the element, kept up to date: what the bar covers at the bottom of the
 * screen, so the page can keep that much room after its last product.
 */
function useHeightOf(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}

/**
 * The 'Cart Summary (N items)' panel (docs/product.md#cart-summary). It never covers a
 * product: on wide screens it is a column of its own beside the list, sticking as the list
 * scrolls; narrower, it is a bar at the bottom that opens on demand, and the page keeps as
 * much room as the bar takes (open or not) after its last product. Under it, each farm still
 * short of the minimum that applies to the restaurant says by how much, as the checkout does,
 * from the same next-delivery read (docs/minimums.md).
 */
export function CartSummary() {
  const cart = useCart();
  const farmGroups = useMemo(() => groupCartByFarm(cart.items), [cart.items]);
  const { byFarm } = useNextDeliveries(farmGroups.map((group) => group.farmId));
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN).matches,
  );
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const height = useHeightOf(panel);
  const listId = useId();
  if (cart.items.length === 0) return null;

  return (
    <>
      <div aria-hidden="true" className="lg:hidden" style={{ height }} />
      <aside
        ref={setPanel}
        aria-label="Cart summary"
        className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)] lg:sticky lg:top-20 lg:z-auto lg:rounded-xl lg:border lg:shadow-sm"
      >
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex min-h-12 w-full items-center gap-2 px-4 py-2 text-left"
        >
          <ShoppingCart className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="font-semibold">Cart Summary ({countLabel(cart.itemCount, 'item')})</span>
          <span className="tabular ml-auto font-semibold">{formatUsd(cart.totalCents)}</span>
          {open ? (
            <ChevronDown className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
          ) : (
            <ChevronUp className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
          )}
          <span className="sr-only">{open ? 'Hide items' : 'Show items'}</span>
        </button>
        <div id={listId} hidden={!open} className="border-t border-stone-100">
          <LocationSwitcher compact />
          <ul className="max-h-[40dvh] divide-y divide-stone-100 overflow-y-auto px-4 lg:max-h-[60dvh]">
            {cart.items.map((item) => (
              <li
                key={`${item.id}:${item.packId}`}
                className="flex items-center gap-3 py-2 text-sm"
              >
                <ProductPhoto imageUrl={item.imageUrl} className="size-10 shrink-0 rounded-md" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={item.name}>
                    {item.name}
                  </p>
                  <p className="truncate text-stone-600">{item.farmName}</p>
                  <p className="tabular text-stone-600">
                    {linePerWeightLabel(item) ??
                      `${lineCountLabel(item)} x ${formatUsd(lineUnitCents(item))}`}
                  </p>
                  {lineEstimateLabel(item) ? (
                    <p className="tabular text-stone-600">{lineEstimateLabel(item)}</p>
                  ) : null}
                  <PriceBreaks
                    breaks={lineWeightUnit(item) ? undefined : item.breaks}
                    unit={item.packLabel}
                    quantity={item.quantity}
                  />
                </div>
                <span className="tabular font-medium">{formatUsd(lineTotalCents(item))}</span>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between border-t border-stone-100 px-4 py-2">
            <span className="font-semibold">
              {hasEstimatedLines(cart.items) ? 'Estimated total' : 'Total'}
            </span>
            <span className="tabular text-lg font-bold">{formatUsd(cart.totalCents)}</span>
          </div>
        </div>
        <div className="flex flex-col gap-2 px-4 pb-3">
          {farmGroups.map((group) => (
            <MinimumProgress
              key={group.farmId}
              farmName={group.farmName}
              subtotalCents={group.subtotalCents}
              minimum={byFarm.get(group.farmId)?.minimum}
              compact
            />
          ))}
          <Button asChild className="w-full">
            <Link to="/restaurant/orders">Proceed to Checkout</Link>
          </Button>
        </div>
      </aside>
    </>
  );
}
