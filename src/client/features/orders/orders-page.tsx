import type { Order } from '#core/schemas/order';
import { ClipboardList } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import {
  filterParams,
  hasFilters,
  PagedOrderList,
  NO_FILTERS,
  OrderFilterBar,
} from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { FirstCardsFirst } from '../../lib/first-cards-first';
import type { FirstDataContext } from '../../lib/first-data';
import { pagedListQuery, useDebouncedValue } from '../../lib/paged-list';
import { useCart } from '../../lib/cart';
import { usePermissions } from '../../lib/permissions';
import { RESTAURANT_ORDERS_KEY, useRestaurantOrders } from './api';
import { EmptyCart } from './empty-cart';
import { OrderCardSkeleton, RestaurantOrderCard } from './order-card';
import { OrderSummary } from './order-summary';

// The checkout (quantities, delivery days, fees, the order minimum) loads only when the cart
// holds something: an empty cart's card needs none of it (docs/performance.md).
const CheckoutCard = lazy(async () => ({
  default: (await import('./checkout-card')).CheckoutCard,
}));

/** The cart's checkout above the orders, or 'Your cart is empty'. */
function CartCheckout() {
  const cart = useCart();
  if (cart.items.length === 0) return <EmptyCart />;
  return (
    <Suspense fallback={<CheckoutSkeleton />}>
      <CheckoutCard />
    </Suspense>
  );
}

function CheckoutSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent className="flex flex-col gap-3 pt-5">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-20 w-full" />
      </CardContent>
    </Card>
  );
}

/**
 * /restaurant/orders: checkout of the cart, then the restaurant's orders, newest first, a page
 * at a time with filters; the summary's figures come from the server's report.
 */
export function RestaurantOrdersPage() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const search = useDebouncedValue(filters.search);
  const orders = useRestaurantOrders(filterParams({ ...filters, search }));
  const filtered = hasFilters(filters);
  const canOrder = usePermissions().can('orders.place');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">My Orders</h1>
      {canOrder ? <CartCheckout /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:order-last">
          <OrderSummary />
        </div>
        <section aria-label="Orders" className="flex flex-col gap-4 lg:col-span-2">
          <OrderFilterBar filters={filters} onChange={setFilters} searchLabel="farm" />
          {orders.error && !orders.items ? (
            <ErrorState
              title="Could not load your orders"
              error={orders.error}
              onRetry={() => void orders.refetch()}
            />
          ) : !orders.items ? (
            Array.from({ length: 3 }, (_, index) => <OrderCardSkeleton key={index} />)
          ) : orders.items.length === 0 && filtered ? (
            <EmptyState
              icon={<ClipboardList />}
              title="No orders match these filters"
              action={
                <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              }
            />
          ) : orders.items.length === 0 ? (
            <EmptyState
              icon={<ClipboardList />}
              title="No orders yet"
              description={
                canOrder
                  ? 'Browse fresh produce from local farms and place your first order.'
                  : 'Orders your team places will appear here.'
              }
              action={
                canOrder ? (
                  <Button asChild>
                    <Link to="/restaurant/browse">Browse Products</Link>
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <PagedOrderList orders={orders}>
              <FirstCardsFirst items={orders.items}>
                {(cards) =>
                  cards.map((order) => <RestaurantOrderCard key={order.id} order={order} />)
                }
              </FirstCardsFirst>
            </PagedOrderList>
          )}
        </section>
      </div>
    </div>
  );
}

/** The first page of the restaurant's orders, unfiltered, asked for with the page's code. */
RestaurantOrdersPage.firstData = ({ queryClient }: FirstDataContext) =>
  queryClient.prefetchInfiniteQuery(
    pagedListQuery<Order>(RESTAURANT_ORDERS_KEY[0], filterParams(NO_FILTERS)),
  );
