import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/server/clock';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
} from '../helpers/catalog-fixtures';
import {
  openApiOperations,
  plausible as plausibleValue,
  type JsonSchema,
  type Operation,
} from '../helpers/openapi';
import {
  createTestApp,
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

/**
 * A bounded fuzz of every operation of the OpenAPI document: odd dates, numbers, strings, wrong
 * types, empty and malformed bodies, odd path ids, sent as a farmer, a restaurant and an admin.
 * No answer may be a 5xx (docs/api.md: a 500 is always a bug). The cases are a fixed list picked
 * from by a fixed seed, so a failure is the same on every run.
 */

/** Monday Nov 23, 2026, noon in Hawaii: the fixture's delivery day is ahead of it. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';
const SEED = 19;
/** The most body and query cases one operation gets (odd ids and bodies come on top). */
const CASES_PER_OPERATION = 16;

/** Values as raw JSON text, so that 1e309 and lone surrogates reach the parser as sent. */
const ODD = {
  date: ['"0000-01-01"', '"9999-12-31"', '"1999-12-31"', '"2026-02-30"', '"2026-1-1"', '""'],
  month: ['"0000-01"', '"0099-12"', '"0100-01"', '"9999-12"', '"2026-13"', '"2026"'],
  number: ['-1', '0', '1.5', '-0.001', '2147483648', '9007199254740993', '1e20', '1e309', '-1e309'],
  numericString: [
    '"NaN"',
    '"Infinity"',
    '"-1"',
    '"1e309"',
    '"0x10"',
    '"99999999999999999999.99"',
    '"1.005"',
    '" 5 "',
  ],
  string: [
    '"\\r\\nBcc: fuzz@example.com"',
    '"\\t\\u0001\\u001f\\u007f"',
    '"\\u0000"',
    JSON.stringify('x'.repeat(10_000)),
    JSON.stringify('🥬'.repeat(500)),
    '"\\ud800"',
    '"\\u202eOʻahu"',
    `"'; drop table users; --"`,
    '" "',
  ],
  wrongType: ['null', 'true', '{}', '[]', '[[]]', '{"a":1}', '"x"', '12'],
};

/** Whole bodies that are not what any operation takes. */
const ODD_BODIES = [
  '',
  '{',
  '[',
  'null',
  '"x"',
  '12',
  '[]',
  '{"__proto__":{"a":1}}',
  '['.repeat(5_000),
];

/** Path ids that are no ids, or no row. */
const ODD_IDS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e3',
  '2147483648',
  '99999999999999999999',
  '%F0%9F%A5%AC',
];

/** Query values, as sent in the address. */
const ODD_QUERY = {
  date: ['0000-01-01', '9999-12-31', '2026-02-30', 'none', ''],
  month: ['0000-01', '0100-01', '9999-12', '2026-13'],
  any: ['-1', '1e309', 'NaN', '', 'x'.repeat(5_000), '🥬', '1,2,,3', '99999999999999999999'],
};

/** A small deterministic generator (mulberry32), so the picks are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const pick = <T>(values: readonly T[], count: number): T[] => {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return chosen;
};

let ctx: TestContext;
let operations: Operation[];
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let admin: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  setClock(MONDAY_NOON);
  const db = ctx.database.db;
  operations = await openApiOperations(ctx.app);

  admin = await signUp(ctx.app, 'admin');
  expect(await grantAdmin(db, (admin as Session & { email: string }).email)).toBe(true);
  farmer = await signUpFarmer(ctx.app, 'Fuzz Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Fuzz Kitchen');
  await restaurant.put('/api/profile/restaurant', {
    ...sampleProfile('Fuzz Kitchen'),
    deliveryZone: 'honolulu',
  });
  await addDeliveryDay(db, farmer.farmId, THU_DEC_3, 'Honolulu');
  const kale = await createProduct(db, farmer.farmId, { price: '4.00', availableQuantity: 500 });
  const [order] = await placeCheckout(restaurant, [
    orderBody(farmer.farmId, [{ product: kale, quantity: 2 }], { deliveryDate: THU_DEC_3 }),
  ]);
  const standing = await restaurant.post('/api/standing-orders', {
    farmId: farmer.farmId,
    lines: [{ productId: kale.id, quantity: 1 }],
    weekdays: ['thu'],
  });
  Object.assign(ids, {
    farmId: farmer.farmId,
    userId: farmer.userId,
    restaurantId: restaurant.restaurantId,
    productId: kale.id,
    orderId: order!.id,
    itemId: order!.orderItems[0]!.id,
    standingOrderId: standing.json().id as number,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx.close();
});

/** What kind of value a field holds, by its name first (the document says only "string"). */
function kindOf(name: string, schema: JsonSchema): keyof typeof ODD {
  if (/month/i.test(name)) return 'month';
  if (/date|paidOn/i.test(name)) return 'date';
  if (/amount|price|fee|minimum|rate|quantity/i.test(name)) return 'numericString';
  const type = schema.type ?? schema.anyOf?.find((option) => option.type !== 'null')?.type;
  if (type === 'integer' || type === 'number') return 'number';
  return 'string';
}

/** A plausible value for a field, so that one odd field at a time reaches the service. */
function plausible(name: string, schema: JsonSchema): unknown {
  return plausibleValue(name, schema, { ids, date: THU_DEC_3, month: '2026-11' });
}

/** Every field of a body, one level into arrays of objects ("items.0.quantity"). */
function fields(schema: JsonSchema): Array<{ path: string[]; name: string; schema: JsonSchema }> {
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const inner = field.anyOf?.find((option) => option.type !== 'null') ?? field;
    const nested =
      inner.type === 'array' && inner.items?.properties
        ? Object.entries(inner.items.properties).map(([child, childSchema]) => ({
            path: [name, '0', child],
            name: child,
            schema: childSchema,
          }))
        : [];
    return [{ path: [name], name, schema: field }, ...nested];
  });
}

/** The plausible body with one field's value replaced by raw JSON text. */
function withRaw(base: unknown, path: string[], raw: string): string {
  const marker = '__fuzz_raw__';
  const copy = structuredClone(base) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, raw);
}

/** The path with each placeholder set to a row that exists, so a case reaches the service. */
function realPath(path: string): string {
  const id = path.startsWith('/api/standing-orders')
    ? ids.standingOrderId
    : path.startsWith('/api/products')
      ? ids.productId
      : path.startsWith('/api/orders') || path.startsWith('/api/admin/orders')
        ? ids.orderId
        : path.startsWith('/api/admin/farms') || path.startsWith('/api/admin/businesses')
          ? ids.farmId
          : 1;
  // The fixture's farm: approving it is a 409, suspending it is followed at once by the
  // operation after it in the document, reinstating it, so the other cases find it selling.
  return path
    .replace('{kind}', 'farm')
    .replace('{id}', String(id))
    .replace('{orderId}', String(ids.orderId))
    .replace('{farmId}', String(ids.farmId))
    .replace('{userId}', String(ids.userId))
    .replace('{photoId}', '1')
    .replace('{date}', THU_DEC_3);
}

interface Case {
  url: string;
  payload?: string;
  contentType?: string;
}

/** Bodies in other types than JSON, the multipart ones broken (no boundary, cut short). */
const ODD_TYPED_BODIES: Array<{ payload: string; contentType: string }> = [
  { payload: 'x', contentType: 'multipart/form-data' },
  {
    payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nhalf',
    contentType: 'multipart/form-data; boundary=b',
  },
  { payload: 'a=1&a=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'x', contentType: 'text/plain' },
];

function casesOf(operation: Operation): Case[] {
  const url = realPath(operation.path);
  const base = operation.body ? plausible('body', operation.body) : undefined;
  // First the plain request, with rows that exist: it goes to all three.
  const cases: Case[] = [{ url, payload: base === undefined ? undefined : JSON.stringify(base) }];
  if (operation.method !== 'GET' && operation.method !== 'DELETE') {
    for (const typed of ODD_TYPED_BODIES) cases.push({ url, ...typed });
  }
  if (operation.body) {
    const mutations = fields(operation.body).flatMap((field) => [
      ...pick(ODD[kindOf(field.name, field.schema)], 3).map((raw) =>
        withRaw(base, field.path, raw),
      ),
      ...pick(ODD.wrongType, 1).map((raw) => withRaw(base, field.path, raw)),
    ]);
    for (const payload of pick(mutations, CASES_PER_OPERATION)) cases.push({ url, payload });
    for (const payload of ODD_BODIES) cases.push({ url, payload });
  }
  const inQuery = operation.parameters.filter((parameter) => parameter.in === 'query');
  const queries = inQuery.flatMap(({ name }) => {
    // The other ids the operation takes set to rows that exist (a statement needs its pair).
    const others = inQuery
      .filter((other) => other.name !== name && ids[other.name] !== undefined)
      .map((other) => `&${other.name}=${ids[other.name]}`)
      .join('');
    const values = /month/i.test(name)
      ? ODD_QUERY.month
      : /date/i.test(name)
        ? ODD_QUERY.date
        : pick(ODD_QUERY.any, 4);
    return [
      ...values.map((value) => encodeURIComponent(value)),
      // Already encoded: a line break, a NUL, a broken escape, the parameter twice.
      '2026-12-01%0D%0A',
      '%00',
      '%ZZ',
      `1&${name}=2`,
    ].map((value) => `${url}?${name}=${value}${others}`);
  });
  // Every odd date and month is sent; of the rest, a fixed pick.
  const dated = queries.filter((query) => /[?](\w*date|month)=/i.test(query));
  const others = queries.filter((query) => !dated.includes(query));
  for (const query of [...dated, ...pick(others, CASES_PER_OPERATION)]) cases.push({ url: query });
  for (const id of ODD_IDS) {
    for (const name of ['id', 'orderId', 'farmId', 'photoId', 'userId']) {
      if (operation.path.includes(`{${name}}`)) {
        const odd = realPath(operation.path.replace(`{${name}}`, id));
        cases.push({ url: odd, payload: base === undefined ? undefined : JSON.stringify(base) });
      }
    }
  }
  if (operation.path.includes('{date}')) {
    for (const date of ODD_QUERY.date.filter(Boolean)) {
      cases.push({ url: url.replace(THU_DEC_3, encodeURIComponent(date)) });
    }
  }
  return cases;
}

/**
 * Straight to the app with the session's cookie: a sign-in among the cases must not swap the
 * session the next cases are sent with.
 */
async function send(session: Session, method: string, one: Case) {
  return ctx.app.inject({
    method: method as 'POST',
    url: one.url,
    headers: {
      cookie: session.cookie ?? '',
      ...(one.payload === undefined
        ? {}
        : { 'content-type': one.contentType ?? 'application/json' }),
    },
    ...(one.payload === undefined ? {} : { payload: one.payload }),
  });
}

/** Streams never end; their own tests cover them. */
const STREAMS = new Set(['GET /api/events']);
/** These end or change the session they are sent with: each gets a session of its own. */
const SESSION_CHANGING = new Set([
  'POST /api/auth/sign-out-everywhere',
  'POST /api/auth/switch-role',
  'POST /api/auth/business',
  'POST /api/auth/change-password',
  'POST /api/profile/farm',
  'POST /api/profile/restaurant',
]);

/** Deletions last, so that the rows the others reach are still there. */
const byRisk = (operation: Operation) => (operation.method === 'DELETE' ? 1 : 0);

describe('a bounded fuzz of every operation in the OpenAPI document', () => {
  it('finds no 5xx, as a farmer, a restaurant and an admin', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    const sorted = [...operations]
      .filter((operation) => !STREAMS.has(`${operation.method} ${operation.path}`))
      .sort((a, b) => byRisk(a) - byRisk(b));
    for (const operation of sorted) {
      const key = `${operation.method} ${operation.path}`;
      const sessions = SESSION_CHANGING.has(key)
        ? [await signUp(ctx.app, 'fuzz'), await signUp(ctx.app, 'fuzz')]
        : [farmer, restaurant, admin];
      const check = async (session: Session, one: Case) => {
        const response = await send(session, operation.method, one);
        sent += 1;
        if (response.statusCode === 400) refused += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${key}: ${one.url.slice(0, 200)} ${one.payload?.slice(0, 200) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
        return response.statusCode;
      };
      // The plain request goes to all three; every other case to those it is meant for (the
      // ones not refused as signed out or not allowed), or to all when none is.
      const [plain, ...odd] = casesOf(operation);
      const owners: Session[] = [];
      for (const session of sessions) {
        const status = await check(session, plain!);
        if (status !== 401 && status !== 403) owners.push(session);
      }
      for (const one of odd) {
        for (const session of owners.length > 0 ? owners : sessions) await check(session, one);
      }
    }
    expect(failures).toEqual([]);
    // The fuzz reached every operation and was mostly refused as bad input, as it should be.
    expect(sorted.length).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(sent / 2);
  });
});
