import {
  DOCUMENT_STATUSES,
  nextStatuses,
  STATUS_ACTION_LABELS,
  type OrderStatus,
} from '#core/order-status';
import type { Order } from '#core/schemas/order';
import { FileText, Package } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { OrderDeliveryDetails, OrderFigures, OrderItemList } from '../../components/ui/order-items';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { AdjustOrder, isAdjustable } from './adjust-order-dialog';
import { formatMoney, formatOrderDate, ORDER_DATE_FORMAT } from '../../lib/format';

/** One order of the farm with the moves its status allows and its documents. */
export function FarmerOrderCard({
  order,
  busy,
  onMove,
  onDownload,
}: {
  order: Order;
  /** Which action of this order is running, if any. */
  busy: string | null;
  onMove: (order: Order, status: OrderStatus) => void;
  onDownload: (order: Order, document: 'invoice' | 'packing-slip') => void;
}) {
  const moves = nextStatuses(order.status);
  const hasDocuments = DOCUMENT_STATUSES.includes(order.status);
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
          {order.totalAmount !== null ? (
            <span className="tabular text-lg font-bold">{formatMoney(order.totalAmount)}</span>
          ) : null}
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

        <OrderItemList items={order.orderItems} />

        <OrderFigures order={order} totalLabel="Total" />

        <OrderDeliveryDetails order={order} unscheduled="Not scheduled" />

        {order.adjustedAt ? (
          <p className="text-xs text-stone-600">
            Adjusted to what was picked on {formatOrderDate(order.adjustedAt, ORDER_DATE_FORMAT)}
          </p>
        ) : null}

        {moves.length > 0 || hasDocuments ? (
          <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
            {moves.map((status) => (
              <Button
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
            {isAdjustable(order) ? <AdjustOrder order={order} /> : null}
            {hasDocuments ? (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === 'packing-slip'}
                  onClick={() => onDownload(order, 'packing-slip')}
                >
                  <Package aria-hidden="true" /> Packing Slip
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === 'invoice'}
                  onClick={() => onDownload(order, 'invoice')}
                >
                  <FileText aria-hidden="true" /> Invoice
                </Button>
              </>
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
