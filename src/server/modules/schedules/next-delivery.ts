import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  describeCutoffRule,
  isOpenForOrders,
  orderCutoff,
  type OrderCutoffRule,
} from '#core/delivery-days';
import { findZone, type DeliveryZone } from '#core/delivery-zones';
import {
  addDays,
  formatCalendarDate,
  hawaiiDate,
  hawaiiInstant,
  hawaiiWallClock,
  instantOfHawaiiWallClock,
} from '#core/hawaii-time';
import type {
  FarmDeliveryOutlook,
  NextDeliveryAnswer,
  OpenDeliveryDay,
} from '#core/schemas/delivery';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { preparedSelect } from '../../db/written-once';
import { deliverySchedules, farms, restaurants } from '../../db/schema';
import { badRequest } from '../../errors';

/** The most open days one farm's outlook lists: two months of daily runs. */
const MAX_OPEN_DAYS = 60;

/** The sentence a farm with days but none for the restaurant's zone shows, and the server says. */
export function noZoneDeliveryReason(zone: string): string {
  return `No delivery to ${zone} scheduled`;
}
export const CLOSED_REASON = 'Ordering has closed for this farm’s scheduled delivery days';

interface FarmRule {
  id: number;
  rule: OrderCutoffRule;
}

interface DayRow {
  farmId: number;
  deliveryDate: string;
  deliveryArea: string;
}

/** A restaurant's delivery zone from its profile; null when it has none (or an unknown one). */
export async function restaurantZone(
  db: DbOrTx,
  restaurantId: number,
): Promise<DeliveryZone | null> {
  const [row] = await db
    .select({ deliveryZone: restaurants.deliveryZone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return findZone(row?.deliveryZone);
}

/** Farms with their delivery days from `today` on, and the zone of `restaurantId` (or null). */
const farmDayRows = preparedSelect((select) =>
  select
    .select({
      id: farms.id,
      daysBefore: farms.orderCutoffDaysBefore,
      minutes: farms.orderCutoffMinutes,
      deliveryDate: deliverySchedules.deliveryDate,
      deliveryArea: deliverySchedules.deliveryArea,
      restaurantZone: sql<string | null>`(select ${restaurants.deliveryZone} from ${restaurants}
        where ${restaurants.id} = ${sql.placeholder('restaurantId')})`,
    })
    .from(farms)
    .leftJoin(
      deliverySchedules,
      and(
        eq(deliverySchedules.farmId, farms.id),
        gte(deliverySchedules.deliveryDate, sql.placeholder('today')),
      ),
    )
    .where(sql`${farms.id} = any(${sql.placeholder('farmIds')})`)
    .orderBy(asc(deliverySchedules.deliveryDate), asc(deliverySchedules.deliveryArea)),
);

/**
 * Each farm's cutoff rule and its delivery days from `today` on, soonest first, in one query
 * (checkout runs it inside its transaction: every round trip there counts), with the zone of
 * `restaurantId` when given, read in the same query.
 */
async function farmsWithDays(
  db: DbOrTx,
  farmIds: number[],
  today: string,
  restaurantId?: number,
): Promise<{ rules: FarmRule[]; days: DayRow[]; restaurantZone?: string | null }> {
  if (farmIds.length === 0) return { rules: [], days: [] };
  const rows = await farmDayRows(db, { farmIds, today, restaurantId: restaurantId ?? null });
  const rules = new Map<number, FarmRule>();
  const days: DayRow[] = [];
  for (const row of rows) {
    if (!rules.has(row.id)) {
      rules.set(row.id, { id: row.id, rule: { daysBefore: row.daysBefore, minutes: row.minutes } });
    }
    if (row.deliveryDate !== null && row.deliveryArea !== null) {
      days.push({ farmId: row.id, deliveryDate: row.deliveryDate, deliveryArea: row.deliveryArea });
    }
  }
  return { rules: [...rules.values()], days, restaurantZone: rows[0]?.restaurantZone };
}

/**
 * One farm's delivery outlook for a restaurant in `zone` (null: any zone) at `now`: its open
 * days for that zone, soonest first, and whether its items can be checked out.
 */
function outlookOf(
  farm: FarmRule,
  days: DayRow[],
  zone: DeliveryZone | null,
  now: Date,
): FarmDeliveryOutlook {
  const open: OpenDeliveryDay[] = [];
  const seen = new Set<string>();
  for (const day of days) {
    if (zone && day.deliveryArea !== zone.name) continue;
    if (!isOpenForOrders(day.deliveryDate, farm.rule, now)) continue;
    // Without a zone, a day that serves two zones is offered once.
    if (seen.has(day.deliveryDate)) continue;
    seen.add(day.deliveryDate);
    open.push({
      deliveryDate: day.deliveryDate,
      deliveryArea: day.deliveryArea,
      orderBy: orderCutoff(day.deliveryDate, farm.rule).toISOString(),
    });
    if (open.length >= MAX_OPEN_DAYS) break;
  }
  const cutoffRule = describeCutoffRule(farm.rule);
  if (open.length > 0) {
    return {
      farmId: farm.id,
      status: 'open',
      next: open[0]!,
      openDays: open,
      reason: null,
      cutoffRule,
    };
  }
  if (days.length === 0) {
    return {
      farmId: farm.id,
      status: 'unscheduled',
      next: null,
      openDays: [],
      reason: null,
      cutoffRule,
    };
  }
  const zoneHasDays = zone ? days.some((day) => day.deliveryArea === zone.name) : true;
  if (zone && !zoneHasDays) {
    return {
      farmId: farm.id,
      status: 'no_zone_delivery',
      next: null,
      openDays: [],
      reason: noZoneDeliveryReason(zone.name),
      cutoffRule,
    };
  }
  // Days for the zone exist, but each one is past its cutoff.
  return {
    farmId: farm.id,
    status: zone ? 'no_zone_delivery' : 'closed',
    next: null,
    openDays: [],
    reason: zone ? noZoneDeliveryReason(zone.name) : CLOSED_REASON,
    cutoffRule,
  };
}

/** Each farm's delivery outlook from its rule and days (farms not found are left out). */
function outlooksOf(
  farmIds: number[],
  { rules, days }: { rules: FarmRule[]; days: DayRow[] },
  zone: DeliveryZone | null,
  now: Date,
): FarmDeliveryOutlook[] {
  const byFarm = new Map<number, DayRow[]>();
  for (const day of days) byFarm.set(day.farmId, [...(byFarm.get(day.farmId) ?? []), day]);
  const ruleById = new Map(rules.map((farm) => [farm.id, farm]));
  return farmIds
    .filter((id) => ruleById.has(id))
    .map((id) => outlookOf(ruleById.get(id)!, byFarm.get(id) ?? [], zone, now));
}

/** Each farm's delivery outlook for a restaurant in `zone` (farms not found are left out). */
export async function deliveryOutlooks(
  db: DbOrTx,
  farmIds: number[],
  zone: DeliveryZone | null,
  now: Date = clockNow(),
): Promise<FarmDeliveryOutlook[]> {
  return outlooksOf(farmIds, await farmsWithDays(db, farmIds, hawaiiDate(now)), zone, now);
}

/** GET /api/delivery-schedules/next: the asker's zone and each farm's outlook. */
export async function nextDeliveries(
  db: DbOrTx,
  restaurantId: number | null,
  farmIds: number[],
  now: Date = clockNow(),
): Promise<NextDeliveryAnswer> {
  const zone = restaurantId === null ? null : await restaurantZone(db, restaurantId);
  return {
    zone: zone ? { slug: zone.slug, name: zone.name } : null,
    farms: await deliveryOutlooks(db, farmIds, zone, now),
  };
}

export interface ResolvedDeliveryDay {
  deliveryDate: string | null;
  /** The zone the order is placed for: the restaurant's, or the day's only zone. */
  deliveryArea: string | null;
}

/**
 * The delivery day and zone of each order being placed (one per farm). A chosen day must be
 * open for orders (before the farm's cutoff) and serve the restaurant's zone; without a
 * choice the order takes the next such day. A farm with days, none of them open for the zone,
 * is refused (400, fields.<prefix>deliveryDate); a farm with no days at all gives no date.
 */
export async function resolveDeliveryDays(
  db: DbOrTx,
  restaurantId: number,
  entries: readonly { farmId: number; deliveryDate: string | null }[],
  fieldPrefixes: readonly string[],
  now: Date = clockNow(),
): Promise<ResolvedDeliveryDay[]> {
  const farmIds = entries.map((entry) => entry.farmId);
  const farmsAndDays = await farmsWithDays(db, farmIds, hawaiiDate(now), restaurantId);
  // With no farms there is no row to carry the zone, and no entry to use it either.
  const zone = findZone(farmsAndDays.restaurantZone);
  const outlooks = new Map(
    outlooksOf(farmIds, farmsAndDays, zone, now).map((outlook) => [outlook.farmId, outlook]),
  );
  const allDays = farmsAndDays.days;
  return entries.map((entry, index) => {
    const field = `${fieldPrefixes[index] ?? ''}deliveryDate`;
    const outlook = outlooks.get(entry.farmId);
    if (!outlook || outlook.status === 'unscheduled') {
      if (entry.deliveryDate !== null) {
        throw badRequest('Choose one of the farm’s upcoming delivery days', {
          [field]: 'Not one of this farm’s upcoming delivery days',
        });
      }
      return { deliveryDate: null, deliveryArea: zone?.name ?? null };
    }
    if (entry.deliveryDate === null) {
      if (!outlook.next) throw badRequest(outlook.reason!, { [field]: outlook.reason! });
      return {
        deliveryDate: outlook.next.deliveryDate,
        deliveryArea: areaOf(outlook.next, zone, allDays, entry.farmId),
      };
    }
    const chosen = outlook.openDays.find((day) => day.deliveryDate === entry.deliveryDate);
    if (chosen) {
      return {
        deliveryDate: chosen.deliveryDate,
        deliveryArea: areaOf(chosen, zone, allDays, entry.farmId),
      };
    }
    throw badRequest('Choose one of the farm’s upcoming delivery days', {
      [field]: refusalOf(entry.deliveryDate, entry.farmId, zone, allDays, outlook),
    });
  });
}

/** With a zone, the order is for it; without one, for the day's zone when it has only one. */
function areaOf(
  day: OpenDeliveryDay,
  zone: DeliveryZone | null,
  allDays: DayRow[],
  farmId: number,
) {
  if (zone) return zone.name;
  const areas = allDays.filter(
    (row) => row.farmId === farmId && row.deliveryDate === day.deliveryDate,
  );
  return areas.length === 1 ? areas[0]!.deliveryArea : null;
}

function refusalOf(
  date: string,
  farmId: number,
  zone: DeliveryZone | null,
  allDays: DayRow[],
  outlook: FarmDeliveryOutlook,
): string {
  const day = formatCalendarDate(date, 'weekdayShort') ?? date;
  const thatDay = allDays.filter((row) => row.farmId === farmId && row.deliveryDate === date);
  if (thatDay.length === 0) return 'Not one of this farm’s upcoming delivery days';
  if (zone && !thatDay.some((row) => row.deliveryArea === zone.name)) {
    return `No delivery to ${zone.name} on ${day}`;
  }
  return `Ordering for ${day} has closed (${outlook.cutoffRule})`;
}

/**
 * The farms' next open day per farm for a viewer in `zoneName` (null: any zone), as a subquery
 * the catalogue joins: farm_id, next_delivery_date. Same rule as deliveryOutlooks, in SQL.
 */
/** Hawaii wall-clock time now, to compare with each day's cutoff in the same terms. */
function hawaiiWallClockText(now: Date): string {
  return hawaiiWallClock(now).toISOString().slice(0, 19).replace('T', ' ');
}

/** A day's cutoff on the Hawaii wall clock: days before it, at the farm's minute of the day. */
const dayCutoff = sql`(${deliverySchedules.deliveryDate} - ${farms.orderCutoffDaysBefore}) + ${farms.orderCutoffMinutes} * interval '1 minute'`;

/** A day's ordering is still open: its cutoff (days before, at the farm's time) lies ahead. */
function cutoffAhead(hawaiiNow: string): SQL {
  return sql`${dayCutoff} > ${hawaiiNow}::timestamp`;
}

/**
 * The next instant at which any farm's open days change by the clock alone: the soonest cutoff
 * still ahead, or Hawaii's next midnight (a day passing leaves "from today on"), whichever comes
 * first. What the catalogue shows of delivery days holds until then, short of a change to the
 * schedules or farms themselves, which the database announces.
 */
export async function nextOutlookChange(db: DbOrTx, now: Date = clockNow()): Promise<Date> {
  const [soonest] = await db
    .select({
      cutoff: sql<string | null>`to_char(min(${dayCutoff}), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(deliverySchedules)
    .innerJoin(farms, eq(farms.id, deliverySchedules.farmId))
    .where(
      and(
        gte(deliverySchedules.deliveryDate, hawaiiDate(now)),
        cutoffAhead(hawaiiWallClockText(now)),
      ),
    );
  const midnight = hawaiiInstant(addDays(hawaiiDate(now), 1));
  if (!soonest?.cutoff) return midnight;
  const cutoff = instantOfHawaiiWallClock(new Date(soonest.cutoff));
  return cutoff < midnight ? cutoff : midnight;
}

/**
 * The same rule for the farm of the row being read (the outer query joins `farms`): a
 * correlated subquery, one index probe per row, for a page that shows a few rows of many.
 */
export function nextOpenDayOf(zoneName: string | null, now: Date = clockNow()): SQL<string | null> {
  return sql<string | null>`(select min(${deliverySchedules.deliveryDate})::text
    from ${deliverySchedules}
    where ${deliverySchedules.farmId} = ${farms.id}
      and ${deliverySchedules.deliveryDate} >= ${hawaiiDate(now)}
      and ${cutoffAhead(hawaiiWallClockText(now))}
      ${zoneName === null ? sql`` : sql`and ${deliverySchedules.deliveryArea} = ${zoneName}`})`;
}

export function nextOpenDaySubquery(db: DbOrTx, zoneName: string | null, now: Date = clockNow()) {
  const hawaiiNow = hawaiiWallClockText(now);
  return db
    .select({
      farmId: deliverySchedules.farmId,
      date: sql<string>`min(${deliverySchedules.deliveryDate})::text`.as('next_delivery_date'),
    })
    .from(deliverySchedules)
    .innerJoin(farms, eq(farms.id, deliverySchedules.farmId))
    .where(
      and(
        gte(deliverySchedules.deliveryDate, hawaiiDate(now)),
        cutoffAhead(hawaiiNow),
        zoneName === null ? undefined : eq(deliverySchedules.deliveryArea, zoneName),
      ),
    )
    .groupBy(deliverySchedules.farmId)
    .as('next_delivery');
}
