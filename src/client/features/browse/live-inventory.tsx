import { titleCase } from '#core/constants';
import type { Product } from '#core/schemas/product';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { deliveryDayLabel, formatMoney } from '../../lib/format';
import { useCatalogList } from './api';
import { CartQuantityControl } from './cart-quantity';
import { PackChoice, usePackChoice } from '../../components/ui/pack-choice';
import {
  DELIVERY_DAY_LABELS,
  DELIVERY_DAYS,
  filterInventory,
  LIVE_INVENTORY_CATEGORIES,
  type DeliveryDay,
  type LiveInventoryCategory,
} from './inventory-filter';

/** Live Inventory shows this many rows at a time; Show more adds as many again. */
const INVENTORY_PAGE = 12;

/**
 * The combined screen's Live Inventory: every product on offer as compact rows, with a search,
 * a category and a delivery-day filter; with `canOrder`, each row puts the product in the cart.
 */
export function LiveInventory({ canOrder, today }: { canOrder: boolean; today: string }) {
  const products = useCatalogList();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<LiveInventoryCategory>('all');
  const [deliveryDay, setDeliveryDay] = useState<DeliveryDay>('all');
  const [shown, setShown] = useState(INVENTORY_PAGE);
  const ids = { search: useId(), category: useId(), day: useId() };
  const visible = useMemo(
    () => filterInventory(products.data ?? [], { search, category, deliveryDay }, today),
    [products.data, search, category, deliveryDay, today],
  );
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setShown(INVENTORY_PAGE);
    };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Live Inventory</CardTitle>
        <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto_auto]">
          <div className="relative">
            <label htmlFor={ids.search} className="sr-only">
              Search
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
              aria-hidden
            />
            <Input
              id={ids.search}
              type="search"
              placeholder="Search produce, farms..."
              value={search}
              onChange={(event) => filterBy(setSearch)(event.target.value)}
              className="pl-9"
            />
          </div>
          <div>
            <label htmlFor={ids.category} className="sr-only">
              Category
            </label>
            <Select
              id={ids.category}
              value={category}
              onChange={(event) =>
                filterBy(setCategory)(event.target.value as LiveInventoryCategory)
              }
            >
              {LIVE_INVENTORY_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? 'All Categories' : titleCase(value)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor={ids.day} className="sr-only">
              Delivery day
            </label>
            <Select
              id={ids.day}
              value={deliveryDay}
              onChange={(event) => filterBy(setDeliveryDay)(event.target.value as DeliveryDay)}
            >
              {DELIVERY_DAYS.map((value) => (
                <option key={value} value={value}>
                  {DELIVERY_DAY_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {products.isError ? (
          <ErrorState
            title="Could not load the inventory"
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        ) : products.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        ) : products.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">
            No products available at the moment.
          </p>
        ) : visible.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">
            No products match your search. Try other filters.
          </p>
        ) : (
          <>
            <p className="mb-2 text-xs text-stone-500" aria-live="polite">
              Showing {visible.length} of {products.data.length} products
            </p>
            <ul className="flex flex-col divide-y divide-stone-100">
              {visible.slice(0, shown).map((product) => (
                <InventoryRow
                  key={product.id}
                  product={product}
                  canOrder={canOrder}
                  today={today}
                />
              ))}
            </ul>
            {visible.length > shown ? (
              <Button
                variant="outline"
                className="mt-3 w-full"
                onClick={() => setShown(shown + INVENTORY_PAGE)}
              >
                Show more ({visible.length - shown} more)
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function InventoryRow({
  product,
  canOrder,
  today,
}: {
  product: Product;
  canOrder: boolean;
  today: string;
}) {
  const outOfStock = product.availableQuantity <= 0;
  const [pack, choosePack] = usePackChoice(product);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {product.name}
          {product.isOrganic ? <Badge variant="success">Organic</Badge> : null}
        </p>
        <p className="truncate text-sm text-stone-600">{product.farm.name}</p>
        <p className="text-xs text-stone-500">
          <span className="tabular font-medium text-stone-800">
            {formatMoney(product.price)}/{product.unit}
          </span>{' '}
          · {outOfStock ? 'Out of Stock' : `${product.availableQuantity} available`} · Next
          delivery: {deliveryDayLabel(product.nextDeliveryDate, today)}
        </p>
      </div>
      {canOrder ? (
        <div className="flex flex-wrap items-center gap-2 self-start sm:self-center">
          <PackChoice product={product} pack={pack} onChoose={choosePack} variant="select" />
          <CartQuantityControl product={product} packId={pack?.id} compact />
        </div>
      ) : null}
    </li>
  );
}
