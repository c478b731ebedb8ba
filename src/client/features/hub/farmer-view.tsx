import { LOW_STOCK_THRESHOLD } from '#core/constants';
import { hawaiiMonth, hawaiiToday } from '#core/hawaii-time';
import { centsOf, formatUsd } from '#core/money';
import type { Product } from '#core/schemas/product';
import { REVENUE_RULE_CAPTION } from '#core/schemas/report';
import { format } from 'date-fns';
import {
  BarChart3,
  Check,
  ClipboardList,
  DollarSign,
  FileText,
  MapPin,
  Package,
  Pencil,
  Plus,
  Trash2,
  X,
} from 'lucide-react';
import { useMemo, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import {
  type HubOrder,
  useCatalog,
  useChangeOrderStatus,
  useDeleteProduct,
  useFarmProducts,
  useHubOrders,
  usePlatformStats,
  useSchedules,
} from './api';
import { RecentOrders } from './recent-orders';
import { OverviewNote } from './restaurant-view';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';

const RECENT_SHOWN = 5;

/** The picker's theme variables, in the house colours, with 44 px days. */
const CALENDAR_COLOURS = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-primary-soft)',
  '--rdp-today-color': 'var(--color-primary)',
  '--rdp-day-height': '2.75rem',
  '--rdp-day-width': '2.75rem',
  '--rdp-day_button-height': '2.625rem',
  '--rdp-day_button-width': '2.625rem',
} as CSSProperties;
/** react-day-picker's own stylesheet is not in a cascade layer, so these must be important. */
const DELIVERY_DAY_CLASS =
  '[&>button]:bg-primary-soft! [&>button]:font-semibold! [&>button]:text-green-900!';

/**
 * The combined screen's farmer view. `overview` is an administrator's read-only look at the
 * platform: every listing and the latest orders, without the farm's own actions or calendar.
 */
export function FarmerView({ mode }: { mode: 'own' | 'overview' }) {
  const own = mode === 'own';
  const farmProducts = useFarmProducts(own);
  const catalog = useCatalog(!own);
  const products = own ? farmProducts : catalog;
  const orders = useHubOrders(own ? 'farm' : 'platform');
  const platform = usePlatformStats(!own);

  const counts = useMemo(() => {
    const list = orders.data ?? [];
    const month = hawaiiMonth(new Date());
    return {
      pending: list.filter((order) => order.status === 'pending').length,
      packed: list.filter((order) => order.status === 'packed').length,
      monthCents: list
        .filter(
          (order) =>
            order.status !== 'cancelled' && hawaiiMonth(new Date(order.createdAt)) === month,
        )
        .reduce((sum, order) => sum + centsOf(order.totalAmount), 0),
    };
  }, [orders.data]);

  const tilesReady = own ? products.data && orders.data : products.data && platform.data;
  const byStatus = platform.data?.stats.ordersByStatus;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-stone-900">Farmer Dashboard</h1>
        <p className="text-stone-600">Manage your inventory and fulfill orders</p>
        {!own ? <OverviewNote /> : null}
      </header>

      <section
        aria-label="Summary"
        className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4"
      >
        {!tilesReady ? (
          Array.from({ length: 4 }, (_, index) => <StatCardSkeleton key={index} />)
        ) : (
          <>
            <StatCard
              title="Active Listings"
              icon={<ClipboardList />}
              value={(products.data ?? []).filter((product) => product.isActive).length}
            />
            <StatCard
              title="Pending Orders"
              icon={<Package />}
              value={own ? counts.pending : (byStatus?.pending ?? 0)}
              caption="Awaiting confirmation"
            />
            <StatCard
              title="Ready to Ship"
              icon={<Package />}
              value={own ? counts.packed : (byStatus?.packed ?? 0)}
              caption="Packed"
            />
            <StatCard
              title="Month Revenue"
              icon={<DollarSign />}
              value={
                own
                  ? formatUsd(counts.monthCents)
                  : platform.data
                    ? formatMoney(platform.data.stats.monthlyRevenue)
                    : '—'
              }
              caption={REVENUE_RULE_CAPTION}
            />
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <InventoryManagement query={products} own={own} />
          <RecentOrders
            orders={orders.data?.slice(0, RECENT_SHOWN)}
            isPending={orders.isPending}
            error={orders.error}
            onRetry={() => void orders.refetch()}
            counterpart={(order) =>
              own ? order.restaurantName : `${order.restaurantName} from ${order.farmName}`
            }
            empty="No orders yet. Your products will appear here when restaurants place orders."
            viewAll={own ? { to: '/farmer/orders', label: 'View All Orders' } : undefined}
            actions={own ? (order) => <OrderActions order={order} /> : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {own ? <DeliveryCalendar /> : null}
          {own ? <FarmerQuickActions /> : null}
        </div>
      </div>
    </div>
  );
}

function InventoryManagement({
  query,
  own,
}: {
  query: ReturnType<typeof useFarmProducts>;
  own: boolean;
}) {
  const remove = useDeleteProduct();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Inventory Management</CardTitle>
        {own ? (
          <Button asChild size="sm">
            <Link to="/farmer/inventory?new=1">
              <Plus aria-hidden /> Add Product
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorState
            title="Could not load the products"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : query.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">
            No products listed yet. Add your first product to get started.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {query.data.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                own={own}
                deleting={remove.isPending && remove.variables === product.id}
                onDelete={() =>
                  remove.mutate(product.id, {
                    onSuccess: () => toast({ title: 'Product deleted' }),
                    onError: (error) =>
                      toast({
                        title: 'Failed to delete product',
                        description:
                          error instanceof ApiError
                            ? error.userMessage('') || undefined
                            : undefined,
                        variant: 'destructive',
                      }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ProductRow({
  product,
  own,
  deleting,
  onDelete,
}: {
  product: Product;
  own: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const low = product.availableQuantity < LOW_STOCK_THRESHOLD;
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {product.name}
          <Badge variant={product.isActive ? 'success' : 'secondary'}>
            {product.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </p>
        <p className="text-sm text-stone-600">
          <span className="tabular">
            {formatMoney(product.price)}/{product.unit}
          </span>{' '}
          · {product.availableQuantity} available
          {low ? <span className="font-medium text-destructive"> (Low)</span> : null}
          {own ? null : <> · {product.farm.name}</>}
        </p>
      </div>
      {own ? (
        <div className="flex shrink-0 gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to="/farmer/inventory" aria-label={`Edit ${product.name}`}>
              <Pencil aria-hidden />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${product.name}`}
            disabled={deleting}
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="text-destructive" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function OrderActions({ order }: { order: HubOrder }) {
  const change = useChangeOrderStatus();
  const [downloading, setDownloading] = useState(false);
  const busy = change.isPending;

  function move(status: 'confirmed' | 'cancelled') {
    change.mutate(
      { id: order.id, status },
      {
        onSuccess: () =>
          toast({
            title: status === 'confirmed' ? 'Order accepted' : 'Order declined',
            description: `Order #${order.id}`,
          }),
        onError: (error) =>
          toast({
            title: 'Failed to update order status',
            description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
            variant: 'destructive',
          }),
      },
    );
  }

  async function packList() {
    setDownloading(true);
    try {
      await downloadFile(`/api/orders/${order.id}/packing-slip`, `packing-slip-${order.id}.pdf`);
    } catch {
      toast({ title: 'Failed to download packing slip', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  if (order.status === 'pending') {
    return (
      <>
        <Button size="sm" onClick={() => move('confirmed')} disabled={busy}>
          <Check aria-hidden /> Accept
        </Button>
        <Button size="sm" variant="outline" onClick={() => move('cancelled')} disabled={busy}>
          <X aria-hidden /> Decline
        </Button>
      </>
    );
  }
  if (order.status === 'confirmed') {
    return (
      <Button size="sm" variant="outline" onClick={() => void packList()} disabled={downloading}>
        <FileText aria-hidden /> {downloading ? 'Preparing…' : 'Pack List'}
      </Button>
    );
  }
  return null;
}

/** A single-date calendar marking the farm's delivery days; picking one lists its areas. */
function DeliveryCalendar() {
  const schedules = useSchedules(true);
  const today = hawaiiToday();
  const [selected, setSelected] = useState<Date | undefined>(undefined);
  const toDate = (value: string) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, day);
  };
  const deliveryDays = (schedules.data ?? []).map((schedule) => toDate(schedule.deliveryDate));
  const selectedKey = selected ? format(selected, 'yyyy-MM-dd') : null;
  const areas = (schedules.data ?? [])
    .filter((schedule) => schedule.deliveryDate === selectedKey)
    .map((schedule) => schedule.deliveryArea);
  const upcoming = (schedules.data ?? [])
    .filter((schedule) => schedule.deliveryDate >= today)
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery Calendar</CardTitle>
      </CardHeader>
      <CardContent>
        {schedules.isError ? (
          <ErrorState
            title="Could not load the delivery days"
            error={schedules.error}
            onRetry={() => void schedules.refetch()}
          />
        ) : schedules.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex justify-center">
              <DayPicker
                mode="single"
                selected={selected}
                onSelect={setSelected}
                today={toDate(today)}
                defaultMonth={upcoming ? toDate(upcoming.deliveryDate) : toDate(today)}
                modifiers={{ delivery: deliveryDays }}
                modifiersClassNames={{ delivery: DELIVERY_DAY_CLASS }}
                style={CALENDAR_COLOURS}
              />
            </div>
            <p className="text-sm text-stone-600" aria-live="polite">
              {selectedKey
                ? areas.length > 0
                  ? `${formatCalendarDate(selectedKey, 'weekday')}: ${areas.join(', ')}`
                  : `${formatCalendarDate(selectedKey, 'weekday')}: no delivery`
                : upcoming
                  ? `Next delivery: ${formatCalendarDate(upcoming.deliveryDate, 'weekday')} (${upcoming.deliveryArea})`
                  : 'No delivery days scheduled'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FarmerQuickActions() {
  const actions = [
    { to: '/farmer/orders', label: 'Generate Invoices', icon: <FileText aria-hidden /> },
    { to: '/farmer/reports', label: 'View Sales Report', icon: <BarChart3 aria-hidden /> },
    { to: '/farmer/calendar', label: 'Set Delivery Areas', icon: <MapPin aria-hidden /> },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {actions.map((action) => (
          <Button key={action.to} asChild variant="outline" className="justify-start">
            <Link to={action.to}>
              {action.icon} {action.label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
