import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMoney, formatOrderDate } from '../../lib/format';
import type { HubOrder } from './api';
import { StatusPill } from '../../components/ui/status-pill';

/** A short list of orders; `counterpart` picks the name shown under the order number. */
export function RecentOrders({
  orders,
  isPending,
  error,
  onRetry,
  counterpart,
  empty,
  viewAll,
  actions,
}: {
  orders: HubOrder[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  counterpart: (order: HubOrder) => string;
  empty: string;
  viewAll?: { to: string; label: string } | undefined;
  actions?: (order: HubOrder) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Recent Orders</CardTitle>
        {viewAll ? (
          <Button asChild variant="link" size="sm">
            <Link to={viewAll.to}>{viewAll.label}</Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {error ? (
          <ErrorState title="Could not load the orders" error={error} onRetry={onRetry} />
        ) : isPending || !orders ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : orders.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">{empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-col gap-2 py-3">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0">
                    <span className="block font-medium">Order #{order.id}</span>
                    <span className="block truncate text-sm text-stone-600">
                      {counterpart(order)}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <StatusPill status={order.status} />
                    <span className="tabular text-sm font-semibold">
                      {formatMoney(order.totalAmount)}
                    </span>
                  </span>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-stone-500">{formatOrderDate(order.createdAt)}</span>
                  {actions ? <span className="flex flex-wrap gap-2">{actions(order)}</span> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
