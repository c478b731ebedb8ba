import {
  hasEstimatedLines,
  lineCountUnit,
  lineEstimateLabel,
  lineKeyOf,
  lineMinimum,
  lineSubstitution,
  lineTotalCents,
  lineWeightUnit,
  packEstimateLabel,
  lineUnitCents,
  type CartItem,
  type FarmGroup,
} from '#core/cart';
import { packsIn } from '#core/packs';
import { OfferedPrice, PriceBreaks } from '../../components/ui/offered-price';
import { formatRatePercent, formatUsd, toMoneyString } from '#core/money';
import { addQuantities, subtractQuantities } from '#core/quantity';
import type { FarmSummary } from '#core/schemas/product';
import { ORDER_CONFLICT_CODES } from '#core/order-limits';
import { ORDER_NOTES_MAX_LENGTH } from '#core/order-limits';
import { minimumProgressText } from '#core/minimums';
import type { OrderConflictBody, OrderProblemProduct } from '#core/schemas/order';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, Select, Textarea } from '../../components/ui/form';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { ProductPhoto } from '../../components/ui/product-photo';
import { QuantityInput } from '../../components/ui/quantity-input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { countLabel, formatCalendarDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { NEXT_DELIVERY_KEY } from '../../lib/queries';
import { FARMS_KEY, useCheckout, useFarmDeliveryDays, useFarms } from './api';
import {
  blockedByMinimums,
  changedFees,
  checkoutBody,
  describeConflict,
  groupWithCurrentTerms,
  isProblemOf,
  submittedMessage,
  withBuyerTax,
  withChangedFees,
  withMinimums,
  type FarmChoice,
  type LineProblem,
} from './checkout-model';
import { ReorderNotesPanel, reorderNotes, useReorderNotes } from './reorder-notes';
import { PreferenceSelect } from '../../components/ui/substitution-preference';

// Asked only when a farm's order is under its minimum: its dialog loads then, not with the list.
const MinimumDialog = lazyDialog(async () => (await import('./minimum-dialog')).MinimumDialog);

/** The cart's lines as they stand, to tell when a retry is the same request or a new one. */
function cartSignature(items: readonly CartItem[]): string {
  return JSON.stringify(
    items.map((item) => [item.id, item.packId, item.quantity, item.pricePerUnit]),
  );
}

/**
 * 'Cart Checkout (N items)' ('1 item' for one): the cart by farm, placed all at once
 * (docs/product.md#checkout). Shown while the cart holds something; the orders page shows
 * 'Your cart is empty' in its place otherwise.
 */
export function CheckoutCard() {
  const cart = useCart();
  const farms = useFarms(cart.items.length > 0);
  const farmGroups = useMemo(
    () => groupWithCurrentTerms(cart.items, farms.data),
    [cart.items, farms.data],
  );
  const farmIds = useMemo(() => farmGroups.map((group) => group.farmId), [farmGroups]);
  const {
    days: deliveryDays,
    reasons: blocked,
    held,
    taxes,
    minimums,
  } = useFarmDeliveryDays(farmIds);
  const groups = withMinimums(withBuyerTax(farmGroups, taxes), minimums);
  // A farm's `block` minimum stops its order until the cart reaches it (docs/minimums.md).
  const belowMinimum = blockedByMinimums(groups);
  // Only a minimum that merely warns (or the farm's one minimum, before the server says more)
  // asks the restaurant to confirm; a fee is in the totals and a block stops the order.
  const warnedGroups = groups.filter(
    (group) => group.minimum === null || group.minimum.mode === 'warn',
  );
  const [chosen, setChoices] = useState<Record<number, FarmChoice | undefined>>({});
  // A farm's note starts as the note of the last order put back from it ("Order again").
  const reordered = useReorderNotes();
  const choices = useMemo(() => {
    const seeded: Record<number, FarmChoice | undefined> = {};
    for (const { farmId, summary } of reordered) {
      if (summary.note) seeded[farmId] = { deliveryDate: '', notes: summary.note };
    }
    return { ...seeded, ...chosen };
  }, [reordered, chosen]);
  const [minimumOpen, setMinimumOpen] = useState(false);
  const [problems, setProblems] = useState<{
    signature: string;
    lines: LineProblem[];
    /** Farms whose fee changed since the cart showed it. */
    feeChangedFarmIds: (number | undefined)[];
  } | null>(null);
  // One key per checkout attempt: reused by a retry of the very same request, so a double
  // click or a lost response never orders twice; a changed cart or choice makes a new one.
  const attempt = useRef<{ request: string; key: string } | null>(null);
  const checkout = useCheckout();

  const signature = cartSignature(cart.items);
  const lineProblems = problems?.signature === signature ? problems.lines : [];
  const feeChangedFarmIds = problems?.signature === signature ? problems.feeChangedFarmIds : [];

  const itemsCents = groups.reduce((sum, group) => sum + group.subtotalCents, 0);
  const feesCents = groups.reduce((sum, group) => sum + group.deliveryFeeCents, 0);
  const smallOrderFeesCents = groups.reduce((sum, group) => sum + group.smallOrderFeeCents, 0);
  const taxCents = groups.reduce((sum, group) => sum + group.taxCents, 0);
  const totalCents = groups.reduce((sum, group) => sum + group.totalCents, 0);

  const setChoice = (farmId: number, change: Partial<FarmChoice>) =>
    setChoices((current) => ({
      ...current,
      [farmId]: { deliveryDate: '', notes: '', ...(current[farmId] ?? choices[farmId]), ...change },
    }));

  const acceptNewPrices = (changed: OrderProblemProduct[]) => {
    for (const product of changed) {
      const item = cart.items.find((entry) =>
        isProblemOf({ productId: product.productId, packId: product.packId, message: '' }, entry),
      );
      if (!item || !product.unitPrice || product.availableQuantity <= 0) continue;
      // The price the server gave is the line's for its quantity, breaks included: the line
      // keeps it as it is, without breaks of its own.
      cart.reprice(lineKeyOf(item), product.unitPrice, product.availableQuantity);
    }
  };

  const placeOrders = () => {
    setMinimumOpen(false);
    if (cart.items.length === 0 || checkout.isPending) return;
    const stopped = groups.find((group) => blocked.has(group.farmId));
    if (stopped) {
      const onHold = held.has(stopped.farmId);
      toast({
        title: onHold
          ? `${stopped.farmName} has put your account on hold`
          : `${stopped.farmName} cannot deliver this order`,
        description: onHold
          ? `${blocked.get(stopped.farmId)!}. Remove its items to place the rest.`
          : `${blocked.get(stopped.farmId)!}. Remove its items or choose another zone in your profile.`,
        variant: 'destructive',
      });
      return;
    }
    const body = checkoutBody(groups, choices);
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) {
      attempt.current = { request, key: crypto.randomUUID() };
    }
    checkout.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          attempt.current = null;
          setChoices({});
          setProblems(null);
          cart.clear();
          reorderNotes.clear();
          toast({
            title: 'Order Placed Successfully',
            description: submittedMessage(result.orders.length),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.body?.code) {
            const body = error.body as OrderConflictBody;
            const conflict = describeConflict(body, cart.items);
            const fees = changedFees(body);
            setProblems({
              signature,
              lines: conflict.problems,
              feeChangedFarmIds: fees.map((fee) => fee.farmId),
            });
            if (fees.length > 0) {
              // Show the new fees and totals at once; the refetch confirms them.
              queryClient.setQueryData<FarmSummary[]>(FARMS_KEY, (farms) =>
                withChangedFees(farms, fees),
              );
              void queryClient.invalidateQueries({ queryKey: FARMS_KEY });
              // The restaurant's own GET rate may have changed with a resale certificate.
              void queryClient.invalidateQueries({ queryKey: NEXT_DELIVERY_KEY });
            }
            const repriced =
              body.code === ORDER_CONFLICT_CODES.priceChanged ? (body.products ?? []) : [];
            toast({
              title: conflict.title,
              description: conflict.description,
              variant: 'destructive',
              ...(repriced.length > 0
                ? {
                    action: {
                      label: 'Use new prices',
                      onClick: () => acceptNewPrices(repriced),
                    },
                  }
                : {}),
            });
            return;
          }
          toast({
            title: 'Error',
            description: 'Failed to place order. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onPlaceOrder = () => {
    if (cart.items.length === 0 || checkout.isPending) return;
    if (belowMinimum.size > 0) return;
    if (warnedGroups.some((group) => group.shortOfMinimumCents > 0)) setMinimumOpen(true);
    else placeOrders();
  };

  return (
    <Card role="region" aria-labelledby="checkout-title">
      <CardHeader>
        <CardTitle id="checkout-title">
          Cart Checkout ({countLabel(cart.itemCount, 'item')})
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ReorderNotesPanel />
        {groups.map((group) => (
          <FarmSection
            key={group.farmId}
            group={group}
            days={deliveryDays.get(group.farmId) ?? []}
            blockedReason={blocked.get(group.farmId) ?? null}
            taxReason={taxes.get(group.farmId)?.taxReason ?? null}
            belowMinimum={belowMinimum.has(group.farmId)}
            choice={choices[group.farmId]}
            onChoice={(change) => setChoice(group.farmId, change)}
            problems={lineProblems}
            feeChanged={feeChangedFarmIds.includes(group.farmId)}
            onDecrease={(item) => {
              // Under the pack's minimum the line goes, as it does under one of its unit.
              const next = subtractQuantities(item.quantity, 1);
              if (next < lineMinimum(item)) cart.remove(lineKeyOf(item));
              else cart.setQuantity(lineKeyOf(item), next, { cap: false });
            }}
            onIncrease={(item) =>
              cart.setQuantity(lineKeyOf(item), addQuantities(item.quantity, 1), { cap: false })
            }
            onSetQuantity={(item, quantity) =>
              cart.setQuantity(lineKeyOf(item), quantity, { cap: false })
            }
            onRemove={(item) => cart.remove(lineKeyOf(item))}
            onSubstitution={(item, value) => cart.setSubstitution(lineKeyOf(item), value)}
          />
        ))}

        <dl className="tabular flex flex-col gap-1 border-t border-stone-200 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-600">
              Items{hasEstimatedLines(cart.items) ? ' (estimated)' : ''}
            </dt>
            <dd>{formatUsd(itemsCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-600">Delivery fees</dt>
            <dd>{formatUsd(feesCents)}</dd>
          </div>
          {smallOrderFeesCents > 0 ? (
            <div className="flex justify-between">
              <dt className="text-stone-600">Small-order fees</dt>
              <dd>{formatUsd(smallOrderFeesCents)}</dd>
            </div>
          ) : null}
          {groups.some((group) => group.taxRate > 0) ? (
            <div className="flex justify-between">
              <dt className="text-stone-600">General Excise Tax</dt>
              <dd>{formatUsd(taxCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>{hasEstimatedLines(cart.items) ? 'Estimated total' : 'Total'}</dt>
            <dd>{formatUsd(totalCents)}</dd>
          </div>
        </dl>
        <Button
          writes
          size="lg"
          className="w-full sm:ml-auto sm:w-auto"
          onClick={onPlaceOrder}
          disabled={
            checkout.isPending ||
            belowMinimum.size > 0 ||
            groups.some((group) => blocked.has(group.farmId))
          }
        >
          {checkout.isPending ? 'Placing Order...' : 'Place Order'}
        </Button>
      </CardContent>
      <MinimumDialog
        open={minimumOpen}
        groups={warnedGroups}
        onGoBack={() => setMinimumOpen(false)}
        onProceed={placeOrders}
      />
    </Card>
  );
}

function FarmSection({
  group,
  days,
  blockedReason,
  taxReason,
  belowMinimum,
  choice,
  onChoice,
  problems,
  feeChanged,
  onDecrease,
  onIncrease,
  onSetQuantity,
  onRemove,
  onSubstitution,
}: {
  group: FarmGroup;
  days: string[];
  /** Why this farm's items cannot be checked out ("No delivery to Kailua scheduled"). */
  blockedReason: string | null;
  /** Why the order has its GET rate for this restaurant ("pass-on: no resale certificate"). */
  taxReason: string | null;
  /** The farm's `block` minimum refuses the order as it stands (docs/minimums.md). */
  belowMinimum: boolean;
  choice: FarmChoice | undefined;
  onChoice: (change: Partial<FarmChoice>) => void;
  problems: LineProblem[];
  /** The farm's fee changed since the cart showed it: the figures below are the new ones. */
  feeChanged: boolean;
  onDecrease: (item: CartItem) => void;
  onIncrease: (item: CartItem) => void;
  /** A typed quantity (whole for counted units, up to two decimals for weighed ones). */
  onSetQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
  /** What the farm does should it be unable to fill the line (docs/substitutions.md). */
  onSubstitution: (item: CartItem, value: NonNullable<CartItem['substitution']>) => void;
}) {
  const chosenDay =
    choice?.deliveryDate && days.includes(choice.deliveryDate) ? choice.deliveryDate : '';
  return (
    <section
      aria-label={group.farmName}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3 sm:p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">{group.farmName}</h3>
        <p className="tabular text-xs text-stone-600">
          Minimum {formatUsd(group.orderMinimumCents)} · Delivery fee{' '}
          {formatUsd(group.deliveryFeeCents)}
          {group.taxRate > 0 ? ` · GET ${formatRatePercent(group.taxRate)}` : ''}
        </p>
      </header>
      <ul className="flex flex-col divide-y divide-stone-100">
        {group.items.map((item) => {
          const problem = problems.find((entry) => isProblemOf(entry, item));
          const unit = lineCountUnit(item);
          return (
            <li
              key={`${item.id}:${item.packId}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2"
            >
              <ProductPhoto imageUrl={item.imageUrl} className="size-12 shrink-0 rounded-md" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-sm text-stone-600">
                  <OfferedPrice
                    price={toMoneyString(lineUnitCents(item))}
                    listPrice={item.listPrice}
                    unit={lineWeightUnit(item) ?? item.packLabel}
                  />
                  {lineWeightUnit(item)
                    ? ` · ${packEstimateLabel(item, { label: item.packLabel, estimatedWeight: item.estimatedWeight })}`
                    : null}
                </p>
                {lineEstimateLabel(item) ? (
                  <p className="tabular text-sm text-stone-600">{lineEstimateLabel(item)}</p>
                ) : null}
                {/* Breaks of a line by weight are reached by the weight, not the packs. */}
                {lineWeightUnit(item) ? null : (
                  <PriceBreaks
                    breaks={item.breaks}
                    unit={item.packLabel}
                    quantity={item.quantity}
                  />
                )}
                {problem ? (
                  <p className="text-sm font-medium text-destructive" role="alert">
                    {problem.message}
                  </p>
                ) : null}
              </div>
              {/* Wraps under the name when the row is narrow, so the total never leaves the box. */}
              <div className="ml-auto flex max-w-full flex-wrap items-center justify-end gap-x-3 gap-y-2">
                <div className="flex items-center gap-1">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Decrease ${item.name}`}
                    onClick={() => onDecrease(item)}
                  >
                    <Minus />
                  </Button>
                  <QuantityInput
                    name={item.name}
                    unit={unit}
                    quantity={item.quantity}
                    stock={packsIn(item.availableQuantity, item.packSize)}
                    onChange={(quantity) => onSetQuantity(item, quantity)}
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Increase ${item.name}`}
                    onClick={() => onIncrease(item)}
                  >
                    <Plus />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => onRemove(item)}
                    className="text-destructive"
                  >
                    <Trash2 />
                  </Button>
                </div>
                <span
                  className="tabular min-w-16 text-right font-semibold"
                  data-testid="line-total"
                >
                  {formatUsd(lineTotalCents(item))}
                </span>
              </div>
              {/* A row of its own under the name, so the choice reads whole on a phone. */}
              <PreferenceSelect
                className="basis-full pl-15"
                productName={item.name}
                value={lineSubstitution(item)}
                onChange={(value) => onSubstitution(item, value)}
              />
            </li>
          );
        })}
      </ul>
      <dl className="tabular flex flex-col gap-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-600">
            Subtotal{hasEstimatedLines(group.items) ? ' (estimated)' : ''}
          </dt>
          <dd>{formatUsd(group.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">Delivery fee</dt>
          <dd>{formatUsd(group.deliveryFeeCents)}</dd>
        </div>
        {group.smallOrderFeeCents > 0 ? (
          <div className="flex justify-between" data-testid="small-order-fee">
            <dt className="text-stone-600">Small-order fee</dt>
            <dd>{formatUsd(group.smallOrderFeeCents)}</dd>
          </div>
        ) : null}
        {group.taxRate > 0 ? (
          <div className="flex justify-between">
            <dt className="text-stone-600">GET {formatRatePercent(group.taxRate)}</dt>
            <dd>{formatUsd(group.taxCents)}</dd>
          </div>
        ) : null}
        {taxReason ? (
          <p className="text-xs text-stone-600" data-testid="tax-reason">
            GET {formatRatePercent(group.taxRate)}: {taxReason}
          </p>
        ) : null}
      </dl>
      {blockedReason ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          data-testid="delivery-blocked"
        >
          {blockedReason}: these items cannot be checked out.
        </p>
      ) : null}
      {feeChanged ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {group.taxRate > 0
            ? `The delivery fee or GET has changed: the fee is now ${formatUsd(group.deliveryFeeCents)} and GET ${formatRatePercent(group.taxRate)} ${formatUsd(group.taxCents)}, for a total of ${formatUsd(group.totalCents)}.`
            : `The delivery fee has changed: it is now ${formatUsd(group.deliveryFeeCents)}, for a total of ${formatUsd(group.totalCents)}.`}{' '}
          Place the order again to accept it.
        </p>
      ) : null}
      {belowMinimum ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          data-testid="minimum-progress"
        >
          {minimumProgressText(group.farmName, group.shortOfMinimumCents)}: {group.farmName} does
          not take smaller orders, so Place Order waits until the cart reaches it.
        </p>
      ) : group.minimum && group.shortOfMinimumCents > 0 ? (
        <p
          className="rounded-md bg-warning-soft px-3 py-2 text-sm text-amber-900"
          data-testid="minimum-progress"
        >
          {minimumProgressText(group.farmName, group.shortOfMinimumCents)}
          {group.smallOrderFeeCents > 0
            ? ` (until then, a small-order fee of ${formatUsd(group.smallOrderFeeCents)})`
            : ''}
        </p>
      ) : group.shortOfMinimumCents > 0 ? (
        <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-amber-900">
          {formatUsd(group.shortOfMinimumCents)} below this farm's{' '}
          {formatUsd(group.orderMinimumCents)} minimum
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Delivery day">
          {(ids) => (
            <Select
              {...ids}
              value={chosenDay}
              onChange={(event) => onChoice({ deliveryDate: event.target.value })}
              disabled={days.length === 0}
            >
              <option value="">
                {days[0]
                  ? `Next delivery day (${formatCalendarDate(days[0], 'short')})`
                  : blockedReason
                    ? blockedReason
                    : 'No delivery days scheduled yet'}
              </option>
              {days.map((day) => (
                <option key={day} value={day}>
                  {formatCalendarDate(day, 'weekday')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Note for the farm" hint={`Up to ${ORDER_NOTES_MAX_LENGTH} characters`}>
          {(ids) => (
            <Textarea
              {...ids}
              rows={2}
              maxLength={ORDER_NOTES_MAX_LENGTH}
              value={choice?.notes ?? ''}
              onChange={(event) => onChoice({ notes: event.target.value })}
              placeholder="Gate code, delivery window..."
            />
          )}
        </Field>
      </div>
    </section>
  );
}
