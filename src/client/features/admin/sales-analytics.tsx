import { centsOf } from '#core/money';
import type { AdminStats } from '#core/schemas/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMoney } from '../../lib/format';

interface Bar {
  id: number;
  name: string;
  amount: string;
}

/**
 * Bars scale to the largest of the list, which is full: fixed scales ($10,000, $5,000) drew
 * every bar full once real figures passed them, and then told nothing.
 */
function Bars({
  title,
  bars,
  empty,
  loading,
}: {
  title: string;
  bars: Bar[];
  empty: string;
  loading: boolean;
}) {
  const scaleCents = Math.max(1, ...bars.map((bar) => centsOf(bar.amount)));
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-stone-800">{title}</h3>
      {loading ? (
        Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-8 w-full" />)
      ) : bars.length === 0 ? (
        <p className="py-4 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {bars.map((bar) => {
            const percent = Math.max(0, (centsOf(bar.amount) / scaleCents) * 100);
            return (
              <li key={bar.id} className="flex flex-col gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="truncate">{bar.name}</span>
                  <span className="tabular shrink-0 font-medium">{formatMoney(bar.amount)}</span>
                </div>
                <div className="h-2 rounded-full bg-stone-100" aria-hidden>
                  <div
                    className="h-2 rounded-full bg-primary"
                    style={{ width: `${percent.toFixed(1)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function SalesAnalytics({ query }: { query: UseQueryResult<AdminStats> }) {
  const loading = query.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sales Analytics</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <Bars
          title="Top Performing Farms"
          loading={loading}
          empty="No farm data available"
          bars={(query.data?.topFarms ?? []).map((farm) => ({
            id: farm.id,
            name: farm.name,
            amount: farm.revenue,
          }))}
        />
        <Bars
          title="Top Restaurants"
          loading={loading}
          empty="No restaurant data available"
          bars={(query.data?.topRestaurants ?? []).map((restaurant) => ({
            id: restaurant.id,
            name: restaurant.name,
            amount: restaurant.totalSpent,
          }))}
        />
      </CardContent>
    </Card>
  );
}
