import { addDays } from '#core/hawaii-time';
import type { Schedule } from '#core/schemas/schedule';
import { describe, expect, it } from 'vitest';
import { describeRepeat, groupRepeatingDays, weekdayList } from './repeating-days';

let nextId = 1;
const day = (deliveryDate: string, deliveryArea = 'Honolulu'): Schedule => ({
  id: nextId++,
  farmId: 1,
  deliveryDate,
  deliveryArea,
});

/** Every `step` days from `from` until `until`. */
function every(from: string, until: string, step: number, area?: string): Schedule[] {
  const days: Schedule[] = [];
  for (let date = from; date <= until; date = addDays(date, step)) days.push(day(date, area));
  return days;
}

describe('delivery days that repeat', () => {
  it('groups the Tuesdays and Thursdays of one zone that run the same weeks', () => {
    const tuesdays = every('2026-12-01', '2027-03-02', 7);
    const thursdays = every('2026-12-03', '2027-02-25', 7);
    const single = day('2026-12-05', 'Kailua');
    const entries = groupRepeatingDays([single, ...thursdays, ...tuesdays]);
    expect(entries.map((entry) => entry.kind)).toEqual(['repeat', 'day']);
    const [group] = entries;
    if (group?.kind !== 'repeat') throw new Error('expected a group');
    expect(describeRepeat(group)).toBe('Every Tue and Thu, Dec 1 – Mar 2, Honolulu');
    expect(group.days).toHaveLength(tuesdays.length + thursdays.length);
    expect(group.days[0]!.deliveryDate).toBe('2026-12-01');
  });

  it('keeps zones apart, breaks a series at a missing week, and leaves two days alone', () => {
    const kailua = every('2026-12-02', '2026-12-30', 7, 'Kailua');
    const hilo = [day('2026-12-07', 'Hilo'), day('2026-12-14', 'Hilo')];
    // Dec 22 removed: two Tuesday series.
    const before = every('2026-12-01', '2026-12-15', 7);
    const after = every('2026-12-29', '2027-01-19', 7);
    const entries = groupRepeatingDays([...kailua, ...hilo, ...before, ...after]);
    const labels = entries.map((entry) =>
      entry.kind === 'repeat' ? describeRepeat(entry) : entry.schedule.deliveryDate,
    );
    expect(labels).toEqual([
      'Every Tue, Dec 1 – Dec 15, Honolulu',
      'Every Wed, Dec 2 – Dec 30, Kailua',
      '2026-12-07',
      '2026-12-14',
      'Every Tue, Dec 29 – Jan 19, Honolulu',
    ]);
  });

  it('names the weekdays in week order', () => {
    expect(weekdayList([2])).toBe('Tue');
    expect(weekdayList([1, 3, 5])).toBe('Mon, Wed and Fri');
  });
});
