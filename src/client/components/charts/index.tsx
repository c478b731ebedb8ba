import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { CHART_HEIGHT } from './chart-palette';
import type { ChartPoint, ValueFormat } from './chart-types';

export type { ChartPoint, ValueFormat } from './chart-types';
export { CHART_COLORS, CHART_HEIGHT, STATUS_COLORS } from './chart-palette';
export { monthLabel, moneyToChartValue } from './chart-format';

// Recharts is large: it is fetched only when a chart is first drawn.
const BarChartView = lazy(() =>
  import('./chart-views').then((module) => ({ default: module.BarChartView })),
);
const LineChartView = lazy(() =>
  import('./chart-views').then((module) => ({ default: module.LineChartView })),
);
const PieChartView = lazy(() =>
  import('./chart-views').then((module) => ({ default: module.PieChartView })),
);

interface ChartProps {
  data: ChartPoint[];
  format: ValueFormat;
  /** Names the series in the tooltip and the value column of the screen-reader table. */
  seriesName: string;
  /** Heads the label column of the screen-reader table, e.g. "Month". */
  labelHeader: string;
  /** Says in one sentence what the chart shows; read to screen-reader users. */
  summary: string;
}

export function ChartSkeleton() {
  return <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />;
}

/**
 * The drawing is hidden from assistive technology; the same figures are given to it as a
 * table, so that nothing is only visible.
 */
function ChartFigure({
  data,
  seriesName,
  labelHeader,
  summary,
  children,
}: Omit<ChartProps, 'format'> & { children: ReactNode }) {
  return (
    <figure className="m-0">
      <div aria-hidden="true" style={{ minHeight: CHART_HEIGHT }}>
        <Suspense fallback={<ChartSkeleton />}>{children}</Suspense>
      </div>
      {/* A table ignores its own width, so the clipping box is a wrapper around it. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{seriesName}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.tableLabel ?? point.label}</th>
                <td>{point.tableNote ? `${point.display} (${point.tableNote})` : point.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function BarChartFigure({ horizontal, ...props }: ChartProps & { horizontal?: boolean }) {
  return (
    <ChartFigure {...props}>
      <BarChartView
        data={props.data}
        format={props.format}
        seriesName={props.seriesName}
        horizontal={horizontal}
      />
    </ChartFigure>
  );
}

export function LineChartFigure(props: ChartProps) {
  return (
    <ChartFigure {...props}>
      <LineChartView data={props.data} format={props.format} seriesName={props.seriesName} />
    </ChartFigure>
  );
}

export function PieChartFigure(props: ChartProps) {
  return (
    <ChartFigure {...props}>
      <PieChartView data={props.data} format={props.format} seriesName={props.seriesName} />
    </ChartFigure>
  );
}
