import { describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, hawaiiDate, hawaiiToday } from './hawaii-time';

describe('Hawaii calendar', () => {
  it('judges the date in Hawaii, ten hours behind UTC all year', () => {
    expect(hawaiiDate(new Date('2026-12-01T09:59:00Z'))).toBe('2026-11-30');
    expect(hawaiiDate(new Date('2026-12-01T10:00:00Z'))).toBe('2026-12-01');
    expect(hawaiiToday(new Date('2026-07-04T05:00:00Z'))).toBe('2026-07-03');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads a delivery day the same way everywhere, whatever the machine’s zone', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatCalendarDate('2026-12-01', 'weekday')).toBe('Tue, Dec 1, 2026');
    expect(formatCalendarDate('2026-12-01', 'short')).toBe('Dec 1');
    expect(formatCalendarDate('2026-12-01', 'weekdayShort')).toBe('Tue, Dec 1');
    expect(formatCalendarDate('2028-02-29', 'weekday')).toBe('Tue, Feb 29, 2028');
  });

  it('has nothing to say of a missing or impossible date', () => {
    expect(formatCalendarDate(null)).toBeNull();
    expect(formatCalendarDate('2026-02-30')).toBeNull();
    expect(formatCalendarDate('Dec 1')).toBeNull();
  });
});
