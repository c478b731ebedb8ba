import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { HAWAII_TIME_ZONE } from '#core/constants';
import { formatInstant, formatRelativeTime } from './format';

// 9:00 AM in Hawaii on Thursday Nov 26, 2026 (UTC-10).
const now = new Date('2026-11-26T19:00:00Z');

describe('when something last happened', () => {
  it('counts minutes within the hour', () => {
    expect(formatRelativeTime('2026-11-26T18:59:40Z', 'Never', now)).toBe('Just now');
    expect(formatRelativeTime('2026-11-26T18:59:00Z', 'Never', now)).toBe('1 minute ago');
    expect(formatRelativeTime('2026-11-26T18:12:00Z', 'Never', now)).toBe('48 minutes ago');
  });

  it('names the Hawaii day, not the UTC one', () => {
    // 7:02 AM in Hawaii the same day.
    expect(formatRelativeTime('2026-11-26T17:02:00Z', 'Never', now)).toBe('Today at 7:02 AM');
    // 11:30 PM in Hawaii the day before, already Nov 26 in UTC.
    expect(formatRelativeTime('2026-11-26T09:30:00Z', 'Never', now)).toBe('Yesterday at 11:30 PM');
    expect(formatRelativeTime('2026-11-23T20:00:00Z', 'Never', now)).toBe('3 days ago');
    expect(formatRelativeTime('2026-11-03T20:00:00Z', 'Never', now)).toBe('Nov 3, 2026');
  });

  it('says `never` for no time or one that cannot be read', () => {
    expect(formatRelativeTime(null, 'Never', now)).toBe('Never');
    expect(formatRelativeTime('not a date', 'Not yet', now)).toBe('Not yet');
  });
});

describe('an instant in Hawaii time', () => {
  // The patterns the screens use and every field formatInstant reads, each checked against
  // date-fns' own time zone dates (the Intl data).
  const patterns = [
    "MMM d, yyyy 'at' h:mm a",
    'MMM dd, yyyy',
    "EEE, MMM d 'at' h a",
    'EEEE HH:mm:ss.SSS',
    "MMMM M/MM/d yy y hh H m s ''a''",
  ];
  const instants = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  const localZones = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'];
  const browserZone = process.env.TZ;
  afterAll(() => {
    process.env.TZ = browserZone;
  });

  it.each(localZones)('reads the same as the time zone data in a browser set to %s', (zone) => {
    process.env.TZ = zone;
    fc.assert(
      fc.property(instants, fc.constantFrom(...patterns), (instant, pattern) => {
        expect(formatInstant(instant, pattern)).toBe(
          format(new TZDate(instant, HAWAII_TIME_ZONE), pattern),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('takes the address of an instant and says null for none', () => {
    expect(formatInstant('2026-11-26T09:30:00Z', "MMM d 'at' h:mm a")).toBe('Nov 25 at 11:30 PM');
    expect(formatInstant(null, 'MMM d')).toBeNull();
    expect(formatInstant('not a date', 'MMM d')).toBeNull();
  });

  it('refuses a field it does not read rather than print it', () => {
    expect(() => formatInstant('2026-11-26T09:30:00Z', "I 'week' w")).toThrow(RangeError);
  });
});
