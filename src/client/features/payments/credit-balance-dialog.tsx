import { centsOf, formatUsd, parseMoney } from '#core/money';
import {
  creditApplyBody,
  creditRefundBody,
  type CreditApplyBody,
  type CreditBalance,
  type CreditRefundBody,
} from '#core/schemas/claim';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { BILLS_KEY, RECEIVABLES_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export type CreditAction = 'apply' | 'refund';

/** The credit's use as typed. */
interface CreditValues {
  orderId: string;
  amount: string;
  reference: string;
}
const FIELDS: readonly (keyof CreditValues)[] = ['orderId', 'amount', 'reference'];

/** The order number as typed, without its "#". */
const typedOrder = (orderId: string) => orderId.replace('#', '').trim();

/**
 * The form's schema: never more than the credit holds (said first), then the server's own
 * schema of applying or refunding, each message under its field.
 */
function creditForm(balance: CreditBalance, action: CreditAction) {
  const available = centsOf(balance.amount);
  return z
    .object({ orderId: z.string(), amount: z.string(), reference: z.string() })
    .transform((values, ctx): CreditApplyBody | CreditRefundBody => {
      // One message per field, the first found.
      const said = new Set<string>();
      const say = (field: string, message: string) => {
        if (said.has(field)) return;
        said.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message });
      };
      const cents = parseMoney(values.amount);
      if (cents === null || cents <= 0) say('amount', 'Enter an amount above $0.00, like 12.50');
      else if (cents > available) say('amount', `At most the credit of ${formatUsd(available)}`);
      const restaurantId = balance.restaurant.id;
      const parsed =
        action === 'apply'
          ? creditApplyBody.safeParse({
              restaurantId,
              orderId: Number(typedOrder(values.orderId)),
              amount: values.amount,
            })
          : creditRefundBody.safeParse({
              restaurantId,
              amount: values.amount,
              reference: values.reference,
            });
      for (const issue of parsed.error?.issues ?? []) say(String(issue.path[0]), issue.message);
      return said.size > 0 || !parsed.success ? z.NEVER : parsed.data;
    });
}

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
  const { register, handleSubmit, getValues, setError, formState } = useForm<
    CreditValues,
    unknown,
    CreditApplyBody | CreditRefundBody
  >({
    resolver: zodResolver(creditForm(balance, action)),
    defaultValues: { orderId: '', amount: balance.amount, reference: '' },
    // Messages stay until the next try, which checks everything again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const save = useMutation({
    mutationFn: (body: CreditApplyBody | CreditRefundBody) =>
      api.post<CreditBalance[]>(`/api/credit-balances/${action}`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/credit-balances'] });
      void queryClient.invalidateQueries({ queryKey: RECEIVABLES_KEY });
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
    },
  });
  const available = centsOf(balance.amount);

  const submit = handleSubmit((body) => {
    const cents = parseMoney(getValues('amount'));
    const orderId = typedOrder(getValues('orderId'));
    save.mutate(body, {
      onSuccess: () => {
        onClose();
        toast({
          title: action === 'apply' ? 'Credit applied' : 'Refund recorded',
          description:
            action === 'apply'
              ? `${formatUsd(cents!)} of ${balance.restaurant.name}'s credit is on order #${orderId}.`
              : `${formatUsd(cents!)} paid back to ${balance.restaurant.name}.`,
        });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.body?.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if ((FIELDS as readonly string[]).includes(name)) {
            setError(name as keyof CreditValues, { message });
          }
        }
        setError('root.server', {
          message: error instanceof ApiError ? error.message : 'Could not save. Please try again.',
        });
      },
    });
  });

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
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          {action === 'apply' ? (
            <Field
              label="Order number"
              hint="One of the restaurant's invoices still owed"
              error={errors.orderId?.message}
            >
              {(ids) => <Input {...ids} inputMode="numeric" {...register('orderId')} />}
            </Field>
          ) : null}
          <Field label="Amount" error={errors.amount?.message}>
            {(ids) => (
              <Input {...ids} inputMode="decimal" className="tabular" {...register('amount')} />
            )}
          </Field>
          {action === 'refund' ? (
            <Field
              label="Reference"
              hint="The check number or transfer"
              error={errors.reference?.message}
            >
              {(ids) => <Input {...ids} {...register('reference')} />}
            </Field>
          ) : null}
          {errors.root?.server?.message ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.root.server.message}
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
