import { statusLabel } from '#core/order-status';
import type { RestaurantReport } from '#core/schemas/report';
import { CheckCircle2, DollarSign, ShoppingCart, TrendingUp } from 'lucide-react';
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
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { RecentOrderList } from '../../components/ui/recent-order-list';
import { formatMoney } from '../../lib/format';
import { RESTAURANT_REPORT_KEY, useRestaurantReport } from '../../lib/queries';
import { RESTAURANT_ORDERS_CSV_PATH } from './api';
import { ExportButton } from './export-button';
import { ChartCard, NoChartData, ReportPage, RevenueRuleNote } from './report-parts';

export function RestaurantReportsPage() {
  return (
    <ReportPage
      subtitle="Track your spending and your partner farms"
      action={
        <div className="flex flex-wrap gap-2">
          {/* Recalls and the FSMA 204 receiving records (docs/traceability.md). */}
          <Link
            to="/restaurant/recalls"
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100"
          >
            Traceability records
          </Link>
          <ExportButton path={RESTAURANT_ORDERS_CSV_PATH} fallbackName="restaurant-orders.csv" />
        </div>
      }
      query={useRestaurantReport()}
      figuresPath={RESTAURANT_REPORT_KEY[0]}
    >
      {(report) => <RestaurantReportBody report={report} />}
    </ReportPage>
  );
}

function RestaurantReportBody({ report }: { report: RestaurantReport }) {
  const { totals } = report;
  const months = report.months.map((month) => ({
    label: monthLabel(month.month),
    tableLabel: monthLabel(month.month, true),
    value: moneyToChartValue(month.spent),
    display: formatMoney(month.spent),
  }));
  const statuses = report.statusDistribution.map((slice) => ({
    label: statusLabel(slice.status),
    value: moneyToChartValue(slice.total),
    display: formatMoney(slice.total),
    sliceLabel: `${statusLabel(slice.status)}: ${slice.orders}`,
    legendLabel: `${statusLabel(slice.status)}: ${slice.orders}`,
    color: STATUS_COLORS[slice.status],
    tableNote: `${slice.orders} ${slice.orders === 1 ? 'order' : 'orders'}`,
  }));
  const farms = report.topFarms.map((farm) => ({
    label: farm.farmName,
    value: moneyToChartValue(farm.totalSpent),
    display: formatMoney(farm.totalSpent),
  }));

  return (
    <>
      <div className="flex flex-col gap-2">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            title="Total Spent"
            value={formatMoney(totals.totalSpent)}
            caption="All time"
            icon={<DollarSign />}
          />
          <StatCard
            title="Total Orders"
            value={totals.totalOrders}
            caption={`${totals.activeOrders} in progress`}
            icon={<ShoppingCart />}
          />
          <StatCard
            title="Avg Order Value"
            value={formatMoney(totals.avgOrderValue)}
            caption="Per order"
            icon={<TrendingUp />}
          />
          <StatCard
            title="Completed Orders"
            value={totals.completedOrders}
            caption="Delivered"
            icon={<CheckCircle2 />}
          />
        </div>
        <RevenueRuleNote />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChartCard title="Monthly Spending Trend" description="This month and the five before">
          {report.months.some((month) => month.orders > 0) ? (
            <LineChartFigure
              data={months}
              format="money"
              seriesName="Spent"
              labelHeader="Month"
              summary="Spending per month over the last six months"
            />
          ) : (
            <NoChartData message="No orders in the last six months" />
          )}
        </ChartCard>
        <ChartCard
          title="Order Status Distribution"
          description="Dollars per status; labels show the number of orders"
        >
          {statuses.length ? (
            <PieChartFigure
              data={statuses}
              format="money"
              seriesName="Order total"
              labelHeader="Status"
              summary="Order totals and number of orders per status"
            />
          ) : (
            <NoChartData message="No orders yet" />
          )}
        </ChartCard>
      </div>

      <ChartCard title="Spending by Farm" description="Your top 10 farms by spending">
        {farms.length ? (
          <BarChartFigure
            data={farms}
            format="money"
            seriesName="Spent"
            labelHeader="Farm"
            summary="Spending per farm, top 10"
            horizontal
          />
        ) : (
          <NoChartData message="Spending per farm will show here after your first order" />
        )}
      </ChartCard>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>Top Partner Farms</CardTitle>
          </CardHeader>
          <CardContent>
            {report.topFarms.length ? (
              <>
                {/* Phones get one block per farm; four columns do not fit 360 px. */}
                <ul className="flex flex-col divide-y divide-stone-100 sm:hidden">
                  {report.topFarms.map((farm) => (
                    <li key={farm.farmId} className="flex flex-col gap-1 py-3">
                      <span className="font-medium">{farm.farmName}</span>
                      <dl className="tabular grid grid-cols-3 gap-2 text-sm">
                        <div>
                          <dt className="text-xs text-stone-500">Orders</dt>
                          <dd>{farm.orders}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-stone-500">Total Spent</dt>
                          <dd>{formatMoney(farm.totalSpent)}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-stone-500">Avg Order</dt>
                          <dd>{formatMoney(farm.avgOrder)}</dd>
                        </div>
                      </dl>
                    </li>
                  ))}
                </ul>
                <table className="hidden w-full text-sm sm:table">
                  <thead>
                    <tr className="border-b border-stone-200 text-left text-stone-600">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Farm Name
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Orders
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Total Spent
                      </th>
                      <th scope="col" className="py-2 pl-3 text-right font-medium">
                        Avg Order
                      </th>
                    </tr>
                  </thead>
                  <tbody className="tabular">
                    {report.topFarms.map((farm) => (
                      <tr key={farm.farmId} className="border-b border-stone-100 last:border-0">
                        <th scope="row" className="py-2.5 pr-3 text-left font-medium">
                          {farm.farmName}
                        </th>
                        <td className="px-3 py-2.5 text-right">{farm.orders}</td>
                        <td className="px-3 py-2.5 text-right">{formatMoney(farm.totalSpent)}</td>
                        <td className="py-2.5 pl-3 text-right">{formatMoney(farm.avgOrder)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : (
              <EmptyState
                title="No partner farms yet"
                description="Farms you order from will be ranked here"
              />
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Recent Orders</CardTitle>
          </CardHeader>
          <CardContent>
            {report.recentOrders.length ? (
              <RecentOrderList
                orders={report.recentOrders}
                counterpart={(order) => order.farmName}
              />
            ) : (
              <EmptyState
                title="No orders yet"
                description="Start by browsing products to place your first order"
              />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
