import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { buildApp } from '../../src/server/app';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  PASSWORD,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  uniqueEmail,
  type Session,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The directives of a Content-Security-Policy header by name. */
function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('Strict-Transport-Security', () => {
  it('is not sent when the public origin is plain http', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent, for this host alone, when the public origin is https', async () => {
    const app = await buildApp({
      config: testConfig({ appOrigin: 'https://harvesthui.example' }),
      database: ctx.database,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await app.close();
    }
  });
});

describe('Content-Security-Policy', () => {
  it('allows no plugins and images only from the app itself, data: and blob:', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('default-src')).toBe("'self'");
  });
});

describe('Cache-Control on /api answers', () => {
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
  let orderId: number;

  beforeAll(async () => {
    farmer = await signUpFarmer(ctx.app, 'Waianae Greens');
    restaurant = await signUpRestaurant(ctx.app, 'Kaimuki Grill');
    const deliveryDay = addDays(hawaiiToday(), 3);
    await addDeliveryDay(ctx.database.db, farmer.farmId, deliveryDay);
    const greens = await createProduct(ctx.database.db, farmer.farmId, {
      availableQuantity: 100,
    });
    const [order] = await placeCheckout(restaurant, [
      orderBody(farmer.farmId, [{ product: greens, quantity: 2 }], { deliveryDate: deliveryDay }),
    ]);
    orderId = order!.id;
    const confirmed = await farmer.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  // The one exception: the whole catalogue, the same for every buyer, is kept by the browser
  // and asked for again every time with its ETag (tests/api/caching-headers.test.ts).
  const REVALIDATED = new Map([['/api/products', 'private, no-cache']]);

  it('is no-store on every JSON answer of every list and detail a signed-in user reads', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reads = Object.entries(document.paths)
      .filter(([path, operations]) => 'get' in operations && path !== '/api/events')
      .map(([path]) => path.replace(/\{[^}]+\}/g, String(orderId)));
    expect(reads.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let checked = 0;
    for (const session of [farmer, restaurant] as Session[]) {
      for (const url of reads) {
        const response = await session.get(url);
        if (!String(response.headers['content-type']).startsWith('application/json')) continue;
        checked += 1;
        if (response.headers['cache-control'] !== (REVALIDATED.get(url) ?? 'no-store')) {
          missing.push(`${url} ${response.statusCode} ${response.headers['cache-control']}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('is no-store on sign-in, registration, errors and unknown /api addresses', async () => {
    const email = uniqueEmail('cache');
    const answers = [
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: PASSWORD, firstName: 'Iolana', lastName: 'Kaʻai' },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/user' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await ctx.app.inject({ method: 'GET', url: '/%61pi/auth/user' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([201, 200, 401, 401, 401]);
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves PDFs their own headers', async () => {
    const response = await farmer.get(`/api/orders/${orderId}/packing-slip`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
