import { z } from 'zod';
import { APPROVAL_STATUSES, AUDIT_ACTIONS, BUSINESS_KINDS } from '../business-status';
import { ORDER_STATUSES } from '../order-status';
import { BUSINESS_ROLES } from '../permissions';
import { monthInput, monthKeyOutput, moneyOutput, plainString, positiveId } from './common';
import { keyCursor, pageCursor, pageLimit } from './paging';

/**
 * The administrator's figures. Money counts every order that is not cancelled, as the reports
 * do (docs/decisions/001-revenue-counts.md); months are Hawaii months.
 */

/** The admin table shows 10 rows (docs/product.md#admin-dashboard). */
export const ADMIN_TABLE_ROWS = 10;
export const ADMIN_TOP_LIMIT = 10;
/** A restaurant counts as active when it has ordered within this many days. */
export const ACTIVE_RESTAURANT_DAYS = 90;
export const ADMIN_ORDERS_DEFAULT_LIMIT = 50;
export const ADMIN_ORDERS_MAX_LIMIT = 500;

const orderStatus = z.enum(ORDER_STATUSES);

export const adminStatsOutput = z.object({
  /** The Hawaii month "this month" refers to: "2026-11". */
  currentMonth: monthKeyOutput,
  stats: z.object({
    /** Every person with an account (farmers, restaurant people, administrators). */
    users: z.number().int(),
    /** Every farm and restaurant profile. */
    farms: z.number().int(),
    restaurants: z.number().int(),
    /** Farms with at least one product on offer. */
    activeFarms: z.number().int(),
    /** Restaurants with an order (not cancelled) in the last ACTIVE_RESTAURANT_DAYS days. */
    activeRestaurants: z.number().int(),
    /** Orders that are not cancelled, all time and this month. */
    totalOrders: z.number().int(),
    monthlyOrders: z.number().int(),
    totalRevenue: moneyOutput,
    monthlyRevenue: moneyOutput,
    /** Every order by status, cancelled ones included. */
    ordersByStatus: z.record(orderStatus, z.number().int()),
    /** Farms waiting for an administrator's approval (docs/admission.md). */
    pendingApprovals: z.number().int(),
    /** Farms and restaurants suspended now. */
    suspendedBusinesses: z.number().int(),
  }),
  topFarms: z.array(
    z.object({ id: z.number(), name: z.string(), orders: z.number().int(), revenue: moneyOutput }),
  ),
  topRestaurants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      orders: z.number().int(),
      totalSpent: moneyOutput,
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsOutput>;

/** GET /api/admin/orders and /api/admin/orders.csv filters. */
export const adminOrdersQuery = z.object({
  farmId: positiveId.optional(),
  status: z.enum(ORDER_STATUSES, { error: 'Choose a valid order status' }).optional(),
  /** A Hawaii month, "2026-11": orders created in it. */
  month: monthInput.optional(),
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(ADMIN_ORDERS_MAX_LIMIT, `At most ${ADMIN_ORDERS_MAX_LIMIT}`)
    .optional(),
  /** The next page, from the Link header (docs/api.md#paging). */
  cursor: pageCursor,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;
export type AdminCsvQuery = Omit<AdminOrdersQuery, 'limit' | 'cursor'>;

export const adminOrderOutput = z.object({
  id: z.number(),
  status: orderStatus,
  createdAt: z.string(),
  deliveryDate: z.string().nullable(),
  totalAmount: moneyOutput,
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string() }),
});
export type AdminOrder = z.infer<typeof adminOrderOutput>;
export const adminOrderListOutput = z.array(adminOrderOutput);

export const HEALTH_STATUSES = {
  server: ['online'],
  database: ['connected', 'unavailable'],
  email: ['configured', 'outbox', 'failing'],
  sms: ['configured', 'not_configured', 'failing'],
} as const;

function deliveryHealth<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.object({
    status: z.enum(statuses),
    pending: z.number().int(),
    failed: z.number().int(),
    lastError: z.string().nullable(),
  });
}

export const adminHealthOutput = z.object({
  checkedAt: z.string(),
  server: z.object({
    status: z.enum(HEALTH_STATUSES.server),
    startedAt: z.string(),
    uptimeSeconds: z.number().int(),
  }),
  database: z.object({
    status: z.enum(HEALTH_STATUSES.database),
    kind: z.enum(['postgres', 'pglite']),
    latencyMs: z.number().int(),
  }),
  /**
   * 'outbox': no SMTP server is set, so mail is written to files instead of sent. 'failing':
   * the latest email tried in the last day failed. With the messages waiting to be sent
   * (pending), those given up on in the last 7 days (failed) and the newest error.
   */
  email: deliveryHealth(HEALTH_STATUSES.email),
  /** 'configured' when SMS_API_URL is set; 'failing' as for email. */
  sms: deliveryHealth(HEALTH_STATUSES.sms),
});
export type AdminHealth = z.infer<typeof adminHealthOutput>;

/*
 * Admission, suspension and the audit log (docs/admission.md, docs/api.md#admission-and-suspension).
 */

export const ADMIN_LIST_DEFAULT_LIMIT = 25;
export const ADMIN_LIST_MAX_LIMIT = 100;
export const ADMIN_REASON_MAX_LENGTH = 1000;
export const REASON_REQUIRED_MESSAGE = 'Say why: the business is told';

const businessKind = z.enum(BUSINESS_KINDS, { error: 'kind must be farm or restaurant' });
const approvalStatus = z.enum(APPROVAL_STATUSES);

/** POST /api/admin/farms/{id}/decline and /api/admin/businesses/{kind}/{id}/suspend. */
export const adminReasonBody = z.object({
  reason: plainString('multi', { error: REASON_REQUIRED_MESSAGE })
    .min(1, REASON_REQUIRED_MESSAGE)
    .max(ADMIN_REASON_MAX_LENGTH, `At most ${ADMIN_REASON_MAX_LENGTH} characters`),
});
export type AdminReasonBody = z.infer<typeof adminReasonBody>;
export type AdminReasonInput = z.input<typeof adminReasonBody>;

/** The path of the suspend and reinstate calls: which kind of business, and which one. */
export const businessParams = z.object({ kind: businessKind, id: positiveId });

/** GET /api/admin/approvals: the farms waiting, the longest waiting first. */
export const approvalsQuery = z.object({
  limit: pageLimit(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
  cursor: keyCursor,
});
export type ApprovalsQuery = z.infer<typeof approvalsQuery>;

const contactOutput = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
});

/** A farm waiting for approval, with the profile an administrator judges it by. */
export const pendingFarmOutput = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  contactPhone: z.string().nullable(),
  /** The profile's contacts that have anything filled in. */
  contacts: z.array(contactOutput),
  createdAt: z.string(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string(),
  /** Products it has set up (none of them visible to restaurants yet). */
  productCount: z.number().int(),
});
export type PendingFarm = z.infer<typeof pendingFarmOutput>;
export const pendingFarmListOutput = z.array(pendingFarmOutput);

export const BUSINESS_STATUS_FILTERS = [
  'all',
  'pending',
  'approved',
  'declined',
  'suspended',
] as const;
export type BusinessStatusFilter = (typeof BUSINESS_STATUS_FILTERS)[number];

/** GET /api/admin/businesses: the farms or restaurants by name, to suspend or reinstate. */
export const adminBusinessesQuery = z.object({
  kind: businessKind.default('farm'),
  status: z
    .enum(BUSINESS_STATUS_FILTERS, {
      error: `status must be one of ${BUSINESS_STATUS_FILTERS.join(', ')}`,
    })
    .default('all'),
  /** Part of the name, any case, with or without ʻokina and kahakō. */
  q: plainString()
    .max(100, 'q has at most 100 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  limit: pageLimit(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
  cursor: keyCursor,
});
export type AdminBusinessesQuery = z.infer<typeof adminBusinessesQuery>;
export type AdminBusinessesQueryInput = z.input<typeof adminBusinessesQuery>;

/** A farm or restaurant as the admin screens show it; also the answer of every admin action. */
export const adminBusinessOutput = z.object({
  kind: businessKind,
  id: z.number(),
  name: z.string(),
  location: z.string(),
  createdAt: z.string(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string(),
  /** Always 'approved' for a restaurant. */
  approvalStatus,
  /** Why the farm was declined, while it is. */
  declineReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** Orders with the business still pending, confirmed, packed or in transit. */
  openOrders: z.number().int(),
});
export type AdminBusiness = z.infer<typeof adminBusinessOutput>;
export const adminBusinessListOutput = z.array(adminBusinessOutput);

/*
 * The people list (docs/admission.md#people): every account, by name, to find whom a business
 * belongs to or who cannot sign in.
 */

export const PEOPLE_BUSINESS_FILTERS = ['farm', 'restaurant', 'none', 'admin'] as const;
export type PeopleBusinessFilter = (typeof PEOPLE_BUSINESS_FILTERS)[number];
/** A person's memberships listed in full up to this many; the rest are counted. */
export const PERSON_BUSINESSES_SHOWN = 10;

/** GET /api/admin/people: accounts by name, searched by name or email. */
export const adminPeopleQuery = z.object({
  /** Part of the name or the email, any case, with or without ʻokina and kahakō. */
  q: plainString()
    .max(100, 'q has at most 100 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Members of a farm, of a restaurant, of no business, or administrators. */
  business: z
    .enum(PEOPLE_BUSINESS_FILTERS, {
      error: `business must be one of ${PEOPLE_BUSINESS_FILTERS.join(', ')}`,
    })
    .optional(),
  /** Closed accounts are left out unless asked for. */
  closed: z
    .enum(['true', 'false'], { error: 'closed must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  limit: pageLimit(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
  cursor: keyCursor,
});
export type AdminPeopleQuery = z.infer<typeof adminPeopleQuery>;
export type AdminPeopleQueryInput = z.input<typeof adminPeopleQuery>;

export const adminPersonOutput = z.object({
  id: z.number(),
  /** First and last name, or null when the account has none. */
  name: z.string().nullable(),
  /** A closed account's is a tombstone (docs/leaving.md). */
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Their memberships by business name, at most PERSON_BUSINESSES_SHOWN. */
  businesses: z.array(
    z.object({
      kind: businessKind,
      id: z.number(),
      name: z.string(),
      role: z.enum(BUSINESS_ROLES),
    }),
  ),
  /** Memberships beyond those listed. */
  moreBusinesses: z.number().int(),
  /** The latest use of any of their memberships; null when none was ever used. */
  lastActiveAt: z.string().nullable(),
});
export type AdminPersonEntry = z.infer<typeof adminPersonOutput>;
export const adminPersonListOutput = z.array(adminPersonOutput);

/** GET /api/admin/audit: newest first. */
export const auditQuery = z.object({
  limit: pageLimit(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
  cursor: pageCursor,
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One row of the admin audit log: who did what to which business, why and when. */
export const adminActionOutput = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  /** The administrator; null once their account is gone (the name stays). */
  actorUserId: z.number().nullable(),
  actorName: z.string().nullable(),
  businessKind,
  businessId: z.number(),
  /** The business's name when the action was taken. */
  businessName: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActionEntry = z.infer<typeof adminActionOutput>;
export const adminActionListOutput = z.array(adminActionOutput);

/** The development-only user switcher (GET /api/test/users, POST /api/test/switch-user). */
export const devUserOutput = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string().nullable(),
  profileName: z.string().nullable(),
});
export type DevUser = z.infer<typeof devUserOutput>;
export const devUserListOutput = z.array(devUserOutput);
export const switchUserBody = z.object({
  userId: z
    .number({ error: 'Choose a user' })
    .int('Choose a user')
    .positive('Choose a user')
    .max(2_147_483_647, 'Choose a user'),
});
export const devSwitchOutput = z.object({ ok: z.literal(true) });
