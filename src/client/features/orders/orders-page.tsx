import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { useRestaurantOrders } from './api';
import { CheckoutCard } from './checkout-card';
import { OrderCardSkeleton, RestaurantOrderCard } from './order-card';
import { OrderSummary } from './order-summary';

/** /restaurant/orders: checkout of the cart, then the restaurant's orders, newest first. */
export function RestaurantOrdersPage() {
  const orders = useRestaurantOrders();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">My Orders</h1>
      <CheckoutCard />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:order-last">
          <OrderSummary />
        </div>
        <section aria-label="Orders" className="flex flex-col gap-4 lg:col-span-2">
          {orders.error ? (
            <ErrorState
              title="Could not load your orders"
              error={orders.error}
              onRetry={() => void orders.refetch()}
            />
          ) : !orders.data ? (
            Array.from({ length: 3 }, (_, index) => <OrderCardSkeleton key={index} />)
          ) : orders.data.length === 0 ? (
            <EmptyState
              icon={<ClipboardList />}
              title="No orders yet"
              description="Browse fresh produce from local farms and place your first order."
              action={
                <Button asChild>
                  <Link to="/restaurant/browse">Browse Products</Link>
                </Button>
              }
            />
          ) : (
            orders.data.map((order) => <RestaurantOrderCard key={order.id} order={order} />)
          )}
        </section>
      </div>
    </div>
  );
}
