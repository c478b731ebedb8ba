import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import { can, ROLES_OF_KIND, type BusinessRole, type Permission } from '#core/permissions';
import type {
  LiveEvent,
  Notification,
  NotificationKind,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '#core/schemas/notification';
import { NOTIFICATION_LIST_DEFAULT } from '#core/schemas/notification';
import { sendAhead, type Db, type DbOrTx, type Tx } from '../../db/database';
import { memberships, notificationDeliveries, notifications, users } from '../../db/schema';
import { notFound } from '../../errors';
import { publishLiveEvent, publishLiveEvents } from '../events';
import { preparedSelect } from '../../db/written-once';
import { jsonRows, rows } from '../../db/raw-sql';
import {
  recipientsOf,
  wordingNow,
  type Channels,
  type NotificationEvent,
  type Recipient,
} from './kinds';
import type { NotificationContent, Reader } from './messages';
import { enqueueDelivery, type DeliveryChannel } from './queue';
import { toE164 } from './sms';

export type { NotificationEvent } from './kinds';

/** A member who hears of an event, whether their role sees its money, and their channels. */
export interface Listener extends Reader {
  userId: number;
  channels: Channels;
}

/** How a user is told beyond the bell, as their row says now (to read with one's recipients). */
export const channelColumns = {
  email: users.email,
  notifyByEmail: users.notifyByEmail,
  notifyBySms: users.notifyBySms,
  smsPhone: users.smsPhone,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
};

/** A business's people in any of the roles, with their role and channels, oldest first. */
const membersOf = (business: 'farmId' | 'restaurantId') =>
  preparedSelect((select) =>
    select
      .select({
        userId: memberships.userId,
        businessRole: memberships.businessRole,
        ...channelColumns,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships[business], sql.placeholder('businessId')),
          sql`${memberships.businessRole} = any(${sql.placeholder('roles')})`,
        ),
      )
      .orderBy(asc(memberships.id)),
  );
const farmMembers = membersOf('farmId');
const restaurantMembers = membersOf('restaurantId');

/** The members of the business in any of the roles, oldest first (its owners: ['owner']). */
export async function membersInRoles(
  tx: DbOrTx,
  business: BusinessRef,
  roles: readonly BusinessRole[],
): Promise<Listener[]> {
  const { kind } = business;
  const members = kind === 'farm' ? farmMembers : restaurantMembers;
  const rows = await members(tx, { businessId: business.id, roles });
  return rows.map(({ userId, businessRole, ...channels }) => ({
    userId,
    money: can(kind, businessRole, 'money.view'),
    channels,
  }));
}

/**
 * The members of the business whose role has any of the permissions, oldest first. Who of a
 * business hears of what is said so by each feature (docs/teams.md#notifications): a farm's
 * new orders go to those who move orders on, what is owed to those who read the bills, ...
 */
export function listeners(
  tx: DbOrTx,
  business: BusinessRef,
  permissions: readonly Permission[],
): Promise<Listener[]> {
  const { kind } = business;
  const roles = ROLES_OF_KIND[kind].filter((role) =>
    permissions.some((permission) => can(kind, role, permission)),
  );
  return membersInRoles(tx, business, roles);
}

/** One notification per listener, each worded for what their role may read. */
export function toListeners(
  people: readonly Listener[],
  about: { orderId?: number | null; productId?: number | null },
  content: (reader: Reader) => NotificationContent,
): Recipient[] {
  return people.map((listener) => ({
    userId: listener.userId,
    channels: listener.channels,
    ...about,
    content: content(listener),
  }));
}

/** One notification per member of the business whose role has any of the permissions. */
export async function tell(
  tx: DbOrTx,
  business: BusinessRef,
  permissions: readonly Permission[],
  about: { orderId?: number | null; productId?: number | null },
  content: (reader: Reader) => NotificationContent,
): Promise<Recipient[]> {
  return toListeners(await listeners(tx, business, permissions), about, content);
}

/**
 * Records notifications for events, inside the caller's transaction: the bell's entries,
 * their email and text-message copies on the durable queue, and a live update to each
 * recipient. All of it happens only if the transaction commits, and once per event (a repeat
 * of the same event adds no notice). Nothing here talks to a mail server: sending is the
 * worker's job, so a mail server that is down never fails or slows the caller. Answers the
 * ids of the new notifications.
 */
export async function recordNotificationEvents(
  tx: Tx,
  events: readonly NotificationEvent[],
  /** The caller's own live events, sent after the bell's in the same round trip. */
  alsoPublish: readonly LiveEvent[] = [],
): Promise<number[]> {
  return (await sendNotices(tx, events, alsoPublish)).ids;
}

/**
 * `recordNotificationEvents` without waiting for the last statements' answers: resolves once
 * every statement is sent, ahead of what the caller asks for next (its commit among them), so
 * that they leave together (docs/performance.md). The transaction joins their answers before
 * it commits: a failure fails it.
 */
export async function sendNotificationEvents(
  tx: Tx,
  events: readonly NotificationEvent[],
  alsoPublish: readonly LiveEvent[] = [],
): Promise<void> {
  await sendNotices(tx, events, alsoPublish);
}

/** The notices of the events, sent; `ids`, the new notifications' ids once answered. */
async function sendNotices(
  tx: Tx,
  events: readonly NotificationEvent[],
  alsoPublish: readonly LiveEvent[],
): Promise<{ ids: Promise<number[]> }> {
  // Every event's recipients asked for together (one round trip), then all their notices in
  // one statement.
  const recipients = (await Promise.all(events.map((event) => recipientsOf(tx, event)))).flat();
  const { ids, queued } = await sendAll(tx, recipients);
  // Each recipient's bell is told to look again, whether or not the event was new to it: a
  // repeat adds no notice, and the bell then finds none.
  const notifiedUsers = new Set(recipients.map((recipient) => recipient.userId));
  void sendAhead(
    tx,
    publishLiveEvents(tx, [
      ...[...notifiedUsers].map((userId): LiveEvent => ({ type: 'notifications.changed', userId })),
      ...alsoPublish,
      // The delivery workers are woken only when there is something for them to send.
      ...(queued ? [{ type: 'deliveries.queued' as const }] : []),
    ]),
  );
  return { ids };
}

/** The channels of users (by id) who were not read with their business. */
async function channelsOf(tx: Tx, userIds: readonly number[]): Promise<Map<number, Channels>> {
  const read = await tx
    .select({ id: users.id, ...channelColumns })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(read.map(({ id, ...channels }) => [id, channels]));
}

/** A notification's columns, sent as rows of one parameter. */
const notificationColumns = {
  userId: notifications.userId,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  details: notifications.details,
  link: notifications.link,
  orderId: notifications.orderId,
  productId: notifications.productId,
  eventKey: notifications.eventKey,
};

/** An email or text message of a notification, named by its recipient and event. */
const deliveryColumns = {
  userId: notifications.userId,
  eventKey: notifications.eventKey,
  channel: notificationDeliveries.channel,
  destination: notificationDeliveries.destination,
  status: notificationDeliveries.status,
};

/**
 * The notifications and their email and text-message rows, in one statement (a placement's
 * round trips are what an order costs, docs/performance.md); then the queue's jobs for those
 * that do not wait, which name the notification and so wait for its id. A notification the
 * user already has for the same event adds nothing, nor do its messages, nor does a second
 * recipient of the same notification in one call. Resolves once every statement is sent
 * (ahead: the transaction joins them); `ids`, the new notifications' ids once answered, and
 * `queued` when jobs were queued.
 */
async function sendAll(
  tx: Tx,
  all: readonly Recipient[],
): Promise<{ ids: Promise<number[]>; queued: boolean }> {
  const byNotification = new Map<string, Recipient>();
  for (const recipient of all) {
    const key = `${recipient.userId}:${recipient.content.eventKey}`;
    if (!byNotification.has(key)) byNotification.set(key, recipient);
  }
  const recipients = [...byNotification.values()];
  if (recipients.length === 0) return { ids: Promise.resolve([]), queued: false };
  const withoutChannels = recipients.filter((recipient) => !recipient.channels);
  const channelsRead =
    withoutChannels.length > 0
      ? await channelsOf(
          tx,
          withoutChannels.map((recipient) => recipient.userId),
        )
      : undefined;
  const values = recipients.map(({ userId, orderId, productId, content }) => ({
    userId,
    kind: content.kind,
    title: content.title,
    body: content.body,
    details: content.details,
    link: content.link,
    orderId,
    productId,
    eventKey: content.eventKey,
  }));
  const deliveries = recipients.flatMap((recipient) => {
    const channels = recipient.channels ?? channelsRead?.get(recipient.userId);
    if (!channels) return [];
    return deliveriesOf(recipient, channels).map(({ channel, destination, waiting }) => ({
      userId: recipient.userId,
      eventKey: recipient.content.eventKey,
      channel,
      destination,
      status: waiting ? ('waiting' as const) : ('pending' as const),
    }));
  });
  const inserted = rows<{ id: number; user_id: number; event_key: string }>(
    tx,
    sql`
    with inserted as (
      insert into notifications
        (user_id, kind, title, body, details, link, order_id, product_id, event_key)
      select user_id, kind, title, body, details, link, order_id, product_id, event_key
      from ${jsonRows('recipient', notificationColumns, values)}
      order by recipient.ordinality
      on conflict (user_id, event_key) do nothing
      returning id, user_id, event_key
    ), delivered as (
      insert into notification_deliveries (notification_id, channel, destination, status)
      select inserted.id, delivery.channel, delivery.destination, delivery.status
      from ${jsonRows('delivery', deliveryColumns, deliveries)}
      join inserted on inserted.user_id = delivery.user_id
        and inserted.event_key = delivery.event_key
      order by delivery.ordinality
    )
    select inserted.id, inserted.user_id, inserted.event_key from inserted order by inserted.id`,
  );
  const idsOf = (created: { id: number }[]) => created.map((row) => Number(row.id));
  const toQueue = deliveries.filter((delivery) => delivery.status === 'pending');
  if (toQueue.length === 0) return { ids: sendAhead(tx, inserted.then(idsOf)), queued: false };
  const created = await inserted;
  const idOf = new Map(created.map((row) => [`${row.user_id}:${row.event_key}`, Number(row.id)]));
  // A food-safety notice goes out before whatever mail is already waiting.
  const safety = new Set(
    recipients
      .filter((recipient) => recipient.safetyNotice)
      .map((recipient) => `${recipient.userId}:${recipient.content.eventKey}`),
  );
  const jobs = toQueue.flatMap(({ userId, eventKey, channel }) => {
    const notificationId = idOf.get(`${userId}:${eventKey}`);
    if (notificationId === undefined) return [];
    const urgent = safety.has(`${userId}:${eventKey}`);
    return [enqueueDelivery(tx, { notificationId, channel }, { urgent })];
  });
  await Promise.all(jobs);
  return { ids: Promise.resolve(idsOf(created)), queued: jobs.length > 0 };
}

/** The email and text message a notification goes out as, by what its recipient chose. */
function deliveriesOf(
  recipient: Recipient,
  user: Channels,
): { channel: DeliveryChannel; destination: string; waiting: boolean }[] {
  const deliveries: { channel: DeliveryChannel; destination: string; waiting: boolean }[] = [];
  // Email to an address nobody has confirmed waits (it could be someone else's); it is queued
  // when the address is verified. In-app and text messages do not wait.
  if (recipient.safetyNotice) {
    deliveries.push({ channel: 'email', destination: user.email, waiting: false });
  } else if (user.notifyByEmail || recipient.alwaysEmail) {
    deliveries.push({ channel: 'email', destination: user.email, waiting: !user.emailVerified });
  }
  const texts = user.notifyBySms || recipient.safetyNotice;
  const phone = texts && user.smsPhone ? toE164(user.smsPhone) : null;
  if (phone) deliveries.push({ channel: 'sms', destination: phone, waiting: false });
  return deliveries;
}

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/**
 * The notifications as they read now: a kind whose words depend on what is true when it is
 * read (a payment reminder, which says "overdue" once its bill is past due) words them anew;
 * the others keep the words they were sent with.
 */
async function withWordingNow(db: DbOrTx, rows: NotificationRow[]): Promise<NotificationRow[]> {
  const wording = await wordingNow(db, rows);
  if (wording.size === 0) return rows;
  return rows.map((row) => (wording.has(row.id) ? { ...row, ...wording.get(row.id)! } : row));
}

/** The user's newest notifications and how many of all of them are unread. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  limit = NOTIFICATION_LIST_DEFAULT,
): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    unreadCount(db, userId),
  ]);
  return { items: (await withWordingNow(db, rows)).map(toNotification), unreadCount: unread };
}

/** Marks one of the user's notifications read; someone else's is 404. */
export async function markNotificationRead(
  db: Db,
  userId: number,
  notificationId: number,
): Promise<Notification> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw notFound('No such notification');
    await publishLiveEvent(tx, { type: 'notifications.changed', userId });
    const [worded] = await withWordingNow(tx, [row]);
    return toNotification(worded!);
  });
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length > 0) {
      await publishLiveEvent(tx, { type: 'notifications.changed', userId });
    }
    return unreadCount(tx, userId);
  });
}

export async function getNotificationPreferences(
  db: DbOrTx,
  userId: number,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      email: users.email,
      emailEnabled: users.notifyByEmail,
      smsEnabled: users.notifyBySms,
      smsPhone: users.smsPhone,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('No such user');
  return row;
}

export async function updateNotificationPreferences(
  db: DbOrTx,
  userId: number,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const [row] = await db
    .update(users)
    .set({
      notifyByEmail: body.emailEnabled,
      notifyBySms: body.smsEnabled,
      smsPhone: body.smsPhone,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({
      email: users.email,
      emailEnabled: users.notifyByEmail,
      smsEnabled: users.notifyBySms,
      smsPhone: users.smsPhone,
    });
  if (!row) throw notFound('No such user');
  return row;
}
