import { asc, eq, inArray } from 'drizzle-orm';
import { memberships, users } from '../../db/schema';
import {
  channelColumns,
  type NotificationContent,
  type NotificationKindProviders,
} from '../notifications';

/**
 * - lot.recalled: a farm recalled a lot (docs/traceability.md), or sent an update of its recall
 *   (`update`). Every member of each restaurant the recall was sent to hears it, by email, text
 *   and in the app, whatever their choices.
 */
export interface LotRecalledEvent {
  type: 'lot.recalled';
  recallId: number;
  farmName: string;
  productName: string;
  lotCode: string;
  /** The recall's message, or the update's. */
  message: string;
  restaurantIds: number[];
  /** A follow-up notice of the recall: its own notification, beside the recall's. */
  update?: { id: number };
}

export function recallContent(event: LotRecalledEvent): NotificationContent {
  const lot = `${event.productName}, lot ${event.lotCode}, from ${event.farmName}`;
  if (event.update) {
    return {
      kind: 'recall',
      title: `Recall update: ${lot}`,
      body: event.message,
      details: `${event.farmName} sends an update on its recall of lot ${event.lotCode} of ${event.productName} that you received.`,
      link: '/restaurant/recalls',
      eventKey: `recall:${event.recallId}:update:${event.update.id}`,
    };
  }
  return {
    kind: 'recall',
    title: `Recall: ${lot}`,
    body: event.message,
    details: `${event.farmName} recalls lot ${event.lotCode} of ${event.productName} that you received. Open Harvest Hui to acknowledge this notice.`,
    link: '/restaurant/recalls',
    eventKey: `recall:${event.recallId}`,
  };
}

declare module '../notifications' {
  interface NotificationEvents {
    'lot.recalled': LotRecalledEvent;
  }
}

export const recallNotices: NotificationKindProviders<'lot.recalled'> = {
  'lot.recalled': {
    async recipients(tx, event) {
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
    },
  },
};
