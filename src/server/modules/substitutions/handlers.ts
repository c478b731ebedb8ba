import { and, desc, eq, isNull } from 'drizzle-orm';
import { orderCutoff } from '#core/delivery-days';
import { hawaiiInstant } from '#core/hawaii-time';
import { centsOf, toMoneyString, type Cents } from '#core/money';
import { nextStatuses, statusLabel } from '#core/order-status';
import { isUnitPack, packQuantityProblem } from '#core/packs';
import { linePriceOf } from '#core/pricing';
import type { Substitution, SubstitutionState } from '#core/schemas/substitution';
import type { Tx } from '../../db/database';
import { farms, orderItems, productPacks, products, substitutions } from '../../db/schema';
import { badRequest, conflict, notFound, type AppError } from '../../errors';
import {
  historyActor,
  linesOf,
  writeLineChanges,
  type AddedLine,
  type BeforePackStep,
  type ChangeContext,
  type ChangeOutcome,
  type LockedOrder,
  type OrderChangeOf,
  type StoredLine,
} from '../orders';
import { listOfFarm, restaurantPricing } from '../price-lists';
import type { SubstitutionEvent } from './notices';

/** 409: the line has a substitute waiting for the restaurant already. */
export const SUBSTITUTION_PENDING = 'substitution_pending';
/** 409: the proposal was answered (or shorted) already. */
export const SUBSTITUTION_DECIDED = 'substitution_decided';

/** Without a delivery day, a proposal waits this long for its answer. */
export const UNDATED_DEADLINE_HOURS = 24;
/** Past the cutoff, a proposal waits until this time of the delivery day (Hawaii). */
export const DELIVERY_DAY_DEADLINE_MINUTES = 6 * 60;
/** A proposal made after even that waits this long. */
export const LATE_DEADLINE_HOURS = 1;

type SubstitutionRow = typeof substitutions.$inferSelect;

/**
 * When an unanswered proposal is shorted (docs/substitutions.md#deadlines): the day's cutoff
 * under the farm's rule when proposed before it; after it, 6 AM Hawaii time on the delivery day;
 * an hour after the proposal when even that has passed; 24 hours after it without a day.
 */
export function proposalDeadline(
  deliveryDate: string | null,
  rule: { daysBefore: number; minutes: number },
  now: Date,
): Date {
  if (deliveryDate === null) return new Date(now.getTime() + UNDATED_DEADLINE_HOURS * 3_600_000);
  const cutoff = orderCutoff(deliveryDate, rule);
  if (now.getTime() < cutoff.getTime()) return cutoff;
  const morning = hawaiiInstant(deliveryDate, DELIVERY_DAY_DEADLINE_MINUTES);
  if (now.getTime() < morning.getTime()) return morning;
  return new Date(now.getTime() + LATE_DEADLINE_HOURS * 3_600_000);
}

function lineOf(lines: StoredLine[], itemId: number): StoredLine {
  const line = lines.find((candidate) => candidate.id === itemId);
  if (!line) throw notFound('Line not found');
  return line;
}

/**
 * A confirmed or packed order keeps a line: removing its last would cancel it, and such an
 * order is not cancelled (the 409 a farm's cancel of it answers), whoever asks.
 */
function keepsALine(order: LockedOrder): AppError {
  return conflict(
    `An order that is ${statusLabel(order.status)} keeps at least one line: this is its only line`,
    'invalid_transition',
    { status: order.status, allowed: nextStatuses(order.status) },
  );
}

async function preferenceOf(tx: Tx, itemId: number): Promise<Substitution> {
  const [row] = await tx
    .select({ substitution: orderItems.substitution })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  return row?.substitution ?? 'ask';
}

async function pendingOf(tx: Tx, orderId: number, itemId: number) {
  const [row] = await tx
    .select({ id: substitutions.id })
    .from(substitutions)
    .where(
      and(
        eq(substitutions.orderId, orderId),
        eq(substitutions.itemId, itemId),
        eq(substitutions.state, 'pending'),
      ),
    );
  return row ?? null;
}

function refusePending(itemId: number): AppError {
  return conflict(
    'A substitute for this line is waiting for the restaurant’s answer',
    SUBSTITUTION_PENDING,
    { itemId },
  );
}

/** Who acted, as a substitution's row records it. */
function personOf(context: ChangeContext): number | null {
  return historyActor(context.actor).changedByUserId;
}

/** The line's own facts, kept on the substitution's row (the line goes once shorted). */
function originalOf(order: LockedOrder, line: StoredLine, preference: Substitution) {
  return {
    orderId: order.id,
    itemId: line.id,
    productId: line.productId,
    productName: line.productName,
    packLabel: line.packLabel,
    quantity: line.quantity,
    preference,
  };
}

/**
 * The line shorted through the adjustment's own writes (stock back, lots cleared, the order
 * repriced, a record kept). Their notice of an adjustment is left out: the substitution's own
 * tells each side.
 */
async function shortWrites(
  context: ChangeContext,
  lines: StoredLine[],
  line: StoredLine,
  reason: string,
  added: AddedLine[] = [],
) {
  const done = await writeLineChanges(context, lines, [{ line, quantity: 0, reason }], added);
  return { productIds: done.productIds ?? [], addedItemIds: done.addedItemIds };
}

/** The substitute as its line would be added, from what the proposal stored. */
async function addedFromRow(tx: Tx, row: SubstitutionRow): Promise<AddedLine> {
  const [product] = await tx
    .select({
      unit: products.unit,
      weightUnit: products.weightUnit,
      packSize: productPacks.size,
      estimatedWeight: productPacks.estimatedWeight,
    })
    .from(products)
    .innerJoin(
      productPacks,
      and(eq(productPacks.productId, products.id), isNull(productPacks.archivedAt)),
    )
    .where(
      and(
        eq(products.id, row.substituteProductId ?? 0),
        eq(productPacks.id, row.substitutePackId ?? 0),
      ),
    );
  if (!product || row.substituteProductId === null || row.substitutePackId === null) {
    throw conflict('The substitute is no longer available', 'product_unavailable', {
      productId: row.substituteProductId,
    });
  }
  return {
    productId: row.substituteProductId,
    productName: row.substituteProductName ?? '',
    productUnit: product.unit,
    packId: row.substitutePackId,
    packLabel: row.substitutePackLabel ?? product.unit,
    packSize: Number(product.packSize),
    weightUnit: product.weightUnit,
    packWeight: product.weightUnit === null ? null : Number(product.estimatedWeight ?? 0),
    quantity: Number(row.substituteQuantity),
    // The price the restaurant was shown is the price it accepts.
    unitCents: centsOf(row.substituteUnitPrice ?? '0'),
    priceBreakQuantity: null,
    substitution: row.preference,
    substituteForItemId: row.itemId,
    reason: `Substitute for ${row.productName}`,
  };
}

/**
 * The substitute a farm proposes, checked and priced at the restaurant's price (its price list,
 * packs and catch weight: core/pricing's `linePriceOf`, as placement prices a line).
 */
export async function pricedSubstitute(
  tx: Tx,
  order: LockedOrder,
  line: StoredLine,
  wanted: { productId: number; packId?: number | undefined; quantity: number },
): Promise<AddedLine & { unitCents: Cents }> {
  const [product] = await tx
    .select({
      id: products.id,
      farmId: products.farmId,
      name: products.name,
      unit: products.unit,
      price: products.price,
      weightUnit: products.weightUnit,
      isActive: products.isActive,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(eq(products.id, wanted.productId));
  if (!product || product.farmId !== order.farmId || !product.isActive || product.deletedAt) {
    const message = 'Choose one of your own products on offer';
    throw badRequest(message, { productId: message });
  }
  const packs = await tx
    .select({
      id: productPacks.id,
      label: productPacks.label,
      size: productPacks.size,
      price: productPacks.price,
      minimumQuantity: productPacks.minimumQuantity,
      estimatedWeight: productPacks.estimatedWeight,
    })
    .from(productPacks)
    .where(and(eq(productPacks.productId, product.id), isNull(productPacks.archivedAt)));
  const pack =
    wanted.packId === undefined
      ? packs.find((candidate) => isUnitPack({ size: Number(candidate.size) }))
      : packs.find((candidate) => candidate.id === wanted.packId);
  if (!pack || (product.weightUnit !== null && !pack.estimatedWeight)) {
    const message =
      wanted.packId === undefined ? 'Choose a pack of this product' : 'Not a pack of this product';
    throw badRequest(message, { packId: message });
  }
  if (product.id === line.productId && pack.id === line.packId) {
    const message = 'Choose another product or pack than the line’s';
    throw badRequest(message, { productId: message });
  }
  const problem = packQuantityProblem(
    product.unit,
    { label: pack.label, size: Number(pack.size), minimumQuantity: pack.minimumQuantity },
    wanted.quantity,
  );
  if (problem) throw badRequest(problem, { quantity: problem });
  const list = listOfFarm(
    await restaurantPricing(tx, order.restaurantId, [order.farmId]),
    order.farmId,
  );
  const priced = linePriceOf(
    {
      id: product.id,
      listPriceCents: centsOf(product.price),
      pricedByWeight: product.weightUnit !== null,
    },
    pack,
    list,
    wanted.quantity,
  );
  return {
    productId: product.id,
    productName: product.name,
    productUnit: product.unit,
    packId: pack.id,
    packLabel: pack.label,
    packSize: Number(pack.size),
    weightUnit: product.weightUnit,
    packWeight: product.weightUnit === null ? null : Number(pack.estimatedWeight),
    quantity: wanted.quantity,
    unitCents: priced.unitCents,
    priceBreakQuantity: priced.priceBreakQuantity,
    substitution: 'ask',
    substituteForItemId: line.id,
    reason: `Substitute for ${line.productName}`,
  };
}

/** The substitute's columns of a substitution's row. */
function substituteColumns(added: AddedLine) {
  return {
    substituteProductId: added.productId,
    substitutePackId: added.packId,
    substituteProductName: added.productName,
    substitutePackLabel: added.packLabel,
    substituteQuantity: added.quantity,
    substituteUnitPrice: toMoneyString(added.unitCents),
  };
}

function eventOf(
  order: LockedOrder,
  substitutionId: number,
  state: SubstitutionState,
  by: SubstitutionEvent['by'],
): SubstitutionEvent {
  return { type: 'substitution.changed', orderId: order.id, substitutionId, state, by };
}

async function insertRow(tx: Tx, values: typeof substitutions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(substitutions).values(values).returning({ id: substitutions.id });
  return row!.id;
}

/** `short`: the farm cannot fill the line and takes it off the order (to 0). */
export async function shortLine(
  context: ChangeContext<OrderChangeOf<'short'>>,
): Promise<ChangeOutcome> {
  const { tx, order, change, now } = context;
  const lines = await linesOf(tx, order.id);
  const line = lineOf(lines, change.itemId);
  if (await pendingOf(tx, order.id, line.id)) throw refusePending(line.id);
  if (lines.length <= 1) throw keepsALine(order);
  const preference = await preferenceOf(tx, line.id);
  const { productIds } = await shortWrites(
    context,
    lines,
    line,
    'Short: the farm could not fill it',
  );
  const id = await insertRow(tx, {
    ...originalOf(order, line, preference),
    state: 'shorted',
    proposedByUserId: personOf(context),
    proposedAt: now,
    decidedByUserId: personOf(context),
    decidedVia: 'app',
    decidedAt: now,
  });
  return { events: [eventOf(order, id, 'shorted', 'farm')], productIds, madeId: id };
}

/**
 * `substitution`: the farm proposes a substitute for a line it cannot fill; what happens is the
 * line's preference: `allow` takes it at once, `ask` waits for the restaurant until a deadline,
 * `never` shorts the line.
 */
export async function proposeSubstitute(
  context: ChangeContext<OrderChangeOf<'substitution'>>,
): Promise<ChangeOutcome> {
  const { tx, order, change, now } = context;
  const lines = await linesOf(tx, order.id);
  const line = lineOf(lines, change.itemId);
  if (await pendingOf(tx, order.id, line.id)) throw refusePending(line.id);
  const preference = await preferenceOf(tx, line.id);
  const added = {
    ...(await pricedSubstitute(tx, order, line, change)),
    substitution: preference,
  };
  const proposed = {
    ...originalOf(order, line, preference),
    ...substituteColumns(added),
    proposedByUserId: personOf(context),
    proposedAt: now,
  };
  if (preference === 'never') {
    if (lines.length <= 1) throw keepsALine(order);
    const { productIds } = await shortWrites(
      context,
      lines,
      line,
      'Short: the restaurant takes no substitute',
    );
    const id = await insertRow(tx, {
      ...proposed,
      state: 'shorted',
      decidedVia: 'system',
      decidedAt: now,
    });
    return { events: [eventOf(order, id, 'shorted', 'system')], productIds, madeId: id };
  }
  if (preference === 'allow') {
    const { productIds, addedItemIds } = await shortWrites(
      context,
      lines,
      line,
      `Substituted: ${added.productName}`,
      [added],
    );
    const id = await insertRow(tx, {
      ...proposed,
      substituteItemId: addedItemIds[0] ?? null,
      state: 'accepted',
      decidedVia: 'system',
      decidedAt: now,
    });
    return { events: [eventOf(order, id, 'accepted', 'system')], productIds, madeId: id };
  }
  const [farm] = await tx
    .select({ daysBefore: farms.orderCutoffDaysBefore, minutes: farms.orderCutoffMinutes })
    .from(farms)
    .where(eq(farms.id, order.farmId));
  const id = await insertRow(tx, {
    ...proposed,
    state: 'pending',
    deadline: proposalDeadline(order.deliveryDate, farm!, now),
  });
  return { events: [eventOf(order, id, 'pending', 'farm')], madeId: id };
}

/** The substitution of this order named by the change, as stored; 404 when not its. */
async function rowOf(tx: Tx, order: LockedOrder, substitutionId: number): Promise<SubstitutionRow> {
  const [row] = await tx
    .select()
    .from(substitutions)
    .where(and(eq(substitutions.id, substitutionId), eq(substitutions.orderId, order.id)));
  if (!row) throw notFound('Substitution not found');
  return row;
}

function refuseDecided(row: SubstitutionRow): AppError {
  return conflict(`This substitute was ${row.state} already`, SUBSTITUTION_DECIDED, {
    state: row.state,
  });
}

/**
 * The line of a pending proposal that ends unanswered or declined: shorted, unless it is the
 * order's only line, which stays as it is (a confirmed order keeps a line); the farm hears.
 */
async function endUnfilled(
  context: ChangeContext,
  row: SubstitutionRow,
  state: 'declined' | 'expired',
  decided: { userId: number | null; via: 'app' | 'email' | 'system' },
): Promise<ChangeOutcome> {
  const { tx, order, now } = context;
  const lines = await linesOf(tx, order.id);
  const line = lines.find((candidate) => candidate.id === row.itemId);
  let productIds: number[] = [];
  if (line && lines.length > 1) {
    const reason =
      state === 'declined'
        ? 'Short: the restaurant declined the substitute'
        : 'Short: the substitute was not answered in time';
    productIds = (await shortWrites(context, lines, line, reason)).productIds;
  }
  await tx
    .update(substitutions)
    .set({
      state,
      deadline: null,
      decidedByUserId: decided.userId,
      decidedVia: decided.via,
      decidedAt: now,
    })
    .where(eq(substitutions.id, row.id));
  const by = decided.via === 'system' ? 'system' : 'restaurant';
  return { events: [eventOf(order, row.id, state, by)], productIds, madeId: row.id };
}

/**
 * `substitution_decision`: the restaurant accepts the substitute (its line is added, its stock
 * taken, the original shorted) or declines it (the line is shorted).
 */
export async function decideSubstitute(
  context: ChangeContext<OrderChangeOf<'substitution_decision'>>,
): Promise<ChangeOutcome> {
  const { tx, order, change, now } = context;
  const row = await rowOf(tx, order, change.substitutionId);
  if (row.state !== 'pending') throw refuseDecided(row);
  const decided = { userId: personOf(context), via: change.via };
  if (!change.accept) return endUnfilled(context, row, 'declined', decided);
  const lines = await linesOf(tx, order.id);
  const line = lines.find((candidate) => candidate.id === row.itemId);
  // The farm took the line off by an adjustment meanwhile: there is nothing left to replace.
  if (!line) {
    throw conflict('The line is no longer on the order', SUBSTITUTION_DECIDED, {
      state: row.state,
    });
  }
  const added = await addedFromRow(tx, row);
  const { productIds, addedItemIds } = await shortWrites(
    context,
    lines,
    line,
    `Substituted: ${added.productName}`,
    [added],
  );
  await tx
    .update(substitutions)
    .set({
      state: 'accepted',
      deadline: null,
      substituteItemId: addedItemIds[0] ?? null,
      decidedByUserId: decided.userId,
      decidedVia: decided.via,
      decidedAt: now,
    })
    .where(eq(substitutions.id, row.id));
  return {
    events: [eventOf(order, row.id, 'accepted', 'restaurant')],
    productIds,
    madeId: row.id,
  };
}

/** `substitution_expiry`: a proposal unanswered at its deadline, shorted by the system. */
export async function expireSubstitute(
  context: ChangeContext<OrderChangeOf<'substitution_expiry'>>,
): Promise<ChangeOutcome> {
  const { tx, order, change, now } = context;
  const row = await rowOf(tx, order, change.substitutionId);
  if (row.state !== 'pending') throw refuseDecided(row);
  if (row.deadline && row.deadline.getTime() > now.getTime()) {
    throw conflict('This substitute is not past its deadline', 'not_due', {
      deadline: row.deadline.toISOString(),
    });
  }
  return endUnfilled(context, row, 'expired', { userId: null, via: 'system' });
}

/** `substitution_preference`: what the restaurant wants for a line, while the order is pending. */
export async function setPreference(
  context: ChangeContext<OrderChangeOf<'substitution_preference'>>,
): Promise<ChangeOutcome> {
  const { tx, order, change } = context;
  const [updated] = await tx
    .update(orderItems)
    .set({ substitution: change.substitution })
    .where(and(eq(orderItems.id, change.itemId), eq(orderItems.orderId, order.id)))
    .returning({ id: orderItems.id });
  if (!updated) throw notFound('Line not found');
  return {};
}

/**
 * Before an order is packed (or shipped), in its own transaction: each proposal still waiting
 * for the restaurant is shorted then, whichever comes first, the pack or the deadline.
 */
export const shortPendingAtPacking: BeforePackStep = async (context) => {
  const pending = await context.tx
    .select()
    .from(substitutions)
    .where(and(eq(substitutions.orderId, context.order.id), eq(substitutions.state, 'pending')))
    .orderBy(desc(substitutions.id));
  const outcomes: ChangeOutcome[] = [];
  for (const row of pending) {
    outcomes.push(await endUnfilled(context, row, 'expired', { userId: null, via: 'system' }));
  }
  return {
    events: outcomes.flatMap((done) => done.events ?? []),
    productIds: outcomes.flatMap((done) => done.productIds ?? []),
  };
};
