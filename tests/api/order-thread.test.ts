import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '#core/schemas/order-message';
import { setClock } from '../../src/server/clock';
import {
  claimLines,
  claims,
  notifications,
  orders,
  substitutions,
  users,
} from '../../src/server/db/schema';
import {
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { uluScene } from '../helpers/catch-weight-fixtures';
import { hawaiiNoon } from '../helpers/clock';
import { postProof } from '../helpers/delivery-fixtures';
import { signUpMember, type Member } from '../helpers/team-fixtures';
import {
  createTestApp,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  Session,
  type TestContext,
} from '../helpers/test-app';

/** Monday Nov 23, 2026, noon in Hawaii: the marketplace's clock for the whole file. */
const MONDAY_NOON = hawaiiNoon('2026-11-23');

let ctx: TestContext;
let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherFarmer: Awaited<ReturnType<typeof signUpFarmer>>;
let otherRestaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
let packer: Member;
let buyer: Member;
let kale: ProductFixture;
let taro: ProductFixture;

async function rename(userId: number, firstName: string, lastName: string) {
  await ctx.app.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

beforeAll(async () => {
  setClock(MONDAY_NOON);
  ctx = await createTestApp();
  farmer = await signUpFarmer(ctx.app, 'Kula Farm');
  restaurant = await signUpRestaurant(ctx.app, 'Ono Kitchen');
  otherFarmer = await signUpFarmer(ctx.app, 'Waimea Roots');
  otherRestaurant = await signUpRestaurant(ctx.app, 'Elsewhere Cafe');
  packer = await signUpMember(ctx.app, { kind: 'farm', id: farmer.farmId }, 'packer');
  buyer = await signUpMember(ctx.app, { kind: 'restaurant', id: restaurant.restaurantId }, 'buyer');
  await rename(farmer.userId, 'Keoni', 'Palakiko');
  await rename(packer.userId, 'Mele', 'Kahale');
  await rename(restaurant.userId, 'Malia', 'Keawe');
  kale = await createProduct(ctx.app.db, farmer.farmId, {
    name: 'Lacinato Kale',
    unit: 'bunch',
    price: '4.75',
    availableQuantity: 10_000,
  });
  taro = await createProduct(ctx.app.db, farmer.farmId, {
    name: 'Taro',
    unit: 'lb',
    price: '3.35',
    availableQuantity: 10_000,
  });
});
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

async function placed() {
  const [order] = await placeCheckout(restaurant, [
    orderBody(farmer.farmId, [
      { product: kale, quantity: 6 },
      { product: taro, quantity: 10 },
    ]),
  ]);
  return order!;
}

function thread(session: Session, orderId: number, query = '') {
  return session.get(`/api/orders/${orderId}/messages${query}`);
}

async function entries(session: Session, orderId: number, query = '') {
  const response = await thread(session, orderId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ThreadEntry[]>();
}

async function write(session: Session, orderId: number, text: string) {
  const response = await session.post(`/api/orders/${orderId}/messages`, { text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Extract<ThreadEntry, { type: 'message' }>>();
}

/** A message as the browser's FormData sends it: the text and any number of photos. */
function postMultipart(
  session: Session,
  orderId: number,
  parts: { text?: string; photos?: Buffer[] },
) {
  const boundary = `----thread${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (parts.text !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${parts.text}\r\n`,
      ),
    );
  }
  for (const [index, photo] of (parts.photos ?? []).entries()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="crate-${index}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      photo,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return session.request({
    method: 'POST',
    url: `/api/orders/${orderId}/messages`,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

function png(shade: number) {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 140, b: 60 } },
  })
    .png()
    .toBuffer();
}

async function unreadOn(session: Session, list: 'farm' | 'restaurant', orderId: number) {
  const response = await session.get(`/api/orders/${list}?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  const order = response
    .json<{ id: number; unreadMessages: number }[]>()
    .find((row) => row.id === orderId);
  expect(order, `order ${orderId} on the ${list} list`).toBeDefined();
  return order!.unreadMessages;
}

describe("an order's thread", () => {
  it("is the order's two businesses' only: anyone else is told it does not exist", async () => {
    const order = await placed();
    const message = await write(restaurant, order.id, 'Can you bring the kale before 9?');
    expect(message).toMatchObject({
      type: 'message',
      id: `m${message.messageId}`,
      author: { name: 'Malia K.', side: 'restaurant' },
      mine: true,
      text: 'Can you bring the kale before 9?',
      photos: [],
    });

    const seen = await entries(farmer, order.id);
    expect(seen[0]).toMatchObject({ id: message.id, mine: false, text: message.text });

    for (const outsider of [otherFarmer, otherRestaurant]) {
      expect((await thread(outsider, order.id)).statusCode).toBe(404);
      const posted = await outsider.post(`/api/orders/${order.id}/messages`, { text: 'Hi' });
      expect(posted.statusCode).toBe(404);
    }
    const nobody = await signUp(ctx.app, 'no-business');
    expect((await thread(nobody, order.id)).statusCode).toBe(404);
    expect((await thread(new Session(ctx.app), order.id)).statusCode).toBe(401);
    expect((await thread(farmer, 2_000_000_000)).statusCode).toBe(404);
  });

  it('takes text up to 2,000 characters, and text or a photo', async () => {
    const order = await placed();
    const tooLong = await restaurant.post(`/api/orders/${order.id}/messages`, {
      text: 'a'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.text).toMatch(/2000/);
    const empty = await restaurant.post(`/api/orders/${order.id}/messages`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toBe('Write a message or add a photo');
    const emptyForm = await postMultipart(restaurant, order.id, { text: '' });
    expect(emptyForm.statusCode).toBe(400);
    expect(emptyForm.json().fields.text).toBeDefined();
    const longest = await write(restaurant, order.id, `  ${'b'.repeat(2000)}  `);
    expect(longest.text).toHaveLength(2000);
  });

  it('lets a packer read and write it, with no money anywhere in it', async () => {
    const order = await placed();
    await write(restaurant, order.id, 'Please pack the taro separately.');
    expect(
      (await farmer.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).statusCode,
    ).toBe(200);
    const adjusted = await farmer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [{ itemId: order.orderItems[1]!.id, quantity: 8, reason: 'Only 8 lb dug' }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const reply = await write(packer, order.id, 'Packed separately, see you at 8.');
    expect(reply).toMatchObject({ author: { name: 'Mele K.', side: 'farm' }, mine: true });

    const response = await thread(packer, order.id);
    expect(response.statusCode).toBe(200);
    const seen = response.json<ThreadEntry[]>();
    expect(seen.map((entry) => entry.type)).toContain('event');
    // Neither a price, nor a total, nor a dollar sign: the events are in words only. Instants
    // are left out of the look, as they may hold the same digits.
    const withoutInstants = JSON.stringify(seen.map(({ createdAt: _at, ...entry }) => entry));
    expect(withoutInstants).not.toMatch(/\$|4\.75|3\.35|28\.50|33\.50|62\.00|26\.80|55\.30/);
    expect(seen.find((entry) => entry.id === reply.id)).toMatchObject({ mine: true });

    // The owner reads the same words: event texts never carry money for anyone.
    const owners = await thread(farmer, order.id);
    expect(owners.body).not.toContain('$');
  });

  it('shows what happened to the order inline, newest first', async () => {
    const order = await placed();
    // Placed two hours before the clock, so the driver's delivery time is after it.
    await ctx.app.db
      .update(orders)
      .set({ createdAt: new Date(MONDAY_NOON.getTime() - 2 * 3_600_000) })
      .where(eq(orders.id, order.id));
    const [kaleLine, taroLine] = order.orderItems;
    for (const status of ['confirmed']) {
      const moved = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const adjusted = await packer.post(`/api/orders/${order.id}/adjustments`, {
      lines: [
        { itemId: kaleLine!.id, quantity: 4, reason: 'Two bunches bolted' },
        { itemId: taroLine!.id, quantity: 0, reason: 'None dug today' },
      ],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    await write(farmer, order.id, 'Sorry about the taro.');
    for (const status of ['packed', 'in_transit']) {
      const moved = await farmer.patch(`/api/orders/${order.id}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const delivered = await postProof(
      packer,
      `/api/orders/${order.id}/delivery`,
      {
        recipientName: 'Chef Malia',
        deliveredAt: new Date(MONDAY_NOON.getTime() - 3_600_000).toISOString(),
        photo: await png(90),
      },
      `thread-delivery-${order.id}`,
    );
    expect(delivered.statusCode, delivered.body).toBe(200);

    const seen = await entries(restaurant, order.id);
    const events = seen.filter((entry) => entry.type === 'event');
    expect(events.map((entry) => entry.event)).toEqual([
      'delivered',
      'in_transit',
      'packed',
      'shorted',
      'adjusted',
      'confirmed',
      'placed',
    ]);
    const byKind = Object.fromEntries(events.map((entry) => [entry.event, entry]));
    expect(byKind.placed).toMatchObject({ text: 'Placed by Ono Kitchen', photoUrl: null });
    expect(byKind.confirmed).toMatchObject({ text: 'Confirmed by Keoni P.', by: 'Keoni P.' });
    expect(byKind.adjusted).toMatchObject({
      text: 'Adjusted Lacinato Kale from 6 bunch to 4 bunch: Two bunches bolted',
      by: 'Mele K.',
    });
    expect(byKind.shorted).toMatchObject({
      text: 'Shorted Taro (10 lb): None dug today',
      by: 'Mele K.',
    });
    expect(byKind.delivered).toMatchObject({
      text: 'Delivered by Mele K., received by Chef Malia',
      photoUrl: `/api/orders/${order.id}/delivery/photo`,
    });
    expect(byKind.in_transit!.text).toBe('Out for delivery by Keoni P.');
    // The message sits between the adjustment and the packing, as it happened.
    const ids = seen.map((entry) => entry.id);
    const messageAt = seen.findIndex((entry) => entry.type === 'message');
    expect(messageAt).toBeGreaterThan(ids.indexOf(byKind.packed!.id));
    expect(messageAt).toBeLessThan(ids.indexOf(byKind.shorted!.id));
    for (const entry of seen) expect(entry.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    // Ids are stable from one read to the next.
    expect((await entries(farmer, order.id)).map((entry) => entry.id)).toEqual(ids);
  });

  it('shows substitutions and claims from what their tables record', async () => {
    const order = await placed();
    const db = ctx.app.db;
    const base = MONDAY_NOON.getTime();
    await db.insert(substitutions).values([
      {
        orderId: order.id,
        itemId: order.orderItems[0]!.id,
        productId: kale.id,
        productName: 'Lacinato Kale',
        packLabel: 'bunch',
        quantity: 6,
        preference: 'ask' as const,
        substituteProductId: taro.id,
        substituteProductName: 'Taro',
        substitutePackLabel: 'lb',
        substituteQuantity: 5,
        substituteUnitPrice: '3.35',
        state: 'accepted' as const,
        proposedByUserId: farmer.userId,
        proposedAt: new Date(base + 60_000),
        decidedByUserId: restaurant.userId,
        decidedVia: 'app' as const,
        decidedAt: new Date(base + 120_000),
      },
      {
        orderId: order.id,
        itemId: order.orderItems[1]!.id,
        productId: taro.id,
        productName: 'Taro',
        packLabel: 'lb',
        quantity: 10,
        preference: 'never' as const,
        state: 'shorted' as const,
        proposedByUserId: packer.userId,
        proposedAt: new Date(base + 180_000),
      },
    ]);
    const [claim] = await db
      .insert(claims)
      .values({
        orderId: order.id,
        farmId: farmer.farmId,
        restaurantId: restaurant.restaurantId,
        createdByUserId: restaurant.userId,
      })
      .returning({ id: claims.id });
    await db.insert(claimLines).values({
      claimId: claim!.id,
      orderItemId: order.orderItems[0]!.id,
      kind: 'damaged',
      quantity: 1,
    });

    const seen = await entries(packer, order.id);
    const text = (event: string) =>
      seen.find((entry) => entry.type === 'event' && entry.event === event)?.text;
    expect(text('substitution_proposed')).toBe('Proposed Taro (5 lb) for Lacinato Kale (6 bunch)');
    expect(text('substitution_accepted')).toBe('Taro (5 lb) accepted by Malia K.');
    expect(text('shorted')).toBe('Shorted Taro (10 lb)');
    expect(text('claim_opened')).toBe('Problem reported with Lacinato Kale by Malia K.');
    // The substitute's price is in none of the words (instants may hold the same digits).
    expect(seen.map((entry) => entry.text).join('\n')).not.toMatch(/3\.35|\$/);
  });

  it('shows a weight entered at packing, with its weigher and no price', async () => {
    const scene = await uluScene(ctx);
    await rename(scene.farmer.userId, 'Kimo', 'Nakamura');
    const order = await scene.placeConfirmed(2);
    const weighed = await scene.farmer.put(
      `/api/orders/${order.id}/items/${order.orderItems[0]!.id}/weight`,
      { weight: 49.5 },
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    const seen = await entries(scene.restaurant, order.id);
    expect(seen.find((entry) => entry.type === 'event' && entry.event === 'weighed')).toMatchObject(
      { text: 'Weight entered for ʻUlu: 49.5 lb by Kimo N.', by: 'Kimo N.' },
    );
  });

  it('keeps up to 3 photos a message, for the two businesses only', async () => {
    const order = await placed();
    const four = await Promise.all([10, 20, 30, 40].map(png));
    const tooMany = await postMultipart(restaurant, order.id, { text: 'Crates', photos: four });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.photos).toBe('At most 3 photos a message');

    const notAPhoto = await postMultipart(restaurant, order.id, {
      photos: [Buffer.from('not a picture')],
    });
    expect(notAPhoto.statusCode).toBe(400);
    expect(notAPhoto.json().fields.photos).toBeDefined();

    const tooLarge = await postMultipart(restaurant, order.id, {
      photos: [Buffer.alloc(10 * 1024 * 1024 + 1, 1)],
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields.photos).toBeDefined();

    const onlyPhotos = await postMultipart(restaurant, order.id, { photos: [four[0]!] });
    expect(onlyPhotos.statusCode, onlyPhotos.body).toBe(201);
    expect(onlyPhotos.json()).toMatchObject({ text: '', photos: [{ width: 64, height: 48 }] });

    const three = await postMultipart(restaurant, order.id, {
      text: 'Three crates came crushed',
      photos: four.slice(0, 3),
    });
    expect(three.statusCode, three.body).toBe(201);
    const message = three.json<Extract<ThreadEntry, { type: 'message' }>>();
    expect(message.text).toBe('Three crates came crushed');
    expect(message.photos).toHaveLength(3);
    for (const photo of message.photos) {
      expect(photo.url).toBe(`/api/orders/${order.id}/messages/photos/${photo.id}`);
    }

    const url = message.photos[0]!.url;
    for (const side of [restaurant, farmer, packer]) {
      const served = await side.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, max-age=3600');
    }
    for (const outsider of [otherFarmer, otherRestaurant]) {
      expect((await outsider.get(url)).statusCode).toBe(404);
      const posted = await postMultipart(outsider, order.id, { text: 'x', photos: [four[0]!] });
      expect(posted.statusCode).toBe(404);
    }
    // A photo of another order's thread is not found under this one.
    const other = await placed();
    expect(
      (await farmer.get(`/api/orders/${other.id}/messages/photos/${message.photos[0]!.id}`))
        .statusCode,
    ).toBe(404);
  });

  it("counts the other side's unread messages on each order until the thread is read", async () => {
    const order = await placed();
    expect(await unreadOn(farmer, 'farm', order.id)).toBe(0);
    expect(await unreadOn(restaurant, 'restaurant', order.id)).toBe(0);

    await write(restaurant, order.id, 'First');
    await write(buyer, order.id, 'Second');
    expect(await unreadOn(farmer, 'farm', order.id)).toBe(2);
    expect(await unreadOn(packer, 'farm', order.id)).toBe(2);
    // One's own side's messages are never unread.
    expect(await unreadOn(restaurant, 'restaurant', order.id)).toBe(0);

    // Every answer that is an order carries the count for the asker.
    const confirmed = await farmer.patch(`/api/orders/${order.id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.json().unreadMessages).toBe(2);

    // Reading the thread's first page marks it read, for the reader only.
    await entries(farmer, order.id, '?limit=1');
    expect(await unreadOn(farmer, 'farm', order.id)).toBe(0);
    expect(await unreadOn(packer, 'farm', order.id)).toBe(2);

    await write(farmer, order.id, 'On it');
    expect(await unreadOn(restaurant, 'restaurant', order.id)).toBe(1);
    expect(await unreadOn(buyer, 'restaurant', order.id)).toBe(1);
    await entries(restaurant, order.id);
    expect(await unreadOn(restaurant, 'restaurant', order.id)).toBe(0);
    expect(await unreadOn(buyer, 'restaurant', order.id)).toBe(1);
    await write(restaurant, order.id, 'Thanks');
    expect(await unreadOn(farmer, 'farm', order.id)).toBe(1);
  });

  it("tells the other side's people, by kind order_message, and not the writer's side", async () => {
    const order = await placed();
    const message = await write(
      restaurant,
      order.id,
      'Gate code is 4321, leave it by the walk-in.',
    );
    const told = await ctx.app.db
      .select({
        userId: notifications.userId,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.eventKey, `order:${order.id}:message:${message.messageId}`));
    expect(told.map((row) => row.userId).sort()).toEqual([farmer.userId, packer.userId].sort());
    expect(told[0]).toMatchObject({
      kind: 'order_message',
      title: `Message on order #${order.id} from Ono Kitchen`,
      body: 'Malia K.: Gate code is 4321, leave it by the walk-in.',
      link: `/farmer/orders#order-${order.id}-messages`,
    });
    const bell = await packer.get('/api/notifications');
    expect(bell.json().items[0]).toMatchObject({ kind: 'order_message' });

    const answer = await write(packer, order.id, 'Got it');
    const toRestaurant = await ctx.app.db
      .select({
        userId: notifications.userId,
        link: notifications.link,
        title: notifications.title,
      })
      .from(notifications)
      .where(eq(notifications.eventKey, `order:${order.id}:message:${answer.messageId}`));
    expect(toRestaurant.map((row) => row.userId).sort()).toEqual(
      [restaurant.userId, buyer.userId].sort(),
    );
    expect(toRestaurant[0]).toMatchObject({
      title: `Message on order #${order.id} from Kula Farm`,
      link: `/restaurant/orders#order-${order.id}-messages`,
    });
  });

  it('pages messages and events together with Link and X-Total-Count', async () => {
    const order = await placed();
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      await write(text.length % 2 ? restaurant : farmer, order.id, text);
    }
    // Five messages and the placing.
    const collected: ThreadEntry[] = [];
    let url: string | null = `/api/orders/${order.id}/messages?limit=2`;
    let pages = 0;
    while (url) {
      const response = await restaurant.get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe('6');
      const page = response.json<ThreadEntry[]>();
      expect(page.length).toBeLessThanOrEqual(2);
      collected.push(...page);
      pages += 1;
      const link = response.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(pages).toBe(3);
    expect(collected.map((entry) => (entry.type === 'message' ? entry.text : entry.event))).toEqual(
      ['five', 'four', 'three', 'two', 'one', 'placed'],
    );

    const bad = await thread(restaurant, order.id, '?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.cursor).toBeDefined();
    expect((await thread(restaurant, order.id, '?limit=101')).statusCode).toBe(400);
  });
});
