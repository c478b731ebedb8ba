import { useId, type ReactNode } from 'react';
import { Card } from './card';
import { Skeleton } from './skeleton';

/** One headline figure of a dashboard or report: a title, the figure and a short caption. */
export function StatCard({
  title,
  value,
  caption,
  icon,
}: {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className="flex items-start justify-between gap-3 p-5"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p id={titleId} className="text-sm font-medium text-stone-600">
          {title}
        </p>
        <p className="tabular truncate text-2xl font-bold text-stone-900">{value}</p>
        {caption ? <p className="text-xs text-stone-500">{caption}</p> : null}
      </div>
      {icon ? (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-green-900 [&_svg]:size-5"
        >
          {icon}
        </span>
      ) : null}
    </Card>
  );
}

export function StatCardSkeleton() {
  return (
    <Card className="flex flex-col gap-2 p-5">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-32" />
      <Skeleton className="h-3 w-20" />
    </Card>
  );
}

/** One figure of a StatGrid. */
export interface Stat {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
}

/** Three figures side by side from small tablets on; four in two rows, then one row on desktop. */
const GRID_COLUMNS = {
  3: 'grid grid-cols-1 gap-4 sm:grid-cols-3',
  4: 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4',
} as const;

/**
 * The row of headline figures at the top of a dashboard or a hub view; with `loading`, skeletons
 * of the same shape so the layout stays still.
 */
export function StatGrid({
  stats,
  loading = false,
  columns = 4,
  label = 'Summary',
}: {
  stats: Stat[];
  loading?: boolean;
  columns?: keyof typeof GRID_COLUMNS;
  label?: string;
}) {
  return (
    <section
      aria-label={loading ? 'Loading figures' : label}
      aria-busy={loading || undefined}
      className={GRID_COLUMNS[columns]}
    >
      {loading
        ? Array.from({ length: columns }, (_, index) => <StatCardSkeleton key={index} />)
        : stats.map((stat) => <StatCard key={stat.title} {...stat} />)}
    </section>
  );
}
