import { REVENUE_RULE_CAPTION } from '#core/reports';
import {
  BarChart3,
  ClipboardList,
  Clock,
  DollarSign,
  Minus,
  Package,
  Plus,
  TrendingDown,
  TrendingUp,
  ChevronRight,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { StatGrid } from '../../components/ui/stat-card';
import { profileDisplayName } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { FiguresAsOf } from '../../components/ui/figures-as-of';
import { Skeleton } from '../../components/ui/skeleton';
import { RecentOrderList } from '../../components/ui/recent-order-list';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { formatMoney, greeting } from '../../lib/format';
import type { FirstDataContext } from '../../lib/first-data';
import { permissionsOf, usePermissions, type Permission } from '../../lib/permissions';
import {
  FARM_REPORT_KEY,
  farmReportQuery,
  receivablesQuery,
  useFarmReport,
  useReceivables,
} from '../../lib/queries';
import { centsOf, toMoneyString } from '#core/money';
import { growthDisplay } from './growth';

const QUICK_ACTIONS: {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  requires?: Permission;
}[] = [
  {
    // The inventory screen opens its Add Product dialog on ?new=1.
    to: '/farmer/inventory?new=1',
    title: 'Add New Product',
    text: 'List fresh produce for restaurants',
    icon: <Plus />,
    requires: 'products.manage',
  },
  {
    // Price lists have no item in the header, which has no room for one at 1280 px.
    to: '/farmer/price-lists',
    title: 'Price Lists',
    text: 'Your regulars’ own prices and quantity breaks',
    icon: <DollarSign />,
    requires: 'products.manage',
  },
  {
    to: '/farmer/customers',
    title: 'Customers',
    text: 'What each restaurant owes, credit terms and holds',
    icon: <Users />,
    requires: 'customers.view',
  },
  {
    to: '/farmer/orders',
    title: 'Review Orders',
    text: 'Confirm, pack and deliver',
    icon: <ClipboardList />,
  },
  {
    to: '/farmer/reports',
    title: 'View Reports',
    text: 'Revenue, products and trends',
    icon: <BarChart3 />,
    requires: 'reports.view',
  },
];

/**
 * The farm's dashboard: its figures. A member whose role reads no reports (a packer) works
 * from the orders, which are their home screen instead.
 */
export function FarmerDashboardPage() {
  const { can } = usePermissions();
  if (!can('reports.view')) return <Navigate to="/farmer/orders" replace />;
  return <FiguresDashboard />;
}

function FiguresDashboard() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const name = user ? profileDisplayName(user) : 'Farmer';
  const report = useFarmReport();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-balance">
            {greeting(name, report.data?.totals.totalOrders)}
          </h1>
          <p className="text-stone-600">Here is how your farm is doing today</p>
        </div>
        {can('products.manage') ? (
          <Button variant="outline" asChild>
            <Link to="/farmer/fresh-sheet">Fresh sheet</Link>
          </Button>
        ) : null}
      </div>
      {can('payments.manage') ? <OutstandingCard /> : null}
      <DashboardFigures />
    </div>
  );
}

/** What the farm is owed: the outstanding total and what of it is past due, linked to Receivables. */
function OutstandingCard() {
  const { data, isPending, isError } = useReceivables();
  return (
    <Link
      to="/farmer/receivables"
      className="flex min-h-20 items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-primary"
    >
      <span className="flex flex-col">
        <span className="text-sm font-medium text-stone-600">Outstanding receivables</span>
        {isPending ? (
          <Skeleton className="mt-1 h-7 w-28" />
        ) : isError ? (
          <span className="text-sm text-red-800">Could not be loaded</span>
        ) : (
          <span className="tabular text-2xl font-bold text-stone-900">
            {formatMoney(data.totals.total)}
          </span>
        )}
      </span>
      {data ? (
        <span className="text-right text-sm text-stone-600">
          <span className="tabular font-semibold text-stone-900">
            {formatMoney(toMoneyString(centsOf(data.totals.total) - centsOf(data.totals.current)))}
          </span>{' '}
          past due
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
    </Link>
  );
}

function DashboardFigures() {
  const { data, error, isPending, refetch } = useFarmReport();
  if (isPending) {
    return (
      <>
        <StatGrid stats={[]} loading />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <Card className="flex flex-col gap-3 p-5 lg:col-span-2">
            <Skeleton className="h-6 w-40" />
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} className="h-14 w-full" />
            ))}
          </Card>
          <Card className="flex flex-col gap-3 p-5">
            <Skeleton className="h-6 w-32" />
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-16 w-full" />
            ))}
          </Card>
        </div>
      </>
    );
  }
  if (error) {
    return (
      <ErrorState
        title="Could not load your dashboard"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }

  const { totals } = data;
  const growth = growthDisplay(data.growth);
  const GrowthIcon =
    growth.direction === 'up' ? TrendingUp : growth.direction === 'down' ? TrendingDown : Minus;
  return (
    <>
      <FiguresAsOf path={FARM_REPORT_KEY[0]} />
      <StatGrid
        stats={[
          {
            title: 'Total Products',
            value: totals.totalProducts,
            caption: `${totals.activeProducts} active`,
            icon: <Package />,
          },
          {
            title: 'Pending Orders',
            value: totals.pendingOrders,
            caption: 'Awaiting confirmation',
            icon: <Clock />,
          },
          {
            title: 'Monthly Revenue',
            value: formatMoney(totals.monthlyRevenue),
            caption: `This month. ${REVENUE_RULE_CAPTION}`,
            icon: <DollarSign />,
          },
          {
            title: 'Growth',
            value: (
              <span
                className={cn(
                  growth.direction === 'up' && 'text-green-800',
                  growth.direction === 'none' && 'text-stone-500',
                )}
              >
                {growth.value}
              </span>
            ),
            caption: growth.caption,
            icon: <GrowthIcon />,
          },
        ]}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between gap-3">
            <CardTitle>Recent Orders</CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link to="/farmer/orders">View All</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {data.recentOrders.length ? (
              <RecentOrderList
                orders={data.recentOrders}
                counterpart={(order) => order.restaurantName}
                // The same address a new-order notice opens: the order's card on Orders.
                actions={(order) => (
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/farmer/orders#order-${order.id}-title`}>
                      Open order<span className="sr-only"> #{order.id}</span>
                    </Link>
                  </Button>
                )}
              />
            ) : (
              <EmptyState
                icon={<ClipboardList />}
                title="No orders yet"
                description="Your products will appear here when restaurants place orders."
              />
            )}
          </CardContent>
        </Card>

        <QuickActions />
      </div>
    </>
  );
}

function QuickActions() {
  const { can } = usePermissions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {QUICK_ACTIONS.filter((action) => !action.requires || can(action.requires)).map(
            (action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="flex min-h-16 items-center gap-3 rounded-lg border border-stone-200 p-3 transition-colors hover:border-primary hover:bg-primary-soft/40"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-green-900 [&_svg]:size-5"
                  >
                    {action.icon}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold">{action.title}</span>
                    <span className="text-sm text-stone-600">{action.text}</span>
                  </span>
                </Link>
              </li>
            ),
          )}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The figures and, for who may see them, what the farm is owed, asked for with the page's code. */
FarmerDashboardPage.firstData = ({ queryClient, user }: FirstDataContext) => {
  const { can } = permissionsOf(user);
  return Promise.all([
    can('reports.view') ? queryClient.prefetchQuery(farmReportQuery) : undefined,
    can('payments.manage') ? queryClient.prefetchQuery(receivablesQuery) : undefined,
  ]);
};
