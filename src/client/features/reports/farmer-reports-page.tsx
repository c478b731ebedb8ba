import { statusLabel } from '#core/order-status';
import { TOP_PRODUCTS_LIST } from '#core/reports';
import type { FarmReport } from '#core/schemas/report';
import { CalendarDays, DollarSign, Receipt, ShoppingCart, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import {
  BarChartFigure,
  LineChartFigure,
  monthLabel,
  moneyToChartValue,
  PieChartFigure,
  STATUS_COLORS,
} from '../../components/charts';
import { StatCard } from '../../components/ui/stat-card';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { RecentOrderList } from '../../components/ui/recent-order-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { FARM_REPORT_KEY, useFarmReport } from '../../lib/queries';
import { FARM_ORDERS_CSV_PATH } from './api';
import { ExportButton } from './export-button';
import { ChartCard, NoChartData, ReportPage, RevenueRuleNote } from './report-parts';

export function FarmerReportsPage() {
  const { can } = usePermissions();
  return (
    <ReportPage
      subtitle="Track your farm's performance and growth"
      action={
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* The figures of the farm's GET return: owners and bookkeepers (docs/tax.md). */}
          {can('reports.tax') ? (
            <Button variant="outline" asChild>
              <Link to="/farmer/reports/get-summary">
                <Receipt aria-hidden="true" />
                GET summary
              </Link>
            </Button>
          ) : null}
          <ExportButton path={FARM_ORDERS_CSV_PATH} fallbackName="farm-orders.csv" />
        </div>
      }
      query={useFarmReport()}
      figuresPath={FARM_REPORT_KEY[0]}
      withTabs
    >
      {(report) => <FarmReportBody report={report} />}
    </ReportPage>
  );
}

function FarmReportBody({ report }: { report: FarmReport }) {
  const { totals } = report;
  return (
    <>
      <div className="flex flex-col gap-2">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            title="Total Revenue"
            value={formatMoney(totals.totalRevenue)}
            caption="All time"
            icon={<DollarSign />}
          />
          <StatCard
            title="Monthly Revenue"
            value={formatMoney(totals.monthlyRevenue)}
            caption="This month"
            icon={<CalendarDays />}
          />
          <StatCard
            title="Total Orders"
            value={totals.totalOrders}
            caption={`${totals.completedOrders} completed`}
            icon={<ShoppingCart />}
          />
          <StatCard
            title="Avg Order Value"
            value={formatMoney(totals.avgOrderValue)}
            caption="Per order"
            icon={<TrendingUp />}
          />
        </div>
        <RevenueRuleNote />
      </div>

      <Tabs defaultValue="revenue" className="flex flex-col gap-4">
        {/* One row at any width: on a phone three equal columns whose names may wrap inside. */}
        <TabsList
          aria-label="Report views"
          className="self-stretch max-sm:grid max-sm:grid-cols-3 sm:self-start"
        >
          <TabsTrigger value="revenue" className="leading-tight text-balance">
            Revenue Trends
          </TabsTrigger>
          <TabsTrigger value="products" className="leading-tight text-balance">
            Product Performance
          </TabsTrigger>
          <TabsTrigger value="orders" className="leading-tight text-balance">
            Order Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="revenue">
          <RevenueTrends report={report} />
        </TabsContent>
        <TabsContent value="products">
          <ProductPerformance report={report} />
        </TabsContent>
        <TabsContent value="orders">
          <OrderAnalytics report={report} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function RevenueTrends({ report }: { report: FarmReport }) {
  const revenue = report.months.map((month) => ({
    label: monthLabel(month.month),
    tableLabel: monthLabel(month.month, true),
    value: moneyToChartValue(month.revenue),
    display: formatMoney(month.revenue),
  }));
  const volume = report.months.map((month) => ({
    label: monthLabel(month.month),
    tableLabel: monthLabel(month.month, true),
    value: month.orders,
    display: String(month.orders),
  }));
  // Six months of nothing would draw a flat line on a made-up $0-$4 axis: say so instead.
  const anyOrders = report.months.some((month) => month.orders > 0);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard title="Monthly Revenue" description="This month and the five before">
        {anyOrders ? (
          <BarChartFigure
            data={revenue}
            format="money"
            seriesName="Revenue"
            labelHeader="Month"
            summary="Revenue per month over the last six months"
          />
        ) : (
          <NoChartData message="No revenue in the last six months: it shows here once restaurants order" />
        )}
      </ChartCard>
      <ChartCard title="Order Volume" description="Orders placed per month">
        {anyOrders ? (
          <LineChartFigure
            data={volume}
            format="count"
            seriesName="Orders"
            labelHeader="Month"
            summary="Number of orders per month over the last six months"
          />
        ) : (
          <NoChartData message="No orders in the last six months" />
        )}
      </ChartCard>
    </div>
  );
}

function ProductPerformance({ report }: { report: FarmReport }) {
  const top = report.topProducts.slice(0, TOP_PRODUCTS_LIST);
  const slices = report.topProducts.map((product) => ({
    label: product.name,
    value: moneyToChartValue(product.revenue),
    display: formatMoney(product.revenue),
    sliceLabel: `${product.sharePercent}%`,
    legendLabel: `${product.name}: ${product.sharePercent}%`,
    tableNote: `${product.sharePercent}% of these products' revenue`,
  }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Top Products by Revenue</CardTitle>
        </CardHeader>
        <CardContent>
          {top.length ? (
            <ol className="flex flex-col gap-3">
              {top.map((product, index) => (
                <li
                  key={product.productId}
                  className="flex items-center gap-3 rounded-lg border border-stone-200 p-3"
                >
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-green-900"
                    aria-label={`Rank ${index + 1}`}
                  >
                    {index + 1}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium break-words">{product.name}</span>
                    <span className="text-sm text-stone-600">
                      {product.quantitySold} {product.unit} sold
                    </span>
                  </div>
                  <Badge variant="success" className="tabular text-sm">
                    {formatMoney(product.revenue)}
                  </Badge>
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState
              title="No product sales yet"
              description="Your best sellers will be ranked here once restaurants order"
            />
          )}
        </CardContent>
      </Card>
      <ChartCard
        title="Product Sales Distribution"
        description={
          slices.length > 1
            ? `Share of revenue among your top ${slices.length} products`
            : 'Share of revenue among your top products'
        }
      >
        {slices.length ? (
          <PieChartFigure
            data={slices}
            format="money"
            seriesName="Revenue"
            labelHeader="Product"
            summary="Revenue and share of revenue of your top products"
          />
        ) : (
          <NoChartData message="No product sales yet" />
        )}
      </ChartCard>
    </div>
  );
}

function OrderAnalytics({ report }: { report: FarmReport }) {
  const statuses = report.statusDistribution.map((slice) => ({
    label: statusLabel(slice.status),
    value: slice.orders,
    display: String(slice.orders),
    sliceLabel: `${statusLabel(slice.status)}: ${slice.orders}`,
    legendLabel: `${statusLabel(slice.status)}: ${slice.orders}`,
    color: STATUS_COLORS[slice.status],
  }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard
        title="Order Status Distribution"
        description="Every order, cancelled ones included"
      >
        {statuses.length ? (
          <PieChartFigure
            data={statuses}
            format="count"
            seriesName="Orders"
            labelHeader="Status"
            summary="Number of orders per status"
          />
        ) : (
          <NoChartData message="No orders yet" />
        )}
      </ChartCard>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {report.recentOrders.length ? (
            <RecentOrderList
              orders={report.recentOrders}
              counterpart={(order) => order.restaurantName}
            />
          ) : (
            <EmptyState
              title="No orders yet"
              description="Your products will appear here when restaurants place orders."
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
