import { centsOf, formatUsd, parseMoney } from '#core/money';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '#core/payments';
import {
  paymentCreateBody,
  type PaymentCreateBody,
  type PaymentCreateInput,
} from '#core/schemas/payment';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useOrderPayments, useRecordPayment, useVoidPayment } from './api';
import { methodLabel } from './payment-parts';

type FieldName = keyof PaymentCreateInput;
const FIELD_NAMES: readonly FieldName[] = ['amount', 'paidOn', 'method', 'reference'];

/**
 * The server's payment schema, with what the dialog already knows: the balance still due (once
 * loaded) and today, so the two refusals the server would give are said before sending.
 */
export function paymentForm(balanceCents: number | null, today: string) {
  return paymentCreateBody.superRefine((body, ctx) => {
    // Zod runs this even when the amount itself was refused (blank, letters): then it has no
    // cents to compare, and the schema's own message stands.
    const amountCents = parseMoney(body.amount);
    if (balanceCents !== null && amountCents !== null && amountCents > balanceCents) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `At most the balance due of ${formatUsd(balanceCents)}`,
      });
    }
    if (body.paidOn > today) {
      ctx.addIssue({
        code: 'custom',
        path: ['paidOn'],
        message: 'The payment date cannot be after today',
      });
    }
  });
}

/**
 * Recording a payment for one invoice: amount (at most the balance), date, method and a
 * reference; below it the payments so far, each of which can be voided with a reason.
 */
export function RecordPaymentDialog({
  orderId,
  label,
  today,
  onClose,
}: {
  orderId: number | null;
  label: string;
  today: string;
  onClose: () => void;
}) {
  const payments = useOrderPayments(orderId);
  const record = useRecordPayment();
  const balance = payments.data ? centsOf(payments.data.balanceDue) : null;
  const blank: PaymentCreateInput = { amount: '', paidOn: today, method: 'check', reference: '' };
  const { register, handleSubmit, reset, setError, clearErrors, getValues, setValue, formState } =
    useForm<PaymentCreateInput, unknown, PaymentCreateBody>({
      resolver: zodResolver(paymentForm(balance, today)),
      defaultValues: blank,
      // A message goes once its field is edited, as before; the whole form is checked on send.
      reValidateMode: 'onSubmit',
    });
  const { errors } = formState;
  // The amount starts at the balance due (the usual payment pays the bill), and follows it when
  // it changes (after a payment) unless the person has typed an amount of their own.
  const balanceDue =
    payments.data && centsOf(payments.data.balanceDue) > 0 ? payments.data.balanceDue : '';
  const prefilled = useRef('');
  useEffect(() => {
    const current = getValues('amount');
    if (current === '' || current === prefilled.current) setValue('amount', balanceDue);
    prefilled.current = balanceDue;
  }, [orderId, balanceDue, getValues, setValue]);
  // Editing a field takes its message away, whether it came from the schema or the server.
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (body) => {
    if (orderId === null) return;
    try {
      await record.mutateAsync({ orderId, body });
      toast({
        title: 'Payment recorded',
        description: `${formatUsd(centsOf(body.amount))} for ${label}`,
      });
      reset(blank);
    } catch (error) {
      const problem = error instanceof ApiError ? error.body : null;
      if (problem?.fields) {
        for (const [name, message] of Object.entries(problem.fields)) {
          if ((FIELD_NAMES as readonly string[]).includes(name)) {
            setError(name as FieldName, { message });
          }
        }
      } else if (problem?.code === 'payment_above_balance') {
        setError('amount', { message: problem.message });
      }
      toast({
        title: 'Payment not recorded',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) {
          clearErrors();
          onClose();
        }
      }}
    >
      <DialogContent
        title="Record a payment"
        description={
          payments.data
            ? `${label}: ${formatUsd(centsOf(payments.data.balanceDue))} due of ${formatUsd(centsOf(payments.data.totalAmount))}`
            : label
        }
      >
        {payments.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The invoice could not be loaded. Close and try again.
          </p>
        ) : null}
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Amount ($)" error={errors.amount?.message} required>
              {(ids) => (
                <Input
                  {...ids}
                  inputMode="decimal"
                  autoComplete="off"
                  className="tabular"
                  {...field('amount')}
                />
              )}
            </Field>
            <Field label="Date received" error={errors.paidOn?.message} required>
              {(ids) => <Input {...ids} type="date" max={today} {...field('paidOn')} />}
            </Field>
            <Field label="Method" error={errors.method?.message} required>
              {(ids) => (
                <Select {...ids} {...field('method')}>
                  {PAYMENT_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {PAYMENT_METHOD_LABELS[method]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Reference"
              error={errors.reference?.message}
              hint="Check number, transfer id"
            >
              {(ids) => <Input {...ids} autoComplete="off" {...field('reference')} />}
            </Field>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={record.isPending || balance === 0}>
              {record.isPending ? 'Recording...' : 'Record payment'}
            </Button>
          </div>
        </form>
        <PaymentHistory orderId={orderId} />
      </DialogContent>
    </Dialog>
  );
}

/** The payments so far, voided ones struck through with their reason; void asks for a reason. */
function PaymentHistory({ orderId }: { orderId: number | null }) {
  const payments = useOrderPayments(orderId);
  const voidPayment = useVoidPayment();
  const [voiding, setVoiding] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const list = payments.data?.payments ?? [];
  if (list.length === 0) return null;

  const confirmVoid = async (paymentId: number) => {
    if (!reason.trim()) {
      setReasonError('Say why the payment is voided');
      return;
    }
    try {
      await voidPayment.mutateAsync({ paymentId, reason: reason.trim() });
      toast({ title: 'Payment voided', description: 'It stays in the history.' });
      setVoiding(null);
      setReason('');
    } catch (error) {
      toast({
        title: 'Payment not voided',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-label="Payments" className="mt-5 border-t border-stone-200 pt-4">
      <h3 className="mb-2 text-sm font-semibold text-stone-800">Payments</h3>
      <ul className="flex flex-col gap-2">
        {list.map((payment) => (
          <li key={payment.id} className="rounded-md border border-stone-200 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className={payment.voidedAt ? 'text-stone-500 line-through' : 'font-medium'}>
                <span className="tabular">{formatUsd(centsOf(payment.amount))}</span> ·{' '}
                {methodLabel(payment.method)} · {formatCalendarDate(payment.paidOn)}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </span>
              {payment.voidedAt ? (
                <span className="text-xs text-stone-600">Voided: {payment.voidReason}</span>
              ) : voiding === payment.id ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setVoiding(payment.id);
                    setReasonError(undefined);
                  }}
                >
                  Void
                </Button>
              )}
            </div>
            {voiding === payment.id ? (
              <div className="mt-2 flex flex-col gap-2">
                <Field label="Why void this payment?" error={reasonError} required>
                  {(ids) => (
                    <Input
                      {...ids}
                      autoFocus
                      value={reason}
                      onChange={(event) => {
                        setReason(event.target.value);
                        setReasonError(undefined);
                      }}
                    />
                  )}
                </Field>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setVoiding(null)}>
                    Keep it
                  </Button>
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={voidPayment.isPending}
                    onClick={() => void confirmVoid(payment.id)}
                  >
                    Void payment
                  </Button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
