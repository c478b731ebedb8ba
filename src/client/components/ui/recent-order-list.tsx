import { formatMoney, formatOrderDate } from '../../lib/format';
import { StatusBadge } from './status-badge';

interface RecentOrder {
  id: number;
  createdAt: string;
  totalAmount: string;
  status: string;
}

/** Compact order rows: number, the other party, date, total and status. */
export function RecentOrderList<Order extends RecentOrder>({
  orders,
  counterpart,
}: {
  orders: readonly Order[];
  counterpart: (order: Order) => string;
}) {
  return (
    <ul className="flex flex-col divide-y divide-stone-100">
      {orders.map((order) => (
        <li key={order.id} className="flex items-center justify-between gap-3 py-3">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium">Order #{order.id}</span>
            <span className="truncate text-sm text-stone-600">{counterpart(order)}</span>
            <span className="text-xs text-stone-500">{formatOrderDate(order.createdAt)}</span>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <span className="tabular font-semibold">{formatMoney(order.totalAmount)}</span>
            <StatusBadge status={order.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
