import {
  BarChart3,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  LayoutDashboard,
  LayoutGrid,
  Package,
  ReceiptText,
  ShoppingBasket,
  Truck,
  Wallet,
} from 'lucide-react';
import type { NavItem } from '../components/layout/app-shell';
import { HUB_PATH } from './routes';

// The navigation of each role, loaded with the signed-in app (its icons are not the landing page's).

export const hubNavItem: NavItem = {
  to: HUB_PATH,
  label: 'Hub',
  icon: <LayoutGrid className="size-4" aria-hidden="true" />,
};

export const restaurantNav: NavItem[] = [
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
  },
  {
    to: '/restaurant/orders',
    label: 'My Orders',
    icon: <ReceiptText className="size-4" aria-hidden="true" />,
  },
  {
    to: '/restaurant/standing-orders',
    label: 'Standing orders',
    icon: <CalendarClock className="size-4" aria-hidden="true" />,
  },
  {
    to: '/restaurant/bills',
    label: 'Bills',
    icon: <Wallet className="size-4" aria-hidden="true" />,
  },
  {
    to: '/restaurant/reports',
    label: 'Reports',
    icon: <BarChart3 className="size-4" aria-hidden="true" />,
  },
  hubNavItem,
];

export const farmerNav: NavItem[] = [
  {
    to: '/farmer/dashboard',
    label: 'Dashboard',
    icon: <LayoutDashboard className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/'],
  },
  {
    to: '/farmer/inventory',
    label: 'Inventory',
    icon: <Package className="size-4" aria-hidden="true" />,
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
  },
  {
    to: '/farmer/receivables',
    label: 'Receivables',
    icon: <Wallet className="size-4" aria-hidden="true" />,
  },
  {
    to: '/farmer/calendar',
    label: 'Calendar',
    icon: <CalendarDays className="size-4" aria-hidden="true" />,
  },
  {
    to: '/farmer/reports',
    label: 'Reports',
    icon: <BarChart3 className="size-4" aria-hidden="true" />,
  },
  hubNavItem,
];

export const adminNav: NavItem[] = [
  {
    to: '/admin',
    label: 'Dashboard',
    icon: <LayoutDashboard className="size-4" aria-hidden="true" />,
    alsoActiveOn: ['/'],
    // /admin/approvals and /admin/businesses have items of their own.
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
  hubNavItem,
];
