import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessKind } from '#core/actor';
import {
  BUSINESS_ROLE_LABELS,
  can,
  FORBIDDEN_FOR_ROLE,
  ROLES_OF_KIND,
  type BusinessRole,
  type Permission,
} from '#core/permissions';
import { setClock } from '../../src/server/clock';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
} from '../helpers/catalog-fixtures';
import { openApiOperations, plausible, type Operation } from '../helpers/openapi';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  PASSWORD,
  sampleProfile,
  Session,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  type TestContext,
} from '../helpers/test-app';

/**
 * The permission table (src/core/permissions.ts, docs/teams.md) against the server: every
 * operation of the OpenAPI document, sent as every role of both kinds of business, an owner of
 * another business of each kind, a person of no business and the anonymous. Where the role may,
 * the answer is never 403; where it may not, it is 403 `forbidden_for_role` naming the role.
 */

/** Monday Nov 23, 2026, noon in Hawaii. */
const MONDAY_NOON = new Date('2026-11-23T22:00:00Z');
const THU_DEC_3 = '2026-12-03';

/** What an operation needs: of whom, and for a business, which permissions per kind. */
type Need =
  | { who: 'anyone' }
  | { who: 'person' }
  | { who: 'admin' }
  | { who: 'member'; farm?: Permission[]; restaurant?: Permission[] };

const anyone: Need = { who: 'anyone' };
const person: Need = { who: 'person' };
const admin: Need = { who: 'admin' };
const farm = (...permissions: Permission[]): Need => ({ who: 'member', farm: permissions });
const restaurant = (...permissions: Permission[]): Need => ({
  who: 'member',
  restaurant: permissions,
});
const both = (farmNeeds: Permission[], restaurantNeeds: Permission[]): Need => ({
  who: 'member',
  farm: farmNeeds,
  restaurant: restaurantNeeds,
});

/**
 * The table as docs/teams.md states it, per operation, for the request this test sends (the
 * farm profile's body carries the farm's terms, a restaurant's status change is a cancel).
 */
const EXPECTED: Record<string, Need> = {
  'POST /api/auth/register': anyone,
  'POST /api/auth/forgot-password': anyone,
  'POST /api/auth/reset-password': anyone,
  'POST /api/auth/change-password': person,
  'POST /api/auth/sign-out-everywhere': person,
  'POST /api/auth/verify-email': anyone,
  'POST /api/auth/resend-verification': person,
  'POST /api/auth/login': anyone,
  'GET /api/auth/demo-accounts': anyone,
  'GET /api/auth/user': person,
  'POST /api/auth/switch-role': person,
  'POST /api/auth/business': person,
  'GET /api/auth/export': person,
  'POST /api/auth/delete-account': person,
  'POST /api/business/close': both(['business.close'], ['business.close']),
  'GET /api/auth/invitation': anyone,
  'POST /api/auth/accept-invitation': anyone,
  'POST /api/profile/farm': person,
  'PUT /api/profile/farm': farm('profile.edit', 'profile.terms'),
  'POST /api/profile/restaurant': person,
  'PUT /api/profile/restaurant': restaurant('profile.edit'),
  'POST /api/orders': restaurant('orders.place'),
  'POST /api/checkout': restaurant('orders.place'),
  'GET /api/orders/restaurant': restaurant(),
  'GET /api/orders/farm': farm(),
  // The request sends every field, `lots` too: packing with the suggested lots assigns them.
  'POST /api/orders/farm/bulk-status': farm('orders.status', 'lots.manage'),
  'PATCH /api/orders/{id}/status': both(['orders.status'], ['orders.change']),
  'PATCH /api/orders/{id}/items': restaurant('orders.change'),
  'PUT /api/orders/{id}/items/{itemId}/weight': farm('orders.adjust'),
  'POST /api/orders/{id}/items/{itemId}/weight/decision': restaurant('orders.change'),
  'POST /api/orders/{id}/adjustments': farm('orders.adjust'),
  'GET /api/orders/{id}/adjustments': both([], []),
  'PATCH /api/orders/{id}/items/{itemId}': restaurant('orders.change'),
  'POST /api/orders/{id}/items/{itemId}/substitution': farm('orders.adjust'),
  'POST /api/orders/bulk-substitution': farm('orders.adjust'),
  'GET /api/substitutions': both([], []),
  'POST /api/substitutions/{id}/decision': restaurant('orders.change'),
  'GET /api/orders/{id}/reorder': restaurant('orders.place'),
  'GET /api/orders/{id}/history': both([], []),
  'GET /api/orders/{id}/messages': both([], []),
  'POST /api/orders/{id}/messages': both([], []),
  'GET /api/orders/{id}/messages/photos/{photoId}': both([], []),
  'POST /api/orders/{id}/delivery': farm('orders.status'),
  'GET /api/orders/{id}/delivery/photo': both([], []),
  'GET /api/orders/{id}/delivery/signature': both([], []),
  'GET /api/orders/{id}/invoice': both(['payments.manage'], ['bills.view']),
  'GET /api/orders/{id}/packing-slip': farm('documents.packing'),
  'GET /api/orders/farm/pick-list': farm('documents.packing'),
  'GET /api/statements': both(['payments.manage'], ['bills.view']),
  'GET /api/invoices/{orderId}/download': restaurant('bills.view'),
  'GET /api/orders/{id}/payments': both(['payments.manage'], ['bills.view']),
  'POST /api/orders/{id}/payments': farm('payments.manage'),
  'POST /api/payments/{id}/void': farm('payments.manage'),
  'GET /api/receivables': farm('payments.manage'),
  'GET /api/bills': restaurant('bills.view'),
  'GET /api/products': person,
  'POST /api/products': farm('products.manage'),
  'GET /api/products/farm': farm(),
  'PATCH /api/products/{id}': farm('products.manage'),
  'DELETE /api/products/{id}': farm('products.manage'),
  'GET /api/products/{id}/stock-movements': farm(),
  'POST /api/products/{id}/restore': farm('products.manage'),
  'GET /api/farms': person,
  'GET /api/price-lists': farm('products.manage'),
  'POST /api/price-lists': farm('products.manage'),
  'GET /api/price-lists/restaurants': farm('products.manage'),
  'GET /api/price-lists/{id}': farm('products.manage'),
  'PUT /api/price-lists/{id}': farm('products.manage'),
  'DELETE /api/price-lists/{id}': farm('products.manage'),
  'PUT /api/price-lists/{id}/restaurants': farm('products.manage'),
  'POST /api/resale-certificates': restaurant('resale_certificates.manage'),
  'GET /api/resale-certificates': both(
    ['resale_certificates.manage'],
    ['resale_certificates.manage'],
  ),
  'GET /api/resale-certificates/{id}/pdf': both(
    ['resale_certificates.manage'],
    ['resale_certificates.manage'],
  ),
  'DELETE /api/resale-certificates/{id}': both(
    ['resale_certificates.manage'],
    ['resale_certificates.manage'],
  ),
  'POST /api/products/{id}/photos': farm('products.manage'),
  'PUT /api/products/{id}/photos/order': farm('products.manage'),
  'DELETE /api/products/{id}/photos/{photoId}': farm('products.manage'),
  'GET /api/delivery-schedules': farm(),
  'POST /api/delivery-schedules': farm('schedules.manage'),
  'DELETE /api/delivery-schedules/{id}': farm('schedules.manage'),
  'GET /api/delivery-schedules/next': person,
  'GET /api/delivery-schedules/farm/{farmId}': person,
  'GET /api/standing-orders': restaurant(),
  'POST /api/standing-orders': restaurant('standing_orders.manage'),
  'GET /api/standing-orders/{id}': restaurant(),
  'PATCH /api/standing-orders/{id}': restaurant('standing_orders.manage'),
  'DELETE /api/standing-orders/{id}': restaurant('standing_orders.manage'),
  'POST /api/standing-orders/{id}/seen-prices': restaurant('standing_orders.manage'),
  'POST /api/standing-orders/{id}/skips': restaurant('standing_orders.manage'),
  'DELETE /api/standing-orders/{id}/skips/{date}': restaurant('standing_orders.manage'),
  'GET /api/order-guide': restaurant(),
  'PUT /api/order-guide': restaurant('orders.place'),
  'POST /api/order-guide/fill': restaurant('orders.place'),
  'GET /api/reports/farm': farm('reports.view'),
  'GET /api/reports/restaurant': restaurant('reports.view'),
  'GET /api/orders/farm.csv': farm('reports.view'),
  'GET /api/orders/restaurant.csv': restaurant('reports.view'),
  'GET /api/reports/get-summary': farm('reports.tax'),
  'GET /api/admin/stats': admin,
  'GET /api/admin/orders': admin,
  'GET /api/admin/orders.csv': admin,
  'GET /api/admin/health': admin,
  'GET /api/admin/orders/{id}/invoice': admin,
  'GET /api/admin/approvals': admin,
  'POST /api/admin/farms/{id}/approve': admin,
  'POST /api/admin/farms/{id}/decline': admin,
  'GET /api/admin/businesses': admin,
  'GET /api/admin/people': admin,
  'POST /api/admin/businesses/{kind}/{id}/suspend': admin,
  'POST /api/admin/businesses/{kind}/{id}/reinstate': admin,
  'GET /api/admin/audit': admin,
  'GET /api/delivery-runs': farm(),
  'POST /api/delivery-runs': farm('orders.status'),
  'PUT /api/delivery-runs/{id}/stops': farm('orders.status'),
  'POST /api/delivery-runs/{id}/start': farm('orders.status'),
  'GET /api/delivery-runs/{id}/sheet': farm('documents.packing'),
  'GET /api/delivery-runs/{id}': farm(),
  'PATCH /api/delivery-runs/{id}': farm('orders.status'),
  'DELETE /api/delivery-runs/{id}': farm('orders.status'),
  'POST /api/delivery-runs/start': farm('orders.status'),
  'GET /api/delivery-runs/sheets': farm('documents.packing'),
  'POST /api/deliveries': farm('orders.status'),
  'GET /api/exports/accounting': both(['payments.manage'], ['bills.view']),
  'GET /api/lots': farm(),
  'POST /api/lots': farm('lots.manage'),
  'GET /api/lots/{id}': farm(),
  'PATCH /api/lots/{id}': farm('lots.manage'),
  'PUT /api/orders/{id}/items/{itemId}/lots': farm('lots.manage'),
  'GET /api/traceability/records': both([], []),
  'POST /api/lots/{id}/recall': farm('lots.recall'),
  'POST /api/recalls/{id}/updates': farm('lots.recall'),
  'GET /api/recalls': both([], []),
  'POST /api/recalls/{id}/acknowledge': restaurant(),
  'POST /api/orders/{id}/claims': restaurant('claims.report'),
  'POST /api/claims/{id}/photos': restaurant('claims.report'),
  'GET /api/claims/{id}/photos/{photoId}': both([], []),
  'GET /api/claims': both(['money.view'], ['money.view']),
  'GET /api/claims/{id}': both(['money.view'], ['money.view']),
  'POST /api/claims/{id}/decision': farm('claims.decide'),
  'GET /api/credit-notes': both(['money.view'], ['money.view']),
  'GET /api/credit-notes/{id}/pdf': both(['money.view'], ['money.view']),
  'GET /api/credit-balances': both(['money.view'], ['money.view']),
  'POST /api/credit-balances/apply': farm('claims.decide'),
  'POST /api/credit-balances/refund': farm('claims.decide'),
  'GET /api/customers': farm('customers.view'),
  'GET /api/customers/{restaurantId}': farm('customers.view'),
  'PUT /api/customers/{restaurantId}/credit-terms': farm('credit.manage'),
  'POST /api/customers/{restaurantId}/hold': farm('credit.manage'),
  'PUT /api/customers/{restaurantId}/minimum': farm('credit.manage'),
  'DELETE /api/customers/{restaurantId}/minimum': farm('credit.manage'),
  'GET /api/customers/{restaurantId}/history': farm('customers.view'),
  'GET /api/notifications': person,
  'POST /api/notifications/{id}/read': person,
  'POST /api/notifications/read-all': person,
  'GET /api/notification-preferences': person,
  'PUT /api/notification-preferences': person,
  'GET /api/events': person,
  'GET /api/team': both(['team.manage'], ['team.manage']),
  'POST /api/team/invitations': both(['team.manage'], ['team.manage']),
  'GET /api/team/invitations': both(['team.manage'], ['team.manage']),
  'DELETE /api/team/invitations/{id}': both(['team.manage'], ['team.manage']),
  'POST /api/team/invitations/{id}/resend': both(['team.manage'], ['team.manage']),
  'PATCH /api/team/members/{userId}': both(['team.manage'], ['team.manage']),
  // Someone else's membership (the farm's owner's); one's own is leaving, which anyone may.
  'DELETE /api/team/members/{userId}': both(['team.manage'], ['team.manage']),
  // A restaurant group's own routes are judged by the group role (docs/groups.md): a person of
  // no such group gets 404, never 403.
  'GET /api/groups': person,
  'POST /api/groups': person,
  'GET /api/groups/{id}': person,
  'POST /api/groups/{id}/locations': person,
  'GET /api/groups/{id}/team': person,
  'POST /api/groups/{id}/team/members': person,
  'POST /api/groups/{id}/team/invitations': person,
  'GET /api/groups/{id}/team/invitations': person,
  'DELETE /api/groups/{id}/team/invitations/{invitationId}': person,
  'POST /api/groups/invitations/accept': person,
  'PATCH /api/groups/{id}/team/members/{userId}': person,
  'DELETE /api/groups/{id}/team/members/{userId}': person,
  'GET /api/groups/{id}/statements': person,
  'POST /api/groups/{id}/statements/announce': person,
  'GET /api/groups/{id}/dashboard': person,
  'GET /api/customers/groups': farm('payments.manage'),
  'GET /api/customers/groups/{groupId}/payments': farm('payments.manage'),
  'POST /api/customers/groups/{groupId}/payments': farm('payments.manage'),
  'POST /api/customers/groups/{groupId}/payments/{paymentId}/void': farm('payments.manage'),
  'POST /api/farms/{id}/follow': restaurant('orders.place'),
  'DELETE /api/farms/{id}/follow': restaurant('orders.place'),
  'GET /api/farms/{id}/reminders': restaurant(),
  'PUT /api/farms/{id}/reminders': restaurant(),
  'GET /api/farms/{id}': person,
  'GET /api/farms/{id}/products': person,
  'GET /api/fresh-sheet/preview': farm('products.manage'),
  'POST /api/fresh-sheet/send': farm('products.manage'),
  'PUT /api/fresh-sheet/schedule': farm('products.manage'),
  'DELETE /api/fresh-sheet/schedule': farm('products.manage'),
  'GET /api/fresh-sheet/sends': farm('products.manage'),
  'GET /api/fresh-sheet/unsubscribe': anyone,
  'POST /api/fresh-sheet/unsubscribe': anyone,
  'GET /api/substitutions/decide': anyone,
  'POST /api/substitutions/decide': anyone,
  'GET /api/profile/farm/page': farm(),
  'PUT /api/profile/farm/page': farm('profile.edit'),
  'PUT /api/profile/farm/cover-photo': farm('profile.edit'),
  'DELETE /api/profile/farm/cover-photo': farm('profile.edit'),
};

/**
 * Their {id} is a farm any restaurant may follow or take reminders from, not a row of the farm's
 * own.
 */
const OPEN_TO_EVERY_RESTAURANT = new Set([
  'POST /api/farms/{id}/follow',
  'DELETE /api/farms/{id}/follow',
  'GET /api/farms/{id}/reminders',
  'PUT /api/farms/{id}/reminders',
]);

/** These change the session they are sent with: each is sent with a second one of the person. */
const SESSION_CHANGING = new Set([
  'POST /api/auth/sign-out-everywhere',
  'POST /api/auth/switch-role',
  'POST /api/auth/business',
  'POST /api/profile/farm',
  'POST /api/profile/restaurant',
]);

interface Caller {
  label: string;
  session: Session | null;
  email?: string;
  /** The business acted for and the role there; none for a person of no business. */
  business?: { kind: BusinessKind; id: number };
  role?: BusinessRole;
  /** Of another business than the one whose rows the requests name. */
  other?: boolean;
}

let ctx: TestContext;
let operations: Operation[];
const callers: Caller[] = [];
/** The owner of a farm an administrator has suspended (docs/admission.md#suspension). */
let suspendedOwner: Caller;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  setClock(MONDAY_NOON);
  const db = ctx.database.db;
  operations = await openApiOperations(ctx.app);

  const theFarm = await signUpFarmer(ctx.app, 'Matrix Farm');
  const theRestaurant = await signUpRestaurant(ctx.app, 'Matrix Kitchen');
  await theRestaurant.put('/api/profile/restaurant', {
    ...sampleProfile('Matrix Kitchen'),
    deliveryZone: 'honolulu',
  });
  await addDeliveryDay(db, theFarm.farmId, THU_DEC_3, 'Honolulu');
  const kale = await createProduct(db, theFarm.farmId, { price: '4.00', availableQuantity: 500 });
  const [order] = await placeCheckout(theRestaurant, [
    orderBody(theFarm.farmId, [{ product: kale, quantity: 2 }], { deliveryDate: THU_DEC_3 }),
  ]);
  // Delivered and partly paid, so that every document and payment call has something to read.
  for (const status of ['confirmed', 'packed', 'in_transit']) {
    await theFarm.patch(`/api/orders/${order!.id}/status`, { status });
  }
  await theFarm.patch(`/api/orders/${order!.id}/status`, {
    status: 'delivered',
    recipientName: 'Chef',
  });
  const payment = await theFarm.post(`/api/orders/${order!.id}/payments`, {
    amount: '1.00',
    paidOn: '2026-11-23',
    method: 'cash',
  });
  expect(payment.statusCode, payment.body).toBe(201);
  const standing = await theRestaurant.post('/api/standing-orders', {
    farmId: theFarm.farmId,
    lines: [{ productId: kale.id, quantity: 1 }],
    weekdays: ['thu'],
  });
  expect(standing.statusCode, standing.body).toBe(201);
  const invitation = await theFarm.post('/api/team/invitations', {
    email: 'matrix-invitee@example.com',
    businessRole: 'packer',
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  Object.assign(ids, {
    farmId: theFarm.farmId,
    restaurantId: theRestaurant.restaurantId,
    productId: kale.id,
    orderId: order!.id,
    paymentId: payment.json<{ payments: { id: number }[] }>().payments[0]!.id,
    standingOrderId: standing.json<{ id: number }>().id,
    invitationId: invitation.json<{ id: number }>().id,
    userId: theFarm.userId,
  });

  const farmRef = { kind: 'farm', id: theFarm.farmId } as const;
  const restaurantRef = { kind: 'restaurant', id: theRestaurant.restaurantId } as const;
  callers.push({
    label: 'farm owner',
    session: theFarm,
    email: theFarm.email,
    business: farmRef,
    role: 'owner',
  });
  for (const role of ROLES_OF_KIND.farm.filter((role) => role !== 'owner')) {
    const member = await signUpMember(ctx.app, farmRef, role);
    callers.push({
      label: `farm ${role}`,
      session: member,
      email: member.email,
      business: farmRef,
      role,
    });
  }
  callers.push({
    label: 'restaurant owner',
    session: theRestaurant,
    email: theRestaurant.email,
    business: restaurantRef,
    role: 'owner',
  });
  for (const role of ROLES_OF_KIND.restaurant.filter((role) => role !== 'owner')) {
    const member = await signUpMember(ctx.app, restaurantRef, role);
    callers.push({
      label: `restaurant ${role}`,
      session: member,
      email: member.email,
      business: restaurantRef,
      role,
    });
  }
  const otherFarm = await signUpFarmer(ctx.app, 'Other Matrix Farm');
  callers.push({
    label: "another farm's owner",
    session: otherFarm,
    email: otherFarm.email,
    business: { kind: 'farm', id: otherFarm.farmId },
    role: 'owner',
    other: true,
  });
  const otherRestaurant = await signUpRestaurant(ctx.app, 'Other Matrix Kitchen');
  callers.push({
    label: "another restaurant's owner",
    session: otherRestaurant,
    email: otherRestaurant.email,
    business: { kind: 'restaurant', id: otherRestaurant.restaurantId },
    role: 'owner',
    other: true,
  });
  const suspendedFarm = await signUpFarmer(ctx.app, 'Suspended Matrix Farm');
  const administrator = await signUp(ctx.app, 'matrix-admin');
  expect(await grantAdmin(db, administrator.email)).toBe(true);
  const suspended = await administrator.post(
    `/api/admin/businesses/farm/${suspendedFarm.farmId}/suspend`,
    { reason: 'Checking the permit' },
  );
  expect(suspended.statusCode, suspended.body).toBe(200);
  suspendedOwner = {
    label: "a suspended farm's owner",
    session: suspendedFarm,
    email: suspendedFarm.email,
    business: { kind: 'farm', id: suspendedFarm.farmId },
    role: 'owner',
    other: true,
  };
  const nobody = await signUp(ctx.app, 'no-business');
  callers.push({ label: 'a person of no business', session: nobody, email: nobody.email });
  callers.push({ label: 'the anonymous', session: null });
}, 120_000);
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

/** The request's path with each placeholder set to a row of the farm and restaurant above. */
function realPath(path: string): string {
  const id = path.startsWith('/api/standing-orders')
    ? ids.standingOrderId
    : path.startsWith('/api/products')
      ? ids.productId
      : path.startsWith('/api/payments')
        ? ids.paymentId
        : path.startsWith('/api/team/invitations')
          ? ids.invitationId
          : path.startsWith('/api/orders') || path.startsWith('/api/admin/orders')
            ? ids.orderId
            : 1;
  return path
    .replace('{id}', String(id))
    .replace('{orderId}', String(ids.orderId))
    .replace('{farmId}', String(ids.farmId))
    .replace('{userId}', String(ids.userId))
    .replace('{photoId}', '1')
    .replace('{date}', THU_DEC_3)
    .replace('{kind}', 'farm');
}

function requestOf(operation: Operation, caller: Caller): { url: string; payload?: unknown } {
  const url = realPath(operation.path);
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query' && ids[parameter.name] !== undefined)
    .map((parameter) => `${parameter.name}=${ids[parameter.name]}`);
  const withQuery = query.length > 0 ? `${url}?${query.join('&')}` : url;
  if (!operation.body) return { url: withQuery };
  const payload = plausible('body', operation.body, { ids, date: THU_DEC_3, month: '2026-11' });
  // A restaurant's own status change is its cancel.
  if (operation.path === '/api/orders/{id}/status' && caller.business?.kind === 'restaurant') {
    return { url: withQuery, payload: { status: 'cancelled' } };
  }
  return { url: withQuery, payload };
}

/**
 * A second session of the same person, acting for the same business. A person of no business
 * is another such person instead: making a business would give the first one a business.
 */
async function secondSession(caller: Caller): Promise<Session> {
  if (!caller.business) return signUp(ctx.app, 'no-business');
  const session = new Session(ctx.app);
  const login = await session.post('/api/auth/login', { email: caller.email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  if (caller.business) await session.post('/api/auth/business', caller.business);
  return session;
}

async function send(operation: Operation, caller: Caller): Promise<LightMyRequestResponse> {
  const key = `${operation.method} ${operation.path}`;
  const session =
    caller.session && SESSION_CHANGING.has(key) ? await secondSession(caller) : caller.session;
  const { url, payload } = requestOf(operation, caller);
  return ctx.app.inject({
    method: operation.method as 'GET',
    url,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** What the caller must get for the operation, or null when the answer must simply be so. */
function check(
  need: Need,
  caller: Caller,
  key: string,
  response: LightMyRequestResponse,
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const body = status >= 400 ? (response.json() as { code?: string; message?: string }) : {};
  const say = (what: string) =>
    problems.push(
      `${key} as ${caller.label}: ${what} (got ${status} ${response.body.slice(0, 160)})`,
    );
  const forbiddenForRole = status === 403 && body.code === FORBIDDEN_FOR_ROLE;
  if (!caller.session) {
    const signedOut = status === 401 && body.code === 'unauthorized';
    if (need.who === 'anyone' && signedOut) say('open to the anonymous, but 401');
    if (need.who !== 'anyone' && !signedOut) say('401 for the anonymous');
    return problems;
  }
  if (status === 401) say('signed in, but 401');
  if (need.who === 'anyone' || need.who === 'person') {
    if (status === 403 && body.code !== 'same_role') {
      // Only an administrator is refused a role switch; no caller here is one.
      say('open to every signed-in person, but 403');
    }
    return problems;
  }
  if (need.who === 'admin') {
    if (status !== 403 || forbiddenForRole) say('administrators only: 403 forbidden');
    return problems;
  }
  const needed = caller.business ? need[caller.business.kind] : undefined;
  if (!caller.business || !caller.role || needed === undefined) {
    // Not this kind's operation, or no business at all: refused, never by the role table.
    if (status < 400 || forbiddenForRole) say('not this caller’s kind of operation: refused');
    return problems;
  }
  const allowed = needed.every((permission) =>
    can(caller.business!.kind, caller.role!, permission),
  );
  if (allowed && status === 403) say('the role may: not 403');
  if (!allowed) {
    if (!forbiddenForRole) say('the role may not: 403 forbidden_for_role');
    else if (!body.message?.includes(BUSINESS_ROLE_LABELS[caller.role])) say('the role is named');
  }
  // Another business's rows answer as if they did not exist.
  if (
    caller.other &&
    allowed &&
    /\{(id|orderId|userId)\}/.test(key) &&
    !OPEN_TO_EVERY_RESTAURANT.has(key) &&
    status < 300
  ) {
    say('another business’s row: never 2xx');
  }
  return problems;
}

describe('the authorization matrix', () => {
  it('covers every operation of the OpenAPI document', () => {
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(documented.filter((key) => !(key in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it(
    'answers every operation for every caller as the permission table says',
    { timeout: 300_000 },
    async () => {
      const problems: string[] = [];
      // Deletions last, so that the rows the others name are still there, and signing out
      // everywhere after them all: it ends the callers' own sessions too.
      const risk = (operation: Operation) =>
        `${operation.method} ${operation.path}` === 'POST /api/auth/sign-out-everywhere'
          ? 2
          : Number(operation.method === 'DELETE');
      const ordered = [...operations].sort((a, b) => risk(a) - risk(b));
      let sent = 0;
      for (const operation of ordered) {
        const key = `${operation.method} ${operation.path}`;
        const need = EXPECTED[key];
        if (!need) continue;
        for (const caller of callers) {
          // The stream never ends for a signed-in caller; its refusals are checked here, its
          // stream in live-events.test.ts.
          if (key === 'GET /api/events' && caller.session) continue;
          problems.push(...check(need, caller, key, await send(operation, caller)));
          sent += 1;
        }
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(operations.length * callers.length - callers.length);
    },
  );

  it(
    "refuses a suspended farm's owner every write the farm's role table governs, and lets it read",
    { timeout: 120_000 },
    async () => {
      const problems: string[] = [];
      let writes = 0;
      for (const operation of operations) {
        const key = `${operation.method} ${operation.path}`;
        const need = EXPECTED[key];
        if (need?.who !== 'member' || need.farm === undefined) continue;
        const response = await send(operation, suspendedOwner);
        const code = response.statusCode >= 400 ? response.json<{ code?: string }>().code : null;
        const refused = response.statusCode === 403 && code === 'business_suspended';
        if (operation.method === 'GET' && refused) problems.push(`${key}: a read, but refused`);
        if (operation.method !== 'GET') {
          writes += 1;
          if (!refused) problems.push(`${key}: a write, but ${response.statusCode} ${code}`);
        }
      }
      expect(problems).toEqual([]);
      expect(writes).toBeGreaterThan(10);
    },
  );
});
