import type { BusinessKind } from '#core/actor';
import { ROLES_OF_KIND } from '#core/permissions';
import {
  membersInRoles,
  type NotificationContent,
  type NotificationKindProviders,
  toListeners,
} from '../notifications';

/** A message was written on an order's thread; the other business hears of it. */
export interface OrderMessageEvent {
  type: 'order_message.posted';
  orderId: number;
  farmId: number;
  restaurantId: number;
  messageId: number;
  /** The side that wrote it. */
  side: BusinessKind;
  businessName: string;
  authorName: string;
  text: string;
  photoCount: number;
}

/** How much of the text a notice shows: a text message stays short. */
const BODY_LENGTH = 140;

function bodyOf(event: OrderMessageEvent): string {
  const text = event.text.replace(/\s+/g, ' ').trim();
  const start = text.length > BODY_LENGTH ? `${text.slice(0, BODY_LENGTH - 1).trimEnd()}…` : text;
  const photos =
    event.photoCount === 0 ? '' : event.photoCount === 1 ? '1 photo' : `${event.photoCount} photos`;
  const said = start && photos ? `${start} (${photos})` : start || photos;
  return `${event.authorName}: ${said}`;
}

/** To the other side of the order: a message, its start, and the order to open. */
export function orderMessageContent(event: OrderMessageEvent): NotificationContent {
  const readerSide = event.side === 'farm' ? 'restaurant' : 'farm';
  return {
    kind: 'order_message',
    title: `Message on order #${event.orderId} from ${event.businessName}`,
    body: bodyOf(event),
    details: event.text.length > BODY_LENGTH ? event.text : null,
    link:
      readerSide === 'farm'
        ? `/farmer/orders#order-${event.orderId}-messages`
        : `/restaurant/orders#order-${event.orderId}-messages`,
    eventKey: `order:${event.orderId}:message:${event.messageId}`,
  };
}

declare module '../notifications' {
  interface NotificationEvents {
    'order_message.posted': OrderMessageEvent;
  }
}

/**
 * Everyone of the other business hears of a message: every member reads the order and its
 * thread (docs/teams.md#notifications). A message carries no money, so a packer's notice is
 * everyone's.
 */
export const orderThreadNotices: NotificationKindProviders<'order_message.posted'> = {
  'order_message.posted': {
    async recipients(tx, event) {
      const other =
        event.side === 'farm'
          ? ({ kind: 'restaurant', id: event.restaurantId } as const)
          : ({ kind: 'farm', id: event.farmId } as const);
      const people = await membersInRoles(tx, other, ROLES_OF_KIND[other.kind]);
      return toListeners(people, { orderId: event.orderId }, () => orderMessageContent(event));
    },
  },
};
