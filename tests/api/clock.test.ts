import { afterEach, describe, expect, it } from 'vitest';
import { now, setClock, today } from '../../src/server/clock';
import { createTestAppOn, useTestDatabase } from '../helpers/test-app';

const shared = useTestDatabase();
afterEach(() => setClock(null));

describe('the clock', () => {
  it('is real time until set; a frozen clock stays where it was set', () => {
    const before = Date.now();
    expect(now().getTime()).toBeGreaterThanOrEqual(before);
    setClock(new Date('2026-11-24T04:30:00Z'));
    expect(now().toISOString()).toBe('2026-11-24T04:30:00.000Z');
    // 6:30 PM on Monday Nov 23 in Hawaii.
    expect(today()).toBe('2026-11-23');
    setClock(null);
    expect(now().getTime()).toBeGreaterThanOrEqual(before);
  });

  it('POST /api/test/clock sets it in development mode', async () => {
    const ctx = await createTestAppOn(shared.database, { env: 'development' });
    try {
      const set = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { now: '2026-12-01T08:00:00-10:00', frozen: true },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ now: '2026-12-01T18:00:00.000Z', set: true });
      expect(today()).toBe('2026-12-01');
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { now: 'tomorrow' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.now).toBeDefined();
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { now: null },
      });
      expect(reset.json().set).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it.each(['test', 'production'] as const)(
    'POST /api/test/clock is 404 in %s mode',
    async (env) => {
      const ctx = await createTestAppOn(shared.database, { env });
      try {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/clock',
          payload: { now: '2030-01-01T00:00:00Z' },
        });
        expect(response.statusCode).toBe(404);
        expect(now().getUTCFullYear()).toBeLessThan(2030);
      } finally {
        await ctx.close();
      }
    },
  );
});
