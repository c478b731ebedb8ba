// The Recharts drawings; imported only through React.lazy (see index.tsx) so that
// Recharts is fetched by the screens that draw charts and by no other.
import { useSyncExternalStore } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { CHART_HEIGHT, chartColor } from './chart-palette';
import type { ChartPoint, ChartViewProps, ValueFormat } from './chart-types';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

function axisTick(format: ValueFormat) {
  return (value: number) => (format === 'money' ? compactUsd.format(value) : String(value));
}

/** The tooltip shows the same text as the table, not a float. */
function tooltipValue(seriesName: string) {
  return (_value: unknown, _name: unknown, item: { payload?: ChartPoint }) =>
    [item.payload?.display ?? '', seriesName] as [string, string];
}

const tick = { fontSize: 12, fill: '#57534e' };

// Below this window width a pie has no room for words beside it (the legend carries them)
// and bar charts shorten the names on their axis.
const WIDE_SCREEN = '(min-width: 640px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Room for farm names beside horizontal bars: a phone gets less, and shorter names. */
const CATEGORY_AXIS = {
  narrow: { width: 132, maxChars: 18 },
  wide: { width: 210, maxChars: 30 },
} as const;

/** One line per name, shortened with an ellipsis (the table and tooltip keep it whole). */
function categoryTick(maxChars: number) {
  return function CategoryTick({ x, y, payload }: YAxisTickContentProps) {
    const name = String(payload.value ?? '');
    const shown = name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name;
    return (
      <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="#57534e">
        {shown}
      </text>
    );
  };
}

export function BarChartView({
  data,
  format,
  seriesName,
  horizontal = false,
}: ChartViewProps & { horizontal?: boolean }) {
  const axis = useMediaQuery(WIDE_SCREEN) ? CATEGORY_AXIS.wide : CATEGORY_AXIS.narrow;
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 0, left: horizontal ? 8 : 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={axisTick(format)} tick={tick} />
            <YAxis
              type="category"
              dataKey="label"
              width={axis.width}
              interval={0}
              tick={categoryTick(axis.maxChars)}
            />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} />
            <YAxis
              tickFormatter={axisTick(format)}
              tick={tick}
              width={56}
              allowDecimals={format === 'money'}
            />
          </>
        )}
        <Tooltip formatter={tooltipValue(seriesName)} cursor={{ fill: '#f5f5f4' }} />
        <Bar
          dataKey="value"
          name={seriesName}
          fill={chartColor(0)}
          radius={4}
          maxBarSize={48}
          isAnimationActive={false}
        ></Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function LineChartView({ data, format, seriesName }: ChartViewProps) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart
        data={data}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
        <XAxis dataKey="label" tick={tick} />
        <YAxis
          tickFormatter={axisTick(format)}
          tick={tick}
          width={56}
          allowDecimals={format === 'money'}
        />
        <Tooltip formatter={tooltipValue(seriesName)} />
        <Line
          type="monotone"
          dataKey="value"
          name={seriesName}
          stroke={chartColor(1)}
          strokeWidth={2}
          dot={{ r: 4 }}
          activeDot={{ r: 6 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

const MIN_LABELLED_SHARE = 0.04;
const RADIAN = Math.PI / 180;

interface SliceLabelProps {
  payload?: ChartPoint;
  percent?: number;
  cx?: number;
  cy?: number;
  midAngle?: number;
  innerRadius?: number;
  outerRadius?: number;
}

function outsideLabel(props: SliceLabelProps) {
  return props.payload && (props.percent ?? 0) >= MIN_LABELLED_SHARE
    ? (props.payload.sliceLabel ?? props.payload.label)
    : '';
}

/** The slice's share, in white, halfway out along its middle. */
function insideShareLabel(props: SliceLabelProps) {
  const { percent = 0, cx = 0, cy = 0, midAngle = 0, innerRadius = 0, outerRadius = 0 } = props;
  if (percent < MIN_LABELLED_SHARE * 2) return null;
  const radius = innerRadius + (outerRadius - innerRadius) * 0.6;
  return (
    <text
      x={cx + radius * Math.cos(-midAngle * RADIAN)}
      y={cy + radius * Math.sin(-midAngle * RADIAN)}
      fill="white"
      stroke="rgb(0 0 0 / 0.35)"
      strokeWidth={2}
      paintOrder="stroke"
      fontSize={12}
      fontWeight={600}
      textAnchor="middle"
      dominantBaseline="central"
    >
      {`${Math.round(percent * 100)}%`}
    </text>
  );
}

export function PieChartView({ data, seriesName }: ChartViewProps) {
  const labelled = useMediaQuery(WIDE_SCREEN);
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          cx="50%"
          cy="45%"
          outerRadius={labelled ? '62%' : '75%'}
          labelLine={false}
          // Every slice wide enough for words is labelled: its name beside it on a wide
          // screen, its share inside it on a phone. Thinner ones are named by the legend and
          // the tooltip.
          label={labelled ? outsideLabel : insideShareLabel}
          isAnimationActive={false}
          // The drawing is hidden from assistive technology (the table stands in for it),
          // so nothing in it may take focus.
          rootTabIndex={-1}
        >
          {data.map((point, index) => (
            <Cell key={point.label} fill={point.color ?? chartColor(index)} />
          ))}
        </Pie>
        <Tooltip formatter={tooltipValue(seriesName)} />
        <Legend
          iconType="circle"
          wrapperStyle={{ fontSize: 12 }}
          itemSorter={null}
          formatter={(_value: unknown, entry: { payload?: unknown }) => {
            const point = entry.payload as ChartPoint | undefined;
            return point ? (point.legendLabel ?? point.label) : '';
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}
