import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shortPersonName, type Actor, type FarmActor, type RestaurantActor } from '#core/actor';
import { claimMeasure } from '#core/claims';
import { centsOf, formatUsd, toMoneyString } from '#core/money';
import type {
  Claim,
  ClaimCreateBody,
  ClaimDecisionBody,
  ClaimKind,
  ClaimListQuery,
  ClaimState,
  CreditApplyBody,
  CreditBalance,
  CreditNote,
  CreditNoteListQuery,
  CreditRefundBody,
} from '#core/schemas/claim';
import { today as clockToday } from '../../clock';
import type { CreditNoteDocument } from '../documents';
import type { Db, DbOrTx } from '../../db/database';
import {
  claimLines,
  claimPhotos,
  claims,
  creditBalances,
  creditEntries,
  creditNotes,
  farms,
  orderItems,
  orders,
  restaurants,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { changeOrder } from '../orders';
import { afterCursor, cursorTimestamp, splitPage, type ListPage } from '../paging';
import { type PhotoStorage, type ProcessedPhoto, removeUnusedFiles } from '../photos';
import { creditNoteNumber } from './changes';
import { reviewAutomaticHold } from '../customers';

/** The most photos one claim keeps. */
export const MAX_CLAIM_PHOTOS = 5;

const reporter = alias(users, 'reporter');
const decider = alias(users, 'decider');

/** The claims an actor may see: its farm's or its restaurant's; anyone else none. */
function claimScope(actor: Actor): SQL {
  if (actor.kind === 'person' && actor.business?.kind === 'farm') {
    return eq(claims.farmId, actor.business.id);
  }
  if (actor.kind === 'person' && actor.business?.kind === 'restaurant') {
    return eq(claims.restaurantId, actor.business.id);
  }
  return sql`false`;
}

function creditNoteScope(actor: Actor): SQL {
  if (actor.kind === 'person' && actor.business?.kind === 'farm') {
    return eq(creditNotes.farmId, actor.business.id);
  }
  if (actor.kind === 'person' && actor.business?.kind === 'restaurant') {
    return eq(creditNotes.restaurantId, actor.business.id);
  }
  return sql`false`;
}

/** Credit notes as the wire has them, with what of each lowered its invoice. */
export async function readCreditNotes(
  db: DbOrTx,
  where: SQL,
  order: 'issued' | 'newest' = 'issued',
  limit?: number,
): Promise<(CreditNote & { cursorCreatedAt: string })[]> {
  const rows = await db
    .select({
      note: creditNotes,
      farmName: farms.name,
      restaurantName: restaurants.name,
      onInvoice: sql<string>`(select coalesce(sum(e.amount), 0) from credit_entries e where e.credit_note_id = ${creditNotes.id} and e.kind = 'invoice')`,
      cursorCreatedAt: cursorTimestamp(creditNotes.createdAt),
    })
    .from(creditNotes)
    .innerJoin(farms, eq(farms.id, creditNotes.farmId))
    .innerJoin(restaurants, eq(restaurants.id, creditNotes.restaurantId))
    .where(where)
    .orderBy(
      ...(order === 'issued'
        ? [asc(creditNotes.issuedOn), asc(creditNotes.id)]
        : [desc(creditNotes.createdAt), desc(creditNotes.id)]),
    )
    .limit(limit ?? 100_000);
  return rows.map(({ note, farmName, restaurantName, onInvoice, cursorCreatedAt }) => ({
    cursorCreatedAt,
    id: note.id,
    number: creditNoteNumber(note.number),
    orderId: note.orderId,
    claimId: note.claimId,
    farm: { id: note.farmId, name: farmName },
    restaurant: { id: note.restaurantId, name: restaurantName },
    subtotal: toMoneyString(centsOf(note.subtotal)),
    taxAmount: toMoneyString(centsOf(note.taxAmount)),
    amount: toMoneyString(centsOf(note.amount)),
    appliedToInvoice: toMoneyString(centsOf(onInvoice)),
    toCreditBalance: toMoneyString(centsOf(note.amount) - centsOf(onInvoice)),
    issuedOn: note.issuedOn,
    createdAt: note.createdAt.toISOString(),
  }));
}

function withoutCursor({
  cursorCreatedAt: _cursor,
  ...note
}: CreditNote & { cursorCreatedAt: string }): CreditNote {
  return note;
}

/** The credit notes the actor may see, of some orders or all (Bills, Receivables, statement). */
export async function creditNotesOf(db: DbOrTx, actor: Actor, filter?: SQL): Promise<CreditNote[]> {
  return (await readCreditNotes(db, and(creditNoteScope(actor), filter)!)).map(withoutCursor);
}

/** GET /api/credit-notes: the business's credit notes, newest first, paged. */
export async function listCreditNotes(
  db: DbOrTx,
  actor: Actor,
  query: CreditNoteListQuery,
): Promise<ListPage<CreditNote>> {
  const rows = await readCreditNotes(
    db,
    and(creditNoteScope(actor), afterCursor(creditNotes.createdAt, creditNotes.id, query.cursor))!,
    'newest',
    query.limit + 1,
  );
  const [total] = await db
    .select({ total: count() })
    .from(creditNotes)
    .where(creditNoteScope(actor));
  const page = splitPage(rows, query.limit);
  return {
    items: page.rows.map(withoutCursor),
    total: Number(total!.total),
    nextCursor: page.nextCursor,
  };
}

/** Claims as the wire has them, in the order of `ids`. */
async function readClaims(db: DbOrTx, ids: number[]): Promise<Claim[]> {
  if (ids.length === 0) return [];
  const heads = await db
    .select({
      claim: claims,
      farmName: farms.name,
      restaurantName: restaurants.name,
      reporterFirst: reporter.firstName,
      reporterLast: reporter.lastName,
      deciderFirst: decider.firstName,
      deciderLast: decider.lastName,
    })
    .from(claims)
    .innerJoin(farms, eq(farms.id, claims.farmId))
    .innerJoin(restaurants, eq(restaurants.id, claims.restaurantId))
    .leftJoin(reporter, eq(reporter.id, claims.createdByUserId))
    .leftJoin(decider, eq(decider.id, claims.decidedByUserId))
    .where(inArray(claims.id, ids));
  const lines = await db
    .select({
      claimId: claimLines.claimId,
      itemId: claimLines.orderItemId,
      kind: claimLines.kind,
      quantity: claimLines.quantity,
      acceptedQuantity: claimLines.acceptedQuantity,
      note: claimLines.note,
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      deliveredQuantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      packLabel: orderItems.packLabel,
      packSize: orderItems.packSize,
      weightUnit: orderItems.weightUnit,
      packWeight: orderItems.packWeight,
      weight: orderItems.weight,
      weightDecision: orderItems.weightDecision,
    })
    .from(claimLines)
    .innerJoin(orderItems, eq(orderItems.id, claimLines.orderItemId))
    .where(inArray(claimLines.claimId, ids))
    .orderBy(asc(claimLines.id));
  const photos = await db
    .select({ id: claimPhotos.id, claimId: claimPhotos.claimId })
    .from(claimPhotos)
    .where(inArray(claimPhotos.claimId, ids))
    .orderBy(asc(claimPhotos.id));
  const notes = (await readCreditNotes(db, inArray(creditNotes.claimId, ids))).map(withoutCursor);
  const byId = new Map(heads.map((head) => [head.claim.id, head]));
  return ids.flatMap((id) => {
    const head = byId.get(id);
    if (!head) return [];
    const { claim } = head;
    return [
      {
        id: claim.id,
        orderId: claim.orderId,
        state: claim.state as ClaimState,
        farm: { id: claim.farmId, name: head.farmName },
        restaurant: { id: claim.restaurantId, name: head.restaurantName },
        lines: lines
          .filter((line) => line.claimId === id)
          .map((line) => ({
            line,
            measure: claimMeasure({ ...line, quantity: line.deliveredQuantity }),
          }))
          .map(({ line, measure }) => ({
            itemId: line.itemId,
            product: { name: line.productName, unit: measure.unit },
            pack:
              line.weightUnit === null
                ? { label: line.packLabel ?? line.productUnit, size: line.packSize }
                : null,
            kind: line.kind as ClaimKind,
            quantity: line.quantity,
            acceptedQuantity: line.acceptedQuantity,
            note: line.note,
            deliveredQuantity: measure.most,
            unitPrice: toMoneyString(centsOf(line.unitPrice)),
          })),
        photos: photos
          .filter((photo) => photo.claimId === id)
          .map((photo) => ({ id: photo.id, url: `/api/claims/${id}/photos/${photo.id}` })),
        createdAt: claim.createdAt.toISOString(),
        createdByName: shortPersonName(head.reporterFirst, head.reporterLast),
        decidedAt: claim.decidedAt?.toISOString() ?? null,
        decidedByName: claim.decidedAt
          ? shortPersonName(head.deciderFirst, head.deciderLast)
          : null,
        reason: claim.reason,
        creditNote: notes.find((note) => note.claimId === id) ?? null,
      },
    ];
  });
}

export async function getClaim(db: DbOrTx, actor: Actor, claimId: number): Promise<Claim> {
  const [row] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.id, claimId), claimScope(actor)));
  if (!row) throw notFound('Claim not found');
  return (await readClaims(db, [row.id]))[0]!;
}

/** POST /api/orders/{id}/claims: through the one order-change path, as kind `claim`. */
export async function reportProblem(
  db: Db,
  actor: RestaurantActor,
  orderId: number,
  body: ClaimCreateBody,
  today = clockToday(),
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { madeId: claimId } = await changeOrder(tx, actor, orderId, {
      kind: 'claim',
      lines: body.lines,
      today,
    });
    return (await readClaims(tx, [claimId!]))[0]!;
  });
}

/** POST /api/claims/{id}/decision: the farm's, through the order's one path. */
export async function decide(
  db: Db,
  actor: FarmActor,
  claimId: number,
  body: ClaimDecisionBody,
  today = clockToday(),
): Promise<Claim> {
  const [claim] = await db
    .select({ orderId: claims.orderId })
    .from(claims)
    .where(and(eq(claims.id, claimId), claimScope(actor)));
  if (!claim) throw notFound('Claim not found');
  return db.transaction(async (tx) => {
    await changeOrder(tx, actor, claim.orderId, {
      kind: 'claim_decision',
      claimId,
      body,
      today,
    });
    return (await readClaims(tx, [claimId]))[0]!;
  });
}

/** GET /api/claims: the actor's business's claims, newest first, paged. */
export async function listClaims(
  db: DbOrTx,
  actor: Actor,
  query: ClaimListQuery,
): Promise<ListPage<Claim>> {
  const filter = and(claimScope(actor), query.state ? eq(claims.state, query.state) : undefined);
  const rows = await db
    .select({ id: claims.id, cursorCreatedAt: cursorTimestamp(claims.createdAt) })
    .from(claims)
    .where(and(filter, afterCursor(claims.createdAt, claims.id, query.cursor)))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ total: count() }).from(claims).where(filter);
  const page = splitPage(rows, query.limit);
  return {
    items: await readClaims(
      db,
      page.rows.map((row) => row.id),
    ),
    total: Number(total!.total),
    nextCursor: page.nextCursor,
  };
}

/**
 * 404 unless the claim is the restaurant's; 409 once it is decided or holds the most photos.
 * With `lock`, the claim's row stays locked to the end of the transaction, so two uploads
 * cannot both take the last place.
 */
async function checkClaimPhotoRoom(
  db: DbOrTx,
  actor: RestaurantActor,
  claimId: number,
  lock: boolean,
): Promise<void> {
  const ownClaim = db
    .select({ state: claims.state })
    .from(claims)
    .where(and(eq(claims.id, claimId), eq(claims.restaurantId, actor.business.id)));
  const [claim] = lock ? await ownClaim.for('update') : await ownClaim;
  if (!claim) throw notFound('Claim not found');
  if (claim.state !== 'open') {
    throw conflict('Photos are added while the claim is open', 'claim_decided', {
      state: claim.state,
    });
  }
  const [held] = await db
    .select({ photos: count() })
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, claimId));
  if ((held?.photos ?? 0) >= MAX_CLAIM_PHOTOS) {
    throw conflict(`A claim keeps at most ${MAX_CLAIM_PHOTOS} photos`, 'too_many_photos');
  }
}

/** Checks that the restaurant may add a photo to the claim, before the file is read. */
export async function checkRoomForClaimPhoto(
  db: DbOrTx,
  actor: RestaurantActor,
  claimId: number,
): Promise<void> {
  await checkClaimPhotoRoom(db, actor, claimId, false);
}

/**
 * Keeps a claim photo in the private store (never under the public /uploads): the pipeline's
 * large WebP version, without any of the file's metadata. The file is written first and the
 * row after, with the check again under the claim's lock; when the row is refused, the file
 * just written goes again unless another row names it.
 */
export async function addClaimPhoto(
  db: Db,
  storage: PhotoStorage,
  actor: RestaurantActor,
  claimId: number,
  photo: ProcessedPhoto,
): Promise<Claim> {
  await checkRoomForClaimPhoto(db, actor, claimId);
  await storage.put(photo.large.key, photo.large.data, 'image/webp');
  try {
    await db.transaction(async (tx) => {
      await checkClaimPhotoRoom(tx, actor, claimId, true);
      await tx.insert(claimPhotos).values({
        claimId,
        storageKey: photo.large.key,
        width: photo.large.width,
        height: photo.large.height,
      });
    });
  } catch (error) {
    await removeUnusedFiles(db, storage, [photo.large.key]);
    throw error;
  }
  return getClaim(db, actor, claimId);
}

/** A claim photo's stored key, for the claim's two businesses only. */
export async function claimPhotoKey(
  db: DbOrTx,
  actor: Actor,
  claimId: number,
  photoId: number,
): Promise<string> {
  const [row] = await db
    .select({ key: claimPhotos.storageKey })
    .from(claimPhotos)
    .innerJoin(claims, eq(claims.id, claimPhotos.claimId))
    .where(and(eq(claimPhotos.id, photoId), eq(claims.id, claimId), claimScope(actor)));
  if (!row) throw notFound('No such photo');
  return row.key;
}

/** One credit note and its lines, for its PDF (its farm and its restaurant only). */
export async function creditNoteDocument(
  db: DbOrTx,
  actor: Actor,
  creditNoteId: number,
): Promise<CreditNoteDocument> {
  const [note] = await creditNotesOf(db, actor, eq(creditNotes.id, creditNoteId));
  if (!note) throw notFound('Credit note not found');
  const claim = (await readClaims(db, [note.claimId]))[0]!;
  const [order] = await db
    .select({
      taxRate: orders.taxRate,
      invoiceNumber: orders.invoiceNumber,
      farmLocation: farms.location,
      restaurantLocation: restaurants.location,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, note.orderId));
  const lines = await db
    .select({
      itemId: claimLines.orderItemId,
      acceptedQuantity: claimLines.acceptedQuantity,
      creditSubtotal: claimLines.creditSubtotal,
      creditTax: claimLines.creditTax,
    })
    .from(claimLines)
    .where(eq(claimLines.claimId, note.claimId));
  return {
    note,
    farmLocation: order!.farmLocation,
    restaurantLocation: order!.restaurantLocation,
    taxRate: order!.taxRate,
    invoiceNumber: order!.invoiceNumber,
    lines: claim.lines
      .map((line) => {
        const credit = lines.find((candidate) => candidate.itemId === line.itemId);
        return {
          ...line,
          acceptedQuantity: credit?.acceptedQuantity ?? 0,
          amount: toMoneyString(centsOf(credit?.creditSubtotal ?? '0')),
        };
      })
      .filter((line) => line.acceptedQuantity > 0),
  };
}

/** GET /api/credit-balances: the farm's per restaurant, or the restaurant's per farm. */
export async function listCreditBalances(db: DbOrTx, actor: Actor): Promise<CreditBalance[]> {
  const business = actor.kind === 'person' ? actor.business : null;
  if (!business) return [];
  const rows = await db
    .select({
      farmId: creditBalances.farmId,
      restaurantId: creditBalances.restaurantId,
      amount: creditBalances.amount,
      farmName: farms.name,
      restaurantName: restaurants.name,
    })
    .from(creditBalances)
    .innerJoin(farms, eq(farms.id, creditBalances.farmId))
    .innerJoin(restaurants, eq(restaurants.id, creditBalances.restaurantId))
    .where(
      and(
        business.kind === 'farm'
          ? eq(creditBalances.farmId, business.id)
          : eq(creditBalances.restaurantId, business.id),
        sql`${creditBalances.amount} > 0`,
      ),
    )
    .orderBy(asc(business.kind === 'farm' ? restaurants.name : farms.name));
  return rows.map((row) => ({
    farm: { id: row.farmId, name: row.farmName },
    restaurant: { id: row.restaurantId, name: row.restaurantName },
    amount: toMoneyString(centsOf(row.amount)),
  }));
}

function positiveAmount(amount: string): number {
  const cents = centsOf(amount);
  if (cents <= 0) throw badRequest('Enter an amount above $0.00', { amount: 'More than $0.00' });
  return cents;
}

/** POST /api/credit-balances/apply: through the order's one path, as kind `credit_applied`. */
export async function applyCredit(
  db: Db,
  actor: FarmActor,
  body: CreditApplyBody,
  today = clockToday(),
): Promise<CreditBalance[]> {
  const amountCents = positiveAmount(body.amount);
  return db.transaction(async (tx) => {
    await changeOrder(tx, actor, body.orderId, {
      kind: 'credit_applied',
      restaurantId: body.restaurantId,
      amountCents,
      today,
    });
    // Credit put on an overdue invoice may clear the reason of an automatic hold.
    await reviewAutomaticHold(tx, actor.business.id, body.restaurantId);
    return listCreditBalances(tx, actor);
  });
}

/**
 * POST /api/credit-balances/refund: the farm paid credit back outside the app. The balance's
 * row is locked and the amount checked inside the lock; the database refuses below zero too.
 */
export async function refundCredit(
  db: Db,
  actor: FarmActor,
  body: CreditRefundBody,
  today = clockToday(),
): Promise<CreditBalance[]> {
  const amountCents = positiveAmount(body.amount);
  const farmId = actor.business.id;
  return db.transaction(async (tx) => {
    const [balance] = await tx
      .select({ amount: creditBalances.amount })
      .from(creditBalances)
      .where(
        and(eq(creditBalances.farmId, farmId), eq(creditBalances.restaurantId, body.restaurantId)),
      )
      .for('update');
    if (!balance) throw notFound('This restaurant has no credit with your farm');
    const available = centsOf(balance.amount);
    if (amountCents > available) {
      throw conflict(`The restaurant's credit is ${formatUsd(available)}`, 'credit_above_balance', {
        creditBalance: toMoneyString(available),
      });
    }
    await tx
      .update(creditBalances)
      .set({
        amount: sql`${creditBalances.amount} - ${toMoneyString(amountCents)}`,
        updatedAt: new Date(),
      })
      .where(
        and(eq(creditBalances.farmId, farmId), eq(creditBalances.restaurantId, body.restaurantId)),
      );
    await tx.insert(creditEntries).values({
      farmId,
      restaurantId: body.restaurantId,
      kind: 'refunded',
      amount: toMoneyString(amountCents),
      reference: body.reference,
      enteredOn: today,
      createdByUserId: actor.userId,
    });
    return listCreditBalances(tx, actor);
  });
}
