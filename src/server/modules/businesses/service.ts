import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { BusinessKind, BusinessRef } from '#core/actor';
import {
  refusalOf,
  type AdminAction,
  type ApprovalStatus,
  type BusinessState,
} from '#core/business-status';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type {
  AdminBusiness,
  AdminBusinessesQuery,
  ApprovalsQuery,
  PendingFarm,
} from '#core/schemas/admin';
import type { LiveEvent } from '#core/schemas/notification';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import { farms, memberships, orders, products, restaurants, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordNotificationEvents } from '../notifications';
import { afterKey, cursorTimestamp, splitKeyedPage, type KeyPart, type ListPage } from '../paging';
import { recordAdminAction, type AdminPerson } from './audit';

/*
 * Admission and suspension of farms and restaurants (docs/admission.md): the administrator's
 * lists and the one path every decision takes (lock the business, check the decision against
 * the core table, write it, keep it in the audit log, tell whom it concerns).
 */

/** "Kai Akana", or null when the account has no name. */
const personName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/**
 * The business's owner as one is shown: its oldest membership in the owner role (a business is
 * run by its owners, whoever created it; the last owner cannot leave). To join laterally.
 */
function oldestOwner(
  db: DbOrTx,
  memberOf: typeof memberships.farmId | typeof memberships.restaurantId,
  business: SQLWrapper,
) {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberOf, business), eq(memberships.businessRole, 'owner')))
    .orderBy(asc(memberships.id))
    .limit(1)
    .as('owner');
}

/** The columns a business is read by, the same for either kind. */
function columnsOf(kind: BusinessKind) {
  if (kind === 'farm') {
    return {
      table: farms,
      id: farms.id,
      name: farms.name,
      location: farms.location,
      memberOf: memberships.farmId,
      createdAt: farms.createdAt,
      approvalStatus: farms.approvalStatus,
      declineReason: farms.declineReason,
      suspendedAt: farms.suspendedAt,
      suspensionReason: farms.suspensionReason,
      ordersOf: orders.farmId,
      // Folded in the query, off the expression index farms_sort_name_idx.
      sortName: foldedSql(farms.name),
    };
  }
  return {
    table: restaurants,
    id: restaurants.id,
    name: restaurants.name,
    location: restaurants.location,
    memberOf: memberships.restaurantId,
    createdAt: restaurants.createdAt,
    // Restaurants sell nothing and need no admission.
    approvalStatus: sql<ApprovalStatus>`'approved'`,
    declineReason: sql<string | null>`null`,
    suspendedAt: restaurants.suspendedAt,
    suspensionReason: restaurants.suspensionReason,
    ordersOf: orders.restaurantId,
    // Folded when written.
    sortName: sql<string>`${restaurants.sortName}`,
  };
}

/** A business as the admin screens show it, with the columns its list is sorted by. */
function selectBusinesses(db: DbOrTx, kind: BusinessKind) {
  const c = columnsOf(kind);
  const owner = oldestOwner(db, c.memberOf, c.id);
  return db
    .select({
      id: c.id,
      name: c.name,
      location: c.location,
      createdAt: c.createdAt,
      ownerName: personName,
      ownerEmail: users.email,
      approvalStatus: c.approvalStatus,
      declineReason: c.declineReason,
      suspendedAt: c.suspendedAt,
      suspensionReason: c.suspensionReason,
      openOrders: sql<number>`(select count(*)::int from ${orders}
        where ${c.ordersOf} = ${c.id} and ${inArray(orders.status, IN_PROGRESS_STATUSES)})`,
      sortName: c.sortName,
    })
    .from(c.table as typeof farms)
    .innerJoinLateral(owner, sql`true`)
    .innerJoin(users, eq(users.id, owner.userId));
}

type BusinessRow = Awaited<ReturnType<ReturnType<typeof selectBusinesses>['execute']>>[number];

function toAdminBusiness(kind: BusinessKind, row: BusinessRow): AdminBusiness {
  return {
    kind,
    id: row.id,
    name: row.name,
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    approvalStatus: row.approvalStatus,
    declineReason: row.declineReason,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    openOrders: Number(row.openOrders),
  };
}

async function businessView(db: DbOrTx, kind: BusinessKind, id: number): Promise<AdminBusiness> {
  const [row] = await selectBusinesses(db, kind).where(eq(columnsOf(kind).id, id));
  if (!row) throw notFound(kind === 'farm' ? 'No such farm' : 'No such restaurant');
  return toAdminBusiness(kind, row);
}

/** Businesses page by (folded name, id), the order they are listed in. */
const NAME_KEY: readonly KeyPart[] = ['text', 'int'];

function statusCondition(
  kind: BusinessKind,
  status: AdminBusinessesQuery['status'],
): SQL | undefined {
  const c = columnsOf(kind);
  switch (status) {
    case 'all':
      return undefined;
    case 'suspended':
      return isNotNull(c.suspendedAt);
    case 'approved':
      return kind === 'farm' ? eq(farms.approvalStatus, 'approved') : undefined;
    case 'pending':
    case 'declined':
      return kind === 'farm' ? eq(farms.approvalStatus, status) : sql`false`;
  }
}

/** GET /api/admin/businesses: one page of the farms or restaurants by name, filtered. */
export async function listBusinesses(
  db: DbOrTx,
  query: AdminBusinessesQuery,
): Promise<ListPage<AdminBusiness>> {
  const { kind } = query;
  const c = columnsOf(kind);
  const { sortName } = c;
  const where = and(
    statusCondition(kind, query.status),
    query.q ? sql`strpos(${sortName}, ${foldedSql(sql`${query.q}`)}) > 0` : undefined,
  );
  // The page's businesses first, by name alone: their owners and open orders are then read for
  // those few, not for every business a common word matches.
  const onPage = db
    .select({ id: c.id, sortName: sortName.as('page_sort_name') })
    .from(c.table as typeof farms)
    .where(and(where, afterKey([sortName, c.id], NAME_KEY, query.cursor)))
    .orderBy(sortName, asc(c.id))
    .limit(query.limit + 1)
    .as('on_page');
  const rows = await selectBusinesses(db, kind)
    .innerJoin(onPage, eq(onPage.id, c.id))
    .orderBy(onPage.sortName, asc(c.id));
  const [total] = await db
    .select({ total: count() })
    .from(c.table as typeof farms)
    .where(where);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map((row) => toAdminBusiness(kind, row)),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** The approvals queue pages by (created_at as text, id): the longest waiting first. */
const WAITING_KEY: readonly KeyPart[] = ['text', 'int'];
const waitingSince = cursorTimestamp(farms.createdAt);
const isPending = eq(farms.approvalStatus, 'pending');

/** GET /api/admin/approvals: one page of the farms waiting for approval, with their profile. */
export async function listPendingFarms(
  db: DbOrTx,
  query: ApprovalsQuery,
): Promise<ListPage<PendingFarm>> {
  const owner = oldestOwner(db, memberships.farmId, farms.id);
  const rows = await db
    .select({
      id: farms.id,
      name: farms.name,
      description: farms.description,
      location: farms.location,
      contactPhone: farms.contactPhone,
      contacts: sql<(string | null)[][]>`json_build_array(
        json_build_array(${farms.contact1Name}, ${farms.contact1Email}, ${farms.contact1Phone}, ${farms.contact1Position}),
        json_build_array(${farms.contact2Name}, ${farms.contact2Email}, ${farms.contact2Phone}, ${farms.contact2Position}),
        json_build_array(${farms.contact3Name}, ${farms.contact3Email}, ${farms.contact3Phone}, ${farms.contact3Position}),
        json_build_array(${farms.contact4Name}, ${farms.contact4Email}, ${farms.contact4Phone}, ${farms.contact4Position}))`,
      createdAt: farms.createdAt,
      waitingSince,
      ownerName: personName,
      ownerEmail: users.email,
      productCount: sql<number>`(select count(*)::int from ${products}
        where ${products.farmId} = ${farms.id} and ${products.deletedAt} is null)`,
    })
    .from(farms)
    .innerJoinLateral(owner, sql`true`)
    .innerJoin(users, eq(users.id, owner.userId))
    .where(and(isPending, afterKey([waitingSince, farms.id], WAITING_KEY, query.cursor)))
    .orderBy(asc(farms.createdAt), asc(farms.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ total: count() }).from(farms).where(isPending);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.waitingSince, row.id]);
  return {
    items: page.rows.map(({ waitingSince: _key, contacts, createdAt, productCount, ...farm }) => ({
      ...farm,
      contacts: contacts
        .filter((contact) => contact.some((value) => value))
        .map(([name, email, phone, position]) => ({
          name: name ?? null,
          email: email ?? null,
          phone: phone ?? null,
          position: position ?? null,
        })),
      createdAt: createdAt.toISOString(),
      productCount: Number(productCount),
    })),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** How many farms wait for approval and how many businesses are suspended, for the stats. */
export async function admissionCounts(
  db: DbOrTx,
): Promise<{ pendingApprovals: number; suspendedBusinesses: number }> {
  const [[pending], [suspendedFarms], [suspendedRestaurants]] = await Promise.all([
    db.select({ total: count() }).from(farms).where(isPending),
    db.select({ total: count() }).from(farms).where(isNotNull(farms.suspendedAt)),
    db.select({ total: count() }).from(restaurants).where(isNotNull(restaurants.suspendedAt)),
  ]);
  return {
    pendingApprovals: Number(pending?.total ?? 0),
    suspendedBusinesses:
      Number(suspendedFarms?.total ?? 0) + Number(suspendedRestaurants?.total ?? 0),
  };
}

interface LockedBusiness {
  id: number;
  name: string;
  state: BusinessState;
}

/** The business's row, locked until the transaction ends: decisions on it go one at a time. */
async function lockBusiness(tx: Tx, kind: BusinessKind, id: number): Promise<LockedBusiness> {
  if (kind === 'farm') {
    const [row] = await tx
      .select({
        id: farms.id,
        name: farms.name,
        approvalStatus: farms.approvalStatus,
        suspendedAt: farms.suspendedAt,
      })
      .from(farms)
      .where(eq(farms.id, id))
      .for('update');
    if (!row) throw notFound('No such farm');
    const state = { kind, approvalStatus: row.approvalStatus, suspended: row.suspendedAt !== null };
    return { ...row, state };
  }
  const [row] = await tx
    .select({
      id: restaurants.id,
      name: restaurants.name,
      suspendedAt: restaurants.suspendedAt,
    })
    .from(restaurants)
    .where(eq(restaurants.id, id))
    .for('update');
  if (!row) throw notFound('No such restaurant');
  const state = { kind, approvalStatus: 'approved' as const, suspended: row.suspendedAt !== null };
  return { ...row, state };
}

/** The columns a decision writes. */
function changesOf(action: AdminAction, reason: string | null, now: Date) {
  switch (action) {
    case 'approve':
      return { approvalStatus: 'approved' as const, declineReason: null };
    case 'decline':
      return { approvalStatus: 'declined' as const, declineReason: reason };
    case 'suspend':
      return { suspendedAt: now, suspensionReason: reason };
    case 'reinstate':
      return { suspendedAt: null, suspensionReason: null };
  }
}

export interface AdminDecision {
  action: AdminAction;
  kind: BusinessKind;
  id: number;
  /** Required for decline and suspend (the route's schema says so). */
  reason: string | null;
}

/**
 * Approves, declines, suspends or reinstates a business: 404 when there is no such one, 409
 * when the core table does not allow the decision in its state. The change, its audit row, the
 * notifications and the live updates commit together. Answers the business as it is now.
 */
export async function decide(
  db: Db,
  admin: AdminPerson,
  decision: AdminDecision,
): Promise<AdminBusiness> {
  const { action, kind, id, reason } = decision;
  return db.transaction(async (tx) => {
    const business = await lockBusiness(tx, kind, id);
    const refusal = refusalOf(action, business.state);
    if (refusal) {
      throw conflict(refusal.message, refusal.code, {
        approvalStatus: business.state.approvalStatus,
        suspended: business.state.suspended,
      });
    }
    const now = new Date();
    const changes = { ...changesOf(action, reason, now), updatedAt: now };
    if (kind === 'farm') await tx.update(farms).set(changes).where(eq(farms.id, id));
    else await tx.update(restaurants).set(changes).where(eq(restaurants.id, id));
    const auditId = await recordAdminAction(tx, admin, {
      action,
      businessKind: kind,
      businessId: id,
      businessName: business.name,
      reason,
    });
    await recordNotificationEvents(
      tx,
      [
        {
          type: 'business.status_changed',
          auditId,
          action,
          business: { kind, id, name: business.name },
          reason,
        },
      ],
      await liveEventsOf(tx, action, { kind, id }),
    );
    return businessView(tx, kind, id);
  });
}

/**
 * Who must look again: the business's own people and administrators; and every restaurant's
 * browse when a farm's products come or go (a decline leaves a farm as unseen as it was).
 */
async function liveEventsOf(
  tx: Tx,
  action: AdminAction,
  business: BusinessRef,
): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [
    { type: 'business.changed', businessKind: business.kind, businessId: business.id },
  ];
  if (business.kind === 'farm' && action !== 'decline') {
    const own = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.farmId, business.id), isNull(products.deletedAt)));
    events.push({
      type: 'products.changed',
      farmId: business.id,
      productIds: own.map((product) => product.id),
    });
  }
  return events;
}
