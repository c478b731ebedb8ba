import {
  DOCUMENT_STATUSES,
  ORDER_STATUSES,
  statusLabel,
  type OrderStatus,
} from '#core/order-status';
import { hawaiiToday } from '#core/hawaii-time';
import type { Order } from '#core/schemas/order';
import { ClipboardList, ListChecks } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { downloadFile } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useFarmOrders } from './api';
import { FarmerOrderCard, FarmerOrderCardSkeleton } from './farmer-order-card';
import { useFarmOrderActions } from './order-actions';

/** /farmer/orders: the farm's orders with their status actions and documents. */
export function FarmerOrdersPage() {
  const orders = useFarmOrders();
  const actions = useFarmOrderActions();
  const [filter, setFilter] = useState<'all' | OrderStatus>('all');

  const shown = useMemo(
    () => (orders.data ?? []).filter((order) => filter === 'all' || order.status === filter),
    [orders.data, filter],
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Orders</h1>
          <p className="text-sm text-stone-600">Confirm, pack, ship and deliver your orders</p>
        </div>
        <Field label="Status" className="w-full sm:w-56">
          {(ids) => (
            <Select
              {...ids}
              value={filter}
              onChange={(event) => setFilter(event.target.value as 'all' | OrderStatus)}
            >
              <option value="all">All statuses</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status} className="capitalize">
                  {statusLabel(status).replace(/^./, (letter) => letter.toUpperCase())}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <PickListCard orders={orders.data} />

      <section aria-label="Orders" className="flex flex-col gap-4">
        {orders.error ? (
          <ErrorState
            title="Could not load your orders"
            error={orders.error}
            onRetry={() => void orders.refetch()}
          />
        ) : !orders.data ? (
          Array.from({ length: 3 }, (_, index) => <FarmerOrderCardSkeleton key={index} />)
        ) : orders.data.length === 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title="No orders yet. Your products will appear here when restaurants place orders."
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title={`No ${statusLabel(filter)} orders`}
            action={
              <Button variant="outline" onClick={() => setFilter('all')}>
                Show all orders
              </Button>
            }
          />
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {shown.map((order) => (
              <FarmerOrderCard
                key={order.id}
                order={order}
                busy={actions.busyWith(order)}
                onMove={actions.requestMove}
                onDownload={actions.download}
              />
            ))}
          </div>
        )}
      </section>

      {actions.dialogs}
    </div>
  );
}

/** One PDF per delivery day: products summed, then every slip (docs/product.md#pick-list). */
function PickListCard({ orders }: { orders: Order[] | undefined }) {
  const today = hawaiiToday();
  const days = useMemo(
    () =>
      [
        ...new Set(
          (orders ?? [])
            .filter((order) => DOCUMENT_STATUSES.includes(order.status) && order.deliveryDate)
            .map((order) => order.deliveryDate!),
        ),
      ].sort(),
    [orders],
  );
  const upcoming = days.filter((day) => day >= today);
  const [picked, setPicked] = useState('');
  const day = picked || upcoming[0] || days.at(-1) || '';
  const [downloading, setDownloading] = useState(false);
  if (!orders || days.length === 0) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/orders/farm/pick-list?date=${day}`, `pick-list-${day}.pdf`);
    } catch {
      toast({ title: 'Failed to download pick list', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-end">
        <div className="flex-1">
          <h2 className="font-semibold">Pick list</h2>
          <p className="text-sm text-stone-600">
            Everything to gather for one delivery day, then each order's packing slip.
          </p>
        </div>
        <Field label="Delivery day" className="sm:w-60">
          {(ids) => (
            <Select {...ids} value={day} onChange={(event) => setPicked(event.target.value)}>
              {[...upcoming, ...days.filter((entry) => entry < today).reverse()].map((entry) => (
                <option key={entry} value={entry}>
                  {formatCalendarDate(entry, 'weekday')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button variant="outline" onClick={() => void download()} disabled={downloading || !day}>
          <ListChecks aria-hidden="true" /> {downloading ? 'Preparing...' : 'Download Pick List'}
        </Button>
      </CardContent>
    </Card>
  );
}
