/** The six chart colours (docs/product.md#charts), green first like the rest of the app. */
export const CHART_COLORS = [
  '#15803d', // green
  '#0e7490', // cyan
  '#b45309', // amber
  '#7c3aed', // violet
  '#be123c', // rose
  '#4d7c0f', // olive
] as const;

/** Every chart is 300 px high (docs/product.md#charts). */
export const CHART_HEIGHT = 300;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length]!;
}

/** Each order status keeps one colour of the palette on every chart. */
export const STATUS_COLORS: Record<string, string> = {
  delivered: CHART_COLORS[0],
  confirmed: CHART_COLORS[1],
  in_transit: CHART_COLORS[2],
  packed: CHART_COLORS[3],
  cancelled: CHART_COLORS[4],
  pending: CHART_COLORS[5],
};
