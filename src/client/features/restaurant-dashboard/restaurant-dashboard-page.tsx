import { DASHBOARD_RECENT_ORDERS_SHOWN, REVENUE_RULE_CAPTION } from '#core/reports';
import {
  BarChart3,
  Building2,
  CalendarDays,
  ChevronRight,
  DollarSign,
  ReceiptText,
  ShoppingBasket,
  Truck,
  UserPen,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatGrid } from '../../components/ui/stat-card';
import { profileDisplayName } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { FiguresAsOf } from '../../components/ui/figures-as-of';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { formatMoney, formatOrderDate, greeting } from '../../lib/format';
import type { FirstDataContext } from '../../lib/first-data';
import { permissionsOf, usePermissions, type Permission } from '../../lib/permissions';
import {
  billsQuery,
  RESTAURANT_REPORT_KEY,
  restaurantReportQuery,
  useBills,
  useRestaurantReport,
} from '../../lib/queries';

const SHORTCUTS: {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  requires?: Permission;
}[] = [
  {
    to: '/restaurant/browse',
    title: 'Browse Products',
    text: 'Fresh produce from local farms',
    icon: <ShoppingBasket />,
    requires: 'orders.place',
  },
  {
    to: '/restaurant/orders',
    title: 'My Orders',
    text: 'Check out and track deliveries',
    icon: <ReceiptText />,
  },
  {
    to: '/restaurant/reports',
    title: 'Reports',
    text: 'Spending and partner farms',
    icon: <BarChart3 />,
    requires: 'reports.view',
  },
  {
    to: '/restaurant/groups',
    title: 'Restaurant groups',
    text: 'Several kitchens, one team and one bill',
    icon: <Building2 />,
  },
];

export function RestaurantDashboardPage() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const name = user ? profileDisplayName(user) : 'Restaurant';
  const report = useRestaurantReport();
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-xl bg-gradient-to-r from-green-700 to-emerald-600 px-6 py-7 text-white shadow-sm">
        <h1 className="text-2xl font-bold text-balance">
          {greeting(name, report.data?.totals.totalOrders)}
        </h1>
        <p className="mt-1 text-green-50">Browse fresh produce and manage your orders</p>
      </section>
      {can('bills.view') ? <OutstandingCard /> : null}
      <DashboardFigures shortcuts={<Shortcuts />} />
    </div>
  );
}

/** What the restaurant owes: the outstanding total and what of it is past due, linked to Bills. */
function OutstandingCard() {
  const { data, isPending, isError } = useBills();
  return (
    <Link
      to="/restaurant/bills"
      className="flex min-h-20 items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-primary"
    >
      <span className="flex flex-col">
        <span className="text-sm font-medium text-stone-600">Outstanding bills</span>
        {isPending ? (
          <Skeleton className="mt-1 h-7 w-28" />
        ) : isError ? (
          <span className="text-sm text-red-800">Could not be loaded</span>
        ) : (
          <span className="tabular text-2xl font-bold text-stone-900">
            {formatMoney(data.totalDue)}
          </span>
        )}
      </span>
      {data ? (
        <span className="text-right text-sm text-stone-600">
          <span className="tabular font-semibold text-stone-900">{formatMoney(data.overdue)}</span>{' '}
          past due
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
    </Link>
  );
}

/** Shortcuts between the figures and the recent orders (docs/product.md#restaurant-dashboard). */
function Shortcuts() {
  const { can } = usePermissions();
  const shortcuts = SHORTCUTS.filter((shortcut) => !shortcut.requires || can(shortcut.requires));
  return (
    <nav
      aria-label="Shortcuts"
      className={cn(
        'grid grid-cols-1 gap-4',
        shortcuts.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2',
      )}
    >
      {shortcuts.map((shortcut) => (
        <Link
          key={shortcut.to}
          to={shortcut.to}
          className="group flex min-h-20 items-center gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition-colors hover:border-primary hover:bg-primary-soft/40"
        >
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-green-900 [&_svg]:size-5"
          >
            {shortcut.icon}
          </span>
          <span className="flex flex-col">
            <span className="font-semibold">{shortcut.title}</span>
            <span className="text-sm text-stone-600">{shortcut.text}</span>
          </span>
          <ChevronRight
            aria-hidden="true"
            className="ml-auto size-5 text-stone-400 group-hover:text-green-800"
          />
        </Link>
      ))}
    </nav>
  );
}

function DashboardFigures({ shortcuts }: { shortcuts: ReactNode }) {
  const { data, error, isPending, refetch } = useRestaurantReport();
  const canOrder = usePermissions().can('orders.place');

  if (isPending) {
    return (
      <>
        <StatGrid stats={[]} columns={3} loading />
        {shortcuts}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <Card className="flex flex-col gap-3 p-5 lg:col-span-2">
            <Skeleton className="h-6 w-40" />
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-20 w-full" />
            ))}
          </Card>
          <Card className="flex flex-col gap-3 p-5">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-40 w-full" />
          </Card>
        </div>
      </>
    );
  }
  if (error) {
    return (
      <>
        <ErrorState
          title="Could not load your dashboard"
          error={error}
          onRetry={() => void refetch()}
        />
        {shortcuts}
      </>
    );
  }

  const { totals } = data;
  // The newest 3 of the 5 the server sends (docs/product.md#restaurant-dashboard).
  const recent = data.recentOrders.slice(0, DASHBOARD_RECENT_ORDERS_SHOWN);
  return (
    <>
      <FiguresAsOf path={RESTAURANT_REPORT_KEY[0]} />
      <StatGrid
        columns={3}
        stats={[
          {
            title: 'Total Spent',
            value: formatMoney(totals.totalSpent),
            caption: REVENUE_RULE_CAPTION,
            icon: <DollarSign />,
          },
          {
            title: 'Active Orders',
            value: totals.activeOrders,
            caption: 'Pending to in transit',
            icon: <Truck />,
          },
          {
            title: 'This Month',
            value: formatMoney(totals.monthlySpent),
            caption: 'Spent this calendar month',
            icon: <CalendarDays />,
          },
        ]}
      />
      {shortcuts}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between gap-3">
            <CardTitle>Recent Orders</CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link to="/restaurant/orders">View All Orders</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {recent.length ? (
              <ul className="flex flex-col gap-3">
                {recent.map((order) => (
                  <li
                    key={order.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 p-4"
                  >
                    <div className="flex min-w-0 flex-col gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">Order #{order.id}</span>
                        <StatusBadge status={order.status} />
                      </div>
                      <span className="truncate text-sm text-stone-600">{order.farmName}</span>
                      <span className="text-xs text-stone-500">
                        {formatOrderDate(order.createdAt)}
                      </span>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="tabular font-semibold">
                        {formatMoney(order.totalAmount)}
                      </span>
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to="/restaurant/orders"
                          aria-label={`View Details of order ${order.id}`}
                        >
                          View Details
                        </Link>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                icon={<ReceiptText />}
                title="No recent orders"
                description={
                  canOrder
                    ? 'Start by browsing products to place your first order'
                    : 'Orders your team places will appear here'
                }
                action={
                  canOrder ? (
                    <Button asChild>
                      <Link to="/restaurant/browse">Browse Products</Link>
                    </Button>
                  ) : undefined
                }
              />
            )}
          </CardContent>
        </Card>
        <QuickLinks />
      </div>
    </>
  );
}

function QuickLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 [&_svg]:size-4 [&_svg]:text-stone-500"
      >
        {icon}
        {children}
      </Link>
    </li>
  );
}

function QuickLinks() {
  const { can } = usePermissions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Links</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-1">
          {can('orders.place') ? (
            <QuickLink to="/restaurant/browse" icon={<ShoppingBasket aria-hidden="true" />}>
              Browse Products
            </QuickLink>
          ) : null}
          <QuickLink to="/restaurant/orders" icon={<ReceiptText aria-hidden="true" />}>
            {can('orders.place') ? 'Cart and My Orders' : 'My Orders'}
          </QuickLink>
          {can('reports.view') ? (
            <QuickLink to="/restaurant/reports" icon={<BarChart3 aria-hidden="true" />}>
              Reports &amp; Analytics
            </QuickLink>
          ) : null}
          <QuickLink to="/profile/edit" icon={<UserPen aria-hidden="true" />}>
            Edit Profile
          </QuickLink>
        </ul>
      </CardContent>
    </Card>
  );
}

/** The figures and, for who may see them, the bills, asked for with the page's code. */
RestaurantDashboardPage.firstData = ({ queryClient, user }: FirstDataContext) =>
  Promise.all([
    queryClient.prefetchQuery(restaurantReportQuery),
    permissionsOf(user).can('bills.view') ? queryClient.prefetchQuery(billsQuery) : undefined,
  ]);
