import { formatCalendarDate } from '#core/hawaii-time';
import type { Permission } from '#core/permissions';
import { type NotificationKindProviders, tell } from '../notifications';

/** A certificate's last day is within 30 days: both sides hear of it once (docs/tax.md). */
export interface CertificateEndingEvent {
  type: 'resale_certificate.ending';
  certificateId: number;
  farmId: number;
  farmName: string;
  restaurantId: number;
  restaurantName: string;
  lastDay: string;
}

declare module '../notifications' {
  interface NotificationEvents {
    'resale_certificate.ending': CertificateEndingEvent;
  }
}

/** Those of each side who keep the certificates. */
const WHO_CARES: readonly Permission[] = ['resale_certificates.manage'];

export const resaleCertificateNotices: NotificationKindProviders<'resale_certificate.ending'> = {
  'resale_certificate.ending': {
    async recipients(tx, event) {
      const day = formatCalendarDate(event.lastDay) ?? event.lastDay;
      // The last day is in the key: a certificate revoked to an earlier day is told again.
      const eventKey = `resale_certificate:${event.certificateId}:ending:${event.lastDay}`;
      const [toFarm, toRestaurant] = await Promise.all([
        tell(tx, { kind: 'farm', id: event.farmId }, WHO_CARES, {}, () => ({
          kind: 'resale_certificate',
          title: `${event.restaurantName}'s resale certificate ends ${day}`,
          body: `After ${day}, its orders are taxed at your pass-on rate unless it gives you a new certificate.`,
          details: null,
          link: '/resale-certificates',
          eventKey,
        })),
        tell(tx, { kind: 'restaurant', id: event.restaurantId }, WHO_CARES, {}, () => ({
          kind: 'resale_certificate',
          title: `Your resale certificate for ${event.farmName} ends ${day}`,
          body: `After ${day}, ${event.farmName} taxes your orders at its pass-on rate. Give it a new certificate to keep the wholesale rate.`,
          details: null,
          link: '/resale-certificates',
          eventKey,
        })),
      ]);
      return [...toFarm, ...toRestaurant];
    },
  },
};
