import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Actor, BusinessKind } from '#core/actor';
import type { ThreadEntry } from '#core/schemas/order-message';
import type { Db, DbOrTx } from '../../db/database';
import {
  farms,
  orderMessagePhotos,
  orderMessageReads,
  orderMessages,
  orders,
  restaurants,
} from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { recordNotificationEvents } from '../notifications';
import { orderScope } from '../orders';
import {
  compareKeys,
  cursorTimestamp,
  decodeKeyCursor,
  encodeKeyCursor,
  type ListPage,
} from '../paging';
import { removeUnusedFiles, type PhotoStorage, type ProcessedPhoto } from '../photos';
import { isoOf, MESSAGE_RANK, orderEvents, type EventOrder, type Placed } from './events';

/*
 * An order's thread (docs/order-thread.md): the messages the people of its farm and its
 * restaurant write on it, with what happened to the order inline, newest first. Only the two
 * businesses read it; anyone else is told the order does not exist.
 */

type MessageEntry = Extract<ThreadEntry, { type: 'message' }>;

/** The person reading or writing, for the business they act for. */
export interface ThreadReader {
  userId: number;
  name: string | null;
  business: { kind: BusinessKind; id: number };
}

/** The thread's order, as the reader's side sees it. */
export interface ThreadOrder extends EventOrder {
  farmId: number;
  restaurantId: number;
  /** The reader's side of the order. */
  side: BusinessKind;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UNREADABLE = 'cursor cannot be read: take the next page from the Link header';
const KEY_PARTS = ['text', 'int', 'int'] as const;

/** The person as a reader of threads; null for an actor of no business (an administrator). */
export function threadReaderOf(actor: Actor): ThreadReader | null {
  if (actor.kind !== 'person' || !actor.business) return null;
  return { userId: actor.userId, name: actor.name, business: actor.business };
}

/**
 * The order, when the reader acts for its farm or its restaurant; 404 otherwise, as for an id
 * that does not exist (an administrator included: the thread is the two businesses').
 */
export async function threadOrder(
  db: DbOrTx,
  actor: Actor,
  orderId: number,
): Promise<{ reader: ThreadReader; order: ThreadOrder }> {
  const reader = threadReaderOf(actor);
  if (!reader) throw notFound('Order not found');
  const [row] = await db
    .select({
      id: orders.id,
      farmId: orders.farmId,
      restaurantId: orders.restaurantId,
      farmName: farms.name,
      restaurantName: restaurants.name,
      standingOrderId: orders.standingOrderId,
      placedAt: cursorTimestamp(orders.createdAt),
      recipientName: orders.recipientName,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(and(eq(orders.id, orderId), orderScope(actor)));
  if (!row) throw notFound('Order not found');
  const { kind, id } = reader.business;
  const ours = kind === 'farm' ? row.farmId === id : row.restaurantId === id;
  if (!ours) throw notFound('Order not found');
  return { reader, order: { ...row, side: kind } };
}

/** Where a message's photo is served: to the order's two businesses only. */
export function messagePhotoUrl(orderId: number, photoId: number): string {
  return `/api/orders/${orderId}/messages/photos/${photoId}`;
}

interface MessageRow {
  id: number;
  authorUserId: number | null;
  authorSide: BusinessKind;
  authorName: string;
  text: string;
  at: string;
}

async function messageEntries(
  db: DbOrTx,
  orderId: number,
  reader: ThreadReader,
  rows: MessageRow[],
): Promise<Placed<MessageEntry>[]> {
  const photos =
    rows.length === 0
      ? []
      : await db
          .select({
            id: orderMessagePhotos.id,
            messageId: orderMessagePhotos.messageId,
            width: orderMessagePhotos.width,
            height: orderMessagePhotos.height,
          })
          .from(orderMessagePhotos)
          .where(
            inArray(
              orderMessagePhotos.messageId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderMessagePhotos.id));
  return rows.map((row) => ({
    at: row.at,
    rank: MESSAGE_RANK,
    rowId: row.id,
    entry: {
      type: 'message',
      id: `m${row.id}`,
      messageId: row.id,
      author: { name: row.authorName, side: row.authorSide },
      mine: row.authorUserId === reader.userId,
      text: row.text,
      photos: photos
        .filter((photo) => photo.messageId === row.id)
        .map((photo) => ({
          id: photo.id,
          url: messagePhotoUrl(orderId, photo.id),
          width: photo.width,
          height: photo.height,
        })),
      createdAt: isoOf(row.at),
    },
  }));
}

const messageColumns = {
  id: orderMessages.id,
  authorUserId: orderMessages.authorUserId,
  authorSide: orderMessages.authorSide,
  authorName: orderMessages.authorName,
  text: orderMessages.text,
  at: cursorTimestamp(orderMessages.createdAt),
};

/** The position a cursor holds: (time, rank, row id) of the last entry of the page before. */
function cursorKey(cursor: string | undefined): [string, number, number] | null {
  if (!cursor) return null;
  const key = decodeKeyCursor(cursor, KEY_PARTS) as [string, number, number];
  if (!TIMESTAMP.test(key[0]) || Number.isNaN(Date.parse(`${key[0].slice(0, 23)}Z`))) {
    throw badRequest(UNREADABLE, { cursor: UNREADABLE });
  }
  return key;
}

const keyOf = (placed: Placed<unknown>): [string, number, number] => [
  placed.at,
  placed.rank,
  placed.rowId,
];

/**
 * One page of the thread, newest first. Messages are read a page at a time; the order's events,
 * which are few, are read whole and merged in, so one cursor on (time, rank, row) pages both.
 * The first page (no cursor) marks the thread read for the reader.
 */
export async function readThread(
  db: Db,
  actor: Actor,
  orderId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListPage<ThreadEntry>> {
  const { reader, order } = await threadOrder(db, actor, orderId);
  const after = cursorKey(query.cursor);
  const before = after
    ? sql`(${orderMessages.createdAt}, ${MESSAGE_RANK}::int, ${orderMessages.id}) < ((${after[0]}::timestamp at time zone 'UTC'), ${after[1]}::int, ${after[2]}::int)`
    : undefined;
  const [messageRows, [counted], events, [latest]] = await Promise.all([
    db
      .select(messageColumns)
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, order.id), before))
      .orderBy(desc(orderMessages.createdAt), desc(orderMessages.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(orderMessages).where(eq(orderMessages.orderId, order.id)),
    orderEvents(db, order),
    db
      .select({ id: sql<number | null>`max(${orderMessages.id})` })
      .from(orderMessages)
      .where(eq(orderMessages.orderId, order.id)),
  ]);
  const messages = await messageEntries(db, order.id, reader, messageRows);
  const newestFirst = (a: Placed<unknown>, b: Placed<unknown>) => compareKeys(keyOf(b), keyOf(a));
  const merged = [
    ...messages,
    ...events.filter((placed) => !after || compareKeys(keyOf(placed), after) < 0),
  ].sort(newestFirst);
  const page = merged.slice(0, query.limit);
  const more = merged.length > query.limit;
  if (!after && latest?.id != null) await markRead(db, reader.userId, order.id, latest.id);
  return {
    items: page.map((placed) => placed.entry),
    total: (counted?.n ?? 0) + events.length,
    nextCursor: more ? encodeKeyCursor(keyOf(page.at(-1)!)) : null,
  };
}

/** The reader has seen the thread up to `messageId` (never back: reads may cross). */
async function markRead(db: DbOrTx, userId: number, orderId: number, messageId: number) {
  await db
    .insert(orderMessageReads)
    .values({ userId, orderId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [orderMessageReads.userId, orderMessageReads.orderId],
      set: {
        lastReadMessageId: sql`greatest(${orderMessageReads.lastReadMessageId}, excluded.last_read_message_id)`,
      },
    });
}

/** A message as it was written: its text (may be empty) and its photos, already checked. */
export interface NewMessage {
  text: string;
  photos: ProcessedPhoto[];
}

/**
 * Writes the message and tells the other side. The photo files are written first and the rows
 * after; when the rows are refused, the files just written go again unless a row names them.
 */
export async function postMessage(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  orderId: number,
  message: NewMessage,
): Promise<MessageEntry> {
  const { reader, order } = await threadOrder(db, actor, orderId);
  const keys = message.photos.map((photo) => photo.large.key);
  for (const photo of message.photos) {
    await storage.put(photo.large.key, photo.large.data, 'image/webp');
  }
  const businessName = order.side === 'farm' ? order.farmName : order.restaurantName;
  let row: MessageRow;
  try {
    row = await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(orderMessages)
        .values({
          orderId: order.id,
          authorUserId: reader.userId,
          authorSide: order.side,
          authorName: reader.name ?? businessName,
          text: message.text,
        })
        .returning(messageColumns);
      if (message.photos.length > 0) {
        await tx.insert(orderMessagePhotos).values(
          message.photos.map((photo) => ({
            messageId: written!.id,
            storageKey: photo.large.key,
            width: photo.large.width,
            height: photo.large.height,
          })),
        );
      }
      await recordNotificationEvents(
        tx,
        [
          {
            type: 'order_message.posted',
            orderId: order.id,
            farmId: order.farmId,
            restaurantId: order.restaurantId,
            messageId: written!.id,
            side: order.side,
            businessName,
            authorName: written!.authorName,
            text: message.text,
            photoCount: message.photos.length,
          },
        ],
        [
          {
            type: 'orders.changed',
            orderId: order.id,
            farmId: order.farmId,
            restaurantId: order.restaurantId,
          },
        ],
      );
      return written!;
    });
  } catch (error) {
    await removeUnusedFiles(db, storage, keys);
    throw error;
  }
  const [entry] = await messageEntries(db, order.id, reader, [row]);
  return entry!.entry;
}

/** A message photo's stored key, for the order's two businesses only. */
export async function messagePhotoKey(
  db: DbOrTx,
  actor: Actor,
  orderId: number,
  photoId: number,
): Promise<string> {
  const { order } = await threadOrder(db, actor, orderId);
  const [row] = await db
    .select({ key: orderMessagePhotos.storageKey })
    .from(orderMessagePhotos)
    .innerJoin(orderMessages, eq(orderMessages.id, orderMessagePhotos.messageId))
    .where(and(eq(orderMessagePhotos.id, photoId), eq(orderMessages.orderId, order.id)));
  if (!row) throw notFound('No such photo');
  return row.key;
}

/**
 * Per order, the messages from the other business newer than what the reader last read: one
 * query for any number of orders. Orders of neither of the reader's sides count 0 (left out).
 */
export async function unreadCounts(
  db: DbOrTx,
  reader: ThreadReader,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderMessages.orderId, n: count() })
    .from(orderMessages)
    .leftJoin(
      orderMessageReads,
      and(
        eq(orderMessageReads.orderId, orderMessages.orderId),
        eq(orderMessageReads.userId, reader.userId),
      ),
    )
    .where(
      and(
        inArray(orderMessages.orderId, [...orderIds]),
        ne(orderMessages.authorSide, reader.business.kind),
        sql`${orderMessages.id} > coalesce(${orderMessageReads.lastReadMessageId}, 0)`,
      ),
    )
    .groupBy(orderMessages.orderId);
  return new Map(rows.map((row) => [row.orderId, row.n]));
}
