import { hawaiiToday } from '#core/hawaii-time';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '#core/payments';
import type { FarmCustomerGroup } from '#core/schemas/group';
import { paymentCreateBody, type PaymentCreateInput } from '#core/schemas/payment';
import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useFarmCustomerGroups, useRecordGroupPayment } from './api';

type Errors = Partial<Record<keyof PaymentCreateInput, string>>;

/**
 * /farmer/group-payments: the restaurant groups among the farm's customers, and "Record a group
 * payment": one payment applied to the group's invoices, oldest first (docs/groups.md).
 */
export function GroupPaymentsPage() {
  const groups = useFarmCustomerGroups();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Group payments</h1>
        <p className="text-sm text-stone-600">
          One payment from a restaurant group pays its locations' invoices, oldest first.
        </p>
      </div>
      {groups.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          icon={<Building2 />}
          title="No restaurant groups yet"
          description="When the locations of a restaurant group order from you, the group shows here."
        />
      ) : (
        groups.data.map((group) => <GroupPaymentCard key={group.id} group={group} />)
      )}
    </div>
  );
}

function GroupPaymentCard({ group }: { group: FarmCustomerGroup }) {
  const today = hawaiiToday();
  const blank: PaymentCreateInput = { amount: '', paidOn: today, method: 'check', reference: '' };
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  const record = useRecordGroupPayment();
  const set = (field: keyof PaymentCreateInput) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentCreateBody.safeParse(form);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PaymentCreateInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { groupId: group.id, body: form },
      {
        onSuccess: (payment) => {
          toast({
            title: 'Payment recorded',
            description: `${formatMoney(payment.amount)} from ${group.name}, applied to ${payment.parts.length} invoice${payment.parts.length === 1 ? '' : 's'}.`,
          });
          setForm(blank);
        },
        onError: (error) => {
          const message =
            error instanceof ApiError
              ? error.userMessage('Please try again.')
              : 'Please try again.';
          if (error instanceof ApiError && error.body?.code === 'payment_above_balance') {
            setErrors({ amount: message });
            return;
          }
          toast({
            title: 'The payment was not recorded',
            description: message,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{group.name}</CardTitle>
        <CardDescription>
          Balance due from every location:{' '}
          <span className="tabular font-semibold">{formatMoney(group.balanceDue)}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={`Record a group payment from ${group.name}`}
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-2"
        >
          <Field label="Amount" required error={errors.amount}>
            {(ids) => (
              <Input
                {...ids}
                inputMode="decimal"
                value={form.amount}
                onChange={(event) => set('amount')(event.target.value)}
              />
            )}
          </Field>
          <Field label="Received on" required error={errors.paidOn}>
            {(ids) => (
              <Input
                {...ids}
                type="date"
                max={today}
                value={form.paidOn}
                onChange={(event) => set('paidOn')(event.target.value)}
              />
            )}
          </Field>
          <Field label="Method" required error={errors.method}>
            {(ids) => (
              <Select
                {...ids}
                value={form.method}
                onChange={(event) => set('method')(event.target.value)}
              >
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Reference" error={errors.reference}>
            {(ids) => (
              <Input
                {...ids}
                value={form.reference ?? ''}
                onChange={(event) => set('reference')(event.target.value)}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" writes disabled={record.isPending}>
              Record a group payment
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
