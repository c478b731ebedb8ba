import { z } from 'zod';
import { formatPhone, PHONE_MAX_DIGITS, PHONE_MAX_LENGTH } from '../phone';
import { plainString } from './common';

export const NOTIFICATION_KINDS = [
  'order_placed',
  'order_status',
  'order_delivered',
  'low_stock',
  'payment_reminder',
  'standing_order',
  /** An administrator's decision about the user's own business (docs/admission.md). */
  'business_status',
  /** A business the user has open orders with was suspended or reinstated. */
  'partner_status',
  /** A farm recalled a lot the restaurant received (docs/traceability.md). */
  'recall',
  /** A month's consolidated statement of a restaurant group is ready (docs/groups.md). */
  'group_statement_ready',
  /** A farm held or released the restaurant's account, or an order went past its terms. */
  'credit_hold',
  /** A resale certificate ends within 30 days (docs/tax.md). */
  'resale_certificate',
  /** A usual farm's cutoff is near and the restaurant has not ordered (docs/cutoff-reminders.md). */
  'cutoff_reminder',
  /** A farm shorted a line or proposed a substitute, or the restaurant answered (docs/substitutions.md). */
  'substitution',
  /** A message on an order's thread from the other business (docs/order-thread.md). */
  'order_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIST_DEFAULT = 20;
export const NOTIFICATION_LIST_MAX = 50;

/** One entry of the bell's list. */
export const notificationOutput = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationOutput>;

/** GET /api/notifications: the newest first, with the count of every unread one. */
export const notificationListOutput = z.object({
  items: z.array(notificationOutput),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof notificationListOutput>;

export const notificationListQuery = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(NOTIFICATION_LIST_MAX, `At most ${NOTIFICATION_LIST_MAX}`)
    .optional(),
});

/** POST /api/notifications/read-all. */
export const notificationReadAllOutput = z.object({ unreadCount: z.number() });

export const SMS_PHONE_REQUIRED_MESSAGE = 'Enter a 10-digit phone number to get text messages';

const smsPhoneInput = plainString()
  .max(PHONE_MAX_LENGTH, `At most ${PHONE_MAX_LENGTH} characters`)
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits === 0 || digits === PHONE_MAX_DIGITS;
  }, 'Enter a 10-digit phone number like (808) 555-0101')
  .nullish()
  .transform((value) => (value ? formatPhone(value) : null));

/** PUT /api/notification-preferences; in-app notifications are always on. */
export const notificationPreferencesBody = z
  .object({
    emailEnabled: z.boolean({ error: 'Choose on or off' }),
    smsEnabled: z.boolean({ error: 'Choose on or off' }),
    smsPhone: smsPhoneInput,
  })
  .superRefine((value, ctx) => {
    if (value.smsEnabled && !value.smsPhone) {
      ctx.addIssue({ code: 'custom', path: ['smsPhone'], message: SMS_PHONE_REQUIRED_MESSAGE });
    }
  });
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesBody>;

/** GET /api/notification-preferences: the choices and the account email mail goes to. */
export const notificationPreferencesOutput = z.object({
  email: z.string(),
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  smsPhone: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesOutput>;

/**
 * What GET /api/events streams: which data changed, never the data itself, so a client
 * refetches through the usual, authorised calls.
 */
export type LiveEvent =
  | { type: 'products.changed'; farmId: number; productIds: number[] }
  | { type: 'orders.changed'; orderId: number; farmId: number; restaurantId: number }
  | { type: 'notifications.changed'; userId: number }
  /**
   * An administrator approved, declined, suspended or reinstated a business: its own people
   * read their profile again (the banner), administrators their lists.
   */
  | { type: 'business.changed'; businessKind: 'farm' | 'restaurant'; businessId: number };
export type LiveEventType = LiveEvent['type'];
/**
 * Sent by the server to every open stream when it may have missed events (its connection to
 * the database's event channel was lost and is back): refetch everything shown.
 */
export interface ResyncEvent {
  type: 'resync';
}
/** Everything a GET /api/events stream carries. */
export type StreamEvent = LiveEvent | ResyncEvent;
