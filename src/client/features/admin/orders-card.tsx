import { ADMIN_TABLE_ROWS } from '#core/schemas/admin';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatInstant, formatMoney, SHORT_DATE_FORMAT } from '../../lib/format';
import { adminOrdersCsvPath, useAdminOrders, useFarms } from './api';
import { StatusPill } from '../../components/ui/status-pill';

/** The latest orders of every farm, or of one, with a CSV export of the same selection. */
export function OrdersCard() {
  const [farmId, setFarmId] = useState<number | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const selectId = useId();
  const farms = useFarms();
  const orders = useAdminOrders({ farmId, limit: ADMIN_TABLE_ROWS });

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(adminOrdersCsvPath({ farmId }), 'harvest-hui-orders.csv');
    } catch (error) {
      toast({
        title: 'Export failed',
        description:
          error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle>Orders</CardTitle>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:w-56 sm:flex-none">
            <label htmlFor={selectId} className="text-xs font-medium text-stone-600">
              Farm
            </label>
            <Select
              id={selectId}
              value={farmId ?? ''}
              disabled={farms.isPending}
              onChange={(event) =>
                setFarmId(event.target.value ? Number(event.target.value) : undefined)
              }
            >
              <option value="">All Farms</option>
              {(farms.data ?? []).map((farm) => (
                <option key={farm.id} value={farm.id}>
                  {farm.name}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <Download aria-hidden /> {exporting ? 'Exporting…' : 'Export'}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {farms.isError ? (
          <p className="mb-3 text-sm text-destructive">
            The farm list could not be loaded; showing every farm.
          </p>
        ) : null}
        {orders.isError ? (
          <ErrorState
            title="Could not load the orders"
            error={orders.error}
            onRetry={() => void orders.refetch()}
          />
        ) : orders.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : orders.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">No orders found.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-stone-100 md:hidden">
              {orders.data.map((order) => (
                <li key={order.id} className="flex flex-col gap-1 py-3">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">#{order.id}</span>
                    <StatusPill status={order.status} />
                  </div>
                  <p className="text-sm text-stone-700">
                    {order.restaurant.name} <span className="text-stone-400">from</span>{' '}
                    {order.farm.name}
                  </p>
                  <div className="flex justify-between text-sm text-stone-600">
                    <span>{formatInstant(order.createdAt, SHORT_DATE_FORMAT)}</span>
                    <span className="tabular font-semibold text-stone-900">
                      {formatMoney(order.totalAmount)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Restaurant
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Farm
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {orders.data.map((order) => (
                  <tr key={order.id}>
                    <td className="py-2.5 pr-3 font-medium">#{order.id}</td>
                    <td className="py-2.5 pr-3">{order.restaurant.name}</td>
                    <td className="py-2.5 pr-3">{order.farm.name}</td>
                    <td className="tabular py-2.5 pr-3 text-right">
                      {formatMoney(order.totalAmount)}
                    </td>
                    <td className="py-2.5 pr-3">
                      <StatusPill status={order.status} />
                    </td>
                    <td className="py-2.5 whitespace-nowrap text-stone-600">
                      {formatInstant(order.createdAt, SHORT_DATE_FORMAT)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
