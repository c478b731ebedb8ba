import {
  centsOf,
  formatUsd,
  multiplyCents,
  orderAmounts,
  rateOf,
  sumCents,
  taxableFeesCents,
} from '#core/money';
import { formatQuantity, isWeighedUnit, quantityProblem, quantityStep } from '#core/quantity';
import {
  ADJUSTMENT_REASON_MAX_LENGTH,
  adjustmentBody,
  type AdjustmentBody,
} from '#core/schemas/adjustment';
import type { OrderAsSeen } from '#core/schemas/order';
import { MAX_LINE_QUANTITY } from '#core/order-limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, Undo2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAdjustOrder } from './api';

/** One line as typed: the quantity as text (checked below), and why it changed. */
interface LineDraft {
  quantity: string;
  reason: string;
}
interface AdjustForm {
  lines: LineDraft[];
}

const draftsOf = (order: OrderAsSeen): AdjustForm => ({
  lines: order.orderItems.map((item) => ({ quantity: formatQuantity(item.quantity), reason: '' })),
});

const adjustmentLine = adjustmentBody.shape.lines.element.shape;

/** The typed quantity of a line for its unit, or what is wrong with it, as the server says it. */
function readQuantity(unit: string, text: string): number | string {
  const quantity = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(quantity) || quantity < 0) {
    return isWeighedUnit(unit)
      ? 'Enter a number, 0 to remove the line'
      : 'Enter a whole number, 0 to remove the line';
  }
  const parsed = adjustmentLine.quantity.safeParse(quantity);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  return quantityProblem(unit, quantity) ?? quantity;
}

/**
 * The form's schema for one order: each typed line is checked for its unit, and the changed
 * lines become the body, checked by the server's own adjustment schema (an empty one is
 * refused there, and said as "Nothing has changed yet").
 */
export function adjustmentForm(order: OrderAsSeen) {
  return z
    .object({ lines: z.array(z.object({ quantity: z.string(), reason: z.string() })) })
    .superRefine(({ lines }, ctx) => {
      order.orderItems.forEach((item, index) => {
        const draft = lines[index];
        if (!draft) return;
        const quantity = readQuantity(item.product.unit, draft.quantity);
        if (typeof quantity === 'string') {
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: quantity });
          return;
        }
        if (quantity === item.quantity) return;
        const reason = adjustmentLine.reason.safeParse(draft.reason);
        if (!reason.success) {
          const message = reason.error.issues[0]!.message;
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message });
        }
      });
    })
    .transform(({ lines }) => ({
      lines: order.orderItems.flatMap((item, index) => {
        const quantity = Number(lines[index]!.quantity.trim());
        return quantity === item.quantity
          ? []
          : [{ itemId: item.id, quantity, reason: lines[index]!.reason }];
      }),
    }))
    .pipe(adjustmentBody);
}

/**
 * The new total as typed so far, a preview only: a line not yet readable counts as it was. No
 * total (null) for a member who is not shown the order's money.
 */
export function previewAdjustment(order: OrderAsSeen, lines: readonly LineDraft[]) {
  const quantities = order.orderItems.map((item, index) => {
    const quantity = readQuantity(item.product.unit, lines[index]?.quantity ?? '');
    return typeof quantity === 'number' ? quantity : null;
  });
  const cancels = quantities.every((quantity) => quantity === 0);
  const lineTotals: number[] = [];
  for (const [index, item] of order.orderItems.entries()) {
    if (item.unitPrice === null) return { cancels, total: null };
    lineTotals.push(multiplyCents(centsOf(item.unitPrice), quantities[index] ?? item.quantity));
  }
  if (order.deliveryFee === null) return { cancels, total: null };
  // The one money rule, as the server saves it: the fees (the small-order fee kept from
  // placement, docs/minimums.md) and the GET at the placed rate in.
  const { totalCents } = orderAmounts(
    sumCents(lineTotals),
    taxableFeesCents(centsOf(order.deliveryFee), centsOf(order.smallOrderFee ?? '0')),
    rateOf(order.taxRate ?? '0'),
  );
  return { cancels, total: totalCents };
}

/**
 * The dialog of "Adjust" (adjust-order.tsx): set the lines of a pending, confirmed or packed
 * order to what was picked, each change with a reason for the restaurant. The server works out
 * the totals and moves the stock (docs/adjustments.md).
 */
export function AdjustOrderDialog({
  order,
  open,
  onClose,
}: {
  order: OrderAsSeen;
  open: boolean;
  onClose: () => void;
}) {
  const adjust = useAdjustOrder();
  const { register, handleSubmit, reset, setValue, setError, watch, formState } = useForm<
    AdjustForm,
    unknown,
    AdjustmentBody
  >({
    resolver: zodResolver(adjustmentForm(order)),
    defaultValues: draftsOf(order),
    // After the first try, each keystroke checks again, so a message goes as the line is fixed.
    reValidateMode: 'onChange',
  });
  const drafts = watch('lines');
  const { cancels, total } = previewAdjustment(order, drafts);
  const { errors, isSubmitted } = formState;
  const close = () => {
    onClose();
    reset(draftsOf(order));
  };
  const setQuantity = (index: number, quantity: string) =>
    setValue(`lines.${index}.quantity`, quantity, { shouldValidate: isSubmitted });
  const onSave = handleSubmit((body) => {
    adjust.mutate(
      { id: order.id, body },
      {
        onSuccess: (updated) => {
          close();
          toast({
            title:
              updated.status === 'cancelled'
                ? `Order #${order.id} cancelled`
                : `Order #${order.id} adjusted`,
            description:
              updated.status === 'cancelled'
                ? `Every line was removed; the stock is back. ${order.restaurant.name} is told.`
                : `${updated.totalAmount === null ? '' : `New total ${formatMoney(updated.totalAmount)}. `}${order.restaurant.name} is told.`,
          });
        },
        onError: (error) => {
          setError('root.server', {
            message:
              error instanceof ApiError ? error.message : 'Could not save. Please try again.',
          });
        },
      },
    );
  });

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        <DialogContent
          title={`Adjust order #${order.id}`}
          description={`Set each line to what was picked${total === null ? '' : `, at the prices ${order.restaurant.name} ordered at`}. Weighed units take two decimals. ${order.restaurant.name} is told what changed and why.`}
        >
          <form onSubmit={(event) => void onSave(event)} className="flex flex-col gap-4" noValidate>
            {order.orderItems.map((item, index) => {
              const value = drafts[index]?.quantity ?? '';
              const removed = value.trim() !== '' && Number(value) === 0;
              const changed = value.trim() !== '' && Number(value) !== item.quantity;
              const ordered = item.orderedQuantity ?? item.quantity;
              const unit = item.product.unit;
              return (
                <fieldset
                  key={item.id}
                  className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3"
                >
                  <legend className="px-1 text-sm font-semibold break-words">
                    {item.product.name}
                  </legend>
                  <p className="tabular text-xs text-stone-600">
                    Ordered {formatQuantity(ordered)} {unit}
                    {item.unitPrice === null ? null : ` @ ${formatMoney(item.unitPrice)} each`}
                  </p>
                  <div className="flex items-end gap-2">
                    <Field
                      className="flex-1"
                      label={`${item.product.name} quantity (${unit})`}
                      error={errors.lines?.[index]?.quantity?.message}
                    >
                      {(ids) => (
                        <Input
                          {...ids}
                          type="number"
                          inputMode={isWeighedUnit(unit) ? 'decimal' : 'numeric'}
                          min={0}
                          max={MAX_LINE_QUANTITY}
                          step={quantityStep(unit)}
                          className="tabular"
                          // A changed quantity needs a reason: after the first try, the
                          // reason's message comes and goes with the quantity too.
                          {...register(`lines.${index}.quantity`, {
                            deps: [`lines.${index}.reason`],
                          })}
                        />
                      )}
                    </Field>
                    {removed ? (
                      <Button
                        variant="outline"
                        aria-label={`Undo removing ${item.product.name}`}
                        onClick={() => setQuantity(index, formatQuantity(item.quantity))}
                      >
                        <Undo2 aria-hidden="true" /> Undo
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        className="text-destructive"
                        aria-label={`Remove ${item.product.name}`}
                        onClick={() => setQuantity(index, '0')}
                      >
                        <Trash2 aria-hidden="true" /> Remove
                      </Button>
                    )}
                  </div>
                  {changed ? (
                    <Field
                      label={`Why ${item.product.name} changed`}
                      required
                      error={errors.lines?.[index]?.reason?.message}
                    >
                      {(ids) => (
                        <Input
                          {...ids}
                          maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
                          placeholder="Weighed at packing, short after frost..."
                          {...register(`lines.${index}.reason`)}
                        />
                      )}
                    </Field>
                  ) : null}
                </fieldset>
              );
            })}
            {cancels ? (
              <p className="tabular text-sm" role="status">
                Every line is removed: saving cancels the order and puts its stock back.
              </p>
            ) : total !== null && order.totalAmount !== null ? (
              <p className="tabular text-sm" role="status">
                New total about {formatUsd(total)} (was {formatMoney(order.totalAmount)}, delivery
                fee and GET included).
              </p>
            ) : null}
            {(errors.lines?.message ?? errors.lines?.root?.message) ? (
              <p className="text-sm text-stone-600" role="status">
                Nothing has changed yet.
              </p>
            ) : null}
            {errors.root?.server?.message ? (
              <p className="text-sm text-destructive" role="alert">
                {errors.root.server.message}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                Keep as it is
              </Button>
              <Button
                variant={cancels ? 'destructive' : 'primary'}
                type="submit"
                disabled={adjust.isPending}
              >
                {adjust.isPending ? 'Saving...' : cancels ? 'Cancel the order' : 'Save adjustment'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
