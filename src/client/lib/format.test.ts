import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format';

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
