import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BusinessRef } from '#core/actor';
import { toMoneyString } from '#core/money';
import { IN_PROGRESS_STATUSES } from '#core/order-status';
import { can, ROLES_OF_KIND, type Permission } from '#core/permissions';
import type { PricedOrder } from '#core/schemas/order';
import type {
  LiveEvent,
  Notification,
  NotificationKind,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '#core/schemas/notification';
import { NOTIFICATION_LIST_DEFAULT } from '#core/schemas/notification';
import type { Db, DbOrTx, Tx } from '../../db/database';
import {
  farms,
  memberships,
  notificationDeliveries,
  notifications,
  orderItems,
  orders,
  restaurants,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import { today as clockToday } from '../../clock';
import { publishLiveEvent, publishLiveEvents } from '../events/publish';
import { preparedSelect } from '../../db/written-once';
import { jsonRows, rows } from '../../db/raw-sql';
import { owedColumns, paymentStateOfRow } from '../payments/owed';
import {
  autoCancelledContent,
  restaurantChangeContent,
  lowStockContent,
  orderPlacedContent,
  orderStatusContent,
  paymentReminderContent,
  paymentReminderText,
  type NotificationContent,
  type PaymentReminderEvent,
  orderAdjustedContent,
  type OrderAdjustedEvent,
  type OrderFacts,
  type Reader,
  type StockFacts,
} from './messages';
import { enqueueDelivery, type DeliveryChannel } from './queue';
import { standingOrderRunContent, type StandingOrderRunEvent } from './standing-order-messages';
import {
  businessDecisionContent,
  counterpartyContent,
  type BusinessStatusEvent,
} from './business-messages';
import { toE164 } from './sms';
import { recallContent, type LotRecalledEvent } from './recall-messages';
import { claimDecidedContent, claimReportedContent, type ClaimEvent } from './claim-messages';

/**
 * What happened, as the order service says it. The notification reads the rest (names,
 * lines, totals, the new status and delivery date) from the same transaction.
 * - order.placed: the farm hears of the new order, as placement read it back.
 * - product.low_stock: the farm hears that an order took a product under the low-stock line;
 *   the placement says so from its own stock update, so nothing is read again.
 * - order.status_changed: the restaurant hears of the order's current status.
 */
export type NotificationEvent =
  | {
      type: 'order.placed';
      order: PricedOrder;
      /** The farm's people who hear of it, when asked for ahead (`whoHearsOfNewOrders`). */
      listeners?: Promise<readonly Listener[]>;
    }
  /** The order took the product's stock from the low-stock line or above to under it. */
  | { type: 'product.low_stock'; orderId: number; farmId: number; product: StockFacts }
  | { type: 'order.status_changed'; orderId: number }
  /** The system cancelled a pending order: both sides hear it. */
  | { type: 'order.auto_cancelled'; orderId: number }
  /** The restaurant cancelled its pending order: the farm hears it. */
  | { type: 'order.cancelled_by_restaurant'; orderId: number }
  /** The restaurant changed its pending order's quantities: the farm hears it. */
  | { type: 'order.items_changed'; orderId: number; revision: string }
  | PaymentReminderEvent
  /** A standing order was placed for a day, or could not be: the restaurant hears what. */
  | StandingOrderRunEvent
  /** The farm adjusted the order to what was picked: the restaurant hears what and why. */
  | OrderAdjustedEvent
  /** An administrator's decision about a business: its owner and its open orders' other side. */
  | BusinessStatusEvent
  /** A farm recalled a lot: every member of each restaurant that received it hears it. */
  | LotRecalledEvent
  /** A problem reported on a delivered order (the farm hears), and its decision (the restaurant). */
  | ClaimEvent;

/**
 * Who of a business hears of what (docs/teams.md#notifications): the members whose role has
 * any of these permissions, each with their own channels. A farm's new orders and the
 * restaurant's changes go to those who move orders on (owner, manager, packer), low stock to
 * those who keep the products; a restaurant's order news to those who order (owner, buyer),
 * and what is owed to those who read the bills (owner, bookkeeper), a delivery to both.
 */
const WHO_CARES = {
  farmOrders: ['orders.status'],
  farmStock: ['products.manage'],
  restaurantOrders: ['orders.change'],
  restaurantDelivered: ['orders.change', 'bills.view'],
  restaurantBills: ['bills.view'],
  restaurantStandingOrders: ['standing_orders.manage'],
  farmClaims: ['claims.decide'],
  restaurantClaims: ['claims.report', 'bills.view'],
} as const satisfies Record<string, readonly Permission[]>;

interface Recipient {
  userId: number;
  /** How the user is told beyond the bell, when read with the recipient; read later if not. */
  channels?: Channels;
  orderId?: number | null;
  productId?: number | null;
  content: NotificationContent;
  /** Emailed whatever the user chose: a decision about their business (docs/admission.md). */
  alwaysEmail?: boolean;
  /**
   * A food-safety notice (a recall, docs/traceability.md): emailed whatever the user chose and
   * whether or not the address is verified, and texted to any phone the user gave.
   */
  safetyNotice?: boolean;
}

/**
 * The users on the other side of a business's open orders (pending to in transit), with how
 * many each has: a farm's restaurants, a restaurant's farms.
 */
async function counterparties(
  tx: DbOrTx,
  business: BusinessStatusEvent['business'],
): Promise<{ userId: number; openOrders: number }[]> {
  const other = business.kind === 'farm' ? restaurants : farms;
  const otherId = business.kind === 'farm' ? orders.restaurantId : orders.farmId;
  const own = business.kind === 'farm' ? orders.farmId : orders.restaurantId;
  const rows = await tx
    .select({ userId: other.userId, openOrders: count() })
    .from(orders)
    .innerJoin(other, eq(other.id, otherId))
    .where(and(eq(own, business.id), inArray(orders.status, IN_PROGRESS_STATUSES)))
    .groupBy(other.userId)
    .orderBy(asc(other.userId));
  return rows.map((row) => ({ userId: row.userId, openOrders: Number(row.openOrders) }));
}

/** A member who hears of an event, whether their role sees its money, and their channels. */
export interface Listener extends Reader {
  userId: number;
  channels: Channels;
}

/** How a user is told beyond the bell, as their row says now. */
const channelColumns = {
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

/** The members of the business whose role has any of the permissions, oldest first. */
async function listeners(
  tx: DbOrTx,
  business: BusinessRef,
  permissions: readonly Permission[],
): Promise<Listener[]> {
  const { kind } = business;
  const roles = ROLES_OF_KIND[kind].filter((role) =>
    permissions.some((permission) => can(kind, role, permission)),
  );
  const members = kind === 'farm' ? farmMembers : restaurantMembers;
  const rows = await members(tx, { businessId: business.id, roles });
  return rows.map(({ userId, businessRole, ...channels }) => ({
    userId,
    money: can(kind, businessRole, 'money.view'),
    channels,
  }));
}

/**
 * The farm's people who hear of its new orders, asked for now: a placement asks for them with
 * its checks' reads, so that telling them costs no round trip of its own.
 */
export function whoHearsOfNewOrders(tx: DbOrTx, farmId: number): Promise<Listener[]> {
  return listeners(tx, farmOf(farmId), WHO_CARES.farmOrders);
}

/** One notification per listener, each worded for what their role may read. */
function toListeners(
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
async function tell(
  tx: DbOrTx,
  business: BusinessRef,
  permissions: readonly Permission[],
  about: { orderId?: number | null; productId?: number | null },
  content: (reader: Reader) => NotificationContent,
): Promise<Recipient[]> {
  return toListeners(await listeners(tx, business, permissions), about, content);
}

async function loadOrder(
  tx: DbOrTx,
  orderId: number,
): Promise<(OrderFacts & { farmId: number; restaurantId: number }) | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      subtotal: orders.subtotal,
      deliveryFee: orders.deliveryFee,
      taxRate: orders.taxRate,
      taxAmount: orders.taxAmount,
      totalAmount: orders.totalAmount,
      deliveryDate: orders.deliveryDate,
      recipientName: orders.recipientName,
      notes: orders.notes,
      farmName: farms.name,
      farmId: orders.farmId,
      restaurantName: restaurants.name,
      restaurantId: orders.restaurantId,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select({
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      quantity: orderItems.quantity,
      orderedQuantity:
        sql<number>`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})`.mapWith(
          Number,
        ),
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}

/** What a notification says of an order, from the order as the API gives it. */
function factsOf(order: PricedOrder): OrderFacts {
  return {
    id: order.id,
    status: order.status,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    taxRate: order.taxRate,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    deliveryDate: order.deliveryDate,
    recipientName: order.recipientName,
    notes: order.notes,
    farmName: order.farm.name,
    restaurantName: order.restaurant.name,
    items: order.orderItems.map((item) => ({
      productName: item.product.name,
      productUnit: item.product.unit,
      quantity: item.quantity,
      orderedQuantity: item.orderedQuantity ?? item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
    })),
  };
}

const farmOf = (id: number): BusinessRef => ({ kind: 'farm', id });
const restaurantOf = (id: number): BusinessRef => ({ kind: 'restaurant', id });

async function recipientsOf(tx: DbOrTx, event: NotificationEvent): Promise<Recipient[]> {
  if (event.type === 'product.low_stock') {
    const { farmId, orderId, product } = event;
    return tell(
      tx,
      farmOf(farmId),
      WHO_CARES.farmStock,
      { orderId, productId: product.productId },
      () => lowStockContent(product, orderId),
    );
  }
  if (event.type === 'standing_order.run') {
    return tell(
      tx,
      restaurantOf(event.restaurantId),
      WHO_CARES.restaurantStandingOrders,
      { orderId: event.orderId },
      () => standingOrderRunContent(event),
    );
  }
  if (event.type === 'lot.recalled') {
    // Every member of every restaurant that received the lot, with their channels, one read.
    const members = await tx
      .select({ userId: memberships.userId, ...channelColumns })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inArray(memberships.restaurantId, [...event.restaurantIds]))
      .orderBy(asc(memberships.restaurantId), asc(memberships.id));
    return members.map(({ userId, ...channels }) => ({
      userId,
      channels,
      content: recallContent(event),
      safetyNotice: true,
    }));
  }
  if (event.type === 'business.status_changed') {
    const owner: Recipient = {
      userId: event.business.ownerUserId,
      content: businessDecisionContent(event),
      alwaysEmail: true,
    };
    if (event.action !== 'suspend' && event.action !== 'reinstate') return [owner];
    const others = (await counterparties(tx, event.business)).map(({ userId, openOrders }) => ({
      userId,
      content: counterpartyContent(event, openOrders)!,
    }));
    return [owner, ...others];
  }
  if (event.type === 'order.placed') {
    const { order } = event;
    const facts = factsOf(order);
    const people = await (event.listeners ?? whoHearsOfNewOrders(tx, order.farm.id));
    return toListeners(people, { orderId: order.id }, (reader) =>
      orderPlacedContent(facts, reader),
    );
  }
  const order = await loadOrder(tx, event.orderId);
  if (!order) return [];
  const about = { orderId: order.id };
  const farm = farmOf(order.farmId);
  const restaurant = restaurantOf(order.restaurantId);
  switch (event.type) {
    case 'order.auto_cancelled':
      return [
        ...(await tell(tx, restaurant, WHO_CARES.restaurantOrders, about, (reader) =>
          autoCancelledContent(order, 'restaurant', reader),
        )),
        ...(await tell(tx, farm, WHO_CARES.farmOrders, about, (reader) =>
          autoCancelledContent(order, 'farm', reader),
        )),
      ];
    case 'order.cancelled_by_restaurant':
      return tell(tx, farm, WHO_CARES.farmOrders, about, (reader) =>
        restaurantChangeContent(order, { kind: 'cancelled' }, reader),
      );
    case 'order.items_changed':
      return tell(tx, farm, WHO_CARES.farmOrders, about, (reader) =>
        restaurantChangeContent(order, { kind: 'items', revision: event.revision }, reader),
      );
    case 'order.adjusted':
      return tell(tx, restaurant, WHO_CARES.restaurantOrders, about, (reader) =>
        orderAdjustedContent(order, event, reader),
      );
    case 'payment.reminder':
      return tell(tx, restaurant, WHO_CARES.restaurantBills, about, () =>
        paymentReminderContent(order, event),
      );
    case 'claim.reported':
      return tell(tx, farm, WHO_CARES.farmClaims, about, () => claimReportedContent(event));
    case 'claim.decided':
      return tell(tx, restaurant, WHO_CARES.restaurantClaims, about, (reader) =>
        claimDecidedContent(event, reader),
      );
    case 'order.status_changed':
      return tell(
        tx,
        restaurant,
        order.status === 'delivered' ? WHO_CARES.restaurantDelivered : WHO_CARES.restaurantOrders,
        about,
        (reader) => orderStatusContent(order, reader),
      );
  }
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
  return (await sendNotificationEvents(tx, events, alsoPublish)).answered;
}

/**
 * `recordNotificationEvents` up to the sending of its last statements: resolves once every
 * statement is sent, and `answered` once they are answered. A caller may send its own next
 * statements (its commit among them) meanwhile, so that they leave together
 * (docs/performance.md); a failure is told by `answered`, which the caller must await.
 */
export async function sendNotificationEvents(
  tx: Tx,
  events: readonly NotificationEvent[],
  alsoPublish: readonly LiveEvent[] = [],
): Promise<{ answered: Promise<number[]> }> {
  // Every event's recipients asked for together (one round trip), then all their notices in
  // one statement.
  const recipients = (await Promise.all(events.map((event) => recipientsOf(tx, event)))).flat();
  const { answered: created, queued } = await sendAll(tx, recipients);
  // Each recipient's bell is told to look again, whether or not the event was new to it: a
  // repeat adds no notice, and the bell then finds none.
  const notifiedUsers = new Set(recipients.map((recipient) => recipient.userId));
  const published = publishLiveEvents(tx, [
    ...[...notifiedUsers].map((userId): LiveEvent => ({ type: 'notifications.changed', userId })),
    ...alsoPublish,
    // The delivery workers are woken only when there is something for them to send.
    ...(queued ? [{ type: 'deliveries.queued' as const }] : []),
  ]);
  const answered = Promise.all([created, published]).then(([ids]) => ids);
  // Told by the caller's await; a statement sent after a failed one fails too, and says less.
  answered.catch(() => undefined);
  return { answered };
}

interface Channels {
  email: string;
  notifyByEmail: boolean;
  notifyBySms: boolean;
  smsPhone: string | null;
  emailVerified: boolean;
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
 * recipient of the same notification in one call. Resolves once every statement is sent;
 * `answered` with the new notifications' ids, `queued` when jobs were queued.
 */
async function sendAll(
  tx: Tx,
  all: readonly Recipient[],
): Promise<{ answered: Promise<number[]>; queued: boolean }> {
  const byNotification = new Map<string, Recipient>();
  for (const recipient of all) {
    const key = `${recipient.userId}:${recipient.content.eventKey}`;
    if (!byNotification.has(key)) byNotification.set(key, recipient);
  }
  const recipients = [...byNotification.values()];
  if (recipients.length === 0) return { answered: Promise.resolve([]), queued: false };
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
  if (toQueue.length === 0) {
    const answered = inserted.then(idsOf);
    answered.catch(() => undefined);
    return { answered, queued: false };
  }
  const created = await inserted;
  const idOf = new Map(created.map((row) => [`${row.user_id}:${row.event_key}`, Number(row.id)]));
  const jobs = toQueue.flatMap(({ userId, eventKey, channel }) => {
    const notificationId = idOf.get(`${userId}:${eventKey}`);
    return notificationId === undefined ? [] : [enqueueDelivery(tx, { notificationId, channel })];
  });
  await Promise.all(jobs);
  return { answered: Promise.resolve(idsOf(created)), queued: jobs.length > 0 };
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
 * Payment reminders say what their bill is when they are read, through the owed rule: one made
 * on the due date ("due today") reads "overdue since …" once the bill is past due, with what is
 * owed now. A bill paid since (or a clock set before the due date) keeps the words it was sent
 * with: they were true then, and Bills says the rest.
 */
async function withReminderWording(
  db: DbOrTx,
  rows: NotificationRow[],
  today = clockToday(),
): Promise<NotificationRow[]> {
  const orderIds = [
    ...new Set(
      rows
        .filter((row) => row.kind === 'payment_reminder' && row.orderId !== null)
        .map((row) => row.orderId!),
    ),
  ];
  if (orderIds.length === 0) return rows;
  const bills = await db
    .select({ ...owedColumns, id: orders.id, farmName: farms.name })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .where(inArray(orders.id, orderIds));
  const wording = new Map<number, { title: string; body: string }>();
  for (const bill of bills) {
    const state = paymentStateOfRow(bill, today);
    if (state.balanceDueCents === 0 || !state.dueDate || state.dueDate > today) continue;
    wording.set(
      bill.id,
      paymentReminderText({
        orderId: bill.id,
        farmName: bill.farmName,
        balanceDue: toMoneyString(state.balanceDueCents),
        dueDate: state.dueDate,
        overdue: state.daysPastDue > 0,
      }),
    );
  }
  return rows.map((row) =>
    row.kind === 'payment_reminder' && row.orderId !== null && wording.has(row.orderId)
      ? { ...row, ...wording.get(row.orderId)! }
      : row,
  );
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
  return { items: (await withReminderWording(db, rows)).map(toNotification), unreadCount: unread };
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
    const [worded] = await withReminderWording(tx, [row]);
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
