import { ORDER_STATUSES, statusLabel } from '#core/order-status';
import { hawaiiToday } from '#core/hawaii-time';
import {
  bulkStatusPermissions,
  SUGGESTED_LOTS,
  type BulkStatusResult,
  type BulkTarget,
} from '#core/schemas/order-bulk';
import type { OrderAsSeen } from '#core/schemas/order';
import {
  CalendarDays,
  CheckCheck,
  ClipboardList,
  ListChecks,
  PackageCheck,
  Truck,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LazyDialogBox } from '../../components/ui/lazy-dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Select } from '../../components/ui/form';
import {
  filterParams,
  hasFilters,
  PagedOrderList,
  NO_FILTERS,
  OrderFilterBar,
  type OrderFilters,
} from '../../components/ui/order-list-controls';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { FirstCardsFirst } from '../../lib/first-cards-first';
import type { FirstDataContext } from '../../lib/first-data';
import { pagedListQuery, useDebouncedValue } from '../../lib/paged-list';
import { usePermissions } from '../../lib/permissions';
import {
  FARM_ORDERS_KEY,
  useBulkStatus,
  useDayStatusCount,
  useFarmDeliveryDays,
  useFarmOrders,
} from './api';
import { FarmerOrderCard, FarmerOrderCardSkeleton } from './farmer-order-card';
import { needsSuggestedLots } from './assign-lots';
import { useFarmOrderActions } from './order-actions';
import { BulkSubstitution } from './bulk-substitution';
import {
  BulkRunProgress,
  runFailureMessage,
  type BulkRunEnding,
  type BulkRunState,
} from './bulk-run';

/** A day's orders are read in pages this large, so most days arrive whole and group at once. */
const DAY_PAGE = 100;
const ALL_DAYS = '';

const capitalised = (status: string) =>
  statusLabel(status).replace(/^./, (letter) => letter.toUpperCase());
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The server's parameters for the filters and the day chosen (all days: every order, paged). */
function listParams(filters: OrderFilters, day: string) {
  return {
    ...filterParams({ ...filters, deliveryDate: day }),
    ...(day ? { limit: DAY_PAGE } : {}),
  };
}

/**
 * /farmer/orders: the farm's orders with their status actions and documents, a page at a time.
 * Pick a delivery day to see its orders grouped by status and act on the day at once.
 */
export function FarmerOrdersPage() {
  const [day, setDay] = useState(ALL_DAYS);
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const search = useDebouncedValue(filters.search);
  const orders = useFarmOrders(listParams({ ...filters, search }, day));
  const actions = useFarmOrderActions();
  const filtered = hasFilters(filters) || day !== ALL_DAYS;
  useKeptForNoSignal();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-sm text-stone-600">Confirm, pack, ship and deliver your orders</p>
      </div>

      <DayCard day={day} onDay={setDay} orderDays={orders.items} />

      <OrderFilterBar
        filters={filters}
        onChange={setFilters}
        searchLabel="restaurant"
        showDay={false}
      />

      <section aria-label="Orders" className="flex flex-col gap-4">
        {orders.error && !orders.items ? (
          <ErrorState
            title="Could not load your orders"
            error={orders.error}
            onRetry={() => void orders.refetch()}
          />
        ) : !orders.items ? (
          Array.from({ length: 3 }, (_, index) => <FarmerOrderCardSkeleton key={index} />)
        ) : orders.items.length === 0 && !filtered ? (
          <EmptyState
            icon={<ClipboardList />}
            title="No orders yet. Your products will appear here when restaurants place orders."
          />
        ) : orders.items.length === 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title={
              day
                ? `No orders for ${formatCalendarDate(day, 'weekday')}${filters.status === 'all' ? '' : ` that are ${statusLabel(filters.status)}`}`
                : filters.status === 'all'
                  ? 'No orders match these filters'
                  : `No ${statusLabel(filters.status)} orders`
            }
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setFilters(NO_FILTERS);
                  setDay(ALL_DAYS);
                }}
              >
                Show all orders
              </Button>
            }
          />
        ) : (
          <PagedOrderList orders={orders}>
            <FirstCardsFirst items={orders.items}>
              {(cards, all) =>
                day ? (
                  <GroupedByStatus orders={all} cards={cards} actions={actions} />
                ) : (
                  <OrderGrid orders={cards} actions={actions} />
                )
              }
            </FirstCardsFirst>
          </PagedOrderList>
        )}
      </section>

      {actions.dialogs}
    </div>
  );
}

type Actions = ReturnType<typeof useFarmOrderActions>;

function OrderGrid({ orders, actions }: { orders: readonly OrderAsSeen[]; actions: Actions }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {orders.map((order) => (
        <FarmerOrderCard
          key={order.id}
          order={order}
          busy={actions.busyWith(order)}
          onMove={actions.requestMove}
          onDownload={actions.download}
        />
      ))}
    </div>
  );
}

/**
 * A day's orders under one heading per status, in the order the work goes: each heading counts
 * all of its orders, while its cards may still be arriving (useFirstCardsFirst).
 */
function GroupedByStatus({
  orders,
  cards,
  actions,
}: {
  orders: readonly OrderAsSeen[];
  cards: readonly OrderAsSeen[];
  actions: Actions;
}) {
  const groups = ORDER_STATUSES.map((status) => ({
    status,
    count: orders.filter((order) => order.status === status).length,
    orders: cards.filter((order) => order.status === status),
  })).filter((group) => group.count > 0);
  return (
    <>
      {groups.map((group) => (
        <section
          key={group.status}
          aria-labelledby={`day-group-${group.status}`}
          className="flex flex-col gap-3"
        >
          <h2 id={`day-group-${group.status}`} className="text-lg font-semibold">
            {capitalised(group.status)}{' '}
            <span className="font-normal text-stone-500">({group.count})</span>
          </h2>
          <OrderGrid orders={group.orders} actions={actions} />
        </section>
      ))}
    </>
  );
}

/**
 * The day picker and the day's actions: confirm every pending order, pack every confirmed one,
 * the pick list. Each bulk action reports what it changed and what it refused. Packing a day
 * whose confirmed orders have traced lines without lots first offers the suggested lots
 * (docs/traceability.md#packing-with-lots), to a person who may assign lots.
 */
export function DayCard({
  day,
  onDay,
  orderDays,
}: {
  day: string;
  onDay: (day: string) => void;
  /** Orders on screen: their days are offered too (a delivery moves an order to its real day). */
  orderDays: OrderAsSeen[] | undefined;
}) {
  const today = hawaiiToday();
  const { can } = usePermissions();
  const canMove = can('orders.status');
  const canPrint = can('documents.packing');
  const canAdjust = can('orders.adjust');
  const canAssignLots = bulkStatusPermissions(SUGGESTED_LOTS).every(can);
  const scheduled = useFarmDeliveryDays();
  const days = [
    ...new Set([
      ...(scheduled.data ?? []),
      ...(orderDays ?? []).flatMap((order) => (order.deliveryDate ? [order.deliveryDate] : [])),
      ...(day ? [day] : []),
    ]),
  ].sort();
  const upcoming = days.filter((entry) => entry >= today);
  const past = days.filter((entry) => entry < today).reverse();
  const pending = useDayStatusCount(canMove ? day : '', 'pending');
  const confirmed = useDayStatusCount(canMove ? day : '', 'confirmed');
  const bulk = useBulkStatus((run) => {
    setAskingLots(false);
    toast(bulkToast(run));
  });
  const [downloading, setDownloading] = useState(false);
  const [askingLots, setAskingLots] = useState(false);
  // The last run's move and day: its report and its failure belong to that day only.
  const [moving, setMoving] = useState<{ status: BulkTarget; day: string } | null>(null);
  const pendingCount = pending.data ?? 0;
  const confirmedCount = confirmed.data ?? 0;
  // The day's confirmed orders on screen with a traced line that has no lots.
  const withoutLots = (orderDays ?? []).filter(
    (order) =>
      order.deliveryDate === day && order.status === 'confirmed' && needsSuggestedLots(order),
  );

  const choose = (value: string) => {
    bulk.reset();
    onDay(value);
  };

  // The last report goes at the next action (bulk.start): it may no longer hold, and an action
  // refused as a whole would otherwise leave it standing as if it were this action's. The
  // suggested-lots question closes at once: the card shows the run's progress.
  const run = (status: BulkTarget, lots?: 'suggested') => {
    setAskingLots(false);
    setMoving({ status, day });
    bulk.start(
      { deliveryDate: day, status, ...(lots ? { lots } : {}) },
      status === 'confirmed' ? pendingCount : confirmedCount,
    );
  };
  const ranOnDay = moving?.day === day;
  const report = ranOnDay ? bulk.answer : null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/orders/farm/pick-list?date=${day}`, `pick-list-${day}.pdf`);
    } catch (error) {
      toast({
        title: 'Failed to download pick list',
        description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <h2 className="flex items-center gap-2 font-semibold">
              <CalendarDays aria-hidden="true" className="size-5 text-primary" /> Delivery day
            </h2>
            <p className="text-sm text-stone-600">
              Pick a day to see its orders by status, confirm or pack them all at once, print its
              pick list, and put its delivery runs in order.
            </p>
          </div>
          <Field label="Show orders for" className="sm:w-64">
            {(ids) => (
              <Select {...ids} value={day} onChange={(event) => choose(event.target.value)}>
                <option value={ALL_DAYS}>All days</option>
                {upcoming.length > 0 ? (
                  <optgroup label="Upcoming">
                    {upcoming.map((entry) => (
                      <option key={entry} value={entry}>
                        {formatCalendarDate(entry, 'weekday')}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {past.length > 0 ? (
                  <optgroup label="Past">
                    {past.map((entry) => (
                      <option key={entry} value={entry}>
                        {formatCalendarDate(entry, 'weekday')}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </Select>
            )}
          </Field>
        </div>
        {day && (canMove || canPrint || canAdjust) ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {canMove ? (
              <>
                <Button
                  writes
                  disabled={bulk.running || pending.isLoading || pendingCount === 0}
                  onClick={() => run('confirmed')}
                >
                  <CheckCheck aria-hidden="true" />
                  {`Confirm all pending (${pendingCount})`}
                </Button>
                <Button
                  writes
                  variant="outline"
                  disabled={bulk.running || confirmed.isLoading || confirmedCount === 0}
                  onClick={() =>
                    canAssignLots && withoutLots.length > 0 ? setAskingLots(true) : run('packed')
                  }
                >
                  <PackageCheck aria-hidden="true" />
                  {`Mark all confirmed as packed (${confirmedCount})`}
                </Button>
                <Button variant="outline" asChild>
                  <Link to={`/farmer/runs?date=${day}`}>
                    <Truck aria-hidden="true" /> Delivery runs
                  </Link>
                </Button>
              </>
            ) : null}
            {canAdjust ? <BulkSubstitution day={day} orders={orderDays} /> : null}
            {canPrint ? (
              <Button variant="outline" onClick={() => void download()} disabled={downloading}>
                <ListChecks aria-hidden="true" />{' '}
                {downloading ? 'Preparing...' : 'Download Pick List'}
              </Button>
            ) : null}
          </div>
        ) : null}
        {bulk.running ? (
          <BulkRunProgress
            label={moving?.status === 'packed' ? 'Packing' : 'Confirming'}
            run={bulk}
          />
        ) : report ? (
          <BulkReport report={report} ending={bulk.ending} onContinue={bulk.resume} />
        ) : null}
        {!bulk.running && ranOnDay && bulk.ending === 'failed' ? (
          <BulkFailure moved={report !== null} error={bulk.error} onContinue={bulk.resume} />
        ) : null}
      </CardContent>
      <LazyDialogBox
        open={askingLots}
        onOpenChange={(next) => !next && setAskingLots(false)}
        title="Pack all confirmed"
        description={`${plural(withoutLots.length, 'order')} of ${confirmedCount} ${withoutLots.length === 1 ? 'has' : 'have'} lines on the Food Traceability List without lots.`}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            Use the suggested lots: the oldest open lot first, split across lots where one does not
            cover a line. An order that no open lot covers stays confirmed, and the report says
            which line needs a lot.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={bulk.running} onClick={() => run('packed')}>
              Pack without lots
            </Button>
            <Button disabled={bulk.running} onClick={() => run('packed', 'suggested')}>
              <PackageCheck aria-hidden="true" />
              {`Use suggested lots and pack (${confirmedCount})`}
            </Button>
          </div>
        </div>
      </LazyDialogBox>
    </Card>
  );
}

/** What the toast says when a run of the day's bulk move ends, over all its calls. */
function bulkToast(run: BulkRunState<BulkStatusResult>) {
  const result = run.answer;
  if (!result) {
    return {
      title: 'The orders were not moved',
      description: runFailureMessage(run.error),
      variant: 'destructive' as const,
    };
  }
  const verb = result.status === 'confirmed' ? 'Confirmed' : 'Packed';
  return {
    title: `${verb} ${plural(result.changed.length, 'order')}`,
    description:
      run.ending === 'failed'
        ? `Stopped by an error: ${runFailureMessage(run.error)}`
        : result.refused.length > 0
          ? `${plural(result.refused.length, 'order')} could not be moved: see the list below.`
          : run.ending === 'stopped'
            ? `Stopped: ${plural(result.remaining, 'more order')} to go.`
            : (formatCalendarDate(result.deliveryDate, 'weekday') ?? undefined),
    ...(run.ending === 'failed' ? { variant: 'destructive' as const } : {}),
  };
}

/** Everything a run moved and refused, over all its calls, and what is left if it stopped. */
function BulkReport({
  report,
  ending,
  onContinue,
}: {
  report: BulkStatusResult;
  ending: BulkRunEnding | null;
  onContinue: () => void;
}) {
  const verb = report.status === 'confirmed' ? 'Confirmed' : 'Marked as packed';
  return (
    <div role="status" className="rounded-lg bg-stone-50 p-3 text-sm">
      <p className="font-medium">
        {report.changed.length > 0
          ? `${verb}: ${report.changed.map((entry) => `#${entry.id}`).join(', ')}`
          : `No ${statusLabel(report.fromStatus)} orders to move.`}
      </p>
      {report.refused.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-amber-900">
          {report.refused.map((entry) => (
            <li key={entry.id}>
              #{entry.id}: {entry.message}
            </li>
          ))}
        </ul>
      ) : null}
      {report.remaining > 0 && ending === 'stopped' ? (
        <p className="mt-1 flex flex-wrap items-center gap-2">
          Stopped: {plural(report.remaining, 'more order')} to go.
          <Button size="sm" variant="outline" onClick={onContinue}>
            Continue
          </Button>
        </p>
      ) : report.remaining > 0 && ending === 'stalled' ? (
        <p className="mt-1">
          {plural(report.remaining, 'more order')} not reached: the server kept answering the same
          orders. Run it again.
        </p>
      ) : null}
    </div>
  );
}

/** A call of the run failed: what was done stays done, and the run can go on from there. */
function BulkFailure({
  moved,
  error,
  onContinue,
}: {
  /** Some calls answered before it (their report is above). */
  moved: boolean;
  error: unknown;
  onContinue: () => void;
}) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
      <p>
        {moved
          ? `Stopped by an error, keeping what was done: ${runFailureMessage(error)}`
          : `The orders were not moved: ${runFailureMessage(error)}`}
      </p>
      <Button size="sm" variant="outline" onClick={onContinue}>
        {moved ? 'Continue' : 'Try again'}
      </Button>
    </div>
  );
}

/** The first page of the farm's orders, every day, unfiltered, asked for with the page's code. */
FarmerOrdersPage.firstData = ({ queryClient }: FirstDataContext) =>
  queryClient.prefetchInfiniteQuery(
    pagedListQuery<OrderAsSeen>(FARM_ORDERS_KEY[0], listParams(NO_FILTERS, ALL_DAYS)),
  );

/** The message the service worker keeps a page and the user on (public/sw-keep-for-no-signal.js). */
const KEEP_FOR_NO_SIGNAL = 'keep-for-no-signal';

/**
 * Packing weighs orders in a shed without signal: the same service worker as the driver's view
 * keeps this page, the user and the farm's orders, so a page opened once opens again offline.
 */
function useKeptForNoSignal() {
  useEffect(() => {
    const keep = () =>
      navigator.serviceWorker?.controller?.postMessage({
        type: KEEP_FOR_NO_SIGNAL,
        url: window.location.href,
      });
    navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
    keep();
    navigator.serviceWorker?.addEventListener('controllerchange', keep);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', keep);
  }, []);
}
