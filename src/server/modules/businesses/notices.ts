import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { BusinessKind } from '#core/actor';
import type { AdminAction } from '#core/business-status';
import { countLabel } from '#core/counts';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import type { DbOrTx } from '../../db/database';
import { memberships, orders } from '../../db/schema';
import {
  membersInRoles,
  type NotificationContent,
  type NotificationKindProviders,
  type Recipient,
} from '../notifications';

/**
 * - business.status_changed: an administrator approved, declined, suspended or reinstated a
 *   business (docs/admission.md). Its owner hears it, by email whatever their choices, with
 *   the reason; on a suspension or reinstatement the other side of its open orders hears it
 *   too. `auditId` is the audit row of the action: each action is its own event.
 */
export interface BusinessStatusEvent {
  type: 'business.status_changed';
  auditId: number;
  action: AdminAction;
  business: { kind: BusinessKind; id: number; name: string };
  reason: string | null;
}

const eventKey = (event: BusinessStatusEvent) =>
  `business:${event.business.kind}:${event.business.id}:${event.action}:${event.auditId}`;

const dashboard = (kind: BusinessKind) =>
  kind === 'farm' ? '/farmer/dashboard' : '/restaurant/dashboard';

/** To the business's owners: what the administrator decided and why. */
export function businessDecisionContent(event: BusinessStatusEvent): NotificationContent {
  const { kind, name } = event.business;
  const base = {
    kind: 'business_status' as const,
    link: dashboard(kind),
    eventKey: eventKey(event),
    details: event.reason ? `Reason: ${event.reason}` : null,
  };
  switch (event.action) {
    case 'approve':
      return {
        ...base,
        title: 'Your farm is approved',
        body: `${name} is approved: restaurants now see your products and delivery days and can order.`,
      };
    case 'decline':
      return {
        ...base,
        title: 'Your farm was not approved',
        body: `${name} was not approved to sell on Harvest Hui, so restaurants do not see it. Once you have addressed the reason, an administrator can approve it later.`,
      };
    case 'suspend':
      return {
        ...base,
        title: `Your ${kind} is suspended`,
        body:
          `${name} is suspended: you can sign in and read, but not make changes` +
          (kind === 'farm'
            ? ', and restaurants do not see your products. Open orders stay as they are.'
            : '. Open orders stay as they are.'),
      };
    case 'reinstate':
      return {
        ...base,
        title: `Your ${kind} is reinstated`,
        body:
          `${name} is reinstated: you can make changes again` +
          (kind === 'farm' ? ', and restaurants see your products again.' : '.'),
      };
  }
}

/**
 * To the other side of the business's open orders, on a suspension or a reinstatement: a
 * restaurant of a farm's, a farm of a restaurant's. Null for an admission decision.
 */
export function counterpartyContent(
  event: BusinessStatusEvent,
  openOrders: number,
): NotificationContent | null {
  const { kind, name } = event.business;
  if (event.action !== 'suspend' && event.action !== 'reinstate') return null;
  const orders = countLabel(openOrders, 'open order');
  // The verb agrees with the count: "Your 1 open order … stays as it is".
  const stay = `Your ${orders} with it ${openOrders === 1 ? 'stays as it is' : 'stay as they are'}.`;
  const base = {
    kind: 'partner_status' as const,
    link: kind === 'farm' ? '/restaurant/orders' : '/farmer/orders',
    eventKey: eventKey(event),
    details: null,
  };
  if (event.action === 'reinstate') {
    return {
      ...base,
      title: `${name} is back`,
      body:
        kind === 'farm'
          ? `${name} is reinstated on Harvest Hui: its products are on offer again.`
          : `${name} is reinstated on Harvest Hui and can order again.`,
    };
  }
  return {
    ...base,
    title: `${name} is suspended`,
    body:
      kind === 'farm'
        ? `${name} is suspended on Harvest Hui: its products are not on offer for now. ${stay}`
        : `${name} is suspended on Harvest Hui: it cannot order or change orders for now. ${stay}`,
  };
}

declare module '../notifications' {
  interface NotificationEvents {
    'business.status_changed': BusinessStatusEvent;
  }
}

/**
 * The owners of the businesses on the other side of a business's open orders (pending to in
 * transit), with how many of those orders each has: a farm's restaurants', a restaurant's
 * farms'.
 */
async function counterparties(
  tx: DbOrTx,
  business: BusinessStatusEvent['business'],
): Promise<{ userId: number; openOrders: number }[]> {
  const own = business.kind === 'farm' ? orders.farmId : orders.restaurantId;
  const other = business.kind === 'farm' ? orders.restaurantId : orders.farmId;
  const theirs = business.kind === 'farm' ? memberships.restaurantId : memberships.farmId;
  const rows = await tx
    .select({ userId: memberships.userId, openOrders: count() })
    .from(orders)
    .innerJoin(memberships, and(eq(theirs, other), eq(memberships.businessRole, 'owner')))
    .where(and(eq(own, business.id), inArray(orders.status, IN_PROGRESS_STATUSES)))
    .groupBy(memberships.userId)
    .orderBy(asc(memberships.userId));
  return rows.map((row) => ({ userId: row.userId, openOrders: Number(row.openOrders) }));
}

export const businessNotices: NotificationKindProviders<'business.status_changed'> = {
  'business.status_changed': {
    async recipients(tx, event) {
      const tellsOthers = event.action === 'suspend' || event.action === 'reinstate';
      // The owners and the other side, asked for together.
      const [owners, others] = await Promise.all([
        membersInRoles(tx, event.business, ['owner']),
        tellsOthers ? counterparties(tx, event.business) : [],
      ]);
      const toOwners = owners.map(({ userId, channels }): Recipient => ({
        userId,
        channels,
        content: businessDecisionContent(event),
        alwaysEmail: true,
      }));
      const toOthers = others.map(({ userId, openOrders }) => ({
        userId,
        content: counterpartyContent(event, openOrders)!,
      }));
      return [...toOwners, ...toOthers];
    },
  },
};
