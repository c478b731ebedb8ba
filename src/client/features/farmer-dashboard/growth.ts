import type { Growth } from '#core/schemas/report';

export interface GrowthDisplay {
  value: string;
  caption: string;
  direction: 'up' | 'down' | 'flat' | 'none';
}

/**
 * This month to date against the same part of last month. Without revenue last month there is
 * nothing to compare with, so no percentage is made up.
 */
export function growthDisplay(growth: Growth): GrowthDisplay {
  if (growth.percent === null) {
    return { value: '—', caption: 'No revenue last month', direction: 'none' };
  }
  const percent = Number(growth.percent);
  const caption = 'Month to date vs. same days last month';
  if (percent > 0) return { value: `+${growth.percent}%`, caption, direction: 'up' };
  if (percent < 0) return { value: `−${growth.percent.slice(1)}%`, caption, direction: 'down' };
  return { value: '0.0%', caption, direction: 'flat' };
}
