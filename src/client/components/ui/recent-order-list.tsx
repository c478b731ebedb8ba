import type { ReactNode } from 'react';
import { formatMoney, formatOrderDate } from '../../lib/format';
import { StatusBadge } from './status-badge';
import { StatusPill } from './status-pill';

interface RecentOrder {
  id: number;
  createdAt: string;
  /** Null when the reader's role does not see money (docs/teams.md). */
  totalAmount: string | null;
  status: string;
}

/**
 * Compact order rows: number, the other party, date, total and status; with `actions`, a row
 * of buttons under each. `pill` is the combined screen's uppercase status.
 */
export function RecentOrderList<Order extends RecentOrder>({
  orders,
  counterpart,
  actions,
  pill = false,
}: {
  orders: readonly Order[];
  counterpart: (order: Order) => string;
  actions?: ((order: Order) => ReactNode) | undefined;
  pill?: boolean;
}) {
  const Status = pill ? StatusPill : StatusBadge;
  return (
    <ul className="flex flex-col divide-y divide-stone-100">
      {orders.map((order) => {
        const buttons = actions?.(order);
        return (
          <li key={order.id} className="flex flex-col gap-2 py-3">
            <div className="flex items-center justify-between gap-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-medium">Order #{order.id}</span>
                <span className="truncate text-sm text-stone-600">{counterpart(order)}</span>
                <span className="text-xs text-stone-500">{formatOrderDate(order.createdAt)}</span>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {order.totalAmount !== null ? (
                  <span className="tabular font-semibold">{formatMoney(order.totalAmount)}</span>
                ) : null}
                <Status status={order.status} />
              </div>
            </div>
            {buttons ? <div className="flex flex-wrap gap-2">{buttons}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
