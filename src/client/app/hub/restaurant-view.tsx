import { hawaiiToday } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import type { Product } from '#core/schemas/product';
import { DASHBOARD_RECENT_ORDERS_SHOWN, REVENUE_RULE_CAPTION } from '#core/reports';
import { CalendarDays, ShoppingCart, Sprout, Truck } from 'lucide-react';
import { RecentOrdersCard } from '../../components/ui/recent-orders-card';
import type { Stat } from '../../components/ui/stat-card';
import { platformInProgress } from '../../features/admin/api';
import { useCatalogList } from '../../features/browse/api';
import { LiveInventory } from '../../features/browse/live-inventory';
import { ShoppingCartPanel } from '../../features/orders/cart-panel';
import { useCart } from '../../lib/cart';
import { usePermissions } from '../../lib/permissions';
import { useRestaurantReport } from '../../lib/queries';
import { HubView, usePlatformOverview } from './hub-parts';

const TITLE = 'Restaurant Dashboard';
const SUBTITLE = 'Browse fresh produce from local farms and place orders';
/** docs/product.md#list-sizes: the restaurant view's Recent Orders come from the first 5, 3 shown. */
const RECENT_FETCHED = 5;

/** The view's four figures; the first is the cart's size, or for an administrator the offer. */
function restaurantTiles({
  first,
  products,
  inProgress,
  thisMonth,
}: {
  first: { title: string; value: number };
  products: Product[] | undefined;
  inProgress: number;
  thisMonth: string;
}): Stat[] {
  const activeFarms = new Set((products ?? []).map((product) => product.farmId)).size;
  return [
    { title: first.title, icon: <ShoppingCart />, value: first.value },
    {
      title: 'Pending Deliveries',
      icon: <Truck />,
      value: inProgress,
      caption: 'Pending, confirmed, packed or in transit',
    },
    {
      title: 'Active Farms',
      icon: <Sprout />,
      value: activeFarms,
      caption: 'Farms with products on offer',
    },
    {
      title: 'This Month',
      icon: <CalendarDays />,
      value: formatMoneyString(thisMonth),
      caption: REVENUE_RULE_CAPTION,
    },
  ];
}

/**
 * The combined screen's restaurant view, composed of the restaurant's features: the live
 * inventory that fills the cart, the cart with the fees checkout will charge, and the figures
 * and latest orders from the restaurant's report.
 */
export function RestaurantView() {
  const today = hawaiiToday();
  const { can } = usePermissions();
  const canOrder = can('orders.place');
  const report = useRestaurantReport();
  const catalog = useCatalogList();
  const cart = useCart();
  const totals = report.data?.totals;
  return (
    <HubView
      title={TITLE}
      subtitle={SUBTITLE}
      overview={false}
      figures={report}
      tiles={
        totals
          ? restaurantTiles({
              first: { title: 'Items in Cart', value: cart.itemCount },
              products: catalog.data,
              inProgress: totals.activeOrders,
              thisMonth: totals.monthlySpent,
            })
          : null
      }
      main={<LiveInventory canOrder={canOrder} today={today} />}
      aside={
        <>
          {canOrder ? <ShoppingCartPanel today={today} /> : null}
          <RecentOrdersCard
            query={{
              data: report.data?.recentOrders,
              error: report.error,
              refetch: report.refetch,
            }}
            shown={DASHBOARD_RECENT_ORDERS_SHOWN}
            pill
            counterpart={(order) => order.farmName}
            empty="No recent orders"
            viewAll={{ to: '/restaurant/orders', label: 'View All Orders' }}
          />
        </>
      }
    />
  );
}

/** An administrator's read-only look at the restaurant view: every farm's offer and orders. */
export function RestaurantOverview() {
  const today = hawaiiToday();
  const { stats, catalog, orders } = usePlatformOverview(RECENT_FETCHED);
  return (
    <HubView
      title={TITLE}
      subtitle={SUBTITLE}
      overview
      figures={stats}
      tiles={
        stats.data
          ? restaurantTiles({
              first: { title: 'Products on Offer', value: catalog.data?.length ?? 0 },
              products: catalog.data,
              inProgress: platformInProgress(stats.data),
              thisMonth: stats.data.stats.monthlyRevenue,
            })
          : null
      }
      main={<LiveInventory canOrder={false} today={today} />}
      aside={
        <RecentOrdersCard
          query={orders}
          shown={DASHBOARD_RECENT_ORDERS_SHOWN}
          pill
          counterpart={(order) => `${order.restaurant.name} from ${order.farm.name}`}
          empty="No recent orders"
          viewAll={{ to: '/', label: 'View All Orders' }}
        />
      }
    />
  );
}
