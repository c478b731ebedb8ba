import { centsOf, formatUsd } from '#core/money';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type { Order } from '#core/schemas/order';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** docs/product.md#order-summary. Cancelled orders were never paid, so they are not spent. */
export function OrderSummary({ orders }: { orders: Order[] | undefined }) {
  const figures = orders
    ? [
        ['Total Orders', String(orders.length)],
        [
          'Total Spent',
          formatUsd(
            orders
              .filter((order) => order.status !== 'cancelled')
              .reduce((sum, order) => sum + centsOf(order.totalAmount), 0),
          ),
        ],
        ['Completed', String(orders.filter((order) => order.status === 'delivered').length)],
        [
          'In Progress',
          String(orders.filter((order) => IN_PROGRESS_STATUSES.includes(order.status)).length),
        ],
      ]
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          {(figures ?? [['Total Orders'], ['Total Spent'], ['Completed'], ['In Progress']]).map(
            ([label, value]) => (
              <div key={label} className="@container min-w-0 rounded-lg bg-stone-50 p-3">
                <dt className="text-xs font-medium text-stone-600">{label}</dt>
                <dd className="tabular mt-1 text-base font-bold [overflow-wrap:anywhere] @[8.5rem]:text-xl">
                  {value ?? <Skeleton className="h-7 w-16" />}
                </dd>
              </div>
            ),
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
