import { describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import { signUpFarmer, useTestApp } from '../helpers/test-app';

useClock(hawaiiNoon('2026-11-23'));
const ctx = useTestApp();

describe('the fresh sheet on a schedule', () => {
  it('goes on with the note and featured items of the sheet last sent by hand', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kahuku Greens');
    const kale = await createProduct(ctx.database.db, farmer.farmId, { name: 'Kale' });
    const taro = await createProduct(ctx.database.db, farmer.farmId, { name: 'Taro' });
    const saved = await farmer.put('/api/fresh-sheet/schedule', {
      weekday: 3,
      hour: 6,
      note: 'Wednesday list',
      featuredProductIds: [kale.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const sent = await farmer.post('/api/fresh-sheet/send', {
      note: 'First taro of the winter!',
      featuredProductIds: [taro.id, kale.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const preview = await farmer.get('/api/fresh-sheet/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().schedule).toMatchObject({
      weekday: 3,
      hour: 6,
      note: 'First taro of the winter!',
      featuredProductIds: [taro.id, kale.id],
      // Wednesday Nov 25, 6 AM in Hawaii: the day and hour stay as they were.
      nextSendAt: '2026-11-25T16:00:00.000Z',
    });
  });

  it('sending by hand makes no schedule where there was none', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waipio Taro');
    await createProduct(ctx.database.db, farmer.farmId, { name: 'Taro' });
    const sent = await farmer.post('/api/fresh-sheet/send', { note: 'Hello' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await farmer.get('/api/fresh-sheet/preview')).json().schedule).toBeNull();
  });
});
