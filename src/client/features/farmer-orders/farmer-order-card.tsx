import {
  DOCUMENT_STATUSES,
  nextStatuses,
  STATUS_ACTION_LABELS,
  type OrderStatus,
} from '#core/order-status';
import type { OrderAsSeen } from '#core/schemas/order';
import { FileText, Package } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { OrderThread } from '../../components/order-thread/order-thread';
import { OrderHistory } from '../../components/ui/order-history';
import { OrderDeliveryDetails, OrderFigures, OrderItemList } from '../../components/ui/order-items';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { AdjustOrder, isAdjustable } from './adjust-order';
import { AssignLots, LineLotsSummary } from './assign-lots';
import { WeighLines } from './weigh-lines';
import { FarmLineSubstitution } from './cant-fill';
import { formatMoney, formatOrderDate, ORDER_DATE_FORMAT } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';

/**
 * One order of the farm with the moves its status allows and its documents, those the person's
 * role allows: a packer moves, adjusts and prints packing slips, and sees no money.
 */
export function FarmerOrderCard({
  order,
  busy,
  onMove,
  onDownload,
}: {
  order: OrderAsSeen;
  /** Which action of this order is running, if any. */
  busy: string | null;
  onMove: (order: OrderAsSeen, status: OrderStatus) => void;
  onDownload: (order: OrderAsSeen, document: 'invoice' | 'packing-slip') => void;
}) {
  const { can } = usePermissions();
  const moves = nextStatuses(order.status).filter((status) =>
    can(status === 'cancelled' ? 'orders.cancel' : 'orders.status'),
  );
  const hasDocuments = DOCUMENT_STATUSES.includes(order.status);
  const packingSlip = hasDocuments && can('documents.packing');
  const invoice = hasDocuments && can('payments.manage');
  const adjust = isAdjustable(order) && can('orders.adjust');
  const lots = can('lots.manage');
  const { restaurant } = order;
  return (
    <Card role="article" aria-labelledby={`order-${order.id}-title`}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
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
            <p className="text-xs text-stone-500">
              {formatOrderDate(order.createdAt, ORDER_DATE_FORMAT)}
            </p>
          </div>
          {order.totalAmount === null ? null : (
            <span className="tabular text-lg font-bold">{formatMoney(order.totalAmount)}</span>
          )}
        </div>

        <div className="text-sm">
          <p className="font-semibold break-words">{restaurant.name}</p>
          <p className="break-words text-stone-700">{restaurant.location}</p>
          {restaurant.contactPhone ? (
            <a
              href={`tel:${restaurant.contactPhone.replace(/[^\d+]/g, '')}`}
              className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline sm:min-h-0"
            >
              {restaurant.contactPhone}
            </a>
          ) : null}
        </div>

        <OrderThread
          orderId={order.id}
          unread={order.unreadMessages}
          side="farm"
          partnerName={restaurant.name}
        />

        <OrderItemList
          items={order.orderItems}
          lineExtra={(item) => <FarmLineSubstitution order={order} item={item} />}
        />

        <WeighLines order={order} />

        <LineLotsSummary order={order} />

        <OrderFigures order={order} totalLabel="Total" />

        <OrderDeliveryDetails order={order} unscheduled="Not scheduled" />

        <OrderHistory orderId={order.id} status={order.status} adjustedAt={order.adjustedAt} />

        {order.adjustedAt ? (
          <p className="text-xs text-stone-600">
            Adjusted to what was picked on {formatOrderDate(order.adjustedAt, ORDER_DATE_FORMAT)}
          </p>
        ) : null}

        {moves.length > 0 || adjust || lots || packingSlip || invoice ? (
          <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
            {moves.map((status) => (
              <Button
                writes
                key={status}
                size="sm"
                variant={status === 'cancelled' ? 'outline' : 'primary'}
                className={status === 'cancelled' ? 'border-red-300 text-destructive!' : undefined}
                disabled={busy !== null}
                onClick={() => onMove(order, status)}
              >
                {busy === status ? 'Updating...' : STATUS_ACTION_LABELS[status]}
              </Button>
            ))}
            {lots ? <AssignLots order={order} /> : null}
            {adjust ? <AdjustOrder order={order} /> : null}
            {packingSlip ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy === 'packing-slip'}
                onClick={() => onDownload(order, 'packing-slip')}
              >
                <Package aria-hidden="true" /> Packing Slip
              </Button>
            ) : null}
            {invoice ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy === 'invoice'}
                onClick={() => onDownload(order, 'invoice')}
              >
                <FileText aria-hidden="true" /> Invoice
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function FarmerOrderCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex justify-between gap-4">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-3 w-44" />
          </div>
          <Skeleton className="h-6 w-20" />
        </div>
        <Skeleton className="h-12 w-64" />
        <Skeleton className="h-24 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-9 w-28" />
        </div>
      </CardContent>
    </Card>
  );
}
