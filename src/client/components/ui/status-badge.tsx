import { isOrderStatus, statusLabel } from '#core/order-status';
import { Badge, type BadgeVariant } from './badge';

/**
 * Cancelled destructive, pending secondary, others default; unknown neutral
 * (docs/product.md#order-status).
 */
export function StatusBadge({ status }: { status: string }) {
  const variant: BadgeVariant = !isOrderStatus(status)
    ? 'outline'
    : status === 'cancelled'
      ? 'destructive'
      : status === 'pending'
        ? 'secondary'
        : 'default';
  return <Badge variant={variant}>{statusLabel(status)}</Badge>;
}
