import {
  BarChart3,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  LayoutDashboard,
  LayoutGrid,
  ListChecks,
  Package,
  ReceiptText,
  ShoppingBasket,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';
import type { NavItem } from '../components/layout/app-shell';
import type { Permission } from '../lib/permissions';
import { HUB_PATH } from './routes';

// The navigation of each role, loaded with the signed-in app (its icons are not the landing page's).

/** An item shown only to a person whose role in the business has `requires`. */
export type AppNavItem = NavItem & { requires?: Permission };

/** The items this person may use: the others' screens would only answer 403. */
export function allowedNav(
  items: readonly AppNavItem[],
  can: (permission: Permission) => boolean,
): NavItem[] {
  return items.filter((item) => !item.requires || can(item.requires));
}

export const hubNavItem: AppNavItem = {
  to: HUB_PATH,
  label: 'Hub',
  icon: <LayoutGrid className="size-4" aria-hidden="true" />,
};

export const restaurantNav: AppNavItem[] = [
  {
    to: '/restaurant/dashboard',
    label: 'Dashboard',
    icon: <LayoutDashboard className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/'],
  },
  {
    to: '/restaurant/browse',
    label: 'Browse Products',
    icon: <ShoppingBasket className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/restaurant/inventory'],
    requires: 'orders.place',
  },
  {
    to: '/restaurant/orders',
    label: 'My Orders',
    icon: <ReceiptText className="size-4" aria-hidden="true" />,
  },
  {
    to: '/restaurant/order-guide',
    label: 'Order guide',
    icon: <ListChecks className="size-4" aria-hidden="true" />,
    requires: 'orders.place',
  },
  {
    to: '/restaurant/standing-orders',
    label: 'Standing orders',
    icon: <CalendarClock className="size-4" aria-hidden="true" />,
    requires: 'standing_orders.manage',
  },
  {
    to: '/restaurant/bills',
    label: 'Bills',
    icon: <Wallet className="size-4" aria-hidden="true" />,
    requires: 'bills.view',
  },
  {
    to: '/restaurant/reports',
    label: 'Reports',
    icon: <BarChart3 className="size-4" aria-hidden="true" />,
    requires: 'reports.view',
  },
  hubNavItem,
];

export const farmerNav: AppNavItem[] = [
  {
    to: '/farmer/dashboard',
    label: 'Dashboard',
    icon: <LayoutDashboard className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/'],
    // Its figures are the reports'; a packer's home is the orders.
    requires: 'reports.view',
  },
  {
    to: '/farmer/inventory',
    label: 'Inventory',
    icon: <Package className="size-4" aria-hidden="true" />,
    requires: 'products.manage',
  },
  {
    to: '/farmer/orders',
    label: 'Orders',
    icon: <ClipboardList className="size-4" aria-hidden="true" />,
  },
  {
    to: '/farmer/runs',
    label: 'Delivery runs',
    icon: <Truck className="size-4" aria-hidden="true" />,
    requires: 'orders.status',
  },
  {
    to: '/farmer/lots',
    label: 'Lots',
    icon: <ClipboardCheck className="size-4" aria-hidden="true" />,
  },
  {
    to: '/farmer/receivables',
    label: 'Receivables',
    icon: <Wallet className="size-4" aria-hidden="true" />,
    requires: 'payments.manage',
  },
  {
    to: '/farmer/calendar',
    label: 'Calendar',
    icon: <CalendarDays className="size-4" aria-hidden="true" />,
    requires: 'schedules.manage',
  },
  {
    to: '/farmer/reports',
    label: 'Reports',
    icon: <BarChart3 className="size-4" aria-hidden="true" />,
    requires: 'reports.view',
  },
  hubNavItem,
];

export const adminNav: AppNavItem[] = [
  {
    to: '/admin',
    label: 'Dashboard',
    icon: <LayoutDashboard className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/'],
    // /admin/approvals, /admin/businesses and /admin/people have items of their own.
    exact: true,
  },
  {
    to: '/admin/approvals',
    label: 'Approvals',
    icon: <ClipboardCheck className="size-4" aria-hidden="true" />,
  },
  {
    to: '/admin/businesses',
    label: 'Businesses',
    icon: <Building2 className="size-4" aria-hidden="true" />,
  },
  {
    to: '/admin/people',
    label: 'People',
    icon: <Users className="size-4" aria-hidden="true" />,
  },
  hubNavItem,
];
