import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tombstoneEmail } from '#core/leaving';
import type { AdminPersonEntry } from '#core/schemas/admin';
import { memberships, users } from '../../src/server/db/schema';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { useClock } from '../helpers/clock';
import { addMembership } from '../helpers/team-fixtures';
import {
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
  type TestApp,
} from '../helpers/test-app';

/*
 * The administrator's list of people (docs/admission.md#people). The database may hold other
 * files' people: every list here is narrowed to names made up for this run.
 */

const NOW = new Date('2026-11-23T22:00:00Z');
useClock(NOW);
const ctx = useTestApp();

/** Letters only, so that it is one word of a name and of an email: "pqkzrw". */
const TOKEN = `pp${Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

type Person = Awaited<ReturnType<typeof signUp>>;
let admin: Person;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let leilani: Person;
let unverified: Person;
let closed: Person;

async function rename(app: TestApp, userId: number, firstName: string, lastName: string) {
  await app.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

async function people(query: string, session: Session = admin) {
  const response = await session.get(`/api/admin/people?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: response.json<AdminPersonEntry[]>() };
}

beforeAll(async () => {
  const app = ctx.app;
  admin = await signUp(app, 'admin');
  expect(await grantAdmin(ctx.database.db, admin.email)).toBe(true);
  await rename(app, admin.userId, 'Kapono', `Admin ${TOKEN}`);

  farmer = await signUpFarmer(app, `Waiʻanae Greens ${TOKEN}`);
  await rename(app, farmer.userId, 'Mahina', `Farmer ${TOKEN}`);
  restaurant = await signUpRestaurant(app, `Kaimukī Table ${TOKEN}`);
  await rename(app, restaurant.userId, 'Noe', `Cook ${TOKEN}`);
  // The farmer also buys for the restaurant, last seen there on Nov 20.
  await addMembership(
    app,
    farmer.userId,
    { kind: 'restaurant', id: restaurant.restaurantId },
    'buyer',
  );
  await app.db
    .update(memberships)
    .set({ lastActiveAt: new Date('2026-11-20T19:30:00Z') })
    .where(
      and(
        eq(memberships.userId, farmer.userId),
        eq(memberships.restaurantId, restaurant.restaurantId),
      ),
    );

  leilani = await signUp(app, 'leilani');
  await rename(app, leilani.userId, 'Leilani', `Kaʻōpua ${TOKEN}`);
  await app.db
    .update(users)
    .set({ email: `leilani.${TOKEN}@example.com` })
    .where(eq(users.id, leilani.userId));

  unverified = await signUp(app, 'unverified', { verified: false });
  await rename(app, unverified.userId, 'Ikaika', `Nāone ${TOKEN}`);

  closed = await signUp(app, 'closed');
  await rename(app, closed.userId, 'Pua', `Gone ${TOKEN}`);
  await app.db
    .update(users)
    .set({ closedAt: NOW, email: tombstoneEmail(closed.userId) })
    .where(eq(users.id, closed.userId));
});

describe('who may read the list', () => {
  it('is for administrators only: 403 for a farmer or restaurant, 401 signed out', async () => {
    expect((await farmer.get('/api/admin/people')).statusCode).toBe(403);
    expect((await restaurant.get('/api/admin/people')).statusCode).toBe(403);
    expect((await new Session(ctx.app).get('/api/admin/people')).statusCode).toBe(401);
  });
});

describe('the people list', () => {
  it('lists people by name with their businesses, roles and last use, nothing secret', async () => {
    const { response, body } = await people(`q=${TOKEN}`);
    expect(response.headers['x-total-count']).toBe('5');
    expect(body.map((person) => person.name)).toEqual([
      `Ikaika Nāone ${TOKEN}`,
      `Kapono Admin ${TOKEN}`,
      `Leilani Kaʻōpua ${TOKEN}`,
      `Mahina Farmer ${TOKEN}`,
      `Noe Cook ${TOKEN}`,
    ]);
    const mahina = body.find((person) => person.id === farmer.userId)!;
    // Their sessions mark the farm's membership used as they go: the latest of the two.
    const lastActive = (
      await ctx.app.db
        .select({ at: memberships.lastActiveAt })
        .from(memberships)
        .where(eq(memberships.userId, farmer.userId))
    )
      .map((row) => row.at?.getTime() ?? 0)
      .reduce((a, b) => Math.max(a, b), 0);
    expect(lastActive).toBeGreaterThanOrEqual(Date.parse('2026-11-20T19:30:00Z'));
    expect(mahina).toEqual({
      id: farmer.userId,
      name: `Mahina Farmer ${TOKEN}`,
      email: farmer.email,
      emailVerified: true,
      createdAt: expect.any(String),
      closedAt: null,
      isAdmin: false,
      businesses: [
        {
          kind: 'restaurant',
          id: restaurant.restaurantId,
          name: `Kaimukī Table ${TOKEN}`,
          role: 'buyer',
        },
        { kind: 'farm', id: farmer.farmId, name: `Waiʻanae Greens ${TOKEN}`, role: 'owner' },
      ],
      moreBusinesses: 0,
      lastActiveAt: new Date(lastActive).toISOString(),
    });
    const kapono = body.find((person) => person.id === admin.userId)!;
    expect(kapono).toMatchObject({ isAdmin: true, businesses: [], lastActiveAt: null });
    const ikaika = body.find((person) => person.id === unverified.userId)!;
    expect(ikaika.emailVerified).toBe(false);
    for (const person of body) {
      expect(Object.keys(person).sort()).toEqual(
        [
          'businesses',
          'closedAt',
          'createdAt',
          'email',
          'emailVerified',
          'id',
          'isAdmin',
          'lastActiveAt',
          'moreBusinesses',
          'name',
        ].sort(),
      );
    }
  });

  it('finds people by part of the name, with or without ʻokina and kahakō, or of the email', async () => {
    for (const q of [`kaopua ${TOKEN}`, `KAʻŌPUA ${TOKEN}`, `Ka'opua ${TOKEN}`]) {
      const { body } = await people(`q=${encodeURIComponent(q)}`);
      expect(body.map((person) => person.id)).toEqual([leilani.userId]);
    }
    const byEmail = await people(`q=${encodeURIComponent(`LEILANI.${TOKEN}@EX`)}`);
    expect(byEmail.body.map((person) => person.id)).toEqual([leilani.userId]);
    const wildcards = await people(`q=${encodeURIComponent(`%${TOKEN}`)}`);
    expect(wildcards.body).toEqual([]);
  });

  it('walks every person exactly once, page after page, with the same total', async () => {
    const seen: number[] = [];
    let next: string | undefined = `/api/admin/people?q=${TOKEN}&limit=2`;
    let pages = 0;
    while (next) {
      const response = await admin.get(next);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe('5');
      seen.push(...response.json<AdminPersonEntry[]>().map((person) => person.id));
      const link = response.headers.link as string | undefined;
      next = link ? /<([^>]+)>; rel="next"/.exec(link)![1] : undefined;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toContain(leilani.userId);
  });

  it('leaves closed accounts out unless asked for', async () => {
    const { body } = await people(`q=${TOKEN}`);
    expect(body.some((person) => person.id === closed.userId)).toBe(false);
    const withClosed = await people(`q=${TOKEN}&closed=true`);
    expect(withClosed.response.headers['x-total-count']).toBe('6');
    expect(withClosed.body.find((person) => person.id === closed.userId)).toMatchObject({
      name: `Pua Gone ${TOKEN}`,
      email: tombstoneEmail(closed.userId),
      closedAt: NOW.toISOString(),
    });
  });

  it('filters by the kind of business, no business, or administrators', async () => {
    const ids = async (business: string) =>
      (await people(`q=${TOKEN}&business=${business}`)).body.map((person) => person.id);
    expect(await ids('farm')).toEqual([farmer.userId]);
    expect(await ids('restaurant')).toEqual([farmer.userId, restaurant.userId]);
    expect(await ids('admin')).toEqual([admin.userId]);
    expect(await ids('none')).toEqual([unverified.userId, admin.userId, leilani.userId]);
  });

  it('answers 400 naming the field for a bad limit, cursor, filter or search', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-ours', 'cursor'],
      ['cursor=%21%21', 'cursor'],
      ['business=shop', 'business'],
      ['closed=yes', 'closed'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await admin.get(`/api/admin/people?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toHaveProperty(field);
    }
  });
});
