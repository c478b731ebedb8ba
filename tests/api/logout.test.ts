import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#core/schemas/notification';
import { publishLiveEvent } from '../../src/server/modules/events/publish';
import { listen, openStream, waitFor } from '../helpers/event-stream';
import { createTestApp, signUp, signUpFarmer, type TestContext } from '../helpers/test-app';

// The test app's public origin.
const OWN_ORIGIN = 'http://localhost:5000';

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await listen(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

type Browser = Awaited<ReturnType<typeof signUp>>;

/** Whether the session the browser had before logging out still works on the server. */
async function signedIn(cookie: string | undefined): Promise<boolean> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: cookie! },
  });
  return response.statusCode === 200;
}

function logout(user: Browser, headers: Record<string, string>) {
  return user.request({ method: 'GET', url: '/api/logout', headers });
}

describe('GET /api/logout from another site', () => {
  it('sends the browser to / still signed in, and its live stream stays open', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Kula Farm');
    const cookie = farmer.cookie;
    const stream = await openStream(baseUrl, cookie);
    try {
      const response = await logout(farmer, {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        referer: 'https://evil.example/page',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await signedIn(cookie)).toBe(true);

      // Had the session ended, its stream would have closed before this marker arrived.
      const marker: LiveEvent = { type: 'products.changed', farmId: farmer.farmId, productIds: [] };
      await ctx.database.db.transaction((tx) => publishLiveEvent(tx, marker));
      await waitFor(() => stream.events.length > 0, 'the marker on the stream', 15_000);
      expect(stream.ended).toBe(false);

      // The same link followed on the site itself does sign out, and closes the stream.
      const own = await logout(farmer, { 'sec-fetch-site': 'same-origin' });
      expect(own.statusCode).toBe(302);
      await waitFor(() => stream.ended, 'the stream to end at sign-out');
      expect(await signedIn(cookie)).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('does nothing when an older browser names another site as the referrer', async () => {
    for (const referer of ['https://evil.example/', 'http://localhost:5001/', 'not a url']) {
      const user = await signUp(ctx.app);
      const response = await logout(user, { referer });
      expect(response.headers.location, referer).toBe('/');
      expect(await signedIn(user.cookie), referer).toBe(true);
    }
  });
});

describe('GET /api/logout from this site', () => {
  it('signs out whatever the browser says of a same-site request', async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', referer: `${OWN_ORIGIN}/orders` },
      { 'sec-fetch-site': 'same-site' },
      // An address typed or a bookmark.
      { 'sec-fetch-site': 'none' },
      // An older browser, from a page of the app.
      { referer: `${OWN_ORIGIN}/hub` },
      // No page at all: curl, a script.
      {},
    ];
    for (const headers of cases) {
      const user = await signUp(ctx.app);
      const cookie = user.cookie;
      const response = await logout(user, headers);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(String(response.headers['set-cookie']), JSON.stringify(headers)).toMatch(
        /hh_session=;/,
      );
      expect(await signedIn(cookie), JSON.stringify(headers)).toBe(false);
    }
  });
});
