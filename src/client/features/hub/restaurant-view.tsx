import { groupCartByFarm, lineTotalCents } from '#core/cart';
import { titleCase } from '#core/constants';
import { hawaiiMonth, hawaiiToday } from '#core/hawaii-time';
import { centsOf, formatUsd } from '#core/money';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type { Product } from '#core/schemas/product';
import { REVENUE_RULE_CAPTION } from '#core/schemas/report';
import {
  CalendarDays,
  Minus,
  Plus,
  Search,
  ShoppingCart,
  Sprout,
  Trash2,
  Truck,
} from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { useCart } from '../../lib/cart';
import { formatMoney } from '../../lib/format';
import { platformInProgress, useCatalog, useHubOrders, usePlatformStats } from './api';
import { deliveryDayLabel } from './delivery-day';
import {
  DELIVERY_DAY_LABELS,
  DELIVERY_DAYS,
  filterInventory,
  HUB_CATEGORIES,
  type DeliveryDay,
  type HubCategory,
} from './inventory-filter';
import { RecentOrders } from './recent-orders';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';

const RECENT_SHOWN = 3;
/** Live Inventory shows this many rows at a time; Show more adds as many again. */
const INVENTORY_PAGE = 12;

/**
 * The combined screen's restaurant view. `overview` is an administrator's read-only look at
 * the platform: the live inventory and the latest orders of every farm, without a cart.
 */
export function RestaurantView({ mode }: { mode: 'own' | 'overview' }) {
  const own = mode === 'own';
  const today = hawaiiToday();
  const catalog = useCatalog();
  const orders = useHubOrders(own ? 'restaurant' : 'platform');
  const platform = usePlatformStats(!own);
  const cart = useCart();

  const thisMonthCents = useMemo(() => {
    const month = hawaiiMonth(new Date());
    return (orders.data ?? [])
      .filter(
        (order) => order.status !== 'cancelled' && hawaiiMonth(new Date(order.createdAt)) === month,
      )
      .reduce((sum, order) => sum + centsOf(order.totalAmount), 0);
  }, [orders.data]);
  const activeFarms = new Set((catalog.data ?? []).map((product) => product.farmId)).size;

  const tilesReady = own ? catalog.data && orders.data : catalog.data && platform.data;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-stone-900">Restaurant Dashboard</h1>
        <p className="text-stone-600">Browse fresh produce from local farms and place orders</p>
        {!own ? <OverviewNote /> : null}
      </header>

      <section
        aria-label="Summary"
        className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4"
      >
        {!tilesReady ? (
          Array.from({ length: 4 }, (_, index) => <StatCardSkeleton key={index} />)
        ) : (
          <>
            {own ? (
              <StatCard title="Items in Cart" icon={<ShoppingCart />} value={cart.itemCount} />
            ) : (
              <StatCard
                title="Products on Offer"
                icon={<ShoppingCart />}
                value={catalog.data?.length ?? 0}
              />
            )}
            <StatCard
              title="Pending Deliveries"
              icon={<Truck />}
              value={
                own
                  ? (orders.data ?? []).filter((order) =>
                      IN_PROGRESS_STATUSES.includes(order.status),
                    ).length
                  : platform.data
                    ? platformInProgress(platform.data)
                    : 0
              }
              caption="Pending, confirmed, packed or in transit"
            />
            <StatCard
              title="Active Farms"
              icon={<Sprout />}
              value={activeFarms}
              caption="Farms with products on offer"
            />
            <StatCard
              title="This Month"
              icon={<CalendarDays />}
              value={
                own
                  ? formatUsd(thisMonthCents)
                  : platform.data
                    ? formatMoney(platform.data.stats.monthlyRevenue)
                    : '—'
              }
              caption={REVENUE_RULE_CAPTION}
            />
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <LiveInventory products={catalog} canOrder={own} today={today} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {own ? <CartPanel products={catalog.data ?? []} today={today} /> : null}
          <RecentOrders
            orders={orders.data?.slice(0, RECENT_SHOWN)}
            isPending={orders.isPending}
            error={orders.error}
            onRetry={() => void orders.refetch()}
            counterpart={(order) =>
              own ? order.farmName : `${order.restaurantName} from ${order.farmName}`
            }
            empty="No recent orders"
            viewAll={
              own
                ? { to: '/restaurant/orders', label: 'View All Orders' }
                : { to: '/', label: 'View All Orders' }
            }
          />
        </div>
      </div>
    </div>
  );
}

export function OverviewNote() {
  return (
    <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      You are looking as an administrator: a read-only overview of the whole platform.
    </p>
  );
}

function LiveInventory({
  products,
  canOrder,
  today,
}: {
  products: ReturnType<typeof useCatalog>;
  canOrder: boolean;
  today: string;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<HubCategory>('all');
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
              onChange={(event) => filterBy(setCategory)(event.target.value as HubCategory)}
            >
              {HUB_CATEGORIES.map((value) => (
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
  const cart = useCart();
  const inCart = cart.quantityOf(product.id);
  const outOfStock = product.availableQuantity <= 0;
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
      {!canOrder ? null : inCart === 0 ? (
        <Button
          size="sm"
          onClick={() => cart.add(product)}
          disabled={outOfStock}
          className="self-start sm:self-center"
          aria-label={`Add ${product.name} to cart`}
        >
          <Plus aria-hidden /> Add
        </Button>
      ) : (
        <div className="flex items-center gap-1 self-start sm:self-center">
          <Button
            variant="outline"
            size="icon"
            aria-label={`One less ${product.name}`}
            disabled={inCart <= 1}
            onClick={() => cart.setQuantity(product.id, inCart - 1, { cap: true })}
          >
            <Minus aria-hidden />
          </Button>
          <span className="tabular w-8 text-center font-medium" aria-label={`${inCart} in cart`}>
            {inCart}
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label={`One more ${product.name}`}
            disabled={inCart >= product.availableQuantity}
            onClick={() => cart.setQuantity(product.id, inCart + 1, { cap: true })}
          >
            <Plus aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${product.name} from cart`}
            onClick={() => cart.remove(product.id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The cart with each farm's real delivery fee and next delivery day, not a fixed $0.00 and
 * 'Tomorrow': the figures the order will actually carry (docs/product.md#combined-role-screen).
 */
function CartPanel({ products, today }: { products: Product[]; today: string }) {
  const cart = useCart();
  const groups = groupCartByFarm(cart.items);
  const nextDelivery = new Map(
    products.map((product) => [product.farmId, product.nextDeliveryDate]),
  );
  const feesCents = groups.reduce((sum, group) => sum + group.deliveryFeeCents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shopping Cart</CardTitle>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className="py-4 text-center text-sm text-stone-600">Your cart is empty</p>
        ) : (
          <div className="flex flex-col gap-4">
            {groups.map((group) => (
              <section key={group.farmId} className="flex flex-col gap-1">
                <h3 className="text-sm font-semibold">{group.farmName}</h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {group.items.map((item) => (
                    <li key={item.id} className="flex justify-between gap-2">
                      <span className="min-w-0 truncate">
                        {item.name}{' '}
                        <span className="text-stone-500">
                          {item.quantity} x {formatMoney(item.pricePerUnit)}
                        </span>
                      </span>
                      <span className="tabular shrink-0">{formatUsd(lineTotalCents(item))}</span>
                    </li>
                  ))}
                </ul>
                <p className="flex justify-between text-xs text-stone-600">
                  <span>Delivery: {deliveryDayLabel(nextDelivery.get(group.farmId), today)}</span>
                  <span className="tabular">Fee {formatUsd(group.deliveryFeeCents)}</span>
                </p>
              </section>
            ))}
            <div className="flex flex-col gap-1 border-t border-stone-200 pt-3 text-sm">
              <p className="flex justify-between">
                <span>Items</span>
                <span className="tabular">{formatUsd(cart.totalCents)}</span>
              </p>
              <p className="flex justify-between">
                <span>Delivery fees</span>
                <span className="tabular">{formatUsd(feesCents)}</span>
              </p>
              <p className="flex justify-between font-semibold">
                <span>Total</span>
                <span className="tabular">{formatUsd(cart.totalCents + feesCents)}</span>
              </p>
            </div>
            <Button asChild>
              <Link to="/restaurant/orders">Proceed to Checkout</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
