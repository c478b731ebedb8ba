import { centsOf, formatUsd, multiplyCents, orderAmounts, rateOf, sumCents } from '#core/money';
import { formatQuantity, isWeighedUnit, quantityProblem, quantityStep } from '#core/quantity';
import {
  ADJUSTABLE_STATUSES,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_REQUIRED,
} from '#core/schemas/adjustment';
import { MAX_LINE_QUANTITY, type Order } from '#core/schemas/order';
import { Scale, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useAdjustOrder } from './api';

interface Draft {
  quantity?: string;
  reason?: string;
}
type Drafts = Record<number, Draft>;

export function isAdjustable(order: Order): boolean {
  return (ADJUSTABLE_STATUSES as readonly string[]).includes(order.status);
}

/** What the farmer typed, checked as the server will; the new total is a preview only. */
export function readAdjustments(order: Order, drafts: Drafts) {
  const errors: Record<string, string> = {};
  const lines: { itemId: number; quantity: number; reason: string }[] = [];
  const quantities = new Map<number, number>();
  for (const item of order.orderItems) {
    const draft = drafts[item.id] ?? {};
    const text = (draft.quantity ?? formatQuantity(item.quantity)).trim();
    const quantity = Number(text);
    const unit = item.product.unit;
    if (text === '' || !Number.isFinite(quantity) || quantity < 0) {
      errors[`${item.id}.quantity`] = isWeighedUnit(unit)
        ? 'Enter a number, 0 to remove the line'
        : 'Enter a whole number, 0 to remove the line';
      continue;
    }
    const problem = quantityProblem(unit, quantity);
    if (problem) {
      errors[`${item.id}.quantity`] = problem;
      continue;
    }
    if (quantity > MAX_LINE_QUANTITY) {
      errors[`${item.id}.quantity`] = `At most ${MAX_LINE_QUANTITY.toLocaleString('en-US')}`;
      continue;
    }
    quantities.set(item.id, quantity);
    if (quantity === item.quantity) continue;
    const reason = (draft.reason ?? '').trim();
    if (reason === '') errors[`${item.id}.reason`] = ADJUSTMENT_REASON_REQUIRED;
    else if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH) {
      errors[`${item.id}.reason`] = `At most ${ADJUSTMENT_REASON_MAX_LENGTH} characters`;
    }
    lines.push({ itemId: item.id, quantity, reason });
  }
  const subtotal = sumCents(
    order.orderItems.map((item) =>
      multiplyCents(centsOf(item.unitPrice), quantities.get(item.id) ?? item.quantity),
    ),
  );
  const cancels = order.orderItems.every((item) => (quantities.get(item.id) ?? 1) === 0);
  // The one money rule, as the server saves it: the fee and the GET at the placed rate in.
  const { totalCents } = orderAmounts(
    subtotal,
    centsOf(order.deliveryFee),
    rateOf(order.taxRate ?? '0'),
  );
  return { errors, lines, cancels, total: totalCents };
}

/**
 * "Adjust" on the farmer's order card (the list and the day view): set the lines of a pending,
 * confirmed or packed order to what was picked, each change with a reason for the restaurant.
 * The server works out the totals and moves the stock (docs/adjustments.md).
 */
export function AdjustOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const adjust = useAdjustOrder();
  const { errors, lines, cancels, total } = readAdjustments(order, drafts);
  const edit = (itemId: number, change: Draft) =>
    setDrafts((current) => ({ ...current, [itemId]: { ...current[itemId], ...change } }));
  const close = () => {
    setOpen(false);
    setDrafts({});
    setSubmitted(false);
    setServerError(null);
  };
  const onSave = () => {
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errors).length > 0 || lines.length === 0) return;
    adjust.mutate(
      { id: order.id, body: { lines } },
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
                : `New total ${formatMoney(updated.totalAmount)}. ${order.restaurant.name} is told.`,
          });
        },
        onError: (error) => {
          setServerError(
            error instanceof ApiError ? error.message : 'Could not save. Please try again.',
          );
        },
      },
    );
  };

  if (!isAdjustable(order)) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Scale aria-hidden="true" /> Adjust
      </Button>
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        <DialogContent
          title={`Adjust order #${order.id}`}
          description={`Set each line to what was picked, at the prices ${order.restaurant.name} ordered at. Weighed units take two decimals. ${order.restaurant.name} is told what changed and why.`}
        >
          <div className="flex flex-col gap-4">
            {order.orderItems.map((item) => {
              const draft = drafts[item.id] ?? {};
              const value = draft.quantity ?? formatQuantity(item.quantity);
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
                    Ordered {formatQuantity(ordered)} {unit} @ {formatMoney(item.unitPrice)} each
                  </p>
                  <div className="flex items-end gap-2">
                    <Field
                      className="flex-1"
                      label={`${item.product.name} quantity (${unit})`}
                      error={submitted ? errors[`${item.id}.quantity`] : undefined}
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
                          value={value}
                          onChange={(event) => edit(item.id, { quantity: event.target.value })}
                        />
                      )}
                    </Field>
                    {removed ? (
                      <Button
                        variant="outline"
                        aria-label={`Undo removing ${item.product.name}`}
                        onClick={() => edit(item.id, { quantity: formatQuantity(item.quantity) })}
                      >
                        <Undo2 aria-hidden="true" /> Undo
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        className="text-destructive"
                        aria-label={`Remove ${item.product.name}`}
                        onClick={() => edit(item.id, { quantity: '0' })}
                      >
                        <Trash2 aria-hidden="true" /> Remove
                      </Button>
                    )}
                  </div>
                  {changed ? (
                    <Field
                      label={`Why ${item.product.name} changed`}
                      required
                      error={submitted ? errors[`${item.id}.reason`] : undefined}
                    >
                      {(ids) => (
                        <Input
                          {...ids}
                          maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
                          placeholder="Weighed at packing, short after frost..."
                          value={draft.reason ?? ''}
                          onChange={(event) => edit(item.id, { reason: event.target.value })}
                        />
                      )}
                    </Field>
                  ) : null}
                </fieldset>
              );
            })}
            <p className="tabular text-sm" role="status">
              {cancels
                ? 'Every line is removed: saving cancels the order and puts its stock back.'
                : `New total about ${formatUsd(total)} (was ${formatMoney(order.totalAmount)}, delivery fee and GET included).`}
            </p>
            {submitted && lines.length === 0 && Object.keys(errors).length === 0 ? (
              <p className="text-sm text-stone-600" role="status">
                Nothing has changed yet.
              </p>
            ) : null}
            {serverError ? (
              <p className="text-sm text-destructive" role="alert">
                {serverError}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                Keep as it is
              </Button>
              <Button
                variant={cancels ? 'destructive' : 'primary'}
                disabled={adjust.isPending}
                onClick={onSave}
              >
                {adjust.isPending ? 'Saving...' : cancels ? 'Cancel the order' : 'Save adjustment'}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
