import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

export function StatTile({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <p className="tabular mt-1 truncate text-2xl font-bold text-stone-900">{value}</p>
        {detail ? <p className="mt-1 text-xs text-stone-500">{detail}</p> : null}
      </div>
      <span className="rounded-lg bg-primary-soft p-2 text-green-900 [&_svg]:size-5" aria-hidden>
        {icon}
      </span>
    </Card>
  );
}

export function StatTileSkeleton() {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-20" />
      <Skeleton className="h-3 w-32" />
    </Card>
  );
}
