import { REVENUE_RULE_CAPTION } from '#core/reports';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { ChartSkeleton } from '../../components/charts';
import { StatCardSkeleton } from '../../components/ui/stat-card';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { FiguresAsOf } from '../../components/ui/figures-as-of';
import { Skeleton } from '../../components/ui/skeleton';

export function ReportHeader({ subtitle, action }: { subtitle?: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Reports &amp; Analytics</h1>
        {subtitle ? <p className="text-stone-600">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A report screen: skeleton while loading, the header with its error or its body after. */
export function ReportPage<Report>({
  subtitle,
  action,
  query,
  withTabs = false,
  figuresPath,
  children,
}: {
  subtitle: string;
  action: ReactNode;
  /** The report's path: its answer may say the figures are some seconds old. */
  figuresPath?: string;
  query: { data: Report | undefined; error: Error | null; refetch: () => unknown };
  withTabs?: boolean;
  children: (report: Report) => ReactNode;
}) {
  const { data, error, refetch } = query;
  if (error) {
    return (
      <div className="flex flex-col gap-6">
        <ReportHeader subtitle={subtitle} action={action} />
        <ErrorState title="Could not load your reports" error={error} onRetry={() => refetch()} />
      </div>
    );
  }
  if (data === undefined) return <ReportSkeleton withTabs={withTabs} />;
  return (
    <div className="flex flex-col gap-6">
      <ReportHeader subtitle={subtitle} action={action} />
      {figuresPath ? <FiguresAsOf path={figuresPath} /> : null}
      {children(data)}
    </div>
  );
}

/** Which orders the money figures count (docs/decisions/001-revenue-counts.md). */
export function RevenueRuleNote() {
  return (
    <p className="flex items-center gap-1.5 text-xs text-stone-500">
      <Info className="size-3.5 shrink-0" aria-hidden="true" />
      {REVENUE_RULE_CAPTION} in totals, averages and trends.
    </p>
  );
}

export function ChartCard({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Shown in place of a chart that has nothing to draw yet; keeps the chart's height. */
export function NoChartData({ message }: { message: string }) {
  return (
    <div className="flex h-[300px] items-center justify-center rounded-lg border border-dashed border-stone-300 px-6 text-center text-sm text-stone-600">
      {message}
    </div>
  );
}

/** The loading shape of a report: header, four cards, two charts. */
export function ReportSkeleton({ withTabs = false }: { withTabs?: boolean }) {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading reports">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <StatCardSkeleton key={key} />
        ))}
      </div>
      {withTabs ? <Skeleton className="h-12 w-96 max-w-full" /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {[0, 1].map((key) => (
          <Card key={key} className="flex flex-col gap-4 p-5">
            <Skeleton className="h-6 w-48" />
            <ChartSkeleton />
          </Card>
        ))}
      </div>
    </div>
  );
}
