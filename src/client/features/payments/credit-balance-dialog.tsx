import { centsOf, formatUsd, parseMoney } from '#core/money';
import { creditApplyBody, creditRefundBody, type CreditBalance } from '#core/schemas/claim';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { BILLS_KEY, RECEIVABLES_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export type CreditAction = 'apply' | 'refund';

/**
 * The farm uses a restaurant's credit (docs/claims.md): puts part of it on one of the
 * restaurant's open invoices, or records that it was paid back. Never more than the credit
 * holds; the server also refuses more than the invoice owes.
 */
export function CreditBalanceDialog({
  balance,
  action,
  open,
  onClose,
}: {
  balance: CreditBalance;
  action: CreditAction;
  open: boolean;
  onClose: () => void;
}) {
  const [orderId, setOrderId] = useState('');
  const [amount, setAmount] = useState(balance.amount);
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      api.post<CreditBalance[]>(`/api/credit-balances/${action}`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/credit-balances'] });
      void queryClient.invalidateQueries({ queryKey: RECEIVABLES_KEY });
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
    },
  });
  const available = centsOf(balance.amount);

  const onSubmit = () => {
    setServerError(null);
    const found: Record<string, string> = {};
    const cents = parseMoney(amount);
    if (cents === null || cents <= 0) found.amount = 'Enter an amount above $0.00, like 12.50';
    else if (cents > available) found.amount = `At most the credit of ${formatUsd(available)}`;
    const parsed =
      action === 'apply'
        ? creditApplyBody.safeParse({
            restaurantId: balance.restaurant.id,
            orderId: Number(orderId.replace('#', '').trim()),
            amount,
          })
        : creditRefundBody.safeParse({ restaurantId: balance.restaurant.id, amount, reference });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        onClose();
        toast({
          title: action === 'apply' ? 'Credit applied' : 'Refund recorded',
          description:
            action === 'apply'
              ? `${formatUsd(cents!)} of ${balance.restaurant.name}'s credit is on order #${orderId.replace('#', '').trim()}.`
              : `${formatUsd(cents!)} paid back to ${balance.restaurant.name}.`,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.fields) setProblems(error.body.fields);
        setServerError(
          error instanceof ApiError ? error.message : 'Could not save. Please try again.',
        );
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={
          action === 'apply'
            ? `Apply ${balance.restaurant.name}'s credit`
            : `Refund ${balance.restaurant.name}'s credit`
        }
        description={`${balance.restaurant.name} holds ${formatUsd(available)} of credit with your farm.`}
      >
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {action === 'apply' ? (
            <Field
              label="Order number"
              hint="One of the restaurant's invoices still owed"
              error={problems.orderId}
            >
              {(ids) => (
                <Input
                  {...ids}
                  inputMode="numeric"
                  value={orderId}
                  onChange={(event) => setOrderId(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label="Amount" error={problems.amount}>
            {(ids) => (
              <Input
                {...ids}
                inputMode="decimal"
                className="tabular"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </Field>
          {action === 'refund' ? (
            <Field label="Reference" hint="The check number or transfer" error={problems.reference}>
              {(ids) => (
                <Input
                  {...ids}
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          {serverError ? (
            <p className="text-sm text-destructive" role="alert">
              {serverError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : action === 'apply' ? 'Apply credit' : 'Record refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
