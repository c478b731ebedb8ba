import { describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { DATES_REQUIRED_MESSAGE, ZONE_REQUIRED_MESSAGE } from '#core/schemas/schedule';
import { deliverySchedules } from '../../src/server/db/schema';
import { Session, signUpFarmer, signUpRestaurant, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();

const today = hawaiiToday();
const inDays = (days: number) => addDays(today, days);
type Day = { id: number; farmId: number; deliveryDate: string; deliveryArea: string };

describe('delivery schedules', () => {
  it('adds days for an area, sorted and without repeats, from today on', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const response = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(7), today, inDays(7), inDays(3)],
      deliveryArea: 'Kailua',
    });
    expect(response.statusCode).toBe(201);
    const created: Day[] = response.json();
    expect(created.map((day) => day.deliveryDate)).toEqual([today, inDays(3), inDays(7)]);
    expect(
      created.every((day) => day.farmId === farmer.farmId && day.deliveryArea === 'Kailua'),
    ).toBe(true);
    const own = await farmer.get('/api/delivery-schedules');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(created);
  });

  it('skips a day the farm already has for that area, but not for another area', async () => {
    const farmer = await signUpFarmer(ctx.app);
    await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(5)],
      deliveryArea: 'Hilo',
    });
    const again = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(5), inDays(6)],
      deliveryArea: 'Hilo',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().map((day: Day) => day.deliveryDate)).toEqual([inDays(6)]);
    const elsewhere = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(5)],
      deliveryArea: 'Kona',
    });
    expect(elsewhere.json()).toHaveLength(1);
    const own: Day[] = (await farmer.get('/api/delivery-schedules')).json();
    expect(own.map((day) => `${day.deliveryDate} ${day.deliveryArea}`)).toEqual([
      `${inDays(5)} Hilo`,
      `${inDays(5)} Kona`,
      `${inDays(6)} Hilo`,
    ]);
  });

  it('refuses a date before Hawaii’s today, invalid dates, and a missing or unknown zone', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const past = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(2), inDays(-1)],
      deliveryArea: 'Honolulu',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({
      deliveryDates: `Dates cannot be earlier than today (${inDays(-1)})`,
    });
    // Nothing of a refused request is kept.
    expect((await farmer.get('/api/delivery-schedules')).json()).toEqual([]);

    const none = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [],
      deliveryArea: '',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({
      deliveryDates: DATES_REQUIRED_MESSAGE,
      deliveryArea: ZONE_REQUIRED_MESSAGE,
    });
    const missing = await farmer.post('/api/delivery-schedules', {});
    expect(Object.keys(missing.json().fields).sort()).toEqual(['deliveryArea', 'deliveryDates']);

    for (const date of ['2026-02-30', '12/01/2030', 'tomorrow', '20301201']) {
      const response = await farmer.post('/api/delivery-schedules', {
        deliveryDates: [date],
        deliveryArea: 'Honolulu',
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().fields['deliveryDates.0'], date).toBeDefined();
    }
    const unknownZone = await farmer.post('/api/delivery-schedules', {
      deliveryDates: [inDays(1)],
      deliveryArea: 'Atlantis',
    });
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json().fields.deliveryArea).toBeDefined();
  });

  it('removes the farm’s own day; another farm’s day is 404', async () => {
    const owner = await signUpFarmer(ctx.app);
    const other = await signUpFarmer(ctx.app);
    const [day] = (
      await owner.post('/api/delivery-schedules', {
        deliveryDates: [inDays(4)],
        deliveryArea: 'Lihue',
      })
    ).json() as Day[];
    expect((await other.delete(`/api/delivery-schedules/${day!.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/delivery-schedules')).json()).toEqual([]);
    const removed = await owner.delete(`/api/delivery-schedules/${day!.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await owner.get('/api/delivery-schedules')).json()).toEqual([]);
    expect((await owner.delete(`/api/delivery-schedules/${day!.id}`)).statusCode).toBe(404);
    expect((await owner.delete('/api/delivery-schedules/nope')).statusCode).toBe(400);
  });

  it('shows any signed-in user a farm’s days from today on', async () => {
    const farmer = await signUpFarmer(ctx.app);
    await farmer.post('/api/delivery-schedules', {
      deliveryDates: [today, inDays(10)],
      deliveryArea: 'Paia',
    });
    const { db } = ctx.database;
    await db
      .insert(deliverySchedules)
      .values({ farmId: farmer.farmId, deliveryDate: inDays(-3), deliveryArea: 'Paia' });
    const restaurant = await signUpRestaurant(ctx.app);
    const response = await restaurant.get(`/api/delivery-schedules/farm/${farmer.farmId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((day: Day) => day.deliveryDate)).toEqual([today, inDays(10)]);
    // The farmer's own list keeps the past ones (shown as Completed).
    expect((await farmer.get('/api/delivery-schedules')).json()).toHaveLength(3);
    expect((await restaurant.get('/api/delivery-schedules/farm/999999')).statusCode).toBe(404);
    expect((await restaurant.get('/api/delivery-schedules/farm/x')).statusCode).toBe(400);
  });

  it('lets only signed-in farmers write (401, 403)', async () => {
    const restaurant = await signUpRestaurant(ctx.app);
    const body = { deliveryDates: [inDays(1)], deliveryArea: 'Honolulu' };
    expect((await restaurant.post('/api/delivery-schedules', body)).statusCode).toBe(403);
    expect((await restaurant.get('/api/delivery-schedules')).statusCode).toBe(403);
    expect((await restaurant.delete('/api/delivery-schedules/1')).statusCode).toBe(403);
    const anonymous = new Session(ctx.app);
    expect((await anonymous.post('/api/delivery-schedules', body)).statusCode).toBe(401);
    expect((await anonymous.get('/api/delivery-schedules')).statusCode).toBe(401);
    expect((await anonymous.get('/api/delivery-schedules/farm/1')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/delivery-schedules/1')).statusCode).toBe(401);
  });

  it('keeps one row when the same day is added twice at once', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const body = { deliveryDates: [inDays(8)], deliveryArea: 'Kihei' };
    const results = await Promise.all([
      farmer.post('/api/delivery-schedules', body),
      farmer.post('/api/delivery-schedules', body),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([201, 201]);
    expect((await farmer.get('/api/delivery-schedules')).json()).toHaveLength(1);
  });
});
