import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_CUTOFF } from './delivery-days';
import { isPlacementDue, placementMoment, weekdayOf } from './standing-orders';

describe('standing order placement moment', () => {
  it('is 6 AM Hawaii time the chosen number of days before', () => {
    // Thu Dec 3, 2026, three days before: Mon Nov 30 at 6 AM Hawaii = 16:00 UTC.
    expect(placementMoment('2026-12-03', 3, DEFAULT_ORDER_CUTOFF).toISOString()).toBe(
      '2026-11-30T16:00:00.000Z',
    );
  });

  it('is an hour before the cutoff when the chosen day is at or past it', () => {
    // Cutoff 6 PM the day before (Dec 2, 18:00 Hawaii = Dec 3 04:00 UTC): placed at 5 PM.
    expect(placementMoment('2026-12-03', 0, DEFAULT_ORDER_CUTOFF).toISOString()).toBe(
      '2026-12-03T03:00:00.000Z',
    );
    // A cutoff at 5 AM two days before comes before 6 AM two days before.
    expect(placementMoment('2026-12-03', 2, { daysBefore: 2, minutes: 5 * 60 }).toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
  });

  it('is due from the moment until the cutoff, not after', () => {
    const rule = DEFAULT_ORDER_CUTOFF;
    expect(isPlacementDue('2026-12-03', 3, rule, new Date('2026-11-30T15:59:59Z'))).toBe(false);
    expect(isPlacementDue('2026-12-03', 3, rule, new Date('2026-11-30T16:00:00Z'))).toBe(true);
    expect(isPlacementDue('2026-12-03', 3, rule, new Date('2026-12-03T03:59:59Z'))).toBe(true);
    expect(isPlacementDue('2026-12-03', 3, rule, new Date('2026-12-03T04:00:00Z'))).toBe(false);
  });

  it('reads weekdays Sunday first', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-12-03')).toBe(4);
  });
});
