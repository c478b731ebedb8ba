import { PAYMENT_METHOD_LABELS, paymentStatusLabel, type PaymentStatus } from '#core/payments';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

const STATUS_VARIANT: Record<PaymentStatus, BadgeVariant> = {
  unpaid: 'secondary',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'destructive',
};

/** A bill's status; one only credit has lowered reads "Credited". */
export function PaymentStatusBadge({
  status,
  amountPaid,
  amountCredited,
}: {
  status: PaymentStatus;
  amountPaid: string;
  amountCredited?: string | undefined;
}) {
  return (
    <Badge variant={STATUS_VARIANT[status]}>
      {paymentStatusLabel(status, { amountPaid, amountCredited })}
    </Badge>
  );
}

export function methodLabel(method: keyof typeof PAYMENT_METHOD_LABELS): string {
  return PAYMENT_METHOD_LABELS[method];
}
