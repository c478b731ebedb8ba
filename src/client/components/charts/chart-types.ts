/** One bar, point or slice: the value in plain units (dollars or a count) and how people read it. */
export interface ChartPoint {
  label: string;
  /** A fuller label for the screen-reader table ("June 2026" for the axis's "Jun"). */
  tableLabel?: string;
  value: number;
  /** The value as shown in tooltips and in the screen-reader table, e.g. "$1,234.50". */
  display: string;
  /** The pie label, e.g. "delivered: 3" or "42.5%"; the label itself when absent. */
  sliceLabel?: string;
  /** The legend's words for this slice; the label when absent. */
  legendLabel?: string;
  /** A colour of the palette that always means the same thing (an order status). */
  color?: string;
  /** Said after the value in the screen-reader table, e.g. "3 orders". */
  tableNote?: string;
}

export type ValueFormat = 'money' | 'count';

export interface ChartViewProps {
  data: ChartPoint[];
  format: ValueFormat;
  /** The name of the series in the tooltip, e.g. "Revenue". */
  seriesName: string;
}
