import { formatMoneyString } from '#core/money';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useRestaurantReport } from '../../lib/queries';

const LABELS = ['Total Orders', 'Total Spent', 'Completed', 'In Progress'] as const;

/**
 * docs/product.md#order-summary, with the server's figures, the same as the Reports page's
 * (docs/decisions/004-order-figures.md): cancelled orders are in none of them, and the line
 * under the figures says how many there are, so the cards above add up.
 */
export function OrderSummary() {
  const report = useRestaurantReport();
  const totals = report.data?.totals;
  const values: Record<(typeof LABELS)[number], string> | null = totals
    ? {
        'Total Orders': String(totals.totalOrders),
        'Total Spent': formatMoneyString(totals.totalSpent),
        Completed: String(totals.completedOrders),
        'In Progress': String(totals.activeOrders),
      }
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {report.error ? (
          <ErrorState
            title="Could not load the summary"
            error={report.error}
            onRetry={() => void report.refetch()}
          />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              {LABELS.map((label) => (
                <div key={label} className="@container min-w-0 rounded-lg bg-stone-50 p-3">
                  <dt className="text-xs font-medium text-stone-600">{label}</dt>
                  <dd className="tabular mt-1 text-base font-bold [overflow-wrap:anywhere] @[8.5rem]:text-xl">
                    {values ? values[label] : <Skeleton className="h-7 w-16" />}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-stone-500">
              {totals ? cancelledNote(totals.cancelledOrders) : '\u00a0'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Said under the figures: which orders they leave out. */
export function cancelledNote(cancelled: number): string {
  if (cancelled === 0) return 'Cancelled orders are not counted.';
  return `Not counting ${cancelled} cancelled ${cancelled === 1 ? 'order' : 'orders'}.`;
}
