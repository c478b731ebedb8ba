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
