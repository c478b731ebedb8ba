import { eq } from 'drizzle-orm';
import type { Permission } from '#core/permissions';
import { farms, restaurants } from '../../db/schema';
import { type NotificationKindProviders, tell } from '../notifications';

/**
 * - held: the farm's terms or the farm by hand put the restaurant's account on hold;
 * - released: a payment or the farm lifted it;
 * - warned: an order was placed past the farm's terms in `warn` mode.
 * Both sides hear of each (docs/customers.md).
 */
export interface CustomerCreditEvent {
  type: 'customer.credit';
  farmId: number;
  restaurantId: number;
  what: 'held' | 'released' | 'warned';
  reason: string;
  eventKey: string;
}

declare module '../notifications' {
  interface NotificationEvents {
    'customer.credit': CustomerCreditEvent;
  }
}

/** The farm's people who keep its books; the restaurant's who pay and who order. */
const WHO_CARES = {
  farm: ['payments.manage'],
  restaurant: ['bills.view', 'orders.place'],
} as const satisfies Record<string, readonly Permission[]>;

const FARM_TITLES = {
  held: (name: string) => `${name}'s account is on hold`,
  released: (name: string) => `${name}'s account hold was released`,
  warned: (name: string) => `${name} ordered past its credit terms`,
};
const RESTAURANT_TITLES = {
  held: (name: string) => `${name} has put your account on hold`,
  released: (name: string) => `${name} released the hold on your account`,
  warned: (name: string) => `Your account with ${name} is past its credit terms`,
};

export const customerCreditNotices: NotificationKindProviders<'customer.credit'> = {
  'customer.credit': {
    async recipients(tx, event) {
      const [[farm], [restaurant]] = await Promise.all([
        tx.select({ name: farms.name }).from(farms).where(eq(farms.id, event.farmId)),
        tx
          .select({ name: restaurants.name })
          .from(restaurants)
          .where(eq(restaurants.id, event.restaurantId)),
      ]);
      const farmName = farm?.name ?? 'The farm';
      const restaurantName = restaurant?.name ?? 'A restaurant';
      const [toFarm, toRestaurant] = await Promise.all([
        tell(tx, { kind: 'farm', id: event.farmId }, WHO_CARES.farm, {}, () => ({
          kind: 'credit_hold',
          title: FARM_TITLES[event.what](restaurantName),
          body: event.reason,
          details: null,
          link: `/farmer/customers/${event.restaurantId}`,
          eventKey: `${event.eventKey}:farm`,
        })),
        tell(tx, { kind: 'restaurant', id: event.restaurantId }, WHO_CARES.restaurant, {}, () => ({
          kind: 'credit_hold',
          title: RESTAURANT_TITLES[event.what](farmName),
          body: event.reason,
          details: null,
          link: '/restaurant/bills',
          eventKey: `${event.eventKey}:restaurant`,
        })),
      ]);
      return [...toFarm, ...toRestaurant];
    },
  },
};
