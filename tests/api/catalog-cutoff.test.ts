import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productPageOutput } from '#core/schemas/product';
import { addDays, hawaiiInstant } from '#core/hawaii-time';
import { setClock } from '../../src/server/clock';
import { farms } from '../../src/server/db/schema';
import { nextOutlookChange } from '../../src/server/modules/schedules';
import { addDeliveryDay, createProduct } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  heardNoticesSoFar,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The catalogue's kept figures hold until the next cutoff or midnight, when the clock alone
 * changes which farms deliver (docs/performance.md#browse-figures-kept-until-the-next-cutoff).
 */
const DAY = '2027-03-10';
const EARLY_DAY = '2027-03-09';
/** Each farm closes ordering the day before at 17:00, Hawaii time. */
const CUTOFF_MINUTES = 17 * 60;
const cutoffOf = (day: string) => hawaiiInstant(addDays(day, -1), CUTOFF_MINUTES);

let ctx: TestContext;
let farmId: number;
let earlyFarmId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  farmId = (await signUpFarmer(ctx.app, 'Cutoff Greens Farm')).farmId;
  earlyFarmId = (await signUpFarmer(ctx.app, 'Early Cutoff Farm')).farmId;
  for (const id of [farmId, earlyFarmId]) {
    await db
      .update(farms)
      .set({ orderCutoffDaysBefore: 1, orderCutoffMinutes: CUTOFF_MINUTES })
      .where(eq(farms.id, id));
  }
  await addDeliveryDay(db, farmId, DAY, 'Hilo');
  await addDeliveryDay(db, earlyFarmId, EARLY_DAY, 'Hilo');
  await createProduct(db, farmId, { name: 'Cutoff kale' });
});
afterEach(() => setClock(null));
afterAll(async () => ctx?.close());

describe('when the catalogue next changes by the clock', () => {
  it('is the soonest cutoff still ahead, else the next midnight in Hawaii', async () => {
    const { db } = ctx.database;
    const beforeBoth = new Date(cutoffOf(EARLY_DAY).getTime() - 60_000);
    expect(await nextOutlookChange(db, beforeBoth)).toEqual(cutoffOf(EARLY_DAY));
    // From a cutoff on, the midnight after it comes before the next one (17:00 the day after).
    expect(await nextOutlookChange(db, cutoffOf(EARLY_DAY))).toEqual(hawaiiInstant(EARLY_DAY));
    expect(await nextOutlookChange(db, hawaiiInstant(EARLY_DAY))).toEqual(cutoffOf(DAY));
    expect(await nextOutlookChange(db, cutoffOf(DAY))).toEqual(hawaiiInstant(DAY));
  });

  it("takes a farm out of a zone's search at its cutoff, with no change to announce it", async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Cutoff Cafe');
    const profile = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Cutoff Cafe'),
      deliveryZone: 'hilo',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await heardNoticesSoFar(ctx);
    // A running clock a moment before the cutoff: the figures are kept until it, then recomputed.
    setClock(new Date(cutoffOf(DAY).getTime() - 1_500), { frozen: false });
    const search = async () => {
      const response = await restaurant.get('/api/products?q=cutoff%20kale&deliversToMyZone=true');
      expect(response.statusCode, response.body).toBe(200);
      return productPageOutput.parse(response.json());
    };
    expect(await search()).toMatchObject({ total: 1, hiddenByZone: 0 });
    const hits = ctx.app.catalogCache.hits;
    expect((await search()).total).toBe(1);
    expect(ctx.app.catalogCache.hits).toBeGreaterThan(hits);
    await expect
      .poll(async () => (await search()).hiddenByZone, { timeout: 5_000, interval: 200 })
      .toBe(1);
    expect((await search()).total).toBe(0);
  });
});
