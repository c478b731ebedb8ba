import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

/** Reachable without signing in, by design. */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/auth/demo-accounts',
]);

let ctx: TestContext;
let routes: Array<{ method: string; url: string; key: string }>;

beforeAll(async () => {
  ctx = await createTestApp();
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      // Any id will do: the anonymous must be refused before the id is looked at.
      url: path.replace(/\{[^}]+\}/g, '1'),
      key: `${method.toUpperCase()} ${path}`,
    })),
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('every private route', () => {
  it('answers 401 to the anonymous', async () => {
    const privateRoutes = routes.filter(
      (route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`),
    );
    expect(privateRoutes.length).toBeGreaterThan(4);
    for (const route of privateRoutes) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('odd input never produces a 500', () => {
  const oddBodies: unknown[] = [
    {},
    [],
    'text',
    42,
    null,
    { name: 12, price: { a: 1 }, quantity: '1e309', items: 'x', status: ['delivered'] },
    { deliveryDates: ['not-a-date', '2026-02-30'], deliveryArea: 7 },
    { orders: [{ farmId: -1, items: [{ productId: 'x', quantity: 1.5 }] }] },
  ];
  const oddIds = ['0', '-1', 'abc', '99999999999999999999', '1.5', '%00'];

  /** Streams never end, so they cannot be probed this way; their own tests cover them. */
  const STREAMS = new Set(['GET /api/events']);

  async function probe(session: Session) {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => !STREAMS.has(candidate.key))) {
      const urls = new Set([
        route.url,
        ...oddIds.map((id) => route.url.replace(/\/1(?=\/|$)/g, `/${id}`)),
      ]);
      for (const url of urls) {
        // Every odd body on the plain path; odd ids are probed with one body each.
        const bodies =
          route.method === 'GET' || route.method === 'DELETE'
            ? [undefined]
            : url === route.url
              ? oddBodies
              : [{}];
        for (const payload of bodies) {
          const response = await session.request({
            method: route.method as 'POST',
            url,
            ...(payload === undefined
              ? {}
              : {
                  payload: JSON.stringify(payload),
                  headers: { 'content-type': 'application/json' },
                }),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${route.method} ${url} ${JSON.stringify(payload)} -> ${response.statusCode} ${response.body}`,
            );
        }
      }
    }
    return failures;
  }

  it('for a farmer, a restaurant and a user without a profile', { timeout: 120_000 }, async () => {
    const sessions = [
      await signUpFarmer(ctx.app),
      await signUpRestaurant(ctx.app),
      await signUp(ctx.app),
    ];
    for (const session of sessions) {
      expect(await probe(session)).toEqual([]);
    }
  });
});
