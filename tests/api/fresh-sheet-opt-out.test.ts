import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { unsubscribeToken } from '../../src/server/modules/fresh-sheet/email';
import { addDeliveryDay, createProduct, orderBody } from '../helpers/catalog-fixtures';
import { hawaiiNoon, useClock } from '../helpers/clock';
import {
  Session,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  useTestApp,
} from '../helpers/test-app';

/**
 * Saying no to a farm's fresh sheet (docs/fresh-sheet.md): by the email's unsubscribe page,
 * which a browser posts with `Origin: null`, and by unfollowing the farm.
 */
useClock(hawaiiNoon('2026-11-23'));
const ctx = useTestApp();
const SECRET = testConfig().sessionSecret;

type Restaurant = Awaited<ReturnType<typeof signUpRestaurant>>;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;

/** A restaurant that has ordered from the farm: the sheet comes to it without a follow. */
async function newCustomer(name: string): Promise<Restaurant> {
  const restaurant = await signUpRestaurant(ctx.app, name);
  await ctx.database.db
    .update(restaurants)
    .set({ deliveryZone: 'kaneohe' })
    .where(eq(restaurants.id, restaurant.restaurantId));
  const product = await createProduct(ctx.database.db, farmer.farmId, { availableQuantity: 50 });
  const placed = await restaurant.post(
    '/api/orders',
    orderBody(farmer.farmId, [{ product, quantity: 1 }]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return restaurant;
}

const recipients = async () =>
  (await farmer.get('/api/fresh-sheet/preview')).json<{ recipientCount: number }>().recipientCount;
const freshSheetOf = async (restaurant: Restaurant) => {
  const page = await restaurant.get(`/api/farms/${farmer.farmId}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json<{ freshSheet: string }>().freshSheet;
};

beforeAll(async () => {
  farmer = await signUpFarmer(ctx.app, 'Waimanalo Sprouts');
  await createProduct(ctx.database.db, farmer.farmId, { name: 'Pea shoots' });
  await addDeliveryDay(ctx.database.db, farmer.farmId, '2026-12-03', 'Kaneohe');
});

describe('the unsubscribe page’s button, posted by a browser with Origin: null', () => {
  it('unsubscribes with a valid token, and no other write is taken with Origin: null', async () => {
    const customer = await newCustomer('Opaque Origin Grill');
    const before = await recipients();
    const token = unsubscribeToken(SECRET, farmer.farmId, customer.restaurantId);
    const form = (origin: string, url = `/api/fresh-sheet/unsubscribe?token=${token}`) =>
      new Session(ctx.app).request({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'sec-fetch-site': 'same-origin',
        },
      });

    // Another site's page still may not post it, and an altered token unsubscribes nobody.
    const foreign = await form('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('cross_origin');
    const altered = await form(
      'null',
      `/api/fresh-sheet/unsubscribe?token=${farmer.farmId}.${customer.restaurantId}.${'a'.repeat(32)}`,
    );
    expect(altered.statusCode).toBe(404);
    expect(await recipients()).toBe(before);

    const unsubscribed = await form('null');
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.headers['content-type']).toMatch(/text\/html/);
    expect(unsubscribed.body).toContain('You are unsubscribed');
    expect(await recipients()).toBe(before - 1);
    expect(await freshSheetOf(customer)).toBe('off');

    // Every other write with Origin: null is refused: signed in or not, public or not.
    const follow = await customer.post(`/api/farms/${farmer.farmId}/follow`, undefined, {
      origin: 'null',
    });
    expect(follow.statusCode).toBe(403);
    expect(follow.json().code).toBe('cross_origin');
    const signIn = await new Session(ctx.app).post(
      '/api/auth/login',
      { email: customer.email, password: 'anything-at-all-here' },
      { origin: 'null' },
    );
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('cross_origin');
    const sheet = await farmer.post('/api/fresh-sheet/send', {}, { origin: 'null' });
    expect(sheet.statusCode).toBe(403);
    expect(sheet.json().code).toBe('cross_origin');
  });
});

describe('unfollowing a farm stops its fresh sheet', () => {
  it('stops it for a customer who unfollows, says so on the farm page, and following brings it back', async () => {
    const customer = await newCustomer('Unfollowing Bistro');
    const url = `/api/farms/${farmer.farmId}/follow`;
    // A customer gets the sheet without following.
    expect(await freshSheetOf(customer)).toBe('on');
    const withIt = await recipients();

    expect((await customer.post(url)).json()).toEqual({ farmId: farmer.farmId, following: true });
    expect(await freshSheetOf(customer)).toBe('on');
    expect(await recipients()).toBe(withIt);

    const unfollowed = await customer.delete(url);
    expect(unfollowed.statusCode, unfollowed.body).toBe(200);
    expect(unfollowed.json()).toEqual({ farmId: farmer.farmId, following: false });
    expect(await freshSheetOf(customer)).toBe('off');
    expect(await recipients()).toBe(withIt - 1);
    // Unfollowing again changes nothing.
    expect((await customer.delete(url)).statusCode).toBe(200);
    expect(await recipients()).toBe(withIt - 1);

    // The sheet sent now leaves it out.
    const sent = await farmer.post('/api/fresh-sheet/send', { note: 'Pea shoots are in' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().recipientCount).toBe(withIt - 1);

    expect((await customer.post(url)).statusCode).toBe(200);
    expect(await freshSheetOf(customer)).toBe('on');
    expect(await recipients()).toBe(withIt);
  });

  it('says "off" to a restaurant that neither follows nor buys, and "on" once it follows', async () => {
    const stranger = await signUpRestaurant(ctx.app, 'Passing Through Cafe');
    expect(await freshSheetOf(stranger)).toBe('off');
    await stranger.post(`/api/farms/${farmer.farmId}/follow`);
    expect(await freshSheetOf(stranger)).toBe('on');
    await stranger.delete(`/api/farms/${farmer.farmId}/follow`);
    expect(await freshSheetOf(stranger)).toBe('off');
  });
});
