// The Recharts drawings; imported only through React.lazy (see index.tsx) so that
// Recharts is fetched by the screens that draw charts and by no other.
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

export function BarChartView({
  data,
  format,
  seriesName,
  horizontal = false,
}: ChartViewProps & { horizontal?: boolean }) {
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
              width={110}
              tick={tick}
              tickFormatter={(label: string) =>
                label.length > 16 ? `${label.slice(0, 15)}…` : label
              }
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
        >
          {horizontal
            ? data.map((point, index) => <Cell key={point.label} fill={chartColor(index)} />)
            : null}
        </Bar>
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

export function PieChartView({ data, seriesName }: ChartViewProps) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          cx="50%"
          cy="45%"
          outerRadius="62%"
          labelLine={false}
          label={(props: { payload?: ChartPoint }) =>
            props.payload ? (props.payload.sliceLabel ?? props.payload.label) : ''
          }
          isAnimationActive={false}
          // The drawing is hidden from assistive technology (the table stands in for it),
          // so nothing in it may take focus.
          rootTabIndex={-1}
        >
          {data.map((point, index) => (
            <Cell key={point.label} fill={chartColor(index)} />
          ))}
        </Pie>
        <Tooltip formatter={tooltipValue(seriesName)} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
      </PieChart>
    </ResponsiveContainer>
  );
}
