import { businessNotices } from './modules/businesses';
import { claimNotices } from './modules/claims';
import { cutoffReminderNotices } from './modules/cutoff-reminders';
import { leavingNotices } from './modules/leaving';
import { groupNotices } from './modules/groups';
import { customerCreditNotices } from './modules/customers';
import { registerNotificationKinds, registerNotificationWording } from './modules/notifications';
import { orderNotices } from './modules/orders';
import { orderThreadNotices } from './modules/order-thread';
import { paymentNotices, paymentReminderWording } from './modules/payments';
import { standingOrderNotices } from './modules/standing-orders';
import { substitutionNotices } from './modules/substitutions';
import { recallNotices } from './modules/traceability';
import { resaleCertificateNotices } from './modules/resale-certificates';

/**
 * Where the app is assembled, each type of notification event meets the feature that says who
 * hears of it and what they are told: the notifications module imports none of them. Every
 * type must have its provider (the type of the map says so).
 */
export function registerNotificationKindProviders(): void {
  registerNotificationKinds({
    ...orderNotices,
    ...paymentNotices,
    ...claimNotices,
    ...orderThreadNotices,
    ...recallNotices,
    ...standingOrderNotices,
    ...cutoffReminderNotices,
    ...businessNotices,
    ...leavingNotices,
    ...groupNotices,
    ...customerCreditNotices,
    ...resaleCertificateNotices,
    ...substitutionNotices,
  });
  registerNotificationWording('payment_reminder', paymentReminderWording);
}
