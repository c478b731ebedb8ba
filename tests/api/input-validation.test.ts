import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products } from '../../src/server/db/schema';
import { setClock } from '../../src/server/clock';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii: the delivery days below are ahead of it. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';

let ctx: TestContext;
let farm: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let admin: Session;
let kale: ProductFixture;
let orderId: number;
let itemId: number;
let standingOrderId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  setClock(MONDAY_NOON);
  const db = ctx.database.db;
  admin = await signUp(ctx.app, 'admin');
  expect(await grantAdmin(db, (admin as Session & { email: string }).email)).toBe(true);
  farm = await signUpFarmer(ctx.app, 'Kula Greens');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  const zoned = await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile('Ono Kitchen'),
    deliveryZone: 'honolulu',
  });
  expect(zoned.statusCode, zoned.body).toBe(200);
  await addDeliveryDay(db, farm.farmId, THU_DEC_3, 'Honolulu');
  kale = await createProduct(db, farm.farmId, { price: '4.00', availableQuantity: 50 });
  const [order] = await placeCheckout(restaurant, [
    orderBody(farm.farmId, [{ product: kale, quantity: 2 }], { deliveryDate: THU_DEC_3 }),
  ]);
  orderId = order!.id;
  itemId = order!.orderItems[0]!.id;
  const standing = await restaurant.post('/api/standing-orders', {
    farmId: farm.farmId,
    lines: [{ productId: kale.id, quantity: 1 }],
    weekdays: ['thu'],
  });
  expect(standing.statusCode, standing.body).toBe(201);
  standingOrderId = standing.json().id;
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

function expectFieldRefused(
  response: { statusCode: number; body: string; json(): unknown },
  field: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { code?: string; fields?: Record<string, string> };
  expect(body.code, response.body).toBe('validation');
  expect(Object.keys(body.fields ?? {}), response.body).toContain(field);
}

describe('dates run from 2000-01-01 to 2100-12-31, everywhere', () => {
  /** Each place a date is taken: the session, the request for a date, and the field named. */
  const places: Array<{
    name: string;
    who: () => Session;
    send: (session: Session, date: string) => ReturnType<Session['get']>;
    field: string;
  }> = [
    {
      name: 'the farm’s order list',
      who: () => farm,
      send: (s, date) => s.get(`/api/orders/farm?deliveryDate=${date}`),
      field: 'deliveryDate',
    },
    {
      name: 'the restaurant’s order list',
      who: () => restaurant,
      send: (s, date) => s.get(`/api/orders/restaurant?deliveryDate=${date}`),
      field: 'deliveryDate',
    },
    {
      name: 'the pick list',
      who: () => farm,
      send: (s, date) => s.get(`/api/orders/farm/pick-list?date=${date}`),
      field: 'date',
    },
    {
      name: 'a payment',
      who: () => farm,
      send: (s, date) =>
        s.post(`/api/orders/${orderId}/payments`, {
          amount: '1.00',
          paidOn: date,
          method: 'check',
        }),
      field: 'paidOn',
    },
    {
      name: 'the bulk status move',
      who: () => farm,
      send: (s, date) =>
        s.post('/api/orders/farm/bulk-status', { deliveryDate: date, status: 'confirmed' }),
      field: 'deliveryDate',
    },
    {
      name: 'a standing order’s skip',
      who: () => restaurant,
      send: (s, date) =>
        s.post(`/api/standing-orders/${standingOrderId}/skips`, { deliveryDate: date }),
      field: 'deliveryDate',
    },
    {
      name: 'undoing a standing order’s skip',
      who: () => restaurant,
      send: (s, date) => s.delete(`/api/standing-orders/${standingOrderId}/skips/${date}`),
      field: 'date',
    },
    {
      name: 'delivery days',
      who: () => farm,
      send: (s, date) =>
        s.post('/api/delivery-schedules', { deliveryDates: [date], deliveryArea: 'Honolulu' }),
      field: 'deliveryDates.0',
    },
    {
      name: 'an order’s delivery day',
      who: () => restaurant,
      send: (s, date) =>
        s.post(
          '/api/orders',
          orderBody(farm.farmId, [{ product: kale, quantity: 1 }], {
            deliveryDate: date,
          }),
        ),
      field: 'deliveryDate',
    },
  ];

  for (const place of places) {
    it(`${place.name}: the year 0000 and dates outside the range are 400 naming ${place.field}`, async () => {
      for (const date of ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
        expectFieldRefused(await place.send(place.who(), date), place.field);
      }
    });
  }

  it('takes the first and the last day of the range', async () => {
    for (const date of ['2000-01-01', '2100-12-31']) {
      const list = await farm.get(`/api/orders/farm?deliveryDate=${date}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual([]);
      // A day with nothing confirmed: the pick list's own answer, not the date's.
      const pickList = await farm.get(`/api/orders/farm/pick-list?date=${date}`);
      expect(pickList.statusCode, pickList.body).toBe(404);
      const skip = await restaurant.post(`/api/standing-orders/${standingOrderId}/skips`, {
        deliveryDate: date,
      });
      expect(skip.json().code, skip.body).not.toBe('validation');
    }
  });
});

describe('months run from 2000-01 to 2100-12, everywhere', () => {
  const outside = ['0000-01', '0001-12', '0099-12', '0100-01', '1999-12', '2101-01', '9999-12'];

  it('the admin’s order list and its CSV refuse the rest with 400 naming month', async () => {
    for (const month of outside) {
      for (const path of ['/api/admin/orders', '/api/admin/orders.csv']) {
        expectFieldRefused(await admin.get(`${path}?month=${month}`), 'month');
      }
    }
    for (const month of ['2000-01', '2100-12']) {
      const response = await admin.get(`/api/admin/orders?month=${month}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });

  it('statements refuse the rest with 400 naming month, and print the edges', async () => {
    for (const month of outside) {
      expectFieldRefused(
        await farm.get(`/api/statements?month=${month}&restaurantId=${restaurant.restaurantId}`),
        'month',
      );
      expectFieldRefused(
        await restaurant.get(`/api/statements?month=${month}&farmId=${farm.farmId}`),
        'month',
      );
    }
    for (const month of ['2000-01', '2100-12']) {
      const response = await farm.get(
        `/api/statements?month=${month}&restaurantId=${restaurant.restaurantId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
  });
});

describe('single-line text refuses control characters', () => {
  const CONTROLS = ['\r\nBcc: attacker@example.com', '\n', '\t', '\u0001', '\u001f', '\u007f'];

  it('a restaurant named "Evil\\r\\nBcc: …" is refused, and nothing changes', async () => {
    const response = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Evil\r\nBcc: attacker@example.com'),
      deliveryZone: 'honolulu',
    });
    expectFieldRefused(response, 'name');
    const profile = (await restaurant.get('/api/auth/user')).json();
    expect(JSON.stringify(profile)).not.toContain('Bcc');
  });

  it('names, locations, contacts and the recipient refuse each control character', async () => {
    const farmProfile = (extra: Record<string, unknown>) =>
      farm.put('/api/profile/farm', { ...sampleProfile('Kula Greens'), ...extra });
    for (const control of CONTROLS) {
      const cases: Array<[Promise<Awaited<ReturnType<Session['get']>>>, string]> = [
        [farmProfile({ name: `Kula${control}Greens` }), 'name'],
        [farmProfile({ location: `1 Main St${control}, Kula, HI 96790` }), 'location'],
        [farmProfile({ contactPhone: `808${control}555 0101` }), 'contactPhone'],
        [farmProfile({ contact1Name: `Leilani${control}Kahale` }), 'contact1Name'],
        [farmProfile({ contact1Email: `leilani${control}@example.com` }), 'contact1Email'],
        [farmProfile({ contact1Position: `Owner${control}` + 'x' }), 'contact1Position'],
        [farmProfile({ checksPayableTo: `Kula${control}Greens LLC` }), 'checksPayableTo'],
        [restaurant.post('/api/profile/restaurant', sampleProfile(`Ono${control}Kitchen`)), 'name'],
        [
          farm.post('/api/products', {
            name: `Kale${control}Bunch`,
            unit: 'lb',
            price: '4.00',
          }),
          'name',
        ],
        [farm.patch(`/api/products/${kale.id}`, { name: `Kale${control}x` }), 'name'],
        [
          farm.patch(`/api/orders/${orderId}/status`, {
            status: 'delivered',
            recipientName: `Kai${control}Akana`,
          }),
          'recipientName',
        ],
        [
          farm.post(`/api/orders/${orderId}/payments`, {
            amount: '1.00',
            paidOn: '2026-11-23',
            method: 'check',
            reference: `Check${control}1042`,
          }),
          'reference',
        ],
      ];
      for (const [pending, field] of cases) {
        expectFieldRefused(await pending, field);
      }
    }
  });

  it('sign-up refuses a control character in a person’s name', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'evil-name@example.com',
        password: 'correct-horse-battery',
        firstName: 'Kai\r\nBcc: x',
        lastName: 'Akana',
      },
    });
    expectFieldRefused(response, 'firstName');
  });

  it('notes, descriptions and reasons keep line breaks but refuse other control characters', async () => {
    const described = await farm.patch(`/api/products/${kale.id}`, {
      description: 'Curly kale.\r\nPicked at dawn.',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().description).toBe('Curly kale.\r\nPicked at dawn.');
    expectFieldRefused(
      await farm.patch(`/api/products/${kale.id}`, { description: 'Curly\u0007kale' }),
      'description',
    );
    expectFieldRefused(
      await farm.patch(`/api/products/${kale.id}`, { description: 'Curly\tkale' }),
      'description',
    );

    const noted = await restaurant.patch(`/api/standing-orders/${standingOrderId}`, {
      notes: 'Back door.\nRing twice.',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().notes).toBe('Back door.\nRing twice.');
    expectFieldRefused(
      await restaurant.patch(`/api/standing-orders/${standingOrderId}`, {
        notes: 'Back\u001bdoor',
      }),
      'notes',
    );
    expectFieldRefused(
      await restaurant.post(
        '/api/orders',
        orderBody(farm.farmId, [{ product: kale, quantity: 1 }], {
          deliveryDate: THU_DEC_3,
          notes: 'Back\u0008door',
        }),
      ),
      'notes',
    );

    expectFieldRefused(
      await farm.post(`/api/orders/${orderId}/adjustments`, {
        lines: [{ itemId, quantity: 1, reason: 'Short\u0002picked' }],
      }),
      'lines.0.reason',
    );
  });

  it('refuses half of a character pair, which no database text can store, and keeps a whole pair', async () => {
    // The JSON text carries the escape as a client sends it: JSON.stringify would too.
    const send = (notes: string) =>
      restaurant.request({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(
          orderBody(farm.farmId, [{ product: kale, quantity: 1 }], {
            deliveryDate: THU_DEC_3,
            notes: 'NOTES',
          }),
        ).replace('"NOTES"', notes),
      });
    expectFieldRefused(await send('"Back door \\ud800"'), 'notes');
    expectFieldRefused(await send('"\\udc00 Back door"'), 'notes');
    // A whole pair is one character (🍍), kept as sent.
    const whole = await restaurant.request({
      method: 'PATCH',
      url: `/api/standing-orders/${standingOrderId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"notes":"Back door \\ud83c\\udf4d"}',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().notes).toBe('Back door \u{1f34d}');
  });
});

describe('a quantity too small to have a hundredth is refused, everywhere', () => {
  // 1e-9 has two decimals' worth of hundredths (none): stored as 0.00, it broke the database's
  // checks. Each endpoint that takes a quantity answers 400 naming the field.
  const TINY = 1e-9;
  const places: {
    name: string;
    field: string;
    send: () => Promise<{ statusCode: number; body: string; json(): unknown }>;
  }[] = [
    {
      name: 'POST /api/orders',
      field: 'items.0.quantity',
      send: () =>
        restaurant.post(
          '/api/orders',
          orderBody(farm.farmId, [{ product: kale, quantity: TINY }], { deliveryDate: THU_DEC_3 }),
        ),
    },
    {
      name: 'POST /api/checkout',
      field: 'orders.0.items.0.quantity',
      send: () =>
        restaurant.post('/api/checkout', {
          orders: [
            orderBody(farm.farmId, [{ product: kale, quantity: TINY }], {
              deliveryDate: THU_DEC_3,
            }),
          ],
        }),
    },
    {
      name: 'PATCH /api/orders/{id}/items',
      field: 'items.0.quantity',
      send: () =>
        restaurant.patch(`/api/orders/${orderId}/items`, {
          items: [{ productId: kale.id, quantity: TINY }],
        }),
    },
    {
      name: 'POST /api/orders/{id}/adjustments',
      field: 'lines.0.quantity',
      send: () =>
        farm.post(`/api/orders/${orderId}/adjustments`, {
          lines: [{ itemId, quantity: TINY, reason: 'Weighed' }],
        }),
    },
    {
      name: 'POST /api/standing-orders',
      field: 'lines.0.quantity',
      send: () =>
        restaurant.post('/api/standing-orders', {
          farmId: farm.farmId,
          lines: [{ productId: kale.id, quantity: TINY }],
          weekdays: ['thu'],
        }),
    },
    {
      name: 'PATCH /api/standing-orders/{id}',
      field: 'lines.0.quantity',
      send: () =>
        restaurant.patch(`/api/standing-orders/${standingOrderId}`, {
          lines: [{ productId: kale.id, quantity: TINY }],
        }),
    },
    {
      name: 'POST /api/lots',
      field: 'quantity',
      send: () =>
        farm.post('/api/lots', {
          code: 'K-1',
          productId: kale.id,
          harvestDate: '2026-11-20',
          location: 'Field 2',
          quantity: TINY,
        }),
    },
    {
      name: 'POST /api/orders/{id}/claims',
      field: 'lines.0.quantity',
      send: () =>
        restaurant.post(`/api/orders/${orderId}/claims`, {
          lines: [{ itemId, kind: 'damaged', quantity: TINY, note: 'Wilted' }],
        }),
    },
  ];

  it.each(places)('$name answers 400 "Must be at least 0.01" at $field', async (place) => {
    const response = await place.send();
    expectFieldRefused(response, place.field);
    const fields = (response.json() as { fields: Record<string, string> }).fields;
    expect(fields[place.field]).toBe('Must be at least 0.01');
  });

  it('leaves the order and its stock as they were', async () => {
    const lines = await ctx.database.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(lines).toEqual([{ quantity: 2 }]);
    const [stock] = await ctx.database.db
      .select({ availableQuantity: products.availableQuantity })
      .from(products)
      .where(eq(products.id, kale.id));
    // 50, less the order's 2 and the standing order's nothing (it places on its own day).
    expect(stock).toEqual({ availableQuantity: 48 });
  });
});
