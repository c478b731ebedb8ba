// Hawaii demo data: the farms and restaurants of demo-catalog.ts, their delivery days and six
// months of orders with full status history. Planned in memory first (deterministic for a
// given `now`), then written in one transaction with a few multi-row inserts.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '#core/constants';
import { addDays, hawaiiDate, hawaiiInstant, hawaiiToday } from '#core/hawaii-time';
import { multiplyCents, parseMoney, sumCents, toMoneyString, type Cents } from '#core/money';
import type { OrderStatus } from '#core/order-status';
import { hashPassword } from '../lib/password';
import type { Db, DbOrTx, Tx } from './database';
import {
  DEMO_ADMIN,
  DEMO_FARMS,
  DEMO_ORDER_NOTES,
  DEMO_RESTAURANTS,
  type DemoContacts,
  type DemoFarm,
  type DemoProduct,
  type DemoRestaurant,
  type ScheduleZone,
  type Weekday,
} from './demo-catalog';
import {
  deliverySchedules,
  farmMinimums,
  farms,
  orderItems,
  orders,
  orderStatusHistory,
  payments,
  productPacks,
  products,
  restaurants,
  stockMovements,
  users,
} from './schema';

/** Days from a demo delivery to the restaurant's check. */
const DEMO_DAYS_TO_PAY = 10;

export const DEMO_PASSWORD = 'aloha-demo-2026';
export const DEMO_ACCOUNTS = [
  { label: 'Farmer', email: 'farmer@demo.harvesthui.com' },
  { label: 'Restaurant', email: 'chef@demo.harvesthui.com' },
  { label: 'Admin', email: 'admin@demo.harvesthui.com' },
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ORDER_HISTORY_DAYS = 182;
/** Average orders a day across the platform; the business grows over the six months. */
const ORDERS_PER_DAY = 1.75;
const MIN_ORDERS_TODAY = 2;
const CANCEL_RATE = 0.06;
const NOTE_RATE = 0.25;
/** Share of orders topped up to the farm's minimum (the minimum is soft). */
const MEETS_MINIMUM_RATE = 0.92;
const SCHEDULE_PAST_DAYS = 14;
const SCHEDULE_FUTURE_DAYS = 42;
/** Inactive (out of season) products still sold until about this long ago. */
const SEASON_ENDED_DAYS = 45;
/** The demo farm and demo restaurant trade with each other more than chance would give. */
const DEMO_PAIR_BOOST = 2;
const PRNG_SEED = 0x48415749; // "HAWI"
/** pg_advisory_xact_lock key: two processes starting at once seed only once. */
const SEED_LOCK_KEY = 808_2026;
const INSERT_CHUNK_ROWS = 1000;

/**
 * Loads the demo data and returns true, or returns false and changes nothing: with
 * `onlyIfEmpty` when any user exists, otherwise when the demo farmer already exists.
 */
export async function seedDemoData(
  db: Db,
  options: { onlyIfEmpty: boolean; now?: Date },
): Promise<boolean> {
  if (!(await shouldSeed(db, options.onlyIfEmpty))) return false;
  const plan = planDemoData(options.now ?? new Date());
  // One hash shared by every demo account keeps seeding fast (scrypt is slow on purpose).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await shouldSeed(tx, options.onlyIfEmpty))) return false;
    await insertPlan(tx, plan, passwordHash);
    return true;
  });
}

async function shouldSeed(db: DbOrTx, onlyIfEmpty: boolean): Promise<boolean> {
  const query = db.select({ id: users.id }).from(users);
  const [existing] = onlyIfEmpty
    ? await query.limit(1)
    : await query.where(eq(users.email, DEMO_FARMS[0]!.owner.email)).limit(1);
  return !existing;
}

// ---------------------------------------------------------------------------------------------
// Planning: plain data, indexes instead of ids.

interface PlannedUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: Date;
}

interface ProductRef {
  farm: number;
  product: number;
}

interface PlannedItem {
  product: ProductRef;
  quantity: number;
  unitPrice: Cents;
}

interface PlannedStep {
  status: OrderStatus;
  at: number;
}

interface PlannedOrder {
  farm: number;
  restaurant: number;
  deliveryDate: string;
  recipientName: string | null;
  notes: string | null;
  deliveryFee: Cents;
  items: PlannedItem[];
  /** Every status the order went through, oldest first; the last is its status now. */
  steps: PlannedStep[];
}

interface PlannedSchedule {
  farm: number;
  deliveryDate: string;
  deliveryArea: ScheduleZone;
  createdAt: Date;
}

interface DemoPlan {
  now: number;
  users: PlannedUser[];
  /** Profiles are created an hour after their owner signs up. */
  farmCreatedAt: Date[];
  restaurantCreatedAt: Date[];
  schedules: PlannedSchedule[];
  orders: PlannedOrder[];
}

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same demo data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number): number => min + (max - min) * next();
  const int = (min: number, max: number): number => Math.floor(between(min, max + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let roll = next() * total;
    for (const item of items) {
      roll -= weight(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1]!;
  };
  return { next, between, int, pick, weighted, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof createRandom>;

function weekday(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

function toSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

function priceCents(product: DemoProduct): Cents {
  const cents = parseMoney(product.price);
  if (cents === null) throw new Error(`Bad demo price for ${product.name}: ${product.price}`);
  return cents;
}

function moneyCents(value: string): Cents {
  const cents = parseMoney(value);
  if (cents === null) throw new Error(`Bad demo amount: ${value}`);
  return cents;
}

/** The farm's weekly delivery days to an area; areas it has no route to get the Honolulu run. */
function routeWeekdays(farm: DemoFarm, area: ScheduleZone): readonly Weekday[] {
  const route =
    farm.routes.find((r) => r.area === area) ?? farm.routes.find((r) => r.area === 'Honolulu');
  if (!route) throw new Error(`${farm.name} has no Honolulu delivery route`);
  return route.weekdays;
}

function routeArea(farm: DemoFarm, area: ScheduleZone): ScheduleZone {
  return farm.routes.some((r) => r.area === area) ? area : 'Honolulu';
}

/** The farm's first delivery day to the area on or after `from`. */
function nextDeliveryDate(farm: DemoFarm, area: ScheduleZone, from: string): string {
  const days = routeWeekdays(farm, area);
  let date = from;
  while (!days.includes(weekday(date))) date = addDays(date, 1);
  return date;
}

/** Bigger quantities of cheap things, a few units of dear ones. */
function orderQuantity(random: Random, unitPrice: Cents): number {
  if (unitPrice >= 2000) return random.int(1, 5);
  if (unitPrice >= 1000) return random.int(2, 8);
  if (unitPrice >= 500) return random.int(3, 12);
  return random.int(5, 30);
}

function planItems(random: Random, farmIndex: number, createdAt: number, now: number) {
  const farm = DEMO_FARMS[farmIndex]!;
  const sellable = farm.products
    .map((product, index) => ({ product, index }))
    .filter(({ product }) => {
      // Demo orders are priced per unit; a product sold by weight is left for the farmer to try.
      if (product.byWeight) return false;
      if (product.deletedDaysAgo !== undefined)
        return createdAt < now - product.deletedDaysAgo * DAY;
      if (product.inactive) return createdAt < now - SEASON_ENDED_DAYS * DAY;
      return true;
    });
  const count = Math.min(
    sellable.length,
    random.weighted([1, 2, 3, 4, 5], (n) => [0.2, 0.3, 0.25, 0.15, 0.1][n - 1]!),
  );
  const chosen = [...sellable];
  for (let i = 0; i < count; i++) {
    const j = random.int(i, chosen.length - 1);
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  const items: PlannedItem[] = chosen.slice(0, count).map(({ product, index }) => {
    const unitPrice = priceCents(product);
    return {
      product: { farm: farmIndex, product: index },
      quantity: orderQuantity(random, unitPrice),
      unitPrice,
    };
  });
  // Most kitchens top up small orders to the farm's minimum, usually with some to spare.
  const minimum = moneyCents(farm.orderMinimum);
  if (items.length > 0 && subtotalOf(items) < minimum && random.chance(MEETS_MINIMUM_RATE)) {
    const target = minimum + random.int(0, Math.floor(minimum / 2));
    for (let i = 0; subtotalOf(items) < target; i = (i + 1) % items.length) items[i]!.quantity += 1;
  }
  return items;
}

function subtotalOf(items: readonly PlannedItem[]): Cents {
  return sumCents(items.map((item) => multiplyCents(item.unitPrice, item.quantity)));
}

/** Farmers answer orders between 6 am and 8 pm; later ones wait for the next morning. */
function duringWorkingHours(random: Random, at: number): number {
  const date = hawaiiDate(new Date(at));
  const hour = (at - hawaiiInstant(date, 0).getTime()) / HOUR;
  if (hour >= 6 && hour < 20) return at;
  return hawaiiInstant(hour >= 20 ? addDays(date, 1) : date, random.between(6.5, 9) * 60).getTime();
}

/**
 * The statuses an order placed at `createdAt` for `deliveryDate` has reached by `now`:
 * confirmed within hours, packed the afternoon before, on the truck at dawn, delivered by noon.
 */
function planSteps(
  random: Random,
  createdAt: number,
  deliveryDate: string,
  now: number,
): PlannedStep[] {
  const ideal: PlannedStep[] = [{ status: 'pending', at: createdAt }];
  if (random.chance(CANCEL_RATE)) {
    ideal.push({
      status: 'cancelled',
      at: duringWorkingHours(random, createdAt + random.between(1, 20) * HOUR),
    });
  } else {
    const confirmedAt = duringWorkingHours(
      random,
      createdAt + (random.chance(0.3) ? random.between(4, 10) : random.between(0.3, 3)) * HOUR,
    );
    // Packed the afternoon before, or at dawn on the day when confirmed too late for that.
    const afternoonBefore = hawaiiInstant(
      addDays(deliveryDate, -1),
      random.between(14, 18) * 60,
    ).getTime();
    const packedAt =
      afternoonBefore > confirmedAt
        ? afternoonBefore
        : hawaiiInstant(deliveryDate, random.between(4, 5.5) * 60).getTime();
    ideal.push(
      { status: 'confirmed', at: confirmedAt },
      { status: 'packed', at: packedAt },
      {
        status: 'in_transit',
        at: hawaiiInstant(deliveryDate, random.between(5.5, 7.5) * 60).getTime(),
      },
      {
        status: 'delivered',
        at: hawaiiInstant(deliveryDate, random.between(8.5, 13) * 60).getTime(),
      },
    );
  }
  const steps: PlannedStep[] = [];
  for (const step of ideal) {
    const previous = steps[steps.length - 1];
    const at = toSeconds(
      previous ? Math.max(step.at, previous.at + random.between(10, 40) * MINUTE) : step.at,
    );
    if (at > now) break;
    steps.push({ status: step.status, at });
  }
  return steps;
}

/** Orders that give the demo accounts one of every status, whatever the day. */
const SHOWCASE_ORDERS: readonly {
  restaurant: number;
  farm: number;
  /** Delivery date relative to Hawaii's today. */
  deliveryInDays: number;
  stepsHoursAgo: readonly (readonly [OrderStatus, number])[];
}[] = [
  { restaurant: 0, farm: 0, deliveryInDays: 1, stepsHoursAgo: [['pending', 0.8]] },
  { restaurant: 2, farm: 0, deliveryInDays: 2, stepsHoursAgo: [['pending', 2.5]] },
  {
    restaurant: 0,
    farm: 0,
    deliveryInDays: 1,
    stepsHoursAgo: [
      ['pending', 26],
      ['confirmed', 24.5],
    ],
  },
  {
    restaurant: 1,
    farm: 0,
    deliveryInDays: 1,
    stepsHoursAgo: [
      ['pending', 50],
      ['confirmed', 47],
      ['packed', 3],
    ],
  },
  {
    restaurant: 0,
    farm: 0,
    deliveryInDays: 0,
    stepsHoursAgo: [
      ['pending', 70],
      ['confirmed', 66],
      ['packed', 16],
      ['in_transit', 0.7],
    ],
  },
  {
    restaurant: 0,
    farm: 3,
    deliveryInDays: 0,
    stepsHoursAgo: [
      ['pending', 97],
      ['confirmed', 92],
      ['packed', 20],
      ['in_transit', 1.5],
    ],
  },
  {
    restaurant: 0,
    farm: 0,
    deliveryInDays: -1,
    stepsHoursAgo: [
      ['pending', 96],
      ['confirmed', 93],
      ['packed', 40],
      ['in_transit', 27],
      ['delivered', 24],
    ],
  },
  {
    restaurant: 0,
    farm: 0,
    deliveryInDays: -3,
    stepsHoursAgo: [
      ['pending', 120],
      ['cancelled', 116],
    ],
  },
];

function planDemoData(nowDate: Date): DemoPlan {
  const random = createRandom(PRNG_SEED);
  const now = toSeconds(nowDate.getTime());
  const today = hawaiiToday(nowDate);

  const signedUpAt = (index: number) => new Date(toSeconds(now - (210 - index * 2) * DAY));
  const owners: PlannedUser[] = [
    ...DEMO_FARMS.map((farm, i) => ({
      ...farm.owner,
      role: 'farmer' as const,
      createdAt: signedUpAt(i),
    })),
    ...DEMO_RESTAURANTS.map((restaurant, i) => ({
      ...restaurant.owner,
      role: 'restaurant' as const,
      createdAt: signedUpAt(DEMO_FARMS.length + i),
    })),
  ];
  const admin: PlannedUser = { ...DEMO_ADMIN, role: 'admin', createdAt: signedUpAt(-3) };
  const profileCreatedAt = (user: PlannedUser) => new Date(user.createdAt.getTime() + HOUR);

  // A farm waiting for approval sells nothing: it is in no order.
  const pairs = DEMO_FARMS.flatMap((farm, farmIndex) =>
    (farm.admission === 'pending' ? [] : DEMO_RESTAURANTS).map((restaurant, restaurantIndex) => ({
      farm: farmIndex,
      restaurant: restaurantIndex,
      weight:
        farm.orderWeight *
        restaurant.orderWeight *
        (farmIndex === 0 && restaurantIndex === 0 ? DEMO_PAIR_BOOST : 1),
    })),
  );

  const planned: PlannedOrder[] = [];
  const addOrder = (
    pair: { farm: number; restaurant: number },
    createdAt: number,
    deliveryDate: string,
    steps: PlannedStep[],
  ) => {
    const farm = DEMO_FARMS[pair.farm]!;
    const restaurant = DEMO_RESTAURANTS[pair.restaurant]!;
    const delivered = steps[steps.length - 1]!.status === 'delivered';
    planned.push({
      ...pair,
      deliveryDate,
      recipientName: delivered ? random.pick(restaurant.receivers) : null,
      notes: random.chance(NOTE_RATE) ? random.pick(DEMO_ORDER_NOTES) : null,
      deliveryFee: moneyCents(farm.deliveryFee),
      items: planItems(random, pair.farm, createdAt, now),
      steps,
    });
  };

  for (let daysAgo = ORDER_HISTORY_DAYS; daysAgo >= 0; daysAgo--) {
    const date = addDays(today, -daysAgo);
    const growth = 0.6 + (0.8 * (ORDER_HISTORY_DAYS - daysAgo)) / ORDER_HISTORY_DAYS;
    const dayOfWeek = weekday(date);
    const weekdayFactor = dayOfWeek === 0 ? 0.4 : dayOfWeek === 6 ? 0.8 : 1.15;
    const expected = ORDERS_PER_DAY * growth * weekdayFactor * random.between(0.6, 1.4);
    let count = Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0);
    if (daysAgo === 0) count = Math.max(count, MIN_ORDERS_TODAY);
    // Orders come in between 6 am and 9 pm; today's only up to now.
    const dayStart = hawaiiInstant(date, 0).getTime();
    const times = Array.from({ length: count }, () =>
      daysAgo === 0
        ? dayStart + random.next() * (now - dayStart)
        : hawaiiInstant(date, random.between(6, 21) * 60).getTime(),
    ).sort((a, b) => a - b);
    for (const time of times) {
      const createdAt = toSeconds(time);
      const pair = random.weighted(pairs, (p) => p.weight);
      const farm = DEMO_FARMS[pair.farm]!;
      const restaurant = DEMO_RESTAURANTS[pair.restaurant]!;
      // Next-day delivery for orders in by noon; produce from the other islands needs a day
      // more to fly or ship to Oahu; some kitchens order ahead.
      const leadDays =
        1 +
        (createdAt >= hawaiiInstant(date, 720).getTime() ? 1 : 0) +
        (farm.island === 'Oahu' ? 0 : 1) +
        (random.chance(0.15) ? 1 : 0);
      const deliveryDate = nextDeliveryDate(farm, restaurant.deliveryArea, addDays(date, leadDays));
      addOrder(pair, createdAt, deliveryDate, planSteps(random, createdAt, deliveryDate, now));
    }
  }

  for (const showcase of SHOWCASE_ORDERS) {
    const steps = showcase.stepsHoursAgo.map(([status, hoursAgo]) => ({
      status,
      at: toSeconds(now - hoursAgo * HOUR),
    }));
    addOrder(showcase, steps[0]!.at, addDays(today, showcase.deliveryInDays), steps);
  }
  planned.sort((a, b) => a.steps[0]!.at - b.steps[0]!.at);

  return {
    now,
    users: [...owners, admin],
    farmCreatedAt: owners.slice(0, DEMO_FARMS.length).map(profileCreatedAt),
    restaurantCreatedAt: owners.slice(DEMO_FARMS.length).map(profileCreatedAt),
    schedules: planSchedules(today, now, planned),
    orders: planned,
  };
}

/** Each farm's route days from two weeks back to six weeks ahead, plus any order's day in that span. */
function planSchedules(today: string, now: number, planned: readonly PlannedOrder[]) {
  const schedules = new Map<string, PlannedSchedule>();
  const add = (farm: number, deliveryDate: string, deliveryArea: ScheduleZone) => {
    const key = `${farm}|${deliveryDate}|${deliveryArea}`;
    if (schedules.has(key)) return;
    // Farmers set their days about three weeks out.
    const createdAt = Math.min(
      hawaiiInstant(deliveryDate, 480).getTime() - 21 * DAY,
      now - 3 * DAY,
    );
    schedules.set(key, { farm, deliveryDate, deliveryArea, createdAt: new Date(createdAt) });
  };
  DEMO_FARMS.forEach((farm, farmIndex) => {
    for (let offset = -SCHEDULE_PAST_DAYS; offset < SCHEDULE_FUTURE_DAYS; offset++) {
      const date = addDays(today, offset);
      for (const route of farm.routes)
        if (route.weekdays.includes(weekday(date))) add(farmIndex, date, route.area);
    }
  });
  const firstDay = addDays(today, -SCHEDULE_PAST_DAYS);
  for (const order of planned) {
    if (order.deliveryDate < firstDay) continue;
    const farm = DEMO_FARMS[order.farm]!;
    const area = DEMO_RESTAURANTS[order.restaurant]!.deliveryArea;
    add(order.farm, order.deliveryDate, routeArea(farm, area));
  }
  return [...schedules.values()].sort(
    (a, b) =>
      a.farm - b.farm ||
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      a.deliveryArea.localeCompare(b.deliveryArea),
  );
}

// ---------------------------------------------------------------------------------------------
// Writing.

function contactFields(contacts: DemoContacts) {
  const [first, second] = contacts;
  return {
    contact1Name: first.name,
    contact1Email: first.email,
    contact1Phone: first.phone,
    contact1Position: first.position,
    contact2Name: second?.name ?? null,
    contact2Email: second?.email ?? null,
    contact2Phone: second?.phone ?? null,
    contact2Position: second?.position ?? null,
  };
}

function profileFields(profile: DemoFarm | DemoRestaurant) {
  return {
    name: profile.name,
    description: profile.description,
    location: profile.location,
    contactPhone: profile.contactPhone,
    ...contactFields(profile.contacts),
  };
}

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS)
    await write(rows.slice(start, start + INSERT_CHUNK_ROWS));
}

/** RETURNING lists a multi-row insert's rows in VALUES order; checked, not assumed. */
function assertSameOrder<T>(sent: readonly T[], returned: readonly T[], what: string) {
  if (sent.length !== returned.length || sent.some((value, i) => value !== returned[i]))
    throw new Error(`Demo ${what} came back in an unexpected order`);
}

async function insertPlan(tx: Tx, plan: DemoPlan, passwordHash: string): Promise<void> {
  const userRows = await tx
    .insert(users)
    // Seeded addresses count as verified: the demo is meant to be used at once.
    .values(
      plan.users.map((user) => ({
        ...user,
        passwordHash,
        emailVerifiedAt: user.createdAt,
        updatedAt: user.createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(userRows.map((row) => [row.email, row.id]));
  const userIdOf = (email: string) => {
    const id = userIdByEmail.get(email);
    if (id === undefined) throw new Error(`Demo user ${email} was not created`);
    return id;
  };
  const farmUserIds = DEMO_FARMS.map((farm) => userIdOf(farm.owner.email));
  const restaurantUserIds = DEMO_RESTAURANTS.map((r) => userIdOf(r.owner.email));

  const farmRows = await tx
    .insert(farms)
    .values(
      DEMO_FARMS.map((farm, i) => ({
        userId: farmUserIds[i]!,
        ...profileFields(farm),
        deliveryFee: farm.deliveryFee,
        orderMinimum: farm.orderMinimum,
        checksPayableTo: farm.checksPayableTo,
        approvalStatus: farm.admission ?? ('approved' as const),
        createdAt: plan.farmCreatedAt[i]!,
        updatedAt: plan.farmCreatedAt[i]!,
      })),
    )
    .returning({ id: farms.id, userId: farms.userId });
  assertSameOrder(
    farmUserIds,
    farmRows.map((row) => row.userId),
    'farms',
  );
  const farmIds = farmRows.map((row) => row.id);
  // Each farm's order minimum is its every-zone minimum, accepting smaller orders with a
  // warning, as a farm's one minimum always did (docs/minimums.md).
  const minimumRows = DEMO_FARMS.flatMap((farm, i) =>
    moneyCents(farm.orderMinimum) > 0
      ? [{ farmId: farmIds[i]!, zone: null, amount: farm.orderMinimum, mode: 'warn' as const }]
      : [],
  );
  if (minimumRows.length > 0) await tx.insert(farmMinimums).values(minimumRows);

  const restaurantRows = await tx
    .insert(restaurants)
    .values(
      DEMO_RESTAURANTS.map((restaurant, i) => ({
        userId: restaurantUserIds[i]!,
        ...profileFields(restaurant),
        deliveryZone: restaurant.deliveryZone,
        createdAt: plan.restaurantCreatedAt[i]!,
        updatedAt: plan.restaurantCreatedAt[i]!,
      })),
    )
    .returning({ id: restaurants.id, userId: restaurants.userId });
  assertSameOrder(
    restaurantUserIds,
    restaurantRows.map((row) => row.userId),
    'restaurants',
  );
  const restaurantIds = restaurantRows.map((row) => row.id);

  const productRows = DEMO_FARMS.flatMap((farm, farmIndex) =>
    farm.products.map((product, productIndex) => {
      const createdAt = new Date(plan.farmCreatedAt[farmIndex]!.getTime() + productIndex * MINUTE);
      const deletedAt =
        product.deletedDaysAgo === undefined
          ? null
          : new Date(plan.now - product.deletedDaysAgo * DAY);
      const seasonEndedAt = product.inactive ? new Date(plan.now - SEASON_ENDED_DAYS * DAY) : null;
      return {
        farmId: farmIds[farmIndex]!,
        name: product.name,
        description: product.description,
        category: product.category,
        unit: product.unit,
        price: product.price,
        weightUnit: product.byWeight?.weightUnit ?? null,
        availableQuantity: product.availableQuantity,
        isOrganic: product.isOrganic ?? false,
        isActive: !product.inactive,
        deletedAt,
        createdAt,
        updatedAt: deletedAt ?? seasonEndedAt ?? createdAt,
      };
    }),
  );
  const insertedProducts = await tx.insert(products).values(productRows).returning({
    id: products.id,
    name: products.name,
    availableQuantity: products.availableQuantity,
    createdAt: products.createdAt,
  });
  // Each product's stock opens its ledger, so its rows sum to its stock (docs/product.md).
  await tx.insert(stockMovements).values(
    insertedProducts.map((row) => ({
      productId: row.id,
      change: row.availableQuantity,
      quantityAfter: row.availableQuantity,
      reason: 'opening' as const,
      actorKind: 'system' as const,
      createdAt: row.createdAt,
    })),
  );
  assertSameOrder(
    productRows.map((row) => row.name),
    insertedProducts.map((row) => row.name),
    'products',
  );
  const productIds: number[][] = [];
  let next = 0;
  for (const farm of DEMO_FARMS)
    productIds.push(farm.products.map(() => insertedProducts[next++]!.id));
  const unitPackIds = await insertPacks(tx, productIds);

  await inChunks(plan.schedules, (chunk) =>
    tx.insert(deliverySchedules).values(
      chunk.map((schedule) => ({
        farmId: farmIds[schedule.farm]!,
        deliveryDate: schedule.deliveryDate,
        deliveryArea: schedule.deliveryArea,
        createdAt: schedule.createdAt,
      })),
    ),
  );

  const orderIds: number[] = [];
  await inChunks(plan.orders, async (chunk) => {
    const rows = chunk.map((order) => {
      const subtotal = subtotalOf(order.items);
      const last = order.steps[order.steps.length - 1]!;
      return {
        farmId: farmIds[order.farm]!,
        restaurantId: restaurantIds[order.restaurant]!,
        status: last.status,
        subtotal: toMoneyString(subtotal),
        deliveryFee: toMoneyString(order.deliveryFee),
        totalAmount: toMoneyString(subtotal + order.deliveryFee),
        deliveryDate: order.deliveryDate,
        // The zone the order was placed for: the restaurant's, where the farm's route goes.
        deliveryArea: routeArea(
          DEMO_FARMS[order.farm]!,
          DEMO_RESTAURANTS[order.restaurant]!.deliveryArea,
        ),
        recipientName: order.recipientName,
        notes: order.notes,
        createdAt: new Date(order.steps[0]!.at),
        updatedAt: new Date(last.at),
      };
    });
    const inserted = await tx.insert(orders).values(rows).returning({
      id: orders.id,
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      createdAt: orders.createdAt,
    });
    const identity = (row: { farmId: number; restaurantId: number; createdAt: Date }) =>
      `${row.farmId}|${row.restaurantId}|${row.createdAt.getTime()}`;
    assertSameOrder(rows.map(identity), inserted.map(identity), 'orders');
    orderIds.push(...inserted.map((row) => row.id));
  });

  const itemRows = plan.orders.flatMap((order, i) =>
    order.items.map((item) => {
      const product = DEMO_FARMS[item.product.farm]!.products[item.product.product]!;
      return {
        orderId: orderIds[i]!,
        productId: productIds[item.product.farm]![item.product.product]!,
        productName: product.name,
        productUnit: product.unit,
        // Every demo line is of the unit pack, as a line placed without a pack is.
        packId: unitPackIds.get(productIds[item.product.farm]![item.product.product]!) ?? null,
        packLabel: product.unit,
        packSize: 1,
        quantity: item.quantity,
        unitPrice: toMoneyString(item.unitPrice),
        totalPrice: toMoneyString(multiplyCents(item.unitPrice, item.quantity)),
      };
    }),
  );
  await inChunks(itemRows, (chunk) => tx.insert(orderItems).values(chunk));

  // The restaurant places the order; every later step is the farm's.
  const historyRows = plan.orders.flatMap((order, i) =>
    order.steps.map((step, s) => ({
      orderId: orderIds[i]!,
      fromStatus: s === 0 ? null : order.steps[s - 1]!.status,
      toStatus: step.status,
      changedByUserId: s === 0 ? restaurantUserIds[order.restaurant]! : farmUserIds[order.farm]!,
      changedByRole: s === 0 ? ('restaurant' as const) : ('farmer' as const),
      changedAt: new Date(step.at),
    })),
  );
  await inChunks(historyRows, (chunk) => tx.insert(orderStatusHistory).values(chunk));

  // Restaurants pay by check about ten days after delivery: deliveries older than that are
  // paid in full, the recent ones are still open, so Receivables and Bills show a real week.
  const today = hawaiiDate(new Date(plan.now));
  const paymentRows = plan.orders.flatMap((order, i) => {
    const last = order.steps[order.steps.length - 1]!;
    const paidOn = addDays(order.deliveryDate, DEMO_DAYS_TO_PAY);
    if (last.status !== 'delivered' || paidOn > today) return [];
    return [
      {
        orderId: orderIds[i]!,
        amount: toMoneyString(subtotalOf(order.items) + order.deliveryFee),
        paidOn,
        method: 'check',
        reference: `Check #${2000 + i}`,
        recordedByUserId: farmUserIds[order.farm]!,
        recordedAt: hawaiiInstant(paidOn, 900),
      },
    ];
  });
  await inChunks(paymentRows, (chunk) => tx.insert(payments).values(chunk));
}

/**
 * The demo's packs beyond the unit (a case of kale, a box of sweet potatoes); every product got
 * its unit pack from the database at insert. Returns each product's unit pack by product id.
 */
async function insertPacks(tx: Tx, productIds: number[][]): Promise<Map<number, number>> {
  const packRows = DEMO_FARMS.flatMap((farm, farmIndex) =>
    farm.products.flatMap((product, productIndex) =>
      (product.packs ?? []).map((pack) => ({
        productId: productIds[farmIndex]![productIndex]!,
        label: pack.label,
        size: pack.size,
        price: pack.price,
      })),
    ),
  );
  if (packRows.length > 0) await tx.insert(productPacks).values(packRows);
  // A product sold by weight sells its unit under its own name, with what one weighs.
  for (const [farmIndex, farm] of DEMO_FARMS.entries()) {
    for (const [productIndex, product] of farm.products.entries()) {
      if (!product.byWeight) continue;
      await tx
        .update(productPacks)
        .set({
          label: product.byWeight.packLabel,
          estimatedWeight: product.byWeight.estimatedWeight,
        })
        .where(
          and(
            eq(productPacks.productId, productIds[farmIndex]![productIndex]!),
            eq(productPacks.size, 1),
          ),
        );
    }
  }
  const unitPacks = await tx
    .select({ id: productPacks.id, productId: productPacks.productId })
    .from(productPacks)
    .where(
      and(
        inArray(productPacks.productId, productIds.flat()),
        eq(productPacks.size, 1),
        isNull(productPacks.archivedAt),
      ),
    );
  return new Map(unitPacks.map((pack) => [pack.productId, pack.id]));
}
