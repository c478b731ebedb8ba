import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ui/empty-state';
import { StatGrid, type Stat } from '../../components/ui/stat-card';
import { useAdminOrders, useAdminStats } from '../../features/admin/api';
import { useCatalogList } from '../../features/browse/api';
import { cn } from '../../lib/cn';

/** A view's title and subtitle; an administrator's look is marked read-only. */
function ViewHeader({
  title,
  subtitle,
  overview,
}: {
  title: string;
  subtitle: string;
  overview: boolean;
}) {
  return (
    <header>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="text-stone-600">{subtitle}</p>
      {overview ? (
        <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          You are looking as an administrator: a read-only overview of the whole platform.
        </p>
      ) : null}
    </header>
  );
}

/** The four figures at the top of a view, with their loading and error states. */
function SummaryTiles({
  query,
  stats,
}: {
  /** What the figures come from: while it loads, skeletons; if it fails, the error. */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  stats: Stat[] | null;
}) {
  if (query.error) {
    return (
      <ErrorState
        title="Could not load the figures"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <StatGrid stats={stats ?? []} loading={query.isPending || !stats} />;
}

/**
 * One view of the combined screen: title, the four figures, then the main column and, on wide
 * screens, a narrower column beside it.
 */
export function HubView({
  title,
  subtitle,
  overview,
  figures,
  tiles,
  main,
  aside,
}: {
  title: string;
  subtitle: string;
  overview: boolean;
  /** What the figures come from; none for a member whose role reads no reports. */
  figures: { isPending: boolean; error: Error | null; refetch: () => unknown } | null;
  tiles: Stat[] | null;
  main: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <ViewHeader title={title} subtitle={subtitle} overview={overview} />
      {figures ? <SummaryTiles query={figures} stats={tiles} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div
          className={cn('flex min-w-0 flex-col gap-6', aside ? 'lg:col-span-2' : 'lg:col-span-3')}
        >
          {main}
        </div>
        {aside ? <div className="flex min-w-0 flex-col gap-6">{aside}</div> : null}
      </div>
    </div>
  );
}

/** What an administrator's overviews show: platform figures, every listing, the latest orders. */
export function usePlatformOverview(recentOrders: number) {
  return {
    stats: useAdminStats(),
    catalog: useCatalogList(),
    orders: useAdminOrders({ limit: recentOrders }),
  };
}
