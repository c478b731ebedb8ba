import type { OrderHistoryEntry } from '#core/schemas/order';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatInstant } from '../../lib/format';

const WHAT: Record<string, string> = {
  pending: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  in_transit: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * One change as the order's people read it, naming who made it: "Confirmed by Leilani K.",
 * "Placed by standing order", "Cancelled automatically at the cutoff" (docs/teams.md).
 */
export function describeHistoryEntry(entry: OrderHistoryEntry): string {
  const what = WHAT[entry.toStatus] ?? entry.toStatus.replace(/_/g, ' ');
  if (entry.changedByName) return `${what} by ${entry.changedByName}`;
  if (entry.changedByJob === 'standing_orders') return `${what} by standing order`;
  if (entry.changedByJob === 'auto_cancel') return `${what} automatically at the cutoff`;
  if (entry.changedByRole === 'system') return `${what} automatically`;
  return what;
}

/**
 * The order's status changes, who made each and when. Keyed by the order's status and
 * adjustment so a change seen on the card is never shown stale here.
 */
export function OrderHistoryList({
  orderId,
  status,
  adjustedAt,
}: {
  orderId: number;
  status: string;
  adjustedAt?: string | null;
}) {
  const history = useQuery({
    queryKey: ['order-history', orderId, status, adjustedAt ?? null],
    queryFn: () => api.get<OrderHistoryEntry[]>(`/api/orders/${orderId}/history`),
  });
  if (history.isPending) {
    return (
      <p className="py-1 text-stone-500" role="status">
        Loading history...
      </p>
    );
  }
  if (history.isError) {
    return (
      <p className="py-1 text-destructive" role="alert">
        Could not load the history.{' '}
        <button
          type="button"
          className="underline underline-offset-4"
          onClick={() => void history.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (history.data.length === 0)
    return <p className="py-1 text-stone-500">No changes recorded yet.</p>;
  return (
    <ol className="space-y-1 py-1" aria-label={`History of order #${orderId}`}>
      {history.data.map((entry, index) => (
        <li key={`${entry.changedAt}-${index}`} className="text-stone-700">
          {describeHistoryEntry(entry)}
          <span className="text-stone-500">
            {' · '}
            {formatInstant(entry.changedAt, 'MMM d, h:mm a') ?? ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
