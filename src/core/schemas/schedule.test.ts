import { describe, expect, it } from 'vitest';
import {
  addScheduleDate,
  DATES_REQUIRED_MESSAGE,
  scheduleCreateBody,
  ZONE_REQUIRED_MESSAGE,
} from './schedule';

describe('schedule schema', () => {
  it('drops repeated dates and sorts them', () => {
    expect(
      scheduleCreateBody.parse({
        deliveryDates: ['2030-05-02', '2030-01-09', '2030-05-02'],
        deliveryArea: 'Hilo',
      }),
    ).toEqual({
      deliveryDates: ['2030-01-09', '2030-05-02'],
      deliveryArea: 'Hilo',
      // Picked dates, not a weekly rule.
      rule: null,
    });
  });

  it('says what is missing in the words the screens show', () => {
    const result = scheduleCreateBody.safeParse({ deliveryDates: [], deliveryArea: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      DATES_REQUIRED_MESSAGE,
      ZONE_REQUIRED_MESSAGE,
    ]);
  });

  it('refuses impossible dates and unknown zones', () => {
    expect(
      scheduleCreateBody.safeParse({ deliveryDates: ['2030-02-30'], deliveryArea: 'Hilo' }).success,
    ).toBe(false);
    expect(
      scheduleCreateBody.safeParse({ deliveryDates: ['2030-02-03'], deliveryArea: 'Atlantis' })
        .success,
    ).toBe(false);
  });

  it('takes a zone by name or slug and keeps its name', () => {
    for (const area of ['Pearl City', 'pearl-city']) {
      expect(
        scheduleCreateBody.parse({ deliveryDates: ['2030-02-03'], deliveryArea: area })
          .deliveryArea,
      ).toBe('Pearl City');
    }
  });

  it('adds a picked date once, keeping the selection sorted', () => {
    expect(addScheduleDate(['2030-01-05'], '2030-01-02')).toEqual(['2030-01-02', '2030-01-05']);
    expect(addScheduleDate(['2030-01-05'], '2030-01-05')).toEqual(['2030-01-05']);
  });
});
