import type { NotificationContent } from './messages';

/**
 * - lot.recalled: a farm recalled a lot (docs/traceability.md). Every member of each restaurant
 *   that received it hears it, by email, text and in the app, whatever their choices.
 */
export interface LotRecalledEvent {
  type: 'lot.recalled';
  recallId: number;
  farmName: string;
  productName: string;
  lotCode: string;
  message: string;
  restaurantIds: number[];
}

export function recallContent(event: LotRecalledEvent): NotificationContent {
  return {
    kind: 'recall',
    title: `Recall: ${event.productName}, lot ${event.lotCode}, from ${event.farmName}`,
    body: event.message,
    details: `${event.farmName} recalls lot ${event.lotCode} of ${event.productName} that you received. Open Harvest Hui to acknowledge this notice.`,
    link: '/restaurant/recalls',
    eventKey: `recall:${event.recallId}`,
  };
}
