import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shortPersonName } from '#core/actor';
import { formatQuantity } from '#core/quantity';
import type { ThreadEntry, ThreadEventKind } from '#core/schemas/order-message';
import type { DbOrTx } from '../../db/database';
import {
  claimLines,
  claims,
  orderAdjustments,
  orderDeliveries,
  orderItems,
  orderItemWeights,
  orderStatusHistory,
  substitutions,
  users,
} from '../../db/schema';
import { cursorTimestamp } from '../paging';

/*
 * What happened to an order, in words, read from what each feature already records: the status
 * history, the weights entered at packing, the farm's adjustments, the substitutions and the
 * claims. Nothing is written for the thread: the events are read anew for each page, and an
 * order has few of them. Event texts carry no money, so every reader gets the same words.
 */

export type EventEntry = Extract<ThreadEntry, { type: 'event' }>;

/** An entry with its place in the thread: (time, source, row), all compared as sorted. */
export interface Placed<E> {
  /** UTC time with microseconds, the paging helper's cursor form. */
  at: string;
  /** Which kind of source row, so two rows of one instant still sort one way. */
  rank: number;
  rowId: number;
  entry: E;
}

/** Messages sort before the events of the same instant (rank 0); each source after. */
export const MESSAGE_RANK = 0;
const RANK = {
  placed: 1,
  status: 2,
  weighed: 3,
  adjustment: 4,
  substitutionProposed: 5,
  substitutionShorted: 6,
  substitutionDecided: 7,
  claim: 8,
} as const;

/** The order as its events name it. */
export interface EventOrder {
  id: number;
  farmName: string;
  restaurantName: string;
  standingOrderId: number | null;
  /** created_at in the cursor's form. */
  placedAt: string;
  recipientName: string | null;
}

/** UTC text with microseconds as the wire's ISO instant. */
export function isoOf(at: string): string {
  return new Date(`${at.slice(0, 23)}Z`).toISOString();
}

const personName = (first: string | null, last: string | null, userId: number | null) =>
  userId === null ? null : shortPersonName(first, last);

function event(
  kind: ThreadEventKind,
  key: string,
  at: string,
  rank: number,
  rowId: number,
  text: string,
  by: string | null,
  photoUrl: string | null = null,
): Placed<EventEntry> {
  return {
    at,
    rank,
    rowId,
    entry: {
      type: 'event',
      id: `e:${kind}:${key}`,
      event: kind,
      text,
      by,
      photoUrl,
      createdAt: isoOf(at),
    },
  };
}

const STATUS_WORDS: Record<string, string> = {
  confirmed: 'Confirmed',
  packed: 'Packed',
  in_transit: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const amount = (quantity: number | string, unit: string) =>
  `${formatQuantity(Number(quantity))} ${unit}`;

/** Where an order's proof photo is served (the delivery-proof module's route). */
const proofPhotoUrl = (orderId: number) => `/api/orders/${orderId}/delivery/photo`;

/** Every event of the order, in no particular order. */
export async function orderEvents(db: DbOrTx, order: EventOrder): Promise<Placed<EventEntry>[]> {
  const decider = alias(users, 'decider');
  const [history, delivery, weights, adjustments, subs, claimRows] = await Promise.all([
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        userId: orderStatusHistory.changedByUserId,
        role: orderStatusHistory.changedByRole,
        at: cursorTimestamp(orderStatusHistory.changedAt),
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedByUserId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id)),
    db
      .select({
        recipientName: orderDeliveries.recipientName,
        photoKey: orderDeliveries.photoKey,
      })
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, order.id)),
    db
      .select({
        id: orderItemWeights.id,
        weight: orderItemWeights.weight,
        userId: orderItemWeights.userId,
        at: cursorTimestamp(orderItemWeights.at),
        productName: orderItems.productName,
        weightUnit: orderItems.weightUnit,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orderItemWeights)
      .innerJoin(orderItems, eq(orderItems.id, orderItemWeights.orderItemId))
      .leftJoin(users, eq(users.id, orderItemWeights.userId))
      .where(and(eq(orderItems.orderId, order.id), eq(orderItemWeights.kind, 'weighed'))),
    db
      .select({
        id: orderAdjustments.id,
        productName: orderAdjustments.productName,
        unit: orderAdjustments.productUnit,
        fromQuantity: orderAdjustments.fromQuantity,
        toQuantity: orderAdjustments.toQuantity,
        reason: orderAdjustments.reason,
        userId: orderAdjustments.changedByUserId,
        at: cursorTimestamp(orderAdjustments.changedAt),
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orderAdjustments)
      .leftJoin(users, eq(users.id, orderAdjustments.changedByUserId))
      .where(eq(orderAdjustments.orderId, order.id)),
    db
      .select({
        id: substitutions.id,
        productName: substitutions.productName,
        packLabel: substitutions.packLabel,
        quantity: substitutions.quantity,
        substituteName: substitutions.substituteProductName,
        substitutePack: substitutions.substitutePackLabel,
        substituteQuantity: substitutions.substituteQuantity,
        state: substitutions.state,
        decidedVia: substitutions.decidedVia,
        proposedAt: cursorTimestamp(substitutions.proposedAt),
        decidedAt: sql<
          string | null
        >`case when ${substitutions.decidedAt} is null then null else ${cursorTimestamp(substitutions.decidedAt)} end`,
        proposerId: substitutions.proposedByUserId,
        proposerFirst: users.firstName,
        proposerLast: users.lastName,
        deciderId: substitutions.decidedByUserId,
        deciderFirst: decider.firstName,
        deciderLast: decider.lastName,
      })
      .from(substitutions)
      .leftJoin(users, eq(users.id, substitutions.proposedByUserId))
      .leftJoin(decider, eq(decider.id, substitutions.decidedByUserId))
      .where(eq(substitutions.orderId, order.id)),
    db
      .select({
        id: claims.id,
        userId: claims.createdByUserId,
        at: cursorTimestamp(claims.createdAt),
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(claims)
      .leftJoin(users, eq(users.id, claims.createdByUserId))
      .where(eq(claims.orderId, order.id)),
  ]);

  const events: Placed<EventEntry>[] = [];

  // Placing is the order's own row: a placement writes no status history.
  const placer = history.find((row) => row.fromStatus === null && row.toStatus === 'pending');
  events.push(
    event(
      'placed',
      `o${order.id}`,
      order.placedAt,
      RANK.placed,
      order.id,
      order.standingOrderId === null
        ? `Placed by ${order.restaurantName}`
        : `Placed by ${order.restaurantName}'s standing order`,
      placer ? personName(placer.firstName, placer.lastName, placer.userId) : null,
    ),
  );

  const proof = delivery[0];
  const lastDelivered = history.findLast((row) => row.toStatus === 'delivered');
  for (const row of history) {
    const words = STATUS_WORDS[row.toStatus];
    if (!words) continue;
    const name = personName(row.firstName, row.lastName, row.userId);
    const who =
      row.role === 'system'
        ? null
        : (name ?? (row.role === 'farmer' ? order.farmName : order.restaurantName));
    let text = who ? `${words} by ${who}` : `${words} automatically`;
    let photoUrl: string | null = null;
    if (row === lastDelivered) {
      const recipient = proof?.recipientName ?? order.recipientName;
      if (recipient) text += `, received by ${recipient}`;
      if (proof?.photoKey) photoUrl = proofPhotoUrl(order.id);
    }
    events.push(
      event(
        row.toStatus as ThreadEventKind,
        `h${row.id}`,
        row.at,
        RANK.status,
        row.id,
        text,
        name,
        photoUrl,
      ),
    );
  }

  for (const row of weights) {
    const name = personName(row.firstName, row.lastName, row.userId);
    const weight = amount(row.weight, row.weightUnit ?? '');
    events.push(
      event(
        'weighed',
        `w${row.id}`,
        row.at,
        RANK.weighed,
        row.id,
        `Weight entered for ${row.productName}: ${weight}${name ? ` by ${name}` : ''}`,
        name,
      ),
    );
  }

  for (const row of adjustments) {
    const name = personName(row.firstName, row.lastName, row.userId);
    const shorted = Number(row.toQuantity) === 0;
    const text = shorted
      ? `Shorted ${row.productName} (${amount(row.fromQuantity, row.unit)}): ${row.reason}`
      : `Adjusted ${row.productName} from ${amount(row.fromQuantity, row.unit)} to ${amount(row.toQuantity, row.unit)}: ${row.reason}`;
    events.push(
      event(
        shorted ? 'shorted' : 'adjusted',
        `a${row.id}`,
        row.at,
        RANK.adjustment,
        row.id,
        text,
        name,
      ),
    );
  }

  for (const row of subs) {
    const proposer = personName(row.proposerFirst, row.proposerLast, row.proposerId);
    const deciderName = personName(row.deciderFirst, row.deciderLast, row.deciderId);
    const original = `${row.productName} (${amount(row.quantity, row.packLabel)})`;
    if (row.substituteName === null) {
      events.push(
        event(
          'shorted',
          `s${row.id}`,
          row.proposedAt,
          RANK.substitutionShorted,
          row.id,
          `Shorted ${original}`,
          proposer,
        ),
      );
      continue;
    }
    const substitute = `${row.substituteName} (${amount(row.substituteQuantity ?? 0, row.substitutePack ?? '')})`;
    events.push(
      event(
        'substitution_proposed',
        `s${row.id}`,
        row.proposedAt,
        RANK.substitutionProposed,
        row.id,
        `Proposed ${substitute} for ${original}`,
        proposer,
      ),
    );
    const decidedAt = row.decidedAt ?? row.proposedAt;
    const decision = (kind: ThreadEventKind, text: string, by: string | null) =>
      events.push(event(kind, `s${row.id}`, decidedAt, RANK.substitutionDecided, row.id, text, by));
    switch (row.state) {
      case 'accepted':
        decision(
          'substitution_accepted',
          deciderName
            ? `${substitute} accepted by ${deciderName}`
            : `${substitute} accepted: ${order.restaurantName} allows substitutes`,
          deciderName,
        );
        break;
      case 'declined':
        decision(
          'substitution_declined',
          `${substitute} declined${deciderName ? ` by ${deciderName}` : ''}; ${row.productName} shorted`,
          deciderName,
        );
        break;
      case 'expired':
        decision(
          'substitution_expired',
          `No answer in time on ${substitute}; ${row.productName} shorted`,
          null,
        );
        break;
      case 'shorted':
        decision('shorted', `Shorted ${original}`, deciderName ?? proposer);
        break;
      case 'pending':
        break;
    }
  }

  if (claimRows.length > 0) {
    const lines = await db
      .select({ claimId: claimLines.claimId, productName: orderItems.productName })
      .from(claimLines)
      .innerJoin(orderItems, eq(orderItems.id, claimLines.orderItemId))
      .where(
        inArray(
          claimLines.claimId,
          claimRows.map((row) => row.id),
        ),
      )
      .orderBy(asc(claimLines.id));
    for (const row of claimRows) {
      const name = personName(row.firstName, row.lastName, row.userId);
      const products = lines.filter((line) => line.claimId === row.id).map((l) => l.productName);
      events.push(
        event(
          'claim_opened',
          `c${row.id}`,
          row.at,
          RANK.claim,
          row.id,
          `Problem reported${products.length > 0 ? ` with ${products.join(', ')}` : ''}${name ? ` by ${name}` : ''}`,
          name,
        ),
      );
    }
  }
  return events;
}
