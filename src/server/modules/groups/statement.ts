// A group's consolidated monthly statement with one farm (docs/groups.md): each location's own
// statement, drawn by the payments module's one statement rule, side by side with a total.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { RestaurantActor } from '#core/actor';
import { asciiSlug } from '#core/file-name';
import { centsOf, toMoneyString } from '#core/money';
import type { GroupDashboard, GroupStatement } from '#core/schemas/group';
import type { Db } from '../../db/database';
import { farms, orders, restaurantGroups, restaurants } from '../../db/schema';
import { notFound } from '../../errors';
import { monthlyStatement, type Statement } from '../payments';
import { toCsv } from '../reports';

export interface GroupStatementDraw {
  statement: GroupStatement;
  /** Each location's statement as the payments module draws it (for the PDF). */
  parts: Statement[];
}

/**
 * The month's statement of every location of the group that deals with the farm. 404 when the
 * farm has no dealings with the group. The asker's group role was judged by the route.
 */
export async function groupStatement(
  db: Db,
  groupId: number,
  userId: number,
  query: { month: string; farmId: number },
): Promise<GroupStatementDraw> {
  const [group] = await db
    .select({ name: restaurantGroups.name })
    .from(restaurantGroups)
    .where(eq(restaurantGroups.id, groupId));
  const [farm] = await db
    .select({ id: farms.id, name: farms.name })
    .from(farms)
    .where(eq(farms.id, query.farmId));
  if (!group || !farm) throw notFound('Statement not found');
  const locations = await db
    .selectDistinct({ id: restaurants.id })
    .from(restaurants)
    .innerJoin(
      orders,
      and(eq(orders.restaurantId, restaurants.id), eq(orders.farmId, query.farmId)),
    )
    .where(eq(restaurants.groupId, groupId))
    .orderBy(asc(restaurants.id));
  if (locations.length === 0) throw notFound('Statement not found');
  const parts: Statement[] = [];
  for (const location of locations) {
    // Read as the location's bookkeeper would: the one statement rule, the one owed rule.
    const asLocation: RestaurantActor = {
      kind: 'person',
      userId,
      name: null,
      role: 'restaurant',
      business: { kind: 'restaurant', id: location.id },
      businessRole: 'bookkeeper',
    };
    parts.push(
      await monthlyStatement(db, asLocation, { month: query.month, farmId: query.farmId }),
    );
  }
  const sum = (pick: (part: Statement) => number) =>
    parts.reduce((total, part) => total + pick(part), 0);
  return {
    parts,
    statement: {
      groupId,
      groupName: group.name,
      month: query.month,
      farm,
      locations: parts.map((part) => ({
        restaurantId: part.restaurant.id,
        name: part.restaurant.name,
        opening: toMoneyString(part.openingCents),
        invoiced: toMoneyString(part.invoicedCents),
        paid: toMoneyString(part.paidCents),
        credited: toMoneyString(part.creditedCents),
        closing: toMoneyString(part.closingCents),
        lines: part.lines.map((line) => ({
          date: line.date,
          kind: line.kind,
          description: line.description,
          amount: toMoneyString(line.amountCents),
        })),
      })),
      total: {
        opening: toMoneyString(sum((part) => part.openingCents)),
        invoiced: toMoneyString(sum((part) => part.invoicedCents)),
        paid: toMoneyString(sum((part) => part.paidCents)),
        credited: toMoneyString(sum((part) => part.creditedCents)),
        closing: toMoneyString(sum((part) => part.closingCents)),
      },
    },
  };
}

export function groupStatementFileName(statement: GroupStatement, extension: 'pdf' | 'csv') {
  const slug = asciiSlug(`${statement.groupName}-${statement.farm.name}`) || 'group';
  return `statement-${slug}-${statement.month}.${extension}`;
}

/** One row per line of every location, then each location's total and the group's. */
export function groupStatementCsv(statement: GroupStatement): string {
  const rows: (string | number)[][] = [];
  for (const location of statement.locations) {
    rows.push([
      location.name,
      `${statement.month}-01`,
      'opening',
      'Opening balance',
      location.opening,
    ]);
    for (const line of location.lines) {
      rows.push([location.name, line.date, line.kind, line.description, line.amount]);
    }
    rows.push([location.name, '', 'closing', 'Closing balance', location.closing]);
  }
  rows.push(['All locations', '', 'closing', 'Closing balance', statement.total.closing]);
  return toCsv(['Location', 'Date', 'Kind', 'Description', 'Amount'], rows);
}

/** Every location of the group (for the dashboard and the notice). */
export async function groupLocationIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.groupId, groupId));
  return rows.map((row) => row.id);
}

/**
 * The group's spend in a month (orders by delivery day, cancelled ones left out), by location
 * and by farm.
 */
export async function groupDashboard(
  db: Db,
  groupId: number,
  month: string,
): Promise<GroupDashboard> {
  const inMonth = and(
    eq(restaurants.groupId, groupId),
    ne(orders.status, 'cancelled'),
    sql`to_char(${orders.deliveryDate}, 'YYYY-MM') = ${month}`,
  );
  const spend = sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text`;
  const [byLocation, byFarm] = await Promise.all([
    db
      .select({ restaurantId: restaurants.id, name: restaurants.name, spend })
      .from(restaurants)
      .leftJoin(orders, and(eq(orders.restaurantId, restaurants.id), inMonth))
      .where(eq(restaurants.groupId, groupId))
      .groupBy(restaurants.id, restaurants.name)
      .orderBy(asc(restaurants.id)),
    db
      .select({ farmId: farms.id, name: farms.name, spend })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .innerJoin(farms, eq(farms.id, orders.farmId))
      .where(inMonth)
      .groupBy(farms.id, farms.name)
      .orderBy(asc(farms.name)),
  ]);
  const money = (value: string) => toMoneyString(centsOf(value));
  return {
    month,
    byLocation: byLocation.map((row) => ({ ...row, spend: money(row.spend) })),
    byFarm: byFarm.map((row) => ({ ...row, spend: money(row.spend) })),
    total: toMoneyString(byLocation.reduce((sum, row) => sum + centsOf(row.spend), 0)),
  };
}
