import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '#core/payments';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

const STATUS_VARIANT: Record<PaymentStatus, BadgeVariant> = {
  unpaid: 'secondary',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'destructive',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

export function methodLabel(method: keyof typeof PAYMENT_METHOD_LABELS): string {
  return PAYMENT_METHOD_LABELS[method];
}
