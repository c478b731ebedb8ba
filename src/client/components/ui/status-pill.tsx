import { isOrderStatus, statusLabel, type OrderStatus } from '#core/order-status';
import { cn } from '../../lib/cn';

/** The combined screen's badge: uppercase, one colour per status (docs/product.md#order-status). */
const COLOURS: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  packed: 'bg-violet-100 text-violet-900',
  in_transit: 'bg-blue-100 text-blue-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
};

export function StatusPill({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap uppercase',
        isOrderStatus(status) ? COLOURS[status] : 'border border-stone-300 text-stone-700',
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
