import { isOrderStatus, statusLabel } from '#core/order-status';
import { Badge, type BadgeVariant } from './badge';

/** Spec section 4: cancelled destructive, pending secondary, others default; unknown neutral. */
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
