import { ORDER_CONFLICT_CODES } from '#core/order-limits';
import type { Order } from '#core/schemas/order';
import { MAX_LINE_QUANTITY } from '#core/order-limits';
import { isUnitPack } from '#core/packs';
import { isWeighedUnit, quantityProblem, quantityStep } from '#core/quantity';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LazyDialogBox } from '../../components/ui/lazy-dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useChangeOwnOrderItems, type OwnOrderItemChange, type PriceChangedBody } from './api';

/** What the restaurant typed, by order line id (a product may be on two lines, in two packs). */
type Drafts = Record<number, string>;

type Line = Order['orderItems'][number];

/** A line of a pack other than the unit (docs/packs.md): counted whole, named by its pack. */
const otherPack = (item: Line) => (item.pack && !isUnitPack(item.pack) ? item.pack : null);

/** The unit a line's quantity is checked by: a pack other than the unit is counted whole. */
const ruleUnit = (item: Line) => (otherPack(item) ? 'pack' : item.product.unit);

/**
 * What the restaurant typed, checked as the server will: whole numbers (up to two decimals for
 * weighed units sold by the unit), at least one line kept. Each change names its line's pack.
 */
function readDrafts(order: Order, drafts: Drafts) {
  const errors: Record<number, string> = {};
  const changes: (OwnOrderItemChange & { lineId: number })[] = [];
  for (const item of order.orderItems) {
    const text = (drafts[item.id] ?? String(item.quantity)).trim();
    const quantity = Number(text);
    const unit = ruleUnit(item);
    const weighed = isWeighedUnit(unit);
    if (text === '' || !Number.isFinite(quantity) || quantity < 0) {
      errors[item.id] = weighed
        ? 'Enter a number, 0 to remove the line'
        : 'Enter a whole number, 0 to remove the line';
    } else if (quantityProblem(unit, quantity)) {
      errors[item.id] = weighed
        ? quantityProblem(unit, quantity)!
        : 'Enter a whole number, 0 to remove the line';
    } else if (quantity > MAX_LINE_QUANTITY) {
      errors[item.id] = `At most ${MAX_LINE_QUANTITY}`;
    } else if (quantity !== item.quantity) {
      changes.push({
        lineId: item.id,
        productId: item.productId,
        ...(typeof item.packId === 'number' ? { packId: item.packId } : {}),
        quantity,
      });
    }
  }
  const kept = order.orderItems.some((item) => {
    const change = changes.find((entry) => entry.lineId === item.id);
    return (change ? change.quantity : item.quantity) > 0;
  });
  return { errors, changes, kept };
}

/**
 * The restaurant changes its own pending order's quantities until ordering for its day closes,
 * at the prices it was placed at; the server checks stock and the cutoff and works out the total.
 * Raising a line whose price the farm has since changed is answered 409 `price_changed`: the
 * dialog shows today's price and asks, and saving again sends that price with the line, which
 * reprices all of it.
 */
/** ", $4.00 each", or nothing when the price is not the reader's to see (docs/teams.md). */
const priceEach = (price: string | null | undefined) =>
  price ? `, ${formatMoney(price)} each` : '';

export function ChangeOwnOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [submitted, setSubmitted] = useState(false);
  // Today's prices the restaurant was shown and accepted, by line; and the one to ask about.
  const [accepted, setAccepted] = useState<Record<number, string>>({});
  const [asking, setAsking] = useState<PriceChangedBody | null>(null);
  const change = useChangeOwnOrderItems();
  const { errors, changes, kept } = readDrafts(order, drafts);
  const close = () => {
    setOpen(false);
    setDrafts({});
    setSubmitted(false);
    setAccepted({});
    setAsking(null);
  };
  // The line a price_changed answer is about: its product, and its pack when named.
  const lineAskedAbout = (body: PriceChangedBody) =>
    order.orderItems.find(
      (item) =>
        item.productId === body.productId &&
        (body.packId === undefined || body.packId === null || item.packId === body.packId),
    );
  const nameOf = (body: PriceChangedBody) => {
    const item = lineAskedAbout(body);
    if (!item) return 'This product';
    const pack = otherPack(item);
    return pack ? `${item.product.name} (${pack.label})` : item.product.name;
  };
  const onSave = (prices: Record<number, string> = accepted) => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !kept || changes.length === 0) return;
    const items = changes.map(({ lineId, ...line }) =>
      prices[lineId] ? { ...line, unitPrice: prices[lineId] } : line,
    );
    change.mutate(
      { orderId: order.id, items },
      {
        onSuccess: (updated) => {
          close();
          toast({
            title: `Order #${order.id} changed`,
            description: `${updated.totalAmount !== null ? `New total ${formatMoney(updated.totalAmount)}. ` : ''}${order.farm.name} is told.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.code === ORDER_CONFLICT_CODES.priceChanged) {
            setAsking(error.body as unknown as PriceChangedBody);
            return;
          }
          toast({
            title: 'Could not change the order',
            description:
              error instanceof ApiError ? error.message : 'Please try again in a moment.',
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <>
      <Button
        writes
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
      >
        <PencilLine aria-hidden="true" /> Change quantities
      </Button>
      <LazyDialogBox
        open={open}
        onOpenChange={(next) => !next && close()}
        title={`Change order #${order.id}`}
        description={`At the prices you ordered at. You can change it until ordering for its delivery day closes; after that, ask ${order.farm.name}.`}
      >
        <div className="flex flex-col gap-3">
          {order.orderItems.map((item) => (
            <Field
              key={item.id}
              label={`${item.product.name} (${otherPack(item)?.label ?? item.product.unit}${priceEach(accepted[item.id] ?? item.unitPrice)})`}
              error={submitted ? errors[item.id] : undefined}
            >
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode={isWeighedUnit(ruleUnit(item)) ? 'decimal' : 'numeric'}
                  min={0}
                  max={MAX_LINE_QUANTITY}
                  step={quantityStep(ruleUnit(item))}
                  className="tabular"
                  value={drafts[item.id] ?? String(item.quantity)}
                  onChange={(event) =>
                    setDrafts((current) => ({ ...current, [item.id]: event.target.value }))
                  }
                />
              )}
            </Field>
          ))}
          {submitted && !kept ? (
            <p className="text-sm text-destructive" role="alert">
              Keep at least one line, or cancel the order instead.
            </p>
          ) : null}
          {submitted && kept && changes.length === 0 && Object.keys(errors).length === 0 ? (
            <p className="text-sm text-stone-600" role="status">
              Nothing has changed yet.
            </p>
          ) : null}
          {asking ? (
            <div
              role="alert"
              className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-warning-soft p-3 text-sm"
            >
              <p>
                {nameOf(asking)} is now {formatMoney(asking.unitPrice)} (you ordered at{' '}
                {formatMoney(asking.placedUnitPrice)}). Ordering more changes the whole line to
                today&apos;s price.
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => setAsking(null)}>
                  Not at that price
                </Button>
                <Button
                  disabled={change.isPending}
                  onClick={() => {
                    const lineId = lineAskedAbout(asking)?.id;
                    const prices =
                      lineId === undefined ? accepted : { ...accepted, [lineId]: asking.unitPrice };
                    setAccepted(prices);
                    setAsking(null);
                    onSave(prices);
                  }}
                >
                  Change at {formatMoney(asking.unitPrice)}
                </Button>
              </div>
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              Keep as it is
            </Button>
            <Button disabled={change.isPending || asking !== null} onClick={() => onSave()}>
              {change.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </div>
      </LazyDialogBox>
    </>
  );
}
