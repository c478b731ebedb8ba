import { formatMoneyString } from '#core/money';
import { REVENUE_RULE_CAPTION } from '#core/reports';
import { Ban, DollarSign, ShoppingCart, Sprout, Store, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminStats } from './api';
import { OrdersCard } from './orders-card';
import { QuickActions } from './quick-actions';
import { RecentActionsCard } from './recent-actions-card';
import { SalesAnalytics } from './sales-analytics';
import { StatGrid } from '../../components/ui/stat-card';
import { SystemHealth } from './system-health';

/** Platform figures, orders, analytics, health, actions: docs/product.md#admin-dashboard. */
export function AdminDashboard() {
  const statsQuery = useAdminStats();
  const stats = statsQuery.data?.stats;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-stone-900">Admin Dashboard</h1>
        <p className="text-stone-600">Monitor platform activity and manage operations</p>
      </header>

      {statsQuery.isError ? (
        <ErrorState
          title="Could not load the platform figures"
          error={statsQuery.error}
          onRetry={() => void statsQuery.refetch()}
        />
      ) : (
        <section aria-label="Platform figures" className="flex flex-col gap-2">
          <StatGrid
            label="Figures"
            loading={!stats}
            stats={
              stats
                ? [
                    {
                      title: 'Total Users',
                      icon: <Users />,
                      // People with an account, not businesses: a business has several.
                      value: stats.users,
                      caption: `${stats.activeFarms} active farms, ${stats.activeRestaurants} active restaurants`,
                    },
                    {
                      title: 'Monthly Orders',
                      icon: <ShoppingCart />,
                      value: stats.monthlyOrders,
                      caption: `${stats.totalOrders} all time`,
                    },
                    {
                      title: 'Platform Revenue',
                      icon: <DollarSign />,
                      value: formatMoneyString(stats.totalRevenue),
                      caption: `${formatMoneyString(stats.monthlyRevenue)} this month`,
                    },
                    {
                      title: 'Active Farms',
                      icon: <Sprout />,
                      value: stats.activeFarms,
                      caption: `of ${stats.farms} farms have products on offer`,
                    },
                  ]
                : []
            }
          />
          <p className="text-xs text-stone-500">
            {REVENUE_RULE_CAPTION}. Restaurants count as active when they ordered in the last 90
            days.
          </p>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <OrdersCard />
          <SalesAnalytics query={statsQuery} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <UserManagement
            farms={stats?.farms}
            restaurants={stats?.restaurants}
            pendingApprovals={stats?.pendingApprovals}
            suspended={stats?.suspendedBusinesses}
            loading={statsQuery.isPending}
          />
          <RecentActionsCard />
          <SystemHealth />
          <QuickActions />
        </div>
      </div>
    </div>
  );
}

function UserManagement({
  farms,
  restaurants,
  pendingApprovals,
  suspended,
  loading,
}: {
  farms: number | undefined;
  restaurants: number | undefined;
  pendingApprovals: number | undefined;
  suspended: number | undefined;
  loading: boolean;
}) {
  const rows = [
    { label: 'Restaurants', icon: <Store />, value: restaurants },
    { label: 'Farmers', icon: <Sprout />, value: farms },
    { label: 'Suspended', icon: <Ban />, value: suspended },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>Businesses with a profile on the platform</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-100">
          {rows.map((row) => (
            <li key={row.label} className="flex min-h-11 items-center gap-3 py-2">
              <span className="text-stone-500 [&_svg]:size-4" aria-hidden>
                {row.icon}
              </span>
              <span className="flex-1 text-sm">{row.label}</span>
              {loading ? (
                <Skeleton className="h-5 w-8" />
              ) : (
                <span className="tabular font-semibold">{row.value ?? '–'}</span>
              )}
            </li>
          ))}
          <li className="flex min-h-11 flex-wrap items-center gap-3 py-2">
            <span className="text-stone-500" aria-hidden>
              <Users className="size-4" />
            </span>
            <span className="flex-1 text-sm">Pending Approvals</span>
            {loading ? (
              <Skeleton className="h-5 w-16" />
            ) : (
              <span className="tabular text-sm text-stone-600">
                {pendingApprovals ?? '–'} waiting
              </span>
            )}
            <Button size="sm" variant={pendingApprovals ? 'primary' : 'outline'} asChild>
              <Link to="/admin/approvals">Review</Link>
            </Button>
          </li>
        </ul>
        <p className="mt-2 text-xs text-stone-500">
          New farms wait for an administrator's approval before restaurants see them.{' '}
          <Link to="/admin/businesses" className="font-medium text-primary hover:underline">
            Suspend or reinstate a business
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
