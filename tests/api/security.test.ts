import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hawaiiToday } from '#core/hawaii-time';
import { buildApp } from '../../src/server/app';
import {
  createTestApp,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  type Session,
  type TestContext,
} from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';
import { pdfText } from '../helpers/pdf-text';

/** Reachable without signing in, by design. */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/auth/demo-accounts',
  // Reached from an email, by someone who cannot sign in (docs/accounts.md).
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  // Reached from an invitation's email, by someone who may have no account yet (docs/teams.md).
  'GET /api/auth/invitation',
  'POST /api/auth/accept-invitation',
  // A fresh sheet's unsubscribe link and its page: one click from an email, no sign-in (RFC 8058).
  'GET /api/fresh-sheet/unsubscribe',
  'POST /api/fresh-sheet/unsubscribe',
  // A substitute's accept and decline link and its page: signed for one person (docs/substitutions.md).
  'GET /api/substitutions/decide',
  'POST /api/substitutions/decide',
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

describe('the private-by-default rule', () => {
  it('holds for a route without guards of its own, however /api is spelled', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/unguarded-probe', async () => ({ secret: true }));
    try {
      await app.ready();
      for (const url of [
        '/api/unguarded-probe',
        '/%61pi/unguarded-probe',
        '/%61%70%69/unguarded-probe',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
      }
    } finally {
      await app.close();
      await database.close();
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
    { name: 'Kale\u0000', unit: 'lb', price: '1', status: 'delivered', recipientName: 'A\u0000' },
  ];
  const oddIds = ['0', '-1', 'abc', '99999999999999999999', '1.5', '%00'];

  /** Streams never end, so they cannot be probed this way; their own tests cover them. */
  const STREAMS = new Set(['GET /api/events']);

  async function probe(session: Session) {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => !STREAMS.has(candidate.key))) {
      const urls = new Set([
        route.url,
        `${route.url}?q=%00&date=%00&limit=%00`,
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

describe('text with a NUL character (which PostgreSQL cannot store)', () => {
  it('is refused with 400 and the field, never a 500', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const restaurant = await signUpRestaurant(ctx.app);
    const newcomer = await signUp(ctx.app);
    const product = await farmer.post('/api/products', {
      name: 'Kale',
      unit: 'lb',
      price: '4.50',
      availableQuantity: 10,
    });
    expect(product.statusCode).toBe(201);
    const productId = product.json().id as number;

    const cases: Array<[string, Promise<{ statusCode: number; json(): unknown }>, string]> = [
      ['search', restaurant.get('/api/products?q=ka%00le'), 'q'],
      [
        'new product',
        farmer.post('/api/products', { name: 'Kale\u0000', unit: 'lb', price: '1.00' }),
        'name',
      ],
      [
        'product change',
        farmer.patch(`/api/products/${productId}`, { description: 'Crisp\u0000' }),
        'description',
      ],
      [
        'new profile',
        newcomer.post('/api/profile/farm', {
          name: 'Mauka\u0000 Farm',
          location: '1 Ala St, Hilo, HI 96720',
        }),
        'name',
      ],
      [
        'order notes',
        restaurant.post('/api/orders', {
          farmId: farmer.farmId,
          totalAmount: '4.50',
          items: [{ productId, quantity: 1, unitPrice: '4.50' }],
          notes: 'Back door\u0000',
        }),
        'notes',
      ],
      [
        'checkout notes',
        restaurant.post('/api/checkout', {
          orders: [
            {
              farmId: farmer.farmId,
              totalAmount: '4.50',
              items: [{ productId, quantity: 1, unitPrice: '4.50' }],
              notes: 'Back door\u0000',
            },
          ],
        }),
        'orders.0.notes',
      ],
    ];
    for (const [label, pending, field] of cases) {
      const response = await pending;
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({
        code: 'validation',
        fields: { [field]: expect.any(String) },
      });
    }
    // Nothing was written: the product is unchanged and no order exists.
    expect((await restaurant.get('/api/orders/restaurant')).json()).toEqual([]);
    expect((await farmer.get('/api/products/farm')).json()).toMatchObject([
      { id: productId, description: null, availableQuantity: 10 },
    ]);
  });
});

describe('PDFs of names in every script', () => {
  const ODD_NAMES = [
    '🍍🥭 Pineapple 🌺',
    'مزرعة الشمس',
    'שדה ירוק',
    '農場 ハワイ 농장',
    'Z̸̢̛̗a̷̧͖l̶̨̛g̵̣̈ő̶̢',
    'W'.repeat(120),
    'a\u200b\u200e\u202e\ufeffb',
    '🏳️‍🌈',
    'ʻŌhiʻa Lehua',
    // C0 controls and DEL are refused at the door (docs/api.md, one-line text); C1 ones reach
    // the documents.
    '\u0085\u009f control',
  ];

  it('still draws every document, never a 500', { timeout: 60_000 }, async () => {
    const farmer = await signUp(ctx.app, 'farmer');
    const farm = await farmer.post('/api/profile/farm', {
      name: '🌋 مزرعة Kīlauea 農場',
      location: `${'🍌'.repeat(40)}, Hilo, HI 96720`,
    });
    expect(farm.statusCode).toBe(201);
    await farmer.put('/api/profile/farm', {
      name: '🌋 مزرعة Kīlauea 農場',
      location: '1 Ala St, Hilo, HI 96720',
      checksPayableTo: 'שדה ירוק 🍍',
    });
    const restaurant = await signUp(ctx.app, 'restaurant');
    await restaurant.post('/api/profile/restaurant', {
      name: `${'W'.repeat(90)} Café ʻOno 🍣 مطعم`,
      location: '1 King St, Honolulu, HI 96813',
    });
    await restaurant.put('/api/profile/restaurant', {
      name: `${'W'.repeat(90)} Café ʻOno 🍣 مطعم`,
      location: '1 King St, Honolulu, HI 96813',
      contact1Name: '料理長 🍣',
      contact1Position: 'رئيس الطهاة',
    });
    const items = [];
    for (const name of ODD_NAMES) {
      const product = await farmer.post('/api/products', {
        name,
        unit: 'lb',
        price: '1.00',
        availableQuantity: 5,
      });
      expect(product.statusCode, name).toBe(201);
      items.push({ productId: product.json().id as number, quantity: 1, unitPrice: '1.00' });
    }
    // Three days ahead: tomorrow's ordering closes at 6 PM today (the default cutoff).
    const day = addDays(hawaiiToday(), 3);
    await farmer.post('/api/delivery-schedules', { deliveryDates: [day], deliveryArea: 'Hilo' });
    const order = await restaurant.post('/api/orders', {
      farmId: farm.json().id,
      totalAmount: '10.00',
      items,
      deliveryDate: day,
      notes: ODD_NAMES.join(' ').repeat(3).slice(0, 1000),
    });
    expect(order.statusCode).toBe(201);
    const id = order.json().id as number;
    for (const status of ['confirmed', 'packed', 'in_transit']) {
      await farmer.patch(`/api/orders/${id}/status`, { status });
    }
    const downloads = [
      await farmer.get(`/api/orders/${id}/invoice`),
      await farmer.get(`/api/orders/${id}/packing-slip`),
      await farmer.get(`/api/orders/farm/pick-list?date=${day}`),
    ];
    await farmer.patch(`/api/orders/${id}/status`, {
      status: 'delivered',
      recipientName: '🧑‍🍳 שף',
    });
    downloads.push(await restaurant.get(`/api/invoices/${id}/download`));
    // Hawaiian names print as written; what the fonts lack prints as U+FFFD, never dropped.
    const pickList = (await pdfText(downloads[2]!.rawPayload)).split('PACKING SLIP')[0];
    expect(pickList).toContain('Café ʻOno');
    expect(pickList).toContain('ʻŌhiʻa Lehua');
    expect(pickList).toContain('\ufffd\ufffd Pineapple \ufffd');
    for (const response of downloads) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.body.startsWith('%PDF-')).toBe(true);
      expect(response.body.trimEnd().endsWith('%%EOF')).toBe(true);
    }
  });
});
