import { centsOf, formatUsd } from '#core/money';
import { CUSTOMER_STATE_LABELS, type Customer } from '#core/schemas/customer';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

const STATE_BADGES: Record<Customer['state'], BadgeVariant> = {
  ok: 'success',
  warned: 'warning',
  held: 'destructive',
};

export function CustomerStateBadge({ state }: { state: Customer['state'] }) {
  return <Badge variant={STATE_BADGES[state]}>{CUSTOMER_STATE_LABELS[state]}</Badge>;
}

/** A money figure of the view; a dash for a member who does not see money. */
export function money(value: string | null): string {
  return value === null ? '—' : formatUsd(centsOf(value));
}
