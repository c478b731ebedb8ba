import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_CUTOFF,
  deliveryDayEnd,
  describeClosedOrdering,
  describeCutoffRule,
  formatClockTime,
  formatOrderBy,
  isOpenForOrders,
  orderCutoff,
  parseTimeOfDay,
} from './delivery-days';

describe('order cutoffs', () => {
  it('closes a day at 6 PM Hawaii time the day before by default', () => {
    // Tue Nov 24, 2026 closes Mon Nov 23 at 18:00 HST = Nov 24 04:00 UTC.
    expect(orderCutoff('2026-11-24', DEFAULT_ORDER_CUTOFF).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    expect(
      isOpenForOrders('2026-11-24', DEFAULT_ORDER_CUTOFF, new Date('2026-11-24T03:59:59Z')),
    ).toBe(true);
    expect(
      isOpenForOrders('2026-11-24', DEFAULT_ORDER_CUTOFF, new Date('2026-11-24T04:00:00Z')),
    ).toBe(false);
  });

  it('follows a farm’s own time and days before, including the same day', () => {
    const sameDay = { daysBefore: 0, minutes: 6 * 60 };
    expect(orderCutoff('2026-11-24', sameDay).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    const twoDays = { daysBefore: 2, minutes: 9 * 60 + 30 };
    expect(orderCutoff('2026-11-24', twoDays).toISOString()).toBe('2026-11-22T19:30:00.000Z');
    expect(describeCutoffRule(twoDays)).toBe('9:30 AM 2 days before');
    expect(describeCutoffRule(DEFAULT_ORDER_CUTOFF)).toBe('6 PM the day before');
    expect(describeCutoffRule(sameDay)).toBe('6 AM the same day');
  });

  it('says when ordering for a day closed, in Hawaii time', () => {
    const cutoff = orderCutoff('2026-11-26', DEFAULT_ORDER_CUTOFF);
    expect(describeClosedOrdering('2026-11-26', cutoff)).toBe(
      'Ordering for Thu, Nov 26 closed Wed, Nov 25 at 6 PM',
    );
    const early = orderCutoff('2026-11-26', { daysBefore: 2, minutes: 5 * 60 + 30 });
    expect(describeClosedOrdering('2026-11-26', early.toISOString())).toBe(
      'Ordering for Thu, Nov 26 closed Tue, Nov 24 at 5:30 AM',
    );
  });

  it('ends a delivery day at the next Hawaii midnight', () => {
    expect(deliveryDayEnd('2026-11-24').toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('reads and writes times of day', () => {
    expect(parseTimeOfDay('18:00')).toBe(1080);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('6pm')).toBeNull();
    expect(formatClockTime(0)).toBe('12 AM');
    expect(formatClockTime(12 * 60)).toBe('12 PM');
    expect(formatClockTime(17 * 60 + 30)).toBe('5:30 PM');
  });

  it('shows the cutoff as "Tue 6 PM" in Hawaii time, with the date when far off', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    // Tue Nov 24 18:00 HST.
    expect(formatOrderBy('2026-11-25T04:00:00Z', now)).toBe('Tue 6 PM');
    expect(formatOrderBy('2026-12-09T04:00:00Z', now)).toBe('Tue, Dec 8 6 PM');
  });
});
