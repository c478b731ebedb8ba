import { describe, expect, it } from 'vitest';
import { growthDisplay } from './growth';

describe('growthDisplay', () => {
  const base = { monthToDate: '10.00', lastMonthSamePeriod: '8.00' };

  it('shows a rise with a plus sign', () => {
    expect(growthDisplay({ ...base, percent: '12.5' })).toEqual({
      value: '+12.5%',
      caption: 'Month to date vs. same days last month',
      direction: 'up',
    });
  });

  it('shows a fall with a minus sign', () => {
    expect(growthDisplay({ ...base, percent: '-38.9' })).toMatchObject({
      value: '−38.9%',
      direction: 'down',
    });
  });

  it('shows no change as 0.0%', () => {
    expect(growthDisplay({ ...base, percent: '0.0' })).toMatchObject({
      value: '0.0%',
      direction: 'flat',
    });
  });

  it('makes up no percentage when last month had no revenue', () => {
    expect(
      growthDisplay({ monthToDate: '10.00', lastMonthSamePeriod: '0.00', percent: null }),
    ).toEqual({ value: '—', caption: 'No revenue last month', direction: 'none' });
  });
});
