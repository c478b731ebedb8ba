import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Button } from './button';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { ErrorState } from './empty-state';
import { RecentOrderList } from './recent-order-list';
import { Skeleton } from './skeleton';

type ListProps<
  Order extends { id: number; createdAt: string; totalAmount: string | null; status: string },
> = ComponentProps<typeof RecentOrderList<Order>>;

/** A 'Recent Orders' card with its loading, error and empty states and a View All link. */
export function RecentOrdersCard<
  Order extends { id: number; createdAt: string; totalAmount: string | null; status: string },
>({
  query,
  shown,
  empty,
  viewAll,
  ...list
}: Omit<ListProps<Order>, 'orders'> & {
  query: {
    data: readonly Order[] | undefined;
    error: Error | null;
    refetch: () => unknown;
  };
  /** How many of the orders to list. */
  shown: number;
  empty: string;
  viewAll?: { to: string; label: string } | undefined;
}) {
  const { data, error, refetch } = query;
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
          <ErrorState title="Could not load the orders" error={error} onRetry={() => refetch()} />
        ) : !data ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: Math.min(shown, 3) }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : data.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">{empty}</p>
        ) : (
          <RecentOrderList {...list} orders={data.slice(0, shown)} />
        )}
      </CardContent>
    </Card>
  );
}
