import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { shortPersonName, systemActor, type FarmActor, type RestaurantActor } from '#core/actor';
import { centsOf, multiplyCents, toMoneyString } from '#core/money';
import { unitsOfPacks } from '#core/packs';
import { actorCan, can } from '#core/permissions';
import type { PricedOrder } from '#core/schemas/order';
import type {
  BulkSubstitutionBody,
  BulkSubstitutionResult,
  OrderItemPreferenceBody,
  SubstitutionProposalBody,
  SubstitutionRecord,
  SubstitutionState,
} from '#core/schemas/substitution';
import { BULK_MAX_ORDERS } from '#core/schemas/order-bulk';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import {
  farms,
  memberships,
  orderItems,
  orders,
  productPacks,
  products,
  restaurants,
  substitutions,
  users,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { afterCursor, cursorTimestamp, splitPage } from '../paging';
import { afterBulkOrder, applyOrderChange, changeOrder, orderScope } from '../orders';
import { alias } from 'drizzle-orm/pg-core';

/** POST /api/orders/{id}/items/{itemId}/substitution: a short, or a substitute proposed. */
export function proposeForLine(
  db: Db,
  actor: FarmActor,
  orderId: number,
  itemId: number,
  body: SubstitutionProposalBody,
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(
      tx,
      actor,
      orderId,
      body.short
        ? { kind: 'short', itemId }
        : {
            kind: 'substitution',
            itemId,
            productId: body.productId!,
            ...(body.packId === undefined ? {} : { packId: body.packId }),
            quantity: body.quantity!,
          },
    ),
  );
}

/** PATCH /api/orders/{id}/items/{itemId}: the line's preference, while the order is pending. */
export function setLinePreference(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  itemId: number,
  body: OrderItemPreferenceBody,
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, {
      kind: 'substitution_preference',
      itemId,
      substitution: body.substitution,
    }),
  );
}

async function orderIdOf(db: DbOrTx, substitutionId: number): Promise<number> {
  const [row] = await db
    .select({ orderId: substitutions.orderId })
    .from(substitutions)
    .where(eq(substitutions.id, substitutionId));
  if (!row) throw notFound('Substitution not found');
  return row.orderId;
}

/**
 * The restaurant's answer to a proposal, as `actor` (in the app, or from the email's link as the
 * person it was sent to): through the order kernel, which judges who and the order's status.
 */
export async function decide(
  db: Db,
  actor: RestaurantActor,
  substitutionId: number,
  accept: boolean,
  via: 'app' | 'email',
): Promise<SubstitutionRecord> {
  const orderId = await orderIdOf(db, substitutionId);
  await db.transaction((tx) =>
    changeOrder(tx, actor, orderId, { kind: 'substitution_decision', substitutionId, accept, via }),
  );
  const [record] = await readSubstitutions(db, eq(substitutions.id, substitutionId), true);
  return record!;
}

/**
 * The person a link was sent to, acting for the restaurant of the proposal's order: null when
 * they are no longer one of its people allowed to answer (`orders.change`).
 */
export async function linkActor(
  db: DbOrTx,
  substitutionId: number,
  userId: number,
): Promise<RestaurantActor | null> {
  const [row] = await db
    .select({
      restaurantId: orders.restaurantId,
      businessRole: memberships.businessRole,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(substitutions)
    .innerJoin(orders, eq(orders.id, substitutions.orderId))
    .innerJoin(
      memberships,
      and(eq(memberships.restaurantId, orders.restaurantId), eq(memberships.userId, userId)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(substitutions.id, substitutionId));
  if (!row || !can('restaurant', row.businessRole, 'orders.change')) return null;
  return {
    kind: 'person',
    userId,
    name: shortPersonName(row.firstName, row.lastName),
    role: 'restaurant',
    business: { kind: 'restaurant', id: row.restaurantId },
    businessRole: row.businessRole,
  };
}

/** What the email's page shows of a proposal (no sign-in: the signed link proves the person). */
export async function proposalOfLink(
  db: DbOrTx,
  substitutionId: number,
): Promise<SubstitutionRecord | null> {
  const [record] = await readSubstitutions(db, eq(substitutions.id, substitutionId), true);
  return record ?? null;
}

const proposer = alias(users, 'proposer');
const decider = alias(users, 'decider');

/** Substitutions matching `where`, newest first, as the wire has them; prices only with money. */
async function readSubstitutions(
  db: DbOrTx,
  where: SQL | undefined,
  seesMoney: boolean,
  page?: { limit: number; cursor: string | undefined },
): Promise<(SubstitutionRecord & { cursorCreatedAt: string })[]> {
  const query = db
    .select({
      row: substitutions,
      cursorCreatedAt: cursorTimestamp(substitutions.proposedAt),
      farmId: orders.farmId,
      farmName: farms.name,
      restaurantId: orders.restaurantId,
      restaurantName: restaurants.name,
      deliveryDate: orders.deliveryDate,
      weightUnit: products.weightUnit,
      packWeight: productPacks.estimatedWeight,
      proposerFirst: proposer.firstName,
      proposerLast: proposer.lastName,
      deciderFirst: decider.firstName,
      deciderLast: decider.lastName,
    })
    .from(substitutions)
    .innerJoin(orders, eq(orders.id, substitutions.orderId))
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(products, eq(products.id, substitutions.substituteProductId))
    .leftJoin(productPacks, eq(productPacks.id, substitutions.substitutePackId))
    .leftJoin(proposer, eq(proposer.id, substitutions.proposedByUserId))
    .leftJoin(decider, eq(decider.id, substitutions.decidedByUserId))
    .where(
      and(
        where,
        page ? afterCursor(substitutions.proposedAt, substitutions.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(substitutions.proposedAt), desc(substitutions.id));
  const rows = page ? await query.limit(page.limit + 1) : await query;
  return rows.map((found) => {
    const { row } = found;
    const quantity = row.substituteQuantity === null ? null : Number(row.substituteQuantity);
    const unitCents = row.substituteUnitPrice === null ? null : centsOf(row.substituteUnitPrice);
    const billed =
      quantity === null
        ? 0
        : found.weightUnit === null
          ? quantity
          : unitsOfPacks(quantity, Number(found.packWeight ?? 0));
    return {
      cursorCreatedAt: found.cursorCreatedAt,
      id: row.id,
      orderId: row.orderId,
      itemId: row.itemId,
      farm: { id: found.farmId, name: found.farmName },
      restaurant: { id: found.restaurantId, name: found.restaurantName },
      deliveryDate: found.deliveryDate,
      original: {
        productId: row.productId,
        productName: row.productName,
        packLabel: row.packLabel,
        quantity: Number(row.quantity),
      },
      substitute:
        row.substituteProductId === null || quantity === null
          ? null
          : {
              productId: row.substituteProductId,
              packId: row.substitutePackId,
              productName: row.substituteProductName ?? '',
              packLabel: row.substitutePackLabel ?? '',
              quantity,
              unitPrice: seesMoney && unitCents !== null ? toMoneyString(unitCents) : null,
              totalPrice:
                seesMoney && unitCents !== null
                  ? toMoneyString(multiplyCents(unitCents, billed))
                  : null,
              itemId: row.substituteItemId,
            },
      preference: row.preference,
      state: row.state,
      deadline: row.deadline?.toISOString() ?? null,
      proposedAt: row.proposedAt.toISOString(),
      proposedBy: shortPersonName(found.proposerFirst, found.proposerLast),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: shortPersonName(found.deciderFirst, found.deciderLast),
      decidedVia: row.decidedVia,
    };
  });
}

export interface SubstitutionListQuery {
  limit: number;
  cursor?: string | undefined;
  state?: SubstitutionState | undefined;
  orderId?: number | undefined;
}

/**
 * GET /api/substitutions: one page of the substitutions of the asker's business's orders (the
 * orders module's scope), newest first, with the number the filters match.
 */
export async function listSubstitutions(
  db: DbOrTx,
  actor: FarmActor | RestaurantActor,
  query: SubstitutionListQuery,
) {
  const filters = and(
    orderScope(actor),
    query.state ? eq(substitutions.state, query.state) : undefined,
    query.orderId ? eq(substitutions.orderId, query.orderId) : undefined,
  );
  const found = await readSubstitutions(db, filters, actorCan(actor, 'money.view'), {
    limit: query.limit,
    cursor: query.cursor,
  });
  const [total] = await db
    .select({ total: count() })
    .from(substitutions)
    .innerJoin(orders, eq(orders.id, substitutions.orderId))
    .where(filters);
  const { rows, nextCursor } = splitPage(found, query.limit);
  return {
    items: rows.map(({ cursorCreatedAt: _cursor, ...record }) => record),
    total: Number(total?.total ?? 0),
    nextCursor,
  };
}

/**
 * POST /api/orders/bulk-substitution: a product the farm is out of, on every confirmed or packed
 * order of the day that has it, each order in its own transaction (as the day's bulk status
 * move). With a substitute, each line of the product gets it proposed in the same count of the
 * substitute's pack; a count that pack does not take (a decimal, under its minimum) is shorted
 * instead. Without one, the lines are shorted. What an order refuses (its only line: a confirmed
 * order keeps one) is listed and does not stop the rest. With `afterOrderId` it goes on after that
 * order (afterBulkOrder), past those an earlier call refused or left waiting for the chef.
 */
export async function bulkSubstitution(
  db: Db,
  actor: FarmActor,
  body: BulkSubstitutionBody,
): Promise<BulkSubstitutionResult> {
  if (body.substitute) await checkBulkSubstitute(db, actor, body.substitute);
  const after = await afterBulkOrder(db, actor, body.afterOrderId);
  const candidates = await db
    .selectDistinct({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.farmId, actor.business.id),
        eq(orders.deliveryDate, body.deliveryDate),
        inArray(orders.status, ['confirmed', 'packed']),
        eq(orderItems.productId, body.productId),
        after,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const batch = candidates.slice(0, BULK_MAX_ORDERS);
  const changed: BulkSubstitutionResult['changed'] = [];
  const refused: BulkSubstitutionResult['refused'] = [];
  for (const { id } of batch) {
    try {
      changed.push(...(await substituteOnOrder(db, actor, id, body)));
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const itemId = error.details?.itemId;
      refused.push({
        id,
        code: error.code ?? 'refused',
        message: error.message,
        ...(typeof itemId === 'number' ? { itemId } : {}),
      });
    }
  }
  return {
    deliveryDate: body.deliveryDate,
    productId: body.productId,
    changed,
    refused,
    remaining: candidates.length - batch.length,
    lastOrderId: batch.at(-1)?.id ?? null,
  };
}

/** The bulk call's substitute: one of the farm's products on offer, in one of its packs. */
async function checkBulkSubstitute(
  db: DbOrTx,
  actor: FarmActor,
  substitute: NonNullable<BulkSubstitutionBody['substitute']>,
): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, substitute.productId),
        eq(products.farmId, actor.business.id),
        eq(products.isActive, true),
        isNull(products.deletedAt),
      ),
    );
  if (!product) {
    const message = 'Choose one of your own products on offer';
    throw badRequest(message, { 'substitute.productId': message });
  }
  if (substitute.packId === undefined) return;
  const [pack] = await db
    .select({ id: productPacks.id })
    .from(productPacks)
    .where(
      and(
        eq(productPacks.id, substitute.packId),
        eq(productPacks.productId, product.id),
        isNull(productPacks.archivedAt),
      ),
    );
  if (!pack) {
    const message = 'Not a pack of this product';
    throw badRequest(message, { 'substitute.packId': message });
  }
}

/** One order of the bulk call, in its own transaction: every line of the product. */
async function substituteOnOrder(
  db: Db,
  actor: FarmActor,
  orderId: number,
  body: BulkSubstitutionBody,
): Promise<BulkSubstitutionResult['changed']> {
  return db.transaction(async (tx) => {
    const lines = await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, body.productId)))
      .orderBy(asc(orderItems.id));
    const done: BulkSubstitutionResult['changed'] = [];
    for (const line of lines) {
      let outcome;
      try {
        outcome = body.substitute
          ? await changeOrder(tx, actor, orderId, {
              kind: 'substitution',
              itemId: line.id,
              productId: body.substitute.productId,
              ...(body.substitute.packId === undefined ? {} : { packId: body.substitute.packId }),
              quantity: Number(line.quantity),
            })
          : undefined;
      } catch (error) {
        // The substitute's pack does not take this count: the line is shorted instead.
        if (!(error instanceof AppError) || !error.details || !('quantity' in error.details)) {
          throw error;
        }
        outcome = undefined;
      }
      outcome ??= await changeOrder(tx, actor, orderId, { kind: 'short', itemId: line.id });
      const [made] = await tx
        .select({ state: substitutions.state })
        .from(substitutions)
        .where(eq(substitutions.id, outcome.madeId!));
      done.push({
        id: orderId,
        itemId: line.id,
        substitutionId: outcome.madeId!,
        state: made!.state,
      });
    }
    return done;
  });
}

/** How many proposals one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Shorts one proposal past its deadline as the system, through the order kernel: the order is
 * locked and the proposal's state read again there, so of any number of sweeps (in any number of
 * processes) exactly one shorts it. Answers whether this call did.
 */
export async function expireSubstitution(db: Db, substitutionId: number, now: Date) {
  try {
    const orderId = await orderIdOf(db, substitutionId);
    await db.transaction((tx) =>
      changeOrder(tx, systemActor('substitution_expiry'), orderId, {
        kind: 'substitution_expiry',
        substitutionId,
        now,
      }),
    );
    return true;
  } catch (error) {
    // Answered, shorted, or its order moved on by the time it was locked: nothing to do.
    if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) {
      return false;
    }
    throw error;
  }
}

/** Every pending proposal past its deadline at `now`, shorted one by one; answers their ids. */
export async function expireDueSubstitutions(db: Db, now: Date = clockNow()): Promise<number[]> {
  const expired: number[] = [];
  for (;;) {
    const due = await db
      .select({ id: substitutions.id })
      .from(substitutions)
      .where(and(eq(substitutions.state, 'pending'), lte(substitutions.deadline, now)))
      .orderBy(asc(substitutions.deadline), asc(substitutions.id))
      .limit(SWEEP_BATCH);
    let progressed = false;
    for (const { id } of due) {
      if (await expireSubstitution(db, id, now)) {
        expired.push(id);
        progressed = true;
      }
    }
    if (due.length < SWEEP_BATCH || !progressed) return expired;
  }
}
