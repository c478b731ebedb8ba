import type { OrderStatus } from '#core/order-status';
import type { BusinessRole } from '#core/permissions';
import type { AdminStats } from '#core/schemas/admin';
import type { User } from '#core/schemas/auth';
import type { Claim } from '#core/schemas/claim';
import type { Order } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import type { FarmReport, RestaurantReport } from '#core/schemas/report';

/** Small, valid API answers for component tests; override what a test is about. */

export const kulaFarm = { id: 1, name: 'Kula Greens', deliveryFee: '5.00', orderMinimum: '0.00' };
export const hiloFarm = { id: 2, name: 'Hilo Orchards', deliveryFee: '0.00', orderMinimum: '0.00' };

export function user(role: 'farmer' | 'restaurant' | 'admin'): User {
  return {
    id: 7,
    email: `${role}@example.com`,
    firstName: 'Kai',
    lastName: null,
    profileImageUrl: null,
    emailVerified: true,
    businessRole: role === 'admin' ? null : 'owner',
    memberships:
      role === 'admin'
        ? []
        : [
            role === 'farmer'
              ? { kind: 'farm', id: 1, name: 'Kula Greens', businessRole: 'owner' }
              : { kind: 'restaurant', id: 1, name: 'Kaimuki Table', businessRole: 'owner' },
          ],
    role,
    profile:
      role === 'admin'
        ? null
        : ({
            id: 1,
            kind: role === 'farmer' ? 'farm' : 'restaurant',
            name: role === 'farmer' ? 'Kula Greens' : 'Kaimuki Table',
            location: 'Honolulu',
          } as User['profile']),
  };
}

/** A member of the fixture's farm or restaurant with this role there. */
export function member(role: 'farmer' | 'restaurant', businessRole: BusinessRole): User {
  const signedIn = user(role);
  const { profile } = signedIn;
  return {
    ...signedIn,
    businessRole,
    memberships: profile
      ? [{ kind: profile.kind, id: profile.id, name: profile.name, businessRole }]
      : [],
  };
}

export function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    description: null,
    category: 'vegetables',
    unit: 'lb',
    price: '3.50',
    availableQuantity: 20,
    isOrganic: false,
    isActive: true,
    farmId: kulaFarm.id,
    farm: kulaFarm,
    nextDeliveryDate: null,
    photos: [],
    imageUrl: null,
    ...overrides,
  };
}

export function order(id: number, status: OrderStatus, overrides: Partial<Order> = {}): Order {
  return {
    id,
    status,
    createdAt: '2026-11-20T18:00:00.000Z',
    subtotal: '20.00',
    deliveryFee: '5.00',
    totalAmount: '25.00',
    deliveryDate: null,
    recipientName: null,
    notes: null,
    farm: { id: kulaFarm.id, name: kulaFarm.name },
    restaurant: { id: 3, name: 'Kaimuki Table', location: 'Honolulu', contactPhone: null },
    orderItems: [],
    ...overrides,
  };
}

export function farmReport(totals: Partial<FarmReport['totals']> = {}): FarmReport {
  return {
    currentMonth: '2026-11',
    totals: {
      totalRevenue: '900.00',
      monthlyRevenue: '321.50',
      totalOrders: 9,
      completedOrders: 5,
      pendingOrders: 2,
      avgOrderValue: '100.00',
      totalProducts: 4,
      activeProducts: 3,
      packedOrders: 1,
      activeOrders: 4,
      cancelledOrders: 1,
      ...totals,
    },
    growth: { monthToDate: '321.50', lastMonthSamePeriod: '0.00', percent: null },
    months: [],
    topProducts: [],
    statusDistribution: [],
    recentOrders: [],
  };
}

export function restaurantReport(
  totals: Partial<RestaurantReport['totals']> = {},
  recentOrders: RestaurantReport['recentOrders'] = [],
): RestaurantReport {
  return {
    currentMonth: '2026-11',
    totals: {
      totalSpent: '1250.00',
      monthlySpent: '410.25',
      totalOrders: 125,
      completedOrders: 115,
      activeOrders: 10,
      avgOrderValue: '10.00',
      cancelledOrders: 7,
      ...totals,
    },
    months: [],
    statusDistribution: [],
    topFarms: [],
    recentOrders,
  };
}

/**
 * An open claim of Mama Bistro's on order #61 from Kula Greens: 2 of the 6 heads of Butter
 * Lettuce delivered came damaged, at $3.50 each. `line` changes the claimed line.
 */
export function openClaim(line: Partial<Claim['lines'][number]> = {}): Claim {
  return {
    id: 3,
    orderId: 61,
    state: 'open',
    farm: { id: 1, name: 'Kula Greens' },
    restaurant: { id: 9, name: 'Mama Bistro' },
    lines: [
      {
        itemId: 11,
        product: { name: 'Butter Lettuce', unit: 'head' },
        kind: 'damaged',
        quantity: 2,
        acceptedQuantity: null,
        note: '',
        deliveredQuantity: 6,
        unitPrice: '3.50',
        ...line,
      },
    ],
    photos: [],
    createdAt: '2026-11-20T00:00:00.000Z',
    createdByName: null,
    decidedAt: null,
    decidedByName: null,
    reason: null,
    creditNote: null,
  };
}

/**
 * The administrator's figures for November 2026: 9 orders ($900.00), 3 of them this month
 * ($300.00); 7 on their way (2 pending, 1 confirmed, 3 packed, 1 in transit) and 2 delivered.
 */
export function adminStats(stats: Partial<AdminStats['stats']> = {}): AdminStats {
  return {
    currentMonth: '2026-11',
    stats: {
      users: 14,
      farms: 3,
      restaurants: 2,
      activeFarms: 2,
      activeRestaurants: 1,
      totalOrders: 9,
      monthlyOrders: 3,
      totalRevenue: '900.00',
      monthlyRevenue: '300.00',
      ordersByStatus: {
        pending: 2,
        confirmed: 1,
        packed: 3,
        in_transit: 1,
        delivered: 2,
        cancelled: 0,
      },
      pendingApprovals: 0,
      suspendedBusinesses: 0,
      ...stats,
    },
    topFarms: [],
    topRestaurants: [],
  };
}
