import { formatMoneyString } from '#core/money';
import { REVENUE_RULE_CAPTION } from '#core/reports';
import { BarChart3, ClipboardList, DollarSign, FileText, MapPin, Package } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { RecentOrdersCard } from '../../components/ui/recent-orders-card';
import type { Stat } from '../../components/ui/stat-card';
import { DeliveryCalendarCard } from '../../features/calendar/delivery-calendar-card';
import { RecentFarmOrders } from '../../features/farmer-orders/recent-farm-orders';
import { usePermissions, type Permission } from '../../lib/permissions';
import { useFarmReport } from '../../lib/queries';
import { Skeleton } from '../../components/ui/skeleton';
import { HubView, usePlatformOverview } from './hub-parts';

// The inventory card (the product list, its delete with Undo) loads beside the view: a packer,
// who has none, never loads it, and the figures and orders do not wait for it.
const loadInventoryCard = () => import('../../features/inventory/inventory-card');
const FarmInventoryCard = lazy(async () => ({
  default: (await loadInventoryCard()).FarmInventoryCard,
}));
const InventoryManagementCard = lazy(async () => ({
  default: (await loadInventoryCard()).InventoryManagementCard,
}));
const inventorySlot = <Skeleton className="h-72 w-full rounded-xl" />;

const TITLE = 'Farmer Dashboard';
const SUBTITLE = 'Manage your inventory and fulfill orders';
/** docs/product.md#list-sizes: the farmer view lists five recent orders. */
const RECENT_SHOWN = 5;
const QUICK_ACTIONS: { to: string; label: string; icon: ReactNode; requires: Permission }[] = [
  {
    to: '/farmer/orders',
    label: 'Generate Invoices',
    icon: <FileText aria-hidden="true" />,
    requires: 'payments.manage',
  },
  {
    to: '/farmer/reports',
    label: 'View Sales Report',
    icon: <BarChart3 aria-hidden="true" />,
    requires: 'reports.view',
  },
  {
    to: '/farmer/calendar',
    label: 'Set Delivery Areas',
    icon: <MapPin aria-hidden="true" />,
    requires: 'schedules.manage',
  },
];

function farmerTiles(figures: {
  activeListings: number;
  pending: number;
  packed: number;
  monthRevenue: string;
}): Stat[] {
  return [
    { title: 'Active Listings', icon: <ClipboardList />, value: figures.activeListings },
    {
      title: 'Pending Orders',
      icon: <Package />,
      value: figures.pending,
      caption: 'Awaiting confirmation',
    },
    { title: 'Ready to Ship', icon: <Package />, value: figures.packed, caption: 'Packed' },
    {
      title: 'Month Revenue',
      icon: <DollarSign />,
      value: formatMoneyString(figures.monthRevenue),
      caption: REVENUE_RULE_CAPTION,
    },
  ];
}

/**
 * The combined screen's farmer view, composed of the farm's own features: its figures from the
 * farm report, its inventory, its latest orders with their actions, its delivery calendar; each
 * as far as the person's role allows.
 */
export function FarmerView() {
  const { can } = usePermissions();
  const readsReports = can('reports.view');
  const report = useFarmReport(readsReports);
  const totals = report.data?.totals;
  const quickActions = QUICK_ACTIONS.filter((action) => can(action.requires));
  return (
    <HubView
      title={TITLE}
      subtitle={SUBTITLE}
      overview={false}
      figures={readsReports ? report : null}
      tiles={
        totals
          ? farmerTiles({
              activeListings: totals.activeProducts,
              pending: totals.pendingOrders,
              packed: totals.packedOrders,
              monthRevenue: totals.monthlyRevenue,
            })
          : null
      }
      main={
        <>
          {can('products.manage') ? (
            <Suspense fallback={inventorySlot}>
              <FarmInventoryCard />
            </Suspense>
          ) : null}
          <RecentFarmOrders />
        </>
      }
      aside={
        <>
          <DeliveryCalendarCard />
          {quickActions.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>Quick Actions</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-2">
                {quickActions.map((action) => (
                  <Button key={action.to} asChild variant="outline" className="justify-start">
                    <Link to={action.to}>
                      {action.icon} {action.label}
                    </Link>
                  </Button>
                ))}
              </CardContent>
            </Card>
          ) : null}
        </>
      }
    />
  );
}

/** An administrator's read-only look at the farmer view: the platform's listings and orders. */
export function FarmerOverview() {
  const { stats, catalog, orders } = usePlatformOverview(RECENT_SHOWN);
  const platform = stats.data?.stats;
  return (
    <HubView
      title={TITLE}
      subtitle={SUBTITLE}
      overview
      figures={stats}
      tiles={
        platform
          ? farmerTiles({
              activeListings: (catalog.data ?? []).filter((product) => product.isActive).length,
              pending: platform.ordersByStatus.pending,
              packed: platform.ordersByStatus.packed,
              monthRevenue: platform.monthlyRevenue,
            })
          : null
      }
      main={
        <>
          <Suspense fallback={inventorySlot}>
            <InventoryManagementCard products={catalog} />
          </Suspense>
          <RecentOrdersCard
            query={orders}
            shown={RECENT_SHOWN}
            pill
            counterpart={(order) => `${order.restaurant.name} from ${order.farm.name}`}
            empty="No orders yet. Your products will appear here when restaurants place orders."
          />
        </>
      }
    />
  );
}
