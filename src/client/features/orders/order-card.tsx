import type { Order } from '#core/schemas/order';
import { FileText, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { OrderThread } from '../../components/order-thread/order-thread';
import { OrderHistory } from '../../components/ui/order-history';
import { OrderDeliveryDetails, OrderFigures, OrderItemList } from '../../components/ui/order-items';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatMoney, formatOrderDate, ORDER_DATE_FORMAT } from '../../lib/format';
import { formatQuantity } from '#core/quantity';
import { describeClosedOrdering } from '#core/delivery-days';
import { hawaiiToday } from '#core/hawaii-time';
import { cartActions } from '../../lib/cart';
import { usePermissions } from '../../lib/permissions';
import { useCancelOwnOrder, useOrderAdjustments, useReorderPlan } from './api';
import { ChangeOwnOrder } from './change-own-order';
import { ReportProblem } from './report-problem';
import { cartAdditions, hasDifferences, summarizeReorder } from './reorder-model';
import { reorderNotes } from './reorder-notes';
import { WeightDecision } from './weight-decision';
import { RestaurantLineSubstitution } from './substitution-line';

/**
 * "Order again": fills the cart with the order's lines at today's prices and stock (the server
 * compares them); what changed, what is short and what is gone is shown at the checkout, with
 * any other order put back since, so several orders go again without a dialog in between.
 */
function OrderAgain({ order }: { order: Order }) {
  const plan = useReorderPlan();
  const onOrderAgain = () =>
    plan.mutate(order.id, {
      onSuccess: (result) => {
        // Each line goes back in its own pack (docs/packs.md); none: the unit pack.
        for (const { line, quantity, packId } of cartAdditions(result)) {
          if (line.product) cartActions.add(line.product, quantity, packId);
        }
        const told = summarizeReorder(result);
        reorderNotes.add({
          orderId: order.id,
          farmId: order.farm.id,
          farmName: order.farm.name,
          summary: told,
        });
        toast({
          title: told.addedCount > 0 ? 'Added to your cart' : 'Nothing to add',
          description:
            told.addedCount > 0
              ? `${told.addedCount} ${told.addedCount === 1 ? 'item' : 'items'} from ${order.farm.name} at today's prices${hasDifferences(told) ? ': what changed is shown at checkout' : ''}.`
              : `Nothing from order #${order.id} can be ordered today${told.gone.length > 0 ? `: ${told.gone.join('; ')}` : ''}.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Could not order again',
          description: error instanceof ApiError ? error.message : 'Please try again in a moment.',
          variant: 'destructive',
        }),
    });
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-start"
      disabled={plan.isPending}
      onClick={onOrderAgain}
    >
      <RotateCcw aria-hidden="true" /> {plan.isPending ? 'Adding...' : 'Order again'}
    </Button>
  );
}

/**
 * The restaurant's own cancel of a pending order, asked first (it cannot be undone). The
 * server allows it until the delivery day's cutoff and says so when it has passed.
 */
function CancelOwnOrder({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOwnOrder();
  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setAsking(false);
        toast({
          title: `Order #${order.id} cancelled`,
          description: `${order.farm.name} is told.`,
        });
      },
      onError: (error) => {
        setAsking(false);
        toast({
          title: 'Could not cancel the order',
          description: error instanceof ApiError ? error.message : 'Please try again in a moment.',
          variant: 'destructive',
        });
      },
    });
  return (
    <>
      <Button
        writes
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setAsking(true)}
      >
        <XCircle aria-hidden="true" /> Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel order #${order.id}?`}
        description={`Your order from ${order.farm.name} will be cancelled and the farm told. You can cancel until ordering for its delivery day closes; after that, ask the farm.`}
        keepLabel="Keep Order"
        confirmLabel="Cancel Order"
        pendingLabel="Cancelling..."
        destructive
        pending={cancel.isPending}
        onConfirm={onCancel}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** Opens the delivered order's invoice in a new window (docs/product.md#invoice). */
function openInvoice(orderId: number) {
  window.open(`/api/invoices/${orderId}/download`, '_blank', 'noopener');
}

/** What the farm changed to what was picked, and why (docs/adjustments.md). */
function FarmAdjustments({ order }: { order: Order }) {
  const adjustments = useOrderAdjustments(order.id, order.adjustedAt);
  if (!order.adjustedAt) return null;
  return (
    <section
      aria-label={`Changes by ${order.farm.name}`}
      className="flex flex-col gap-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <p className="font-semibold">
        Adjusted by {order.farm.name} to what was picked ·{' '}
        {formatOrderDate(order.adjustedAt, ORDER_DATE_FORMAT)}
      </p>
      {adjustments.isPending ? (
        <Skeleton className="h-4 w-48" />
      ) : adjustments.isError ? (
        <p className="text-destructive" role="alert">
          Could not load the changes.{' '}
          <button type="button" className="underline" onClick={() => void adjustments.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="tabular flex flex-col gap-0.5 text-stone-700">
          {adjustments.data.map((change) => (
            <li key={change.id} className="break-words">
              {change.product.name}:{' '}
              {change.toQuantity === 0
                ? 'removed'
                : `${formatQuantity(change.fromQuantity)} → ${formatQuantity(change.toQuantity)} ${change.product.unit}`}{' '}
              <span className="text-stone-600">({change.reason})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A pending order the restaurant may no longer change or cancel itself: its day's ordering has
 * closed (the server would answer 409 cutoff_passed), so the card says so instead of offering
 * either. `now` is read at render; the list is read again when it changes.
 */
function closedForChanges(order: Order, now = Date.now()): string | null {
  if (order.status !== 'pending' || !order.deliveryDate || !order.orderCutoff) return null;
  if (now < Date.parse(order.orderCutoff)) return null;
  return `${describeClosedOrdering(order.deliveryDate, order.orderCutoff)}: ask ${order.farm.name} to change it`;
}

/**
 * One of the restaurant's orders (docs/product.md#my-orders), with the actions the person's
 * role allows: a buyer orders again and changes, a bookkeeper opens invoices.
 */
export function RestaurantOrderCard({ order }: { order: Order }) {
  const { can } = usePermissions();
  const invoice = order.status === 'delivered' && can('bills.view');
  const orderAgain = can('orders.place');
  // Offered until the farm's claim window closes (the server would refuse after it).
  const reportProblem =
    order.status === 'delivered' &&
    can('claims.report') &&
    (!order.claimsOpenUntil || hawaiiToday() <= order.claimsOpenUntil);
  const closed = closedForChanges(order);
  const changes = order.status === 'pending' && can('orders.change');
  return (
    <Card role="article" aria-labelledby={`order-${order.id}-title`}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3
              id={`order-${order.id}-title`}
              className="flex flex-wrap items-center gap-2 font-semibold"
            >
              Order #{order.id} <StatusBadge status={order.status} />
              {order.standingOrderId ? (
                <Badge variant="outline" className="normal-case">
                  Standing order
                </Badge>
              ) : null}
            </h3>
            <p className="text-sm break-words text-stone-700">{order.farm.name}</p>
            <p className="text-xs text-stone-500">
              {formatOrderDate(order.createdAt, ORDER_DATE_FORMAT)}
            </p>
          </div>
          {order.totalAmount !== null ? (
            <span className="tabular flex shrink-0 flex-col items-end">
              <span className="text-lg font-bold">{formatMoney(order.totalAmount)}</span>
              {/* Lines by weight not yet weighed: the total is their estimate. */}
              {order.weightsPending ? (
                <span className="text-xs text-stone-600">estimated</span>
              ) : null}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <OrderThread
            orderId={order.id}
            unread={order.unreadMessages}
            side="restaurant"
            partnerName={order.farm.name}
          />
          {invoice ? (
            <Button variant="outline" size="sm" onClick={() => openInvoice(order.id)}>
              <FileText aria-hidden="true" /> Invoice
            </Button>
          ) : null}
          {orderAgain ? <OrderAgain order={order} /> : null}
          {reportProblem ? <ReportProblem order={order} /> : null}
        </div>
        {!changes ? null : closed ? (
          <p className="text-sm text-stone-700" role="note">
            {closed}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            <ChangeOwnOrder order={order} />
            <CancelOwnOrder order={order} />
          </div>
        )}
        <OrderItemList
          items={order.orderItems}
          decision={(item) => <WeightDecision order={order} item={item} />}
          lineExtra={(item) => <RestaurantLineSubstitution order={order} item={item} />}
        />
        <FarmAdjustments order={order} />
        <OrderFigures order={order} totalLabel={order.adjustedAt ? 'Adjusted total' : null} />
        <OrderDeliveryDetails order={order} unscheduled="To be scheduled by the farm" />

        <OrderHistory orderId={order.id} status={order.status} adjustedAt={order.adjustedAt} />
      </CardContent>
    </Card>
  );
}

export function OrderCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex justify-between gap-4">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-44" />
          </div>
          <Skeleton className="h-6 w-20" />
        </div>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-4 w-52" />
      </CardContent>
    </Card>
  );
}
