import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { and, asc, eq, gt, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { BusinessKind } from '#core/actor';
import { centsOf, toMoneyString } from '#core/money';
import { can, type BusinessRole } from '#core/permissions';
import type { DbOrTx } from '../../db/database';
import {
  farms,
  memberships,
  notifications,
  orderItems,
  orders,
  restaurants,
  users,
} from '../../db/schema';
import { unauthorized } from '../../errors';
import { invoiceNumberLabel } from '../orders';
import { toCsv, type CsvValue } from '../reports';

/*
 * GET /api/auth/export (docs/leaving.md#export): everything the product holds about a person
 * and the businesses they act for, as a zip of JSON and CSV files, streamed: rows are read a
 * page at a time and each page is compressed and sent before the next is read, so the archive
 * is never whole in memory. Each business is exported as the person's role there sees it: a
 * role without `money.view` gets no prices, totals or invoices.
 */

/** How many rows are read, compressed and sent at a time. */
const PAGE = 200;

const README = (seesMoneyAnywhere: boolean) => `Your data from Harvest Hui
==========================

This archive holds what Harvest Hui keeps about you and the businesses you belong to, as it
was when you downloaded it. JSON files hold everything; CSV files hold the same rows as a
table that a spreadsheet opens.

profile.json          Your account: name, email, phone for text messages, notification choices.
memberships.json/.csv The farms and restaurants you belong to, and your role in each.
notifications.json/.csv
                      The notifications sent to you (the bell, email and text messages).
businesses/<kind>-<id>/
  business.json       The business's profile, as your role there sees it.
  orders.json         Its orders with their lines.
  orders.csv          One row per order.
  invoices.json/.csv  Its invoices (delivered orders with an invoice number).

Each business is exported as your role there sees it. ${
  seesMoneyAnywhere
    ? 'Where your role does not show prices and totals, those files leave them out and there is no invoices file.'
    : 'Your roles do not show prices and totals, so the files leave them out and there are no invoices.'
}

Money is in US dollars with two decimals. Times are in UTC (ISO 8601); delivery days are
Hawaii calendar days (YYYY-MM-DD).
`;

/** A zip written to a stream, one file at a time, waiting whenever the reader is behind. */
class ZipWriter {
  readonly stream = new PassThrough();
  private readonly zip: Zip;

  constructor() {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.stream.destroy(error);
        return;
      }
      this.stream.write(chunk);
      if (final) this.stream.end();
    });
  }

  /** Waits until the reader has taken what was sent; throws if they went away. */
  private async drained(): Promise<void> {
    if (this.stream.destroyed) throw new Error('export stream closed');
    if (!this.stream.writableNeedDrain) return;
    await Promise.race([once(this.stream, 'drain'), once(this.stream, 'close')]);
    if (this.stream.destroyed) throw new Error('export stream closed');
  }

  async file(name: string, content: string): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(strToU8(content), true);
    await this.drained();
  }

  /** A file written in parts: each part is compressed and sent before the next is made. */
  async parts(name: string, make: AsyncIterable<string>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    for await (const part of make) {
      entry.push(strToU8(part), false);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
  }

  end(): void {
    this.zip.end();
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const money = (value: string | null) => (value === null ? null : toMoneyString(centsOf(value)));

/** Pages of rows by ascending id: `read(afterId)` answers the next page. */
async function* pagesOf<T extends { id: number }>(
  read: (afterId: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A JSON array written a page at a time. */
async function* jsonArray<T extends { id: number }>(
  pages: AsyncIterable<T[]>,
  shape: (row: T) => unknown,
): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(shape(row))}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

/** A CSV table written a page at a time: the header with the first part. */
async function* csvTable<T extends { id: number }>(
  header: readonly string[],
  pages: AsyncIterable<T[]>,
  shape: (row: T) => CsvValue[],
): AsyncGenerator<string> {
  yield toCsv(header, []);
  for await (const rows of pages) {
    // Without the header and the byte order mark toCsv starts with.
    yield toCsv([], rows.map(shape)).replace(/^\uFEFF\r\n/, '');
  }
}

interface Membership {
  kind: BusinessKind;
  id: number;
  name: string;
  role: BusinessRole;
  since: Date;
}

async function profileOf(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    textMessagePhone: user.smsPhone,
    notifyByEmail: user.notifyByEmail,
    notifyBySms: user.notifyBySms,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

async function membershipsOf(db: DbOrTx, userId: number): Promise<Membership[]> {
  const rows = await db
    .select({
      kind: memberships.businessKind,
      farmId: memberships.farmId,
      restaurantId: memberships.restaurantId,
      farmName: farms.name,
      restaurantName: restaurants.name,
      role: memberships.businessRole,
      since: memberships.createdAt,
    })
    .from(memberships)
    .leftJoin(farms, eq(farms.id, memberships.farmId))
    .leftJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.id));
  return rows.map((row) => ({
    kind: row.kind,
    id: (row.farmId ?? row.restaurantId)!,
    name: (row.farmName ?? row.restaurantName)!,
    role: row.role,
    since: row.since,
  }));
}

/** The business's profile; without `money.view`, its fees, minimums, terms and tax left out. */
async function businessFile(db: DbOrTx, business: Membership, seesMoney: boolean) {
  const base = { kind: business.kind, yourRole: business.role, includesMoney: seesMoney };
  if (business.kind === 'farm') {
    const [farm] = await db.select().from(farms).where(eq(farms.id, business.id));
    if (!farm) return base;
    const common = {
      id: farm.id,
      name: farm.name,
      description: farm.description,
      location: farm.location,
      contactPhone: farm.contactPhone,
      createdAt: farm.createdAt.toISOString(),
      closedAt: farm.closedAt?.toISOString() ?? null,
    };
    if (!seesMoney) return { ...base, ...common };
    return {
      ...base,
      ...common,
      deliveryFee: money(farm.deliveryFee),
      orderMinimum: money(farm.orderMinimum),
      paymentTermsDays: farm.paymentTermsDays,
      taxRate: farm.taxRate,
    };
  }
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, business.id));
  if (!restaurant) return base;
  return {
    ...base,
    id: restaurant.id,
    name: restaurant.name,
    description: restaurant.description,
    location: restaurant.location,
    contactPhone: restaurant.contactPhone,
    deliveryZone: restaurant.deliveryZone,
    createdAt: restaurant.createdAt.toISOString(),
    closedAt: restaurant.closedAt?.toISOString() ?? null,
  };
}

function orderPages(db: DbOrTx, business: Membership, where?: SQL) {
  const own = business.kind === 'farm' ? orders.farmId : orders.restaurantId;
  return pagesOf((afterId) =>
    db
      .select({
        id: orders.id,
        status: orders.status,
        farmName: farms.name,
        restaurantName: restaurants.name,
        createdAt: orders.createdAt,
        deliveryDate: orders.deliveryDate,
        recipientName: orders.recipientName,
        notes: orders.notes,
        subtotal: orders.subtotal,
        deliveryFee: orders.deliveryFee,
        taxAmount: orders.taxAmount,
        totalAmount: orders.totalAmount,
        invoiceNumber: orders.invoiceNumber,
        dueDate: orders.dueDate,
      })
      .from(orders)
      .innerJoin(farms, eq(farms.id, orders.farmId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(and(eq(own, business.id), gt(orders.id, afterId), where))
      .orderBy(asc(orders.id))
      .limit(PAGE),
  );
}

type OrderRow =
  Awaited<ReturnType<typeof orderPages>> extends AsyncGenerator<infer P>
    ? P extends (infer R)[]
      ? R
      : never
    : never;

/** Each page of orders with its lines, read in one query per page. */
async function* withLines(db: DbOrTx, pages: AsyncIterable<OrderRow[]>) {
  for await (const page of pages) {
    const lines = await db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        unit: orderItems.productUnit,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        totalPrice: orderItems.totalPrice,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          page.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    yield page.map((order) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id),
    }));
  }
}

function orderJson(
  order: OrderRow & {
    lines: {
      productName: string;
      unit: string;
      quantity: number;
      unitPrice: string;
      totalPrice: string;
    }[];
  },
  seesMoney: boolean,
) {
  const common = {
    id: order.id,
    status: order.status,
    farm: order.farmName,
    restaurant: order.restaurantName,
    placedAt: order.createdAt.toISOString(),
    deliveryDate: order.deliveryDate,
    recipientName: order.recipientName,
    notes: order.notes,
  };
  if (!seesMoney) {
    return {
      ...common,
      lines: order.lines.map(({ productName, unit, quantity }) => ({
        productName,
        unit,
        quantity,
      })),
    };
  }
  return {
    ...common,
    subtotal: money(order.subtotal),
    deliveryFee: money(order.deliveryFee),
    tax: money(order.taxAmount),
    total: money(order.totalAmount),
    lines: order.lines.map((line) => ({
      productName: line.productName,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      total: money(line.totalPrice),
    })),
  };
}

const ORDER_COLUMNS = ['Order', 'Status', 'Farm', 'Restaurant', 'Placed', 'Delivery day'];
const MONEY_COLUMNS = ['Subtotal', 'Delivery fee', 'Tax', 'Total'];

function orderCsv(order: OrderRow, seesMoney: boolean): CsvValue[] {
  const common = [
    order.id,
    order.status,
    order.farmName,
    order.restaurantName,
    order.createdAt.toISOString(),
    order.deliveryDate,
  ];
  if (!seesMoney) return common;
  return [
    ...common,
    money(order.subtotal),
    money(order.deliveryFee),
    money(order.taxAmount),
    money(order.totalAmount),
  ];
}

function invoiceOf(order: OrderRow) {
  return {
    invoice: invoiceNumberLabel(order.invoiceNumber!),
    orderId: order.id,
    farm: order.farmName,
    restaurant: order.restaurantName,
    deliveryDate: order.deliveryDate,
    dueDate: order.dueDate,
    total: money(order.totalAmount),
  };
}

async function writeBusiness(zip: ZipWriter, db: DbOrTx, business: Membership): Promise<void> {
  const seesMoney = can(business.kind, business.role, 'money.view');
  const folder = `businesses/${business.kind}-${business.id}`;
  await zip.file(`${folder}/business.json`, json(await businessFile(db, business, seesMoney)));
  await zip.parts(
    `${folder}/orders.json`,
    jsonArray(withLines(db, orderPages(db, business)), (order) => orderJson(order, seesMoney)),
  );
  await zip.parts(
    `${folder}/orders.csv`,
    csvTable(
      seesMoney ? [...ORDER_COLUMNS, ...MONEY_COLUMNS] : ORDER_COLUMNS,
      orderPages(db, business),
      (order) => orderCsv(order, seesMoney),
    ),
  );
  if (!seesMoney) return;
  const invoiced = isNotNull(orders.invoiceNumber);
  await zip.parts(
    `${folder}/invoices.json`,
    jsonArray(orderPages(db, business, invoiced), invoiceOf),
  );
  await zip.parts(
    `${folder}/invoices.csv`,
    csvTable(
      ['Invoice', 'Order', 'Farm', 'Restaurant', 'Delivery day', 'Due', 'Total'],
      orderPages(db, business, invoiced),
      (order) => Object.values(invoiceOf(order)),
    ),
  );
}

function notificationPages(db: DbOrTx, userId: number) {
  return pagesOf((afterId) =>
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        orderId: notifications.orderId,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
      .orderBy(asc(notifications.id))
      .limit(PAGE),
  );
}

/**
 * The person's archive as a stream the route sends: the profile and memberships are read
 * first (a 401 for an account that is gone is thrown before anything is sent), the rest as the
 * reader takes it.
 */
export async function exportArchive(
  db: DbOrTx,
  userId: number,
  onError: (error: unknown) => void,
): Promise<PassThrough> {
  const profile = await profileOf(db, userId);
  const businesses = await membershipsOf(db, userId);
  const zip = new ZipWriter();
  const write = async () => {
    const seesMoneyAnywhere = businesses.some((b) => can(b.kind, b.role, 'money.view'));
    await zip.file('README.txt', README(seesMoneyAnywhere));
    await zip.file('profile.json', json(profile));
    const membershipRows = businesses.map((b) => ({
      businessKind: b.kind,
      businessId: b.id,
      businessName: b.name,
      role: b.role,
      since: b.since.toISOString(),
    }));
    await zip.file('memberships.json', json(membershipRows));
    await zip.file(
      'memberships.csv',
      toCsv(
        ['Kind', 'Business id', 'Business', 'Role', 'Since'],
        membershipRows.map((row) => Object.values(row)),
      ),
    );
    const toJson = (row: {
      id: number;
      kind: string;
      title: string;
      body: string;
      orderId: number | null;
      createdAt: Date;
      readAt: Date | null;
    }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    });
    await zip.parts('notifications.json', jsonArray(notificationPages(db, userId), toJson));
    await zip.parts(
      'notifications.csv',
      csvTable(
        ['Id', 'Kind', 'Title', 'Message', 'Order', 'Sent', 'Read'],
        notificationPages(db, userId),
        (row) => Object.values(toJson(row)),
      ),
    );
    for (const business of businesses) await writeBusiness(zip, db, business);
    zip.end();
  };
  write().catch((error: unknown) => {
    // A reader who went away is not a failure worth reporting.
    if (!zip.stream.destroyed) onError(error);
    zip.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip.stream;
}
