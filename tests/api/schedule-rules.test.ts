import { describe, expect, it } from 'vitest';
import { MAX_DATES_PER_REQUEST, RULE_MESSAGES } from '#core/schemas/schedule';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { signUpFarmer, useTestApp } from '../helpers/test-app';

/** Monday, Nov 23, 2026. */
useClock(hawaiiNoon('2026-11-23'));
const ctx = useTestApp();

type Day = { id: number; farmId: number; deliveryDate: string; deliveryArea: string };
const datesOf = (days: Day[]) => days.map((day) => day.deliveryDate);

describe('POST /api/delivery-schedules with a weekly rule', () => {
  it('expands every Tuesday and Thursday into its days, skipping one the farm already has', async () => {
    const farmer = await signUpFarmer(ctx.app);
    await farmer.post('/api/delivery-schedules', {
      deliveryDates: ['2026-12-03'],
      deliveryArea: 'Honolulu',
    });
    const response = await farmer.post('/api/delivery-schedules', {
      weekdays: ['thu', 'tue'],
      from: '2026-12-01',
      until: '2026-12-17',
      deliveryArea: 'honolulu',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Day[];
    expect(datesOf(created)).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-10',
      '2026-12-15',
      '2026-12-17',
    ]);
    expect(
      created.every((day) => day.farmId === farmer.farmId && day.deliveryArea === 'Honolulu'),
    ).toBe(true);
    const own = (await farmer.get('/api/delivery-schedules')).json() as Day[];
    expect(own).toHaveLength(6);
  });

  it('counts a leap day, and takes a year at most: never more than 400 days', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const leap = await farmer.post('/api/delivery-schedules', {
      weekdays: ['tue'],
      from: '2028-02-22',
      until: '2028-03-07',
      deliveryArea: 'Kona',
    });
    expect(leap.statusCode, leap.body).toBe(201);
    expect(datesOf(leap.json())).toEqual(['2028-02-22', '2028-02-29', '2028-03-07']);

    const everyDay = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    const year = await farmer.post('/api/delivery-schedules', {
      weekdays: everyDay,
      from: '2027-03-01',
      until: '2028-03-01',
      deliveryArea: 'Hilo',
    });
    expect(year.statusCode, year.body).toBe(201);
    const days = datesOf(year.json());
    expect(days).toHaveLength(367);
    expect(days.length).toBeLessThanOrEqual(MAX_DATES_PER_REQUEST);
    expect(days).toContain('2028-02-29');
    expect([days[0], days.at(-1)]).toEqual(['2027-03-01', '2028-03-01']);

    const longer = await farmer.post('/api/delivery-schedules', {
      weekdays: everyDay,
      from: '2027-03-01',
      until: '2028-03-02',
      deliveryArea: 'Lihue',
    });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().fields).toEqual({
      until: 'A weekly rule covers a year at most: choose a last day until Mar 1, 2028',
    });
  });

  it('refuses until before from, a first day before today, and a rule with pieces missing', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const rule = { weekdays: ['tue'], deliveryArea: 'Honolulu' };
    const backwards = await farmer.post('/api/delivery-schedules', {
      ...rule,
      from: '2026-12-10',
      until: '2026-12-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ until: RULE_MESSAGES.order });

    const past = await farmer.post('/api/delivery-schedules', {
      ...rule,
      from: '2026-11-20',
      until: '2026-12-31',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({
      from: 'The first day cannot be earlier than today (2026-11-23)',
    });
    expect((await farmer.get('/api/delivery-schedules')).json()).toEqual([]);

    const missing = await farmer.post('/api/delivery-schedules', { weekdays: ['tue'] });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['deliveryArea', 'from', 'until']);

    const both = await farmer.post('/api/delivery-schedules', {
      ...rule,
      deliveryDates: ['2026-12-01'],
      from: '2026-12-01',
      until: '2026-12-31',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ deliveryDates: RULE_MESSAGES.both });

    const badDay = await farmer.post('/api/delivery-schedules', {
      weekdays: ['tues'],
      from: '2026-12-01',
      until: '2026-12-31',
      deliveryArea: 'Honolulu',
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fields['weekdays.0']).toBe('Choose weekdays from mon to sun');

    const none = await farmer.post('/api/delivery-schedules', {
      weekdays: ['sat'],
      from: '2026-12-01',
      until: '2026-12-04',
      deliveryArea: 'Honolulu',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({
      weekdays: 'No Saturday falls from 2026-12-01 to 2026-12-04',
    });

    const badDate = await farmer.post('/api/delivery-schedules', {
      ...rule,
      from: '2026-02-30',
      until: '2026-12-31',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields.from).toBeDefined();
  });
});
