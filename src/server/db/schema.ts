import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BusinessKind } from '#core/actor';
import type { ApprovalStatus, AuditAction } from '#core/business-status';
import type { GroupRole } from '#core/group-roles';
import type { BusinessRole } from '#core/permissions';
import type { Substitution } from '#core/schemas/order-guide';
import { TRACEABILITY_CATEGORIES, type TraceabilityCategory } from '#core/traceability';
import { foldedSql, personSortName } from './fold';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** A tax rate as a percentage with four decimals: 4.7120 is 4.712% (docs/tax.md). */
const rate = (name: string) => numeric(name, { precision: 6, scale: 4 });
/**
 * A quantity of stock or of an order line: whole for counted units, up to two decimals for
 * weighed ones (docs/adjustments.md#quantities). Read as a JavaScript number.
 */
const quantity = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role'),
    /** Notification channels the user chose; in-app notifications are always on. */
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    notifyBySms: boolean('notify_by_sms').notNull().default(false),
    /** Where text messages go, as the user typed it: "(808) 555-0101". */
    smsPhone: text('sms_phone'),
    /** When the owner of the address opened the link sent to it; null: not yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the person closed the account (docs/leaving.md); its email is then a tombstone. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The administrator's people list, by name (docs/admission.md#people).
    index('users_admin_name_idx').on(personSortName(t.firstName, t.lastName, t.email), t.id),
    check('users_role_check', sql`${t.role} in ('farmer', 'restaurant', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token in the cookie: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The membership this session acts for (docs/teams.md). Null: the person's first membership
     * of the kind their account role names, or none. Removing the member ends the session.
     */
    actingMembershipId: integer('acting_membership_id').references(
      (): AnyPgColumn => memberships.id,
      { onDelete: 'cascade' },
    ),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Links sent by email: a password reset or an address to verify. Only the SHA-256 of the
 * token is kept, so a leaked table opens no account. A link works once (`usedAt`) and until
 * `expiresAt`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the link was sent to: a verification is of that address only. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'verify_email')`),
  ],
);

/**
 * Sign-in and registration attempts of the last minutes, counted by every process alike. A
 * sign-in row is written before the password is checked and removed when it succeeds, so what
 * remains are failures; rows older than the counting window are pruned.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What was attempted: 'sign_in' or 'register'. */
    kind: text('kind').notNull(),
    /** The client's address (an IPv6 client's /64 network) as the trusted proxies report it. */
    address: text('address').notNull(),
    /** SHA-256 of the email tried, so a sign-in counts per account without keeping the address. */
    accountHash: text('account_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_address_idx').on(t.kind, t.address, t.createdAt),
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);

const contactColumns = () => ({
  contact1Name: text('contact1_name'),
  contact1Email: text('contact1_email'),
  contact1Phone: text('contact1_phone'),
  contact1Position: text('contact1_position'),
  contact2Name: text('contact2_name'),
  contact2Email: text('contact2_email'),
  contact2Phone: text('contact2_phone'),
  contact2Position: text('contact2_position'),
  contact3Name: text('contact3_name'),
  contact3Email: text('contact3_email'),
  contact3Phone: text('contact3_phone'),
  contact3Position: text('contact3_position'),
  contact4Name: text('contact4_name'),
  contact4Email: text('contact4_email'),
  contact4Phone: text('contact4_phone'),
  contact4Position: text('contact4_position'),
});

/**
 * An administrator's suspension of a farm or restaurant (docs/admission.md): its people can
 * sign in and read but not act for it, and a suspended farm sells nothing. Null: not suspended.
 */
const suspensionColumns = () => ({
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
});

/** When an owner closed the business, and who (docs/leaving.md#closing-a-business). */
const closureColumns = () => ({
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedByUserId: integer('closed_by_user_id').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
});

export const farms = pgTable(
  'farms',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location').notNull(),
    contactPhone: text('contact_phone'),
    ...contactColumns(),
    deliveryFee: money('delivery_fee').notNull().default('0'),
    orderMinimum: money('order_minimum').notNull().default('0'),
    checksPayableTo: text('checks_payable_to'),
    /** The last invoice number issued; invoices are numbered per farm and never reused. */
    lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
    /**
     * When ordering for a delivery day closes: this many days before it, at this minute of the
     * Hawaii day (default the day before at 6 PM).
     */
    orderCutoffDaysBefore: integer('order_cutoff_days_before').notNull().default(1),
    orderCutoffMinutes: integer('order_cutoff_minutes')
      .notNull()
      .default(18 * 60),
    /** Days after the Hawaii delivery date an invoice is due: 0 (on receipt), 7, 15 or 30. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    /** The General Excise Tax the farm passes on, in percent (0 to 10); 0: none (docs/tax.md). */
    taxRate: rate('tax_rate').notNull().default('0'),
    /**
     * The GET rule by buyer (docs/tax.md): the rate with the buyer's resale certificate on file
     * and the rate without; both null when the farm keeps its one `taxRate`.
     */
    getWholesaleRate: rate('get_wholesale_rate'),
    getPassOnRate: rate('get_pass_on_rate'),
    /**
     * How far above what was ordered the farm's adjustment may raise a weighed line, in percent
     * (0 to 25); a counted line is never raised (docs/adjustments.md).
     */
    adjustmentAllowancePercent: integer('adjustment_allowance_percent').notNull().default(10),
    /** Days after the Hawaii delivery date the restaurant may report a problem (docs/claims.md). */
    claimWindowDays: integer('claim_window_days').notNull().default(2),
    /**
     * Hours before a delivery day's cutoff its usual restaurants that have not ordered are
     * reminded (0 to 48; 0: no reminders; docs/cutoff-reminders.md).
     */
    reminderHoursBeforeCutoff: integer('reminder_hours_before_cutoff').notNull().default(3),
    /** The last credit note number the farm gave (CN-00001, ...): its own sequence. */
    lastCreditNoteNumber: integer('last_credit_note_number').notNull().default(0),
    /** Lots are required at packing for its traced products (docs/traceability.md). */
    traceabilityEnabled: boolean('traceability_enabled').notNull().default(false),
    /**
     * Admission (docs/admission.md): only an approved farm is seen by restaurants and sells.
     * New farms are created pending when admission is on; the default covers every other way
     * a farm is written (existing farms, demo and bench data).
     */
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('approved'),
    /** The administrator's reason, kept while the farm is declined. */
    declineReason: text('decline_reason'),
    ...suspensionColumns(),
    ...closureColumns(),
    /**
     * What a catalogue search reads of the farm (its name and town), folded once when written
     * rather than in every search: folding is most of a search's cost at the islands' size.
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL =>
      foldedSql(sql`${farms.name} || chr(10) || ${farms.location}`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('farms_user_unique').on(t.userId),
    index('farms_name_idx').on(t.name),
    // Browse sorted by farm walks the farms in the order it shows them.
    index('farms_sort_name_idx').on(foldedSql(t.name), t.id),
    // The approvals screen's queue: the farms waiting, the longest waiting first.
    index('farms_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.approvalStatus} = 'pending'`),
    check('farms_reminder_hours_check', sql`${t.reminderHoursBeforeCutoff} between 0 and 48`),
    check(
      'farms_approval_status_check',
      sql`${t.approvalStatus} in ('pending', 'approved', 'declined')`,
    ),
    check(
      'farms_decline_reason_check',
      sql`(${t.approvalStatus} = 'declined') = (${t.declineReason} is not null)`,
    ),
    check(
      'farms_suspension_check',
      sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`,
    ),
    check('farms_delivery_fee_check', sql`${t.deliveryFee} >= 0`),
    check('farms_order_minimum_check', sql`${t.orderMinimum} >= 0`),
    check(
      'farms_order_cutoff_check',
      sql`${t.orderCutoffDaysBefore} between 0 and 14 and ${t.orderCutoffMinutes} between 0 and 1439`,
    ),
    check('farms_payment_terms_check', sql`${t.paymentTermsDays} in (0, 7, 15, 30)`),
    check('farms_tax_rate_check', sql`${t.taxRate} between 0 and 10`),
    check(
      'farms_get_rule_check',
      sql`(${t.getWholesaleRate} is null) = (${t.getPassOnRate} is null) and ${t.getWholesaleRate} between 0 and 10 and ${t.getPassOnRate} between 0 and 10`,
    ),
    check(
      'farms_adjustment_allowance_check',
      sql`${t.adjustmentAllowancePercent} between 0 and 25`,
    ),
    check('farms_claim_window_check', sql`${t.claimWindowDays} between 0 and 14`),
  ],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location').notNull(),
    contactPhone: text('contact_phone'),
    ...contactColumns(),
    deliveryZone: text('delivery_zone'),
    /** Its General Excise Tax licence number, printed on the resale certificates it gives. */
    getLicenseNumber: text('get_license_number'),
    ...suspensionColumns(),
    ...closureColumns(),
    /** The restaurant group it is a location of (docs/groups.md), or null. */
    groupId: integer('group_id').references((): AnyPgColumn => restaurantGroups.id),
    /**
     * Its name folded once when written: the administrator's list sorts and searches by it, and
     * folding 10,000 names on every search was most of its cost.
     */
    sortName: text('sort_name').generatedAlwaysAs((): SQL => foldedSql(restaurants.name)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('restaurants_sort_name_idx').on(t.sortName, t.id),
    // One restaurant of one's own; a group's locations are not counted.
    uniqueIndex('restaurants_user_unique')
      .on(t.userId)
      .where(sql`group_id is null`),
    index('restaurants_group_idx').on(t.groupId),
    check(
      'restaurants_suspension_check',
      sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`,
    ),
  ],
);

/**
 * A person's place in a business, with their role (docs/teams.md; src/core/permissions.ts).
 * A person may belong to several farms and restaurants; a business to several people.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessKind: text('business_kind').notNull().$type<BusinessKind>(),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, {
      onDelete: 'cascade',
    }),
    businessRole: text('business_role').notNull().$type<BusinessRole>(),
    /** When the person last used a session acting for this business (the team list shows it). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Set when a restaurant group gives this membership to its member (docs/groups.md). */
    groupId: integer('group_id').references((): AnyPgColumn => restaurantGroups.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('memberships_group_idx').on(t.groupId, t.userId),
    uniqueIndex('memberships_user_farm_idx').on(t.userId, t.farmId),
    uniqueIndex('memberships_user_restaurant_idx').on(t.userId, t.restaurantId),
    index('memberships_farm_idx').on(t.farmId),
    index('memberships_restaurant_idx').on(t.restaurantId),
    check(
      'memberships_business_check',
      sql`(${t.businessKind} = 'farm' and ${t.farmId} is not null and ${t.restaurantId} is null) or (${t.businessKind} = 'restaurant' and ${t.restaurantId} is not null and ${t.farmId} is null)`,
    ),
    check(
      'memberships_role_check',
      sql`(${t.businessKind} = 'farm' and ${t.businessRole} in ('owner', 'manager', 'packer', 'bookkeeper')) or (${t.businessKind} = 'restaurant' and ${t.businessRole} in ('owner', 'buyer', 'bookkeeper'))`,
    ),
  ],
);

/**
 * An invitation to join a business with a role (docs/teams.md), sent by email as a link to
 * /accept-invitation. Only the SHA-256 of the link's token is kept; a link works once
 * (`acceptedAt`) and until `expiresAt`. Revoking one deletes it; resending gives it a new token.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    businessKind: text('business_kind').notNull().$type<BusinessKind>(),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, {
      onDelete: 'cascade',
    }),
    /** Lower case, as accounts keep theirs: the account that may accept it. */
    email: text('email').notNull(),
    businessRole: text('business_role').notNull().$type<BusinessRole>(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    // One pending invitation per address and business: inviting again renews it.
    uniqueIndex('team_invitations_pending_farm_idx')
      .on(t.farmId, t.email)
      .where(sql`${t.acceptedAt} is null`),
    uniqueIndex('team_invitations_pending_restaurant_idx')
      .on(t.restaurantId, t.email)
      .where(sql`${t.acceptedAt} is null`),
    check(
      'team_invitations_business_check',
      sql`(${t.businessKind} = 'farm' and ${t.farmId} is not null and ${t.restaurantId} is null) or (${t.businessKind} = 'restaurant' and ${t.restaurantId} is not null and ${t.farmId} is null)`,
    ),
    check(
      'team_invitations_role_check',
      sql`(${t.businessKind} = 'farm' and ${t.businessRole} in ('owner', 'manager', 'packer', 'bookkeeper')) or (${t.businessKind} = 'restaurant' and ${t.businessRole} in ('owner', 'buyer', 'bookkeeper'))`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    unit: text('unit').notNull(),
    price: money('price').notNull(),
    availableQuantity: quantity('available_quantity').notNull().default(0),
    isOrganic: boolean('is_organic').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Its Food Traceability List category, or null: not traced (docs/traceability.md). */
    traceabilityCategory: text('traceability_category').$type<TraceabilityCategory>(),
    /**
     * The weight unit `price` is per, for a product charged on what the scale says
     * (docs/catch-weight.md); null: `price` is per `unit`. Stock still counts `unit`.
     */
    weightUnit: text('weight_unit'),
    /** Set when the farmer deletes a product that orders still refer to. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What a catalogue search reads of the product (name and description), folded once. */
    searchText: text('search_text').generatedAlwaysAs((): SQL =>
      foldedSql(sql`${products.name} || chr(10) || coalesce(${products.description}, '')`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_farm_idx').on(t.farmId),
    // A search's substring match on the folded text (LIKE '%term%'), by trigrams.
    index('products_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Browse sorted by farm: each farm's products in name order, after the farms' own walk.
    index('products_browse_farm_idx')
      .on(t.farmId, foldedSql(t.name), t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
    index('products_listed_idx')
      .on(t.isActive, t.name)
      .where(sql`${t.deletedAt} is null`),
    // Browse's pages in name and price order: a walk of the first rows, not a sort of all. The
    // name is the folded one browse sorts by, the very expression foldedSql writes, or the
    // planner cannot use the index for the page order.
    index('products_browse_name_idx')
      .on(foldedSql(t.name), t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
    index('products_browse_price_idx')
      .on(t.price, foldedSql(t.name), t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_weight_unit_check', sql`${t.weightUnit} in ('lb', 'kg', 'oz')`),
    check(
      'products_traceability_category_check',
      sql`${t.traceabilityCategory} in (${sql.raw(TRACEABILITY_CATEGORIES.map((c) => `'${c}'`).join(', '))})`,
    ),
    check('products_stock_check', sql`${t.availableQuantity} >= 0`),
  ],
);

/**
 * A product's photos, in the order the farm chose (position 0 is the one cards show). Each
 * row names its stored WebP files by their content hash: the same bytes, the same name.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage key of the 960 px wide version (shown in the dialog and when enlarged). */
    largeKey: text('large_key').notNull(),
    /** Storage key of the 320 px wide version (cards, cart and order lines). */
    smallKey: text('small_key').notNull(),
    /** Size of the large version in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_photos_product_idx').on(t.productId, t.position),
    index('product_photos_large_key_idx').on(t.largeKey),
    index('product_photos_small_key_idx').on(t.smallKey),
  ],
);

/**
 * The packs a product sells from its one stock (docs/packs.md): "bunch" (1), "case of 24
 * bunches" (24). A line takes `size` units of the product's stock per pack ordered. The size-1
 * pack is the unit itself and is priced by the product's own price; another pack's `price`, when
 * null, is its size times that price. A pack removed while something refers to it is archived.
 */
export const productPacks = pgTable(
  'product_packs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    size: quantity('size').notNull(),
    price: money('price'),
    /** The fewest packs a line may hold; null: any quantity above 0. */
    minimumQuantity: quantity('minimum_quantity'),
    /** What one pack of a product priced by weight is expected to weigh, in its weight unit. */
    estimatedWeight: quantity('estimated_weight'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_packs_product_idx').on(t.productId, t.size),
    uniqueIndex('product_packs_label_unique')
      .on(t.productId, sql`lower(${t.label})`)
      .where(sql`${t.archivedAt} is null`),
    // The unit pack: the one a line without a pack is of.
    uniqueIndex('product_packs_unit_unique')
      .on(t.productId)
      .where(sql`${t.size} = 1 and ${t.archivedAt} is null`),
    check('product_packs_size_check', sql`${t.size} > 0`),
    check('product_packs_price_check', sql`${t.price} >= 0`),
    check('product_packs_minimum_check', sql`${t.minimumQuantity} > 0`),
    check('product_packs_weight_check', sql`${t.estimatedWeight} > 0`),
  ],
);

export const deliverySchedules = pgTable(
  'delivery_schedules',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryArea: text('delivery_area').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_schedules_unique').on(t.farmId, t.deliveryDate, t.deliveryArea),
    index('delivery_schedules_date_idx').on(t.deliveryDate),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    status: text('status').notNull().default('pending'),
    subtotal: money('subtotal').notNull(),
    deliveryFee: money('delivery_fee').notNull().default('0'),
    /** The farm's GET rate at placement (percent) and the tax it came to (docs/tax.md). */
    taxRate: rate('tax_rate').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    /** Why the order has its GET rate ("wholesale: certificate 14 on file"); null before the rule. */
    taxReason: text('tax_reason'),
    /** The farm's fee for an order below its minimum, set at placement (docs/minimums.md). */
    smallOrderFee: money('small_order_fee').notNull().default('0'),
    totalAmount: money('total_amount').notNull(),
    /**
     * What the order still owes by the owed rule (src/server/modules/owed): its total less its
     * counted payments and the credit put on it. Kept by the database's triggers whoever writes
     * (drizzle/0041_stored_balance.sql), for every order whatever its status; below zero when
     * more than the total came in. Never written by the application.
     */
    balanceDue: money('balance_due').notNull().default('0'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The delivery zone (its name) the order was placed for; null when none applied. */
    deliveryArea: text('delivery_area'),
    recipientName: text('recipient_name'),
    notes: text('notes'),
    invoiceNumber: integer('invoice_number'),
    invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }),
    /**
     * When the invoice is due: set on delivery from the farm's payment terms of that day,
     * counted from the Hawaii delivery date (later changes of terms leave it as it was).
     */
    dueDate: date('due_date', { mode: 'string' }),
    /** The standing order that placed it (docs/standing-orders.md); null when a person did. */
    standingOrderId: integer('standing_order_id').references((): AnyPgColumn => standingOrders.id),
    /** When the farm last adjusted the order to what was picked; null: never. */
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_farm_created_idx').on(t.farmId, t.createdAt),
    index('orders_farm_status_idx').on(t.farmId, t.status),
    index('orders_created_idx').on(t.createdAt),
    // A farm's orders by delivery day: the cutoff reminders' usual restaurants and their orders.
    index('orders_farm_day_idx').on(t.farmId, t.deliveryDate, t.restaurantId),
    // What the auto-cancel sweep looks for: pending orders, by day.
    index('orders_pending_day_idx')
      .on(t.deliveryDate, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Bills still owed: a farm's receivables, a restaurant's bills, the day's payment reminders.
    index('orders_farm_owed_idx')
      .on(t.farmId, t.restaurantId)
      .where(sql`${t.status} = 'delivered' and ${t.balanceDue} > 0`),
    index('orders_restaurant_owed_idx')
      .on(t.restaurantId, t.farmId)
      .where(sql`${t.status} = 'delivered' and ${t.balanceDue} > 0`),
    // Orders under way: the administrator's business lists count them per business.
    index('orders_farm_open_idx')
      .on(t.farmId)
      .where(sql`${t.status} in ('pending', 'confirmed', 'packed', 'in_transit')`),
    index('orders_restaurant_open_idx')
      .on(t.restaurantId)
      .where(sql`${t.status} in ('pending', 'confirmed', 'packed', 'in_transit')`),
    uniqueIndex('orders_farm_invoice_unique').on(t.farmId, t.invoiceNumber),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'packed', 'in_transit', 'delivered', 'cancelled')`,
    ),
    check(
      'orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.totalAmount} >= 0`,
    ),
    check('orders_tax_check', sql`${t.taxRate} between 0 and 10 and ${t.taxAmount} >= 0`),
    check('orders_small_order_fee_check', sql`${t.smallOrderFee} >= 0`),
  ],
);

/**
 * A restaurant's resale certificate (Hawaii Form G-17) made out to one farm (docs/tax.md): kept
 * as signed; a revocation sets the last day it covers and who revoked it, never deletes it.
 */
export const resaleCertificates = pgTable(
  'resale_certificates',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    licenseNumber: text('license_number').notNull(),
    goodsDescription: text('goods_description').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    signedByUserId: integer('signed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    signedByName: text('signed_by_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The last day a revoked certificate covers; null while it is not revoked. */
    effectiveUntil: date('effective_until', { mode: 'string' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedByName: text('revoked_by_name'),
    revokedByKind: text('revoked_by_kind').$type<BusinessKind>(),
  },
  (t) => [
    index('resale_certificates_pair_idx').on(t.restaurantId, t.farmId),
    index('resale_certificates_farm_idx').on(t.farmId, t.id),
    check(
      'resale_certificates_period_check',
      sql`${t.endsOn} is null or ${t.endsOn} >= ${t.effectiveFrom}`,
    ),
    check(
      'resale_certificates_revocation_check',
      sql`(${t.revokedAt} is null) = (${t.effectiveUntil} is null) and (${t.revokedAt} is null) = (${t.revokedByName} is null) and (${t.revokedByKind} is null or ${t.revokedByKind} in ('farm', 'restaurant'))`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Name and unit as sold, so an order stays whole when the product changes later. */
    productName: text('product_name').notNull(),
    productUnit: text('product_unit').notNull(),
    /** The pack sold (docs/packs.md), its label and size as sold; `quantity` counts packs. */
    packId: integer('pack_id').references(() => productPacks.id, { onDelete: 'set null' }),
    packLabel: text('pack_label'),
    /** Units of the product's stock in one pack: a line takes `quantity` × this. */
    packSize: quantity('pack_size').notNull().default(1),
    /**
     * A line charged by weight (docs/catch-weight.md): the weight unit `unit_price` is per, and
     * what one pack was expected to weigh. Null for a line priced per pack.
     */
    weightUnit: text('weight_unit'),
    packWeight: quantity('pack_weight'),
    /** The weight entered at packing, the line's whole, and per pack when given one by one. */
    weight: quantity('weight'),
    weights: jsonb('weights').$type<number[]>(),
    weighedByUserId: integer('weighed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    weighedAt: timestamp('weighed_at', { withTimezone: true }),
    /**
     * `pending` while a weight above the farm's tolerance waits for the restaurant, then
     * `accepted` or `declined` (charged at the estimate); null when no decision was needed.
     */
    weightDecision: text('weight_decision').$type<'pending' | 'accepted' | 'declined'>(),
    /** What is delivered (and billed): what was ordered, unless the farm adjusted it. */
    quantity: quantity('quantity').notNull(),
    /**
     * What the restaurant ordered, kept when the farm first adjusts the line; null while the
     * line is as ordered (then `quantity` is both). The restaurant's own change clears it.
     */
    orderedQuantity: quantity('ordered_quantity'),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    /**
     * The quantity break of the restaurant's price list that priced the line, if one did: the
     * restaurant lowering the line below it is repriced (docs/price-lists.md).
     */
    priceBreakQuantity: quantity('price_break_quantity'),
    /**
     * What the restaurant wants when the farm cannot fill the line (docs/substitutions.md): take
     * a substitute at once, be asked, or never (short it).
     */
    substitution: text('substitution').$type<Substitution>().notNull().default('ask'),
    /**
     * On a substitute's line, the line it replaced (that line is shorted, so no reference: the
     * substitution's row keeps what it was).
     */
    substituteForItemId: integer('substitute_for_item_id'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_substitution_check', sql`${t.substitution} in ('allow', 'ask', 'never')`),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_ordered_quantity_check', sql`${t.orderedQuantity} > 0`),
    check('order_items_price_check', sql`${t.unitPrice} >= 0 and ${t.totalPrice} >= 0`),
    check('order_items_pack_size_check', sql`${t.packSize} > 0`),
    check(
      'order_items_weight_check',
      sql`(${t.weightUnit} is null) = (${t.packWeight} is null) and ${t.weight} > 0`,
    ),
    check(
      'order_items_weight_decision_check',
      sql`${t.weightDecision} in ('pending', 'accepted', 'declined')`,
    ),
  ],
);

/** Every weight entered on a line and every decision on one, with who and when. */
export const orderItemWeights = pgTable(
  'order_item_weights',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** `weighed`, or the restaurant's `accepted` / `declined`. */
    kind: text('kind').notNull().$type<'weighed' | 'accepted' | 'declined'>(),
    weight: quantity('weight').notNull(),
    weights: jsonb('weights').$type<number[]>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_item_weights_item_idx').on(t.orderItemId, t.id),
    check('order_item_weights_kind_check', sql`${t.kind} in ('weighed', 'accepted', 'declined')`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who made the change: 'farmer', 'restaurant', or 'system' (automatic, no user); null on
     * rows written before this was recorded.
     */
    changedByRole: text('changed_by_role').$type<'farmer' | 'restaurant' | 'system'>(),
    /** The job that made a system change ('auto_cancel', ...); null for a person's. */
    changedByJob: text('changed_by_job'),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId),
    check(
      'order_status_history_role_check',
      sql`${t.changedByRole} in ('farmer', 'restaurant', 'system')`,
    ),
  ],
);

/**
 * The stock ledger (docs/product.md#stock-history): one row per change of a product's
 * `available_quantity`, written in the same transaction by the one stock function, so a
 * product's rows sum to its stock. The line id has no foreign key: lines can be deleted.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Signed: negative when stock went out. */
    change: quantity('change').notNull(),
    quantityAfter: quantity('quantity_after').notNull(),
    reason: text('reason')
      .notNull()
      .$type<
        | 'opening'
        | 'sale'
        | 'restaurant_change'
        | 'farm_adjustment'
        | 'cancellation'
        | 'farmer_edit'
        | 'correction'
      >(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id'),
    actorKind: text('actor_kind').notNull().$type<'person' | 'system'>(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The job of a system change; null for a person's and for the migration's openings. */
    actorJob: text('actor_job'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('opening', 'sale', 'restaurant_change', 'farm_adjustment', 'cancellation', 'farmer_edit', 'correction')`,
    ),
    check('stock_movements_actor_check', sql`${t.actorKind} in ('person', 'system')`),
    check('stock_movements_after_check', sql`${t.quantityAfter} >= 0`),
  ],
);

/**
 * The farm's adjustments of an order to what was picked (docs/adjustments.md): one row per
 * changed line, with who, when, from, to and why. A removed line goes to 0. Rows written by one
 * request share `changedAt` (the transaction's time).
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's id; the line itself is gone when it was removed. */
    orderItemId: integer('order_item_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    productUnit: text('product_unit').notNull(),
    fromQuantity: quantity('from_quantity').notNull(),
    toQuantity: quantity('to_quantity').notNull(),
    reason: text('reason').notNull(),
    /** The order's total before and after the request that made this change. */
    fromTotal: money('from_total').notNull(),
    toTotal: money('to_total').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_adjustments_order_idx').on(t.orderId, t.id),
    check('order_adjustments_quantity_check', sql`${t.fromQuantity} >= 0 and ${t.toQuantity} >= 0`),
  ],
);

/**
 * A request's Idempotency-Key and its stored answer: the person's key for the business they
 * acted for, so that a person of two businesses never gets one's answer for the other.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessKind: text('business_kind').$type<BusinessKind>().notNull(),
    businessId: integer('business_id').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** The business clock's instant: the key's time runs from it. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.businessKind, t.businessId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** What a user is told in the app (the bell); email and text copies go out from it. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The longer text an email adds to the body: the order's lines and totals. */
    details: text('details'),
    /** The in-app path the notification points to, e.g. "/restaurant/orders#order-12". */
    link: text('link'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** One notification per user per event ("order:12:status:confirmed"). */
    eventKey: text('event_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_unique').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * One email or text message of a notification. The queue's jobs point here; a row already
 * sent is never sent again, whatever the queue retries.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The address or phone number at the time of the event. */
    destination: text('destination').notNull(),
    /** 'waiting' (an email held until the address is verified), 'pending', 'sent', 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.channel] }),
    index('notification_deliveries_status_idx').on(t.status),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check(
      'notification_deliveries_status_check',
      sql`${t.status} in ('waiting', 'pending', 'sent', 'failed')`,
    ),
  ],
);

/**
 * Money a farm received for an order. Nothing is deleted: a mistaken payment is voided (with
 * who, when and why) and no longer counts.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amount: money('amount').notNull(),
    /** The Hawaii calendar day the money was received, as the farm states it. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    /** Which payment provider took it; 'manual' is the farm writing it down. */
    provider: text('provider').notNull().default('manual'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedByUserId: integer('voided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    voidReason: text('void_reason'),
    /** The group payment this is a part of (docs/groups.md), or null. */
    groupPaymentId: integer('group_payment_id').references((): AnyPgColumn => groupPayments.id),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_group_payment_idx').on(t.groupPaymentId),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', sql`${t.method} in ('check', 'cash', 'bank_transfer', 'other')`),
    check('payments_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/**
 * A restaurant's weekly order with one farm (docs/standing-orders.md): placed automatically
 * `daysBefore` days before each of the farm's delivery days to the restaurant's zone that falls
 * on one of `weekdays` (0 Sunday ... 6 Saturday). Deleting one sets `deletedAt`, so the orders it
 * placed keep pointing at it.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    weekdays: integer('weekdays').array().notNull(),
    daysBefore: integer('days_before').notNull().default(3),
    paused: boolean('paused').notNull().default(false),
    notes: text('notes'),
    /** Who of the restaurant set it up; null for those made before this was recorded. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('standing_orders_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('standing_orders_active_idx')
      .on(t.farmId)
      .where(sql`${t.deletedAt} is null and not ${t.paused}`),
    check('standing_orders_days_before_check', sql`${t.daysBefore} between 0 and 14`),
    check('standing_orders_weekdays_check', sql`cardinality(${t.weekdays}) between 1 and 7`),
  ],
);

/** One product of a standing order, with the unit price it had when the line was set. */
export const standingOrderLines = pgTable(
  'standing_order_lines',
  {
    id: serial('id').primaryKey(),
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The pack the line orders (docs/packs.md); `quantity` counts packs. */
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    quantity: quantity('quantity').notNull(),
    /** The product's price when the restaurant set the line: the notice says what changed. */
    seenUnitPrice: money('seen_unit_price').notNull(),
  },
  (t) => [
    uniqueIndex('standing_order_lines_pack_unique').on(t.standingOrderId, t.packId),
    check('standing_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * What happened to a standing order for one delivery day: placed (with its order), skipped by
 * the restaurant, or not placed (nothing available, or refused, with the reason). The unique
 * key makes a day happen once, whatever the number of sweeps: the row is inserted in the same
 * transaction as the order.
 */
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    outcome: text('outcome').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** The lines left out of this day because the product costs more than the price seen. */
    leftOutProductIds: integer('left_out_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.deliveryDate] }),
    check(
      'standing_order_runs_outcome_check',
      sql`${t.outcome} in ('placed', 'skipped', 'not_placed')`,
    ),
  ],
);

/**
 * A restaurant's order guide (docs/order-guide.md): one row once it saves one, so a guide saved
 * empty is told from one never saved. Its sections and items are replaced whole on each save.
 */
export const orderGuides = pgTable('order_guides', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  updatedAt: updatedAt(),
});

/** A named part of the guide, in the order the chef counts ("Walk-in", "Dry store"). */
export const orderGuideSections = pgTable(
  'order_guide_sections',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => orderGuides.restaurantId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('order_guide_sections_name_unique').on(t.restaurantId, sql`lower(${t.name})`),
    uniqueIndex('order_guide_sections_position_unique').on(t.restaurantId, t.position),
  ],
);

/**
 * A product and pack of the guide, with its par per delivery weekday (in packs) and what the
 * restaurant wants when it is short. A product or pack the farm removes for good takes its
 * items with it; one archived or unlisted stays, shown as not available.
 */
export const orderGuideItems = pgTable(
  'order_guide_items',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => orderGuideSections.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => orderGuides.restaurantId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    parMon: integer('par_mon').notNull().default(0),
    parTue: integer('par_tue').notNull().default(0),
    parWed: integer('par_wed').notNull().default(0),
    parThu: integer('par_thu').notNull().default(0),
    parFri: integer('par_fri').notNull().default(0),
    parSat: integer('par_sat').notNull().default(0),
    parSun: integer('par_sun').notNull().default(0),
    substitution: text('substitution').$type<Substitution>().notNull().default('ask'),
  },
  (t) => [
    uniqueIndex('order_guide_items_pack_unique').on(t.restaurantId, t.productId, t.packId),
    index('order_guide_items_section_idx').on(t.sectionId, t.position),
    // A product removed for good takes its items: found by product, not a scan.
    index('order_guide_items_product_idx').on(t.productId),
    check(
      'order_guide_items_pars_check',
      sql`${t.parMon} >= 0 and ${t.parTue} >= 0 and ${t.parWed} >= 0 and ${t.parThu} >= 0 and ${t.parFri} >= 0 and ${t.parSat} >= 0 and ${t.parSun} >= 0`,
    ),
    check(
      'order_guide_items_substitution_check',
      sql`${t.substitution} in ('allow', 'ask', 'never')`,
    ),
  ],
);

/**
 * What administrators did to businesses (docs/admission.md#audit): who, what, to which farm or
 * restaurant, why and when. Rows are only ever added; the names are kept as they were then.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<AuditAction>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator's name ("Pua Kealoha", else the email) when they acted. */
    actorName: text('actor_name'),
    businessKind: text('business_kind').$type<BusinessKind>().notNull(),
    /** A farm's or a restaurant's id, as `businessKind` says. */
    businessId: integer('business_id').notNull(),
    businessName: text('business_name').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_business_idx').on(t.businessKind, t.businessId),
    check(
      'admin_actions_action_check',
      sql`${t.action} in ('approve', 'decline', 'suspend', 'reinstate', 'close')`,
    ),
    check('admin_actions_kind_check', sql`${t.businessKind} in ('farm', 'restaurant')`),
  ],
);

/**
 * A farm's delivery run of one day (docs/delivery.md#delivery-runs): a truck's ordered stops.
 * A zone's default run has `defaultZone` set (the zone's name, '' for orders without one), so
 * that a day has at most one per zone; a run the farm added has none. `version` goes up with
 * every change of its stops, so a reorder made from an old view is refused.
 */
export const deliveryRuns = pgTable(
  'delivery_runs',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    defaultZone: text('default_zone'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_runs_farm_day_name_unique').on(t.farmId, t.deliveryDate, t.name),
    uniqueIndex('delivery_runs_farm_day_zone_unique')
      .on(t.farmId, t.deliveryDate, t.defaultZone)
      .where(sql`${t.defaultZone} is not null`),
  ],
);

/** A run's stops: each order in at most one run, at its position (1, 2, ...). */
export const deliveryRunStops = pgTable(
  'delivery_run_stops',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    runId: integer('run_id')
      .notNull()
      .references(() => deliveryRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('delivery_run_stops_run_idx').on(t.runId, t.position)],
);

// Traceability (docs/traceability.md): lots, the lots each order line was packed from, the
// shipping records fixed when an order ships, and recalls.

/**
 * A traceability lot the farm recorded: its own lot code (unique per farm, whatever the case),
 * the product, when and where it was harvested or packed, how much, and how much is left.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    harvestDate: date('harvest_date', { mode: 'string' }).notNull(),
    /** The field or place it came from. */
    location: text('location').notNull(),
    quantity: quantity('quantity').notNull(),
    /** What order lines have not taken: the quantity less every line's share. */
    remaining: quantity('remaining').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lots_farm_code_unique').on(t.farmId, sql`lower(${t.code})`),
    // The Lots screen's pages: a farm's lots by harvest date.
    index('lots_farm_harvest_idx').on(t.farmId, t.harvestDate, t.id),
    index('lots_product_idx').on(t.productId, t.harvestDate),
    check('lots_quantity_check', sql`${t.quantity} > 0`),
    check('lots_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.quantity}`),
  ],
);

/** The lots an order line was packed from, with how much of each; they add up to the line. */
export const orderItemLots = pgTable(
  'order_item_lots',
  {
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    quantity: quantity('quantity').notNull(),
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.lotId] }),
    index('order_item_lots_lot_idx').on(t.lotId),
    check('order_item_lots_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The history of a line's lots: each assignment, and each clearing by an adjustment, with who
 * and when. `lots` is what the line holds afterwards ([] when cleared).
 */
export const orderLotChanges = pgTable(
  'order_lot_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull(),
    reason: text('reason').notNull().$type<'assigned' | 'cleared_by_adjustment'>(),
    lots: jsonb('lots').notNull().$type<{ lotId: number; code: string; quantity: number }[]>(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    changedByRole: text('changed_by_role').$type<'farmer' | 'restaurant' | 'system'>(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_lot_changes_order_idx').on(t.orderId, t.id),
    check(
      'order_lot_changes_reason_check',
      sql`${t.reason} in ('assigned', 'cleared_by_adjustment')`,
    ),
  ],
);

/**
 * FSMA 204 shipping key data elements: one row per lot of a shipped line of a traced product,
 * copied when the order moves to in transit. The ids have no foreign keys and the names and
 * addresses are copies, so no later rename, delete or cancel changes or removes a record.
 */
export const shippingRecords = pgTable(
  'shipping_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    farmId: integer('farm_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    productId: integer('product_id').notNull(),
    lotId: integer('lot_id').notNull(),
    lotCode: text('lot_code').notNull(),
    quantity: quantity('quantity').notNull(),
    unit: text('unit').notNull(),
    productDescription: text('product_description').notNull(),
    traceabilityCategory: text('traceability_category').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientLocation: text('recipient_location').notNull(),
    shipFromName: text('ship_from_name').notNull(),
    shipFromLocation: text('ship_from_location').notNull(),
    /** The Hawaii day the order moved to in transit. */
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    /** Where the lot code was assigned: the farm, by name and address. */
    lotCodeSource: text('lot_code_source').notNull(),
    /** The reference document: the order's invoice ("Invoice 00012"). */
    referenceDocument: text('reference_document').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipping_records_farm_idx').on(t.farmId, t.shipDate, t.id),
    index('shipping_records_restaurant_idx').on(t.restaurantId, t.shipDate, t.id),
    index('shipping_records_lot_idx').on(t.lotId),
  ],
);

/** A farm's recall of a lot, with its own message. */
export const recalls = pgTable(
  'recalls',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    /** Copies of the lot and product as recalled. */
    lotCode: text('lot_code').notNull(),
    productName: text('product_name').notNull(),
    message: text('message').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('recalls_farm_created_idx').on(t.farmId, t.createdAt, t.id),
    index('recalls_lot_idx').on(t.lotId),
  ],
);

/** One restaurant's notice of a recall: when it was sent, and when and by whom acknowledged. */
export const recallNotices = pgTable(
  'recall_notices',
  {
    id: serial('id').primaryKey(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedByUserId: integer('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('recall_notices_unique').on(t.recallId, t.restaurantId),
    index('recall_notices_open_idx')
      .on(t.restaurantId)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);

/**
 * A farm's follow-up notice of a recall (a lot is recalled once), told to the restaurants the
 * recall was sent to; a few a Hawaii day at most.
 */
export const recallUpdates = pgTable(
  'recall_updates',
  {
    id: serial('id').primaryKey(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The business clock's instant, whose Hawaii day the daily limit counts. */
    createdAt: createdAt(),
  },
  (t) => [index('recall_updates_recall_created_idx').on(t.recallId, t.createdAt)],
);

/*
 * Farms and their restaurants (docs/fresh-sheet.md): follows, the farm's page, and the weekly
 * fresh sheet with what it sent to whom.
 */

/** A restaurant following a farm: it hears of the farm's fresh sheet. */
export const farmFollows = pgTable(
  'farm_follows',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    followedByUserId: integer('followed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.farmId] }),
    index('farm_follows_farm_idx').on(t.farmId),
  ],
);

/** What a farm's page shows beside its profile: the island it chose and its cover photo. */
export const farmPages = pgTable(
  'farm_pages',
  {
    farmId: integer('farm_id')
      .primaryKey()
      .references(() => farms.id, { onDelete: 'cascade' }),
    /** Chosen in the profile; null: derived from the location's ZIP code. */
    island: text('island'),
    /** Storage keys of the cover photo's two sizes (the photo pipeline's); null: none. */
    coverLargeKey: text('cover_large_key'),
    coverSmallKey: text('cover_small_key'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('farm_pages_island_check', sql`${t.island} in ('Oahu', 'Big Island', 'Maui', 'Kauai')`),
    check(
      'farm_pages_cover_check',
      sql`(${t.coverLargeKey} is null) = (${t.coverSmallKey} is null)`,
    ),
  ],
);

/** A restaurant that asked not to get one farm's fresh sheet (the link in every email). */
export const freshSheetUnsubscribes = pgTable(
  'fresh_sheet_unsubscribes',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.restaurantId] })],
);

/**
 * A farm's weekly fresh sheet on a schedule: sent each `weekday` (0 Sunday ... 6 Saturday) at
 * `hour` (0-23), Hawaii time, with this note and these featured products.
 */
export const freshSheetSchedules = pgTable(
  'fresh_sheet_schedules',
  {
    farmId: integer('farm_id')
      .primaryKey()
      .references(() => farms.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    hour: integer('hour').notNull(),
    note: text('note').notNull().default(''),
    featuredProductIds: integer('featured_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fresh_sheet_schedules_slot_idx').on(t.weekday, t.hour),
    check('fresh_sheet_schedules_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('fresh_sheet_schedules_hour_check', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * One fresh sheet a farm sent: at most one per Hawaii day (the unique key answers a second
 * 409 `already_sent_today`, and keeps a scheduled one to one across processes).
 */
export const freshSheetSends = pgTable(
  'fresh_sheet_sends',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    /** The Hawaii calendar day it went out. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    featuredProductIds: integer('featured_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The products it lists: the farm's listed ones with stock when it was sent. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** 'now' (a person sent it) or 'schedule'. */
    trigger: text('trigger').notNull().$type<'now' | 'schedule'>(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many restaurants it was addressed to. */
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fresh_sheet_sends_farm_day_unique').on(t.farmId, t.sentOn),
    index('fresh_sheet_sends_farm_created_idx').on(t.farmId, t.createdAt),
    check('fresh_sheet_sends_trigger_check', sql`${t.trigger} in ('now', 'schedule')`),
  ],
);

/**
 * One restaurant's copy of a sent sheet: the key makes it once per restaurant per sheet,
 * whatever the queue or the number of processes. A row already `sent` is never sent again.
 */
export const freshSheetDeliveries = pgTable(
  'fresh_sheet_deliveries',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => freshSheetSends.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** 'pending', 'sent', 'skipped' (unsubscribed or nobody to write to by then), 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.restaurantId] }),
    check(
      'fresh_sheet_deliveries_status_check',
      sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);

/**
 * Proof of an order's delivery (docs/delivery.md#proof-of-delivery): who received it, when the
 * driver confirmed it on the phone and when the server heard of it (a phone without signal
 * sends later), who delivered it, and the private files of the drop's photo and signature.
 */
export const orderDeliveries = pgTable('order_deliveries', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  recipientName: text('recipient_name').notNull(),
  /** The instant confirmed on the phone. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  /** The instant the server received the confirmation. */
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredByUserId: integer('delivered_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  /** The deliverer's name as printed, kept here when their account closes (docs/leaving.md). */
  deliveredByName: text('delivered_by_name'),
  /** Storage keys in the private delivery-proof storage: `<sha256>.jpg` and `<sha256>.png`. */
  photoKey: text('photo_key'),
  signatureKey: text('signature_key'),
});

/**
 * A farm's named price list (docs/price-lists.md): a percentage off its list prices, or a price
 * per product, plus quantity breaks per product. `percent_off` is set on a percentage list only.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'percent' | 'prices'>().notNull(),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_lists_farm_name_unique').on(t.farmId, t.name),
    check('price_lists_kind_check', sql`${t.kind} in ('percent', 'prices')`),
    check(
      'price_lists_percent_check',
      sql`(${t.kind} = 'percent') = (${t.percentOff} is not null) and ${t.percentOff} between 0 and 100`,
    ),
  ],
);

/** A `prices` list's own price of one of its farm's products. */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    check('price_list_prices_price_check', sql`${t.price} >= 0`),
  ],
);

/** A quantity break of a list: from `min_quantity` units of the product on, each at `price`. */
export const priceListBreaks = pgTable(
  'price_list_breaks',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: quantity('min_quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId, t.minQuantity] }),
    check('price_list_breaks_quantity_check', sql`${t.minQuantity} >= 1`),
    check('price_list_breaks_price_check', sql`${t.price} >= 0`),
  ],
);

/** A `prices` list's own price of a pack other than the unit (docs/packs.md). */
export const priceListPackPrices = pgTable(
  'price_list_pack_prices',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.packId] }),
    check('price_list_pack_prices_price_check', sql`${t.price} >= 0`),
  ],
);

/** A quantity break of a list on a pack other than the unit: from `min_quantity` packs on. */
export const priceListPackBreaks = pgTable(
  'price_list_pack_breaks',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    minQuantity: quantity('min_quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.packId, t.minQuantity] }),
    check('price_list_pack_breaks_quantity_check', sql`${t.minQuantity} >= 1`),
    check('price_list_pack_breaks_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * Which list of a farm a restaurant is on: at most one per farm (the key), so the farm's
 * restaurant is moved, never doubled, when assigned to another list.
 */
export const priceListRestaurants = pgTable(
  'price_list_restaurants',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.restaurantId] }),
    index('price_list_restaurants_list_idx').on(t.priceListId),
    index('price_list_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * A restaurant's report of what arrived wrong on a delivered order (docs/claims.md): lines in
 * `claim_lines`, decided once by the farm. `state` moves from 'open' to one of the decisions.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    state: text('state').notNull().default('open'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The farm's reason, given with a decline (and optionally with a part). */
    reason: text('reason'),
  },
  (t) => [
    index('claims_order_idx').on(t.orderId),
    index('claims_farm_idx').on(t.farmId, t.createdAt, t.id),
    index('claims_restaurant_idx').on(t.restaurantId, t.createdAt, t.id),
    check(
      'claims_state_check',
      sql`${t.state} in ('open', 'accepted', 'partly_accepted', 'declined')`,
    ),
    check('claims_decided_check', sql`(${t.state} = 'open') = (${t.decidedAt} is null)`),
  ],
);

/** One line of a claim: an order line, what went wrong, how much, and what the farm accepted. */
export const claimLines = pgTable(
  'claim_lines',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    kind: text('kind').notNull(),
    quantity: quantity('quantity').notNull(),
    acceptedQuantity: quantity('accepted_quantity'),
    note: text('note').notNull().default(''),
    /** What the accepted quantity credits: its price and the tax on it (set when decided). */
    creditSubtotal: money('credit_subtotal'),
    creditTax: money('credit_tax'),
  },
  (t) => [
    uniqueIndex('claim_lines_claim_item_unique').on(t.claimId, t.orderItemId),
    index('claim_lines_item_idx').on(t.orderItemId),
    check(
      'claim_lines_kind_check',
      sql`${t.kind} in ('short', 'damaged', 'wrong_item', 'quality')`,
    ),
    check('claim_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'claim_lines_accepted_check',
      sql`${t.acceptedQuantity} >= 0 and ${t.acceptedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** Photos of a claim: private files (never under /uploads), served to the order's two sides. */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId)],
);

/**
 * A credit note: what an accepted claim gives back, numbered in the farm's own sequence
 * (`CN-00001`). `amount` includes `taxAmount`. Lines are the claim's accepted quantities.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    number: integer('number').notNull(),
    subtotal: money('subtotal').notNull(),
    taxAmount: money('tax_amount').notNull(),
    amount: money('amount').notNull(),
    /** The Hawaii day it was issued. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_claim_unique').on(t.claimId),
    uniqueIndex('credit_notes_farm_number_unique').on(t.farmId, t.number),
    index('credit_notes_order_idx').on(t.orderId),
    check(
      'credit_notes_amount_check',
      sql`${t.amount} > 0 and ${t.amount} = ${t.subtotal} + ${t.taxAmount}`,
    ),
  ],
);

/**
 * Every movement of credit between a farm and a restaurant (docs/claims.md#credit-balance):
 * 'invoice' is a credit note's part that lowers its own invoice, 'balance' the part beyond the
 * invoice's open balance, 'applied' balance put on a later invoice, 'refunded' balance paid
 * back. The credit against an order is its 'invoice' and 'applied' rows; the pair's balance is
 * 'balance' less 'applied' and 'refunded', kept in `credit_balances`.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    amount: money('amount').notNull(),
    reference: text('reference'),
    /** The Hawaii day it took effect (statements and the accounting export read it). */
    enteredOn: date('entered_on', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_entries_order_idx').on(t.orderId),
    index('credit_entries_pair_idx').on(t.farmId, t.restaurantId),
    check('credit_entries_amount_check', sql`${t.amount} > 0`),
    check(
      'credit_entries_kind_check',
      sql`${t.kind} in ('invoice', 'balance', 'applied', 'refunded')`,
    ),
    check(
      'credit_entries_order_check',
      sql`(${t.kind} in ('invoice', 'applied')) = (${t.orderId} is not null)`,
    ),
  ],
);

/** A restaurant's credit with a farm; the database refuses it below zero. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    amount: money('amount').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.restaurantId] }),
    check('credit_balances_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A farm's credit terms for one customer and the hold on its account (docs/customers.md): no
 * row means no terms and no hold, which costs the order placement nothing.
 */
export const customerCredit = pgTable(
  'customer_credit',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    creditLimit: money('credit_limit'),
    holdAfterDaysOverdue: integer('hold_after_days_overdue'),
    mode: text('mode').$type<'warn' | 'hold'>().notNull().default('hold'),
    /** 'automatic' (the terms' reason, released by a payment) or 'manual' (by the farm). */
    holdKind: text('hold_kind').$type<'automatic' | 'manual'>(),
    holdReason: text('hold_reason'),
    heldByUserId: integer('held_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    heldAt: timestamp('held_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.restaurantId] }),
    index('customer_credit_restaurant_idx').on(t.restaurantId),
    check('customer_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('customer_credit_days_check', sql`${t.holdAfterDaysOverdue} between 0 and 365`),
    check('customer_credit_mode_check', sql`${t.mode} in ('warn', 'hold')`),
    check('customer_credit_hold_kind_check', sql`${t.holdKind} in ('automatic', 'manual')`),
    check(
      'customer_credit_hold_check',
      sql`(${t.holdKind} is null) = (${t.holdReason} is null) and (${t.holdKind} is null) = (${t.heldAt} is null)`,
    ),
  ],
);

/** Every hold, release and change of terms of a customer's account, with who and why. */
export const customerCreditEvents = pgTable(
  'customer_credit_events',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'hold' | 'release' | 'terms'>().notNull(),
    /** Made by the terms or a payment, not by a person. */
    automatic: boolean('automatic').notNull(),
    reason: text('reason').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_credit_events_pair_idx').on(t.farmId, t.restaurantId, t.id),
    check('customer_credit_events_kind_check', sql`${t.kind} in ('hold', 'release', 'terms')`),
  ],
);

/** A restaurant group (docs/groups.md): several locations with one team, bill and payment. */
export const restaurantGroups = pgTable('restaurant_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
});

/** A person's place in a restaurant group, with their group role. */
export const groupMembers = pgTable(
  'group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => restaurantGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupRole: text('group_role').notNull().$type<GroupRole>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_members_group_user_idx').on(t.groupId, t.userId),
    index('group_members_user_idx').on(t.userId),
    check(
      'group_members_role_check',
      sql`${t.groupRole} in ('group_owner', 'group_bookkeeper', 'group_buyer')`,
    ),
  ],
);

/** One payment a farm received from a group; its parts are `payments` rows of the locations. */
export const groupPayments = pgTable(
  'group_payments',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => restaurantGroups.id),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedByUserId: integer('voided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    voidReason: text('void_reason'),
  },
  (t) => [
    index('group_payments_group_farm_idx').on(t.groupId, t.farmId),
    check('group_payments_amount_check', sql`${t.amount} > 0`),
    check(
      'group_payments_method_check',
      sql`${t.method} in ('check', 'cash', 'bank_transfer', 'other')`,
    ),
    check('group_payments_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/** A month's group statement announced (`group_statement_ready`), once per group, farm, month. */
export const groupStatementNotices = pgTable(
  'group_statement_notices',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => restaurantGroups.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'group_statement_notices_pk', columns: [t.groupId, t.farmId, t.month] }),
  ],
);

/** An invitation to a restaurant group by email (docs/groups.md); only the token's hash is kept. */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => restaurantGroups.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    groupRole: text('group_role').notNull().$type<GroupRole>(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('group_invitations_pending_idx')
      .on(t.groupId, t.email)
      .where(sql`accepted_at is null`),
    check(
      'group_invitations_role_check',
      sql`${t.groupRole} in ('group_owner', 'group_bookkeeper', 'group_buyer')`,
    ),
  ],
);

/**
 * The reminders before the cutoff sent (docs/cutoff-reminders.md): one per restaurant, farm and
 * delivery day. A sweep inserts the row in the transaction that records the notification, so a
 * second sweep, in this process or another, finds the key taken and sends nothing.
 */
export const cutoffReminders = pgTable(
  'cutoff_reminders',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'cutoff_reminders_pk',
      columns: [t.restaurantId, t.farmId, t.deliveryDate],
    }),
  ],
);

/** A person who turned a farm's reminders before the cutoff off; without a row they are on. */
export const cutoffReminderOptOuts = pgTable(
  'cutoff_reminder_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'cutoff_reminder_opt_outs_pk', columns: [t.userId, t.farmId] })],
);

/**
 * A farm's minimum order per delivery zone (docs/minimums.md): `zone` a zone's slug, or null for
 * every zone; one per farm and zone, the null zone counted as one value.
 */
export const farmMinimums = pgTable(
  'farm_minimums',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    zone: text('zone'),
    amount: money('amount').notNull(),
    mode: text('mode').$type<'block' | 'fee' | 'warn'>().notNull(),
    /** The small-order fee, for mode 'fee' only. */
    fee: money('fee'),
  },
  (t) => [
    uniqueIndex('farm_minimums_farm_zone_unique').on(t.farmId, sql`coalesce(${t.zone}, '')`),
    check('farm_minimums_amount_check', sql`${t.amount} >= 0`),
    check('farm_minimums_mode_check', sql`${t.mode} in ('block', 'fee', 'warn')`),
    check(
      'farm_minimums_fee_check',
      sql`(${t.mode} = 'fee') = (${t.fee} is not null) and coalesce(${t.fee}, 0) >= 0`,
    ),
  ],
);

/** A farm's own minimum for one customer, over its zones' (docs/minimums.md). */
export const customerMinimums = pgTable(
  'customer_minimums',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    mode: text('mode').$type<'block' | 'fee' | 'warn'>().notNull(),
    fee: money('fee'),
  },
  (t) => [
    primaryKey({ name: 'customer_minimums_pk', columns: [t.farmId, t.restaurantId] }),
    check('customer_minimums_amount_check', sql`${t.amount} >= 0`),
    check('customer_minimums_mode_check', sql`${t.mode} in ('block', 'fee', 'warn')`),
    check(
      'customer_minimums_fee_check',
      sql`(${t.mode} = 'fee') = (${t.fee} is not null) and coalesce(${t.fee}, 0) >= 0`,
    ),
  ],
);

/**
 * What a farm did with a line it could not fill (docs/substitutions.md): shorted it, or proposed
 * a substitute, with the restaurant's answer. The line's product, pack and quantity are kept as
 * they were, since a shorted line is removed from the order.
 */
export const substitutions = pgTable(
  'substitutions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line that could not be filled (removed once shorted: no reference). */
    itemId: integer('item_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    packLabel: text('pack_label').notNull(),
    quantity: quantity('quantity').notNull(),
    /** The restaurant's preference on the line when the farm acted. */
    preference: text('preference').$type<Substitution>().notNull(),
    /** The substitute proposed, at the restaurant's price then; all null for a short. */
    substituteProductId: integer('substitute_product_id').references(() => products.id),
    substitutePackId: integer('substitute_pack_id').references(() => productPacks.id, {
      onDelete: 'set null',
    }),
    substituteProductName: text('substitute_product_name'),
    substitutePackLabel: text('substitute_pack_label'),
    substituteQuantity: quantity('substitute_quantity'),
    substituteUnitPrice: money('substitute_unit_price'),
    /** The substitute's line once it is on the order. */
    substituteItemId: integer('substitute_item_id'),
    /**
     * `pending` while the restaurant is asked; `accepted` (by them, or at once under `allow`),
     * `declined`, `expired` (no answer by the deadline) or `shorted` (a short, or `never`).
     */
    state: text('state')
      .$type<'pending' | 'accepted' | 'declined' | 'expired' | 'shorted'>()
      .notNull(),
    /** When a pending proposal is shorted unanswered. */
    deadline: timestamp('deadline', { withTimezone: true }),
    proposedByUserId: integer('proposed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** How it was decided: in the app, from the email's link, or by the system. */
    decidedVia: text('decided_via').$type<'app' | 'email' | 'system'>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('substitutions_order_idx').on(t.orderId),
    index('substitutions_pending_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.state} = 'pending'`),
    check(
      'substitutions_state_check',
      sql`${t.state} in ('pending', 'accepted', 'declined', 'expired', 'shorted')`,
    ),
    check('substitutions_preference_check', sql`${t.preference} in ('allow', 'ask', 'never')`),
    check('substitutions_decided_via_check', sql`${t.decidedVia} in ('app', 'email', 'system')`),
    check(
      'substitutions_substitute_check',
      sql`(${t.substituteProductId} is null) = (${t.substituteQuantity} is null) and (${t.substituteQuantity} is null or ${t.substituteQuantity} > 0)`,
    ),
    check(
      'substitutions_pending_check',
      sql`(${t.state} = 'pending') = (${t.deadline} is not null and ${t.decidedAt} is null)`,
    ),
  ],
);

/** A message on an order's thread (docs/order-thread.md), by a person of either business. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The business the author wrote for, and their name as it was ("Keoni P."). */
    authorSide: text('author_side').$type<BusinessKind>().notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.id),
    check('order_messages_side_check', sql`${t.authorSide} in ('farm', 'restaurant')`),
  ],
);

/** A message's photos: private files, served to the order's two businesses only. */
export const orderMessagePhotos = pgTable(
  'order_message_photos',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => orderMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('order_message_photos_message_idx').on(t.messageId)],
);

/** How far each person has read an order's thread: the last message id they saw. */
export const orderMessageReads = pgTable(
  'order_message_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
  },
  (t) => [primaryKey({ name: 'order_message_reads_pk', columns: [t.userId, t.orderId] })],
);
