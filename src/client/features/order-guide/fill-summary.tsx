import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { countLabel, formatCalendarDate, formatMoney } from '../../lib/format';
import type { FillAlternative, FillResult, GuideItem, OrderGuide, Unfilled } from './api';
import { addToTheCart, catalogProducts, type CartAddition } from './cart-lines';
import {
  alternativeQuantity,
  guideItems,
  itemKeyOf,
  linesByFarmAndDay,
  packsLabel,
} from './guide-model';

/** What a fill answered, what the cart took of it, and the counts it was asked with. */
export interface FillOutcome {
  result: FillResult;
  additions: CartAddition[];
  onHand: { productId: number; packId: number; quantity: number }[];
}

const dayLabel = (date: string) => formatCalendarDate(date, 'weekdayShort') ?? date;

/**
 * After Fill to par: the lines now in the cart by farm and delivery day, what was not filled and
 * why, another farm's same product for what a farm is short of, and the way to checkout.
 */
export function FillSummary({
  guide,
  outcome,
  onDone,
}: {
  guide: OrderGuide;
  outcome: FillOutcome;
  onDone: () => void;
}) {
  const { result, additions } = outcome;
  const cart = useCart();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to what the fill did, so it is read out and shown on a phone.
  useEffect(() => heading.current?.focus(), []);

  const items = new Map(guideItems(guide).map((item) => [itemKeyOf(item), item]));
  const added = new Map(additions.map((addition) => [itemKeyOf(addition), addition.added]));
  const addedCount = additions.filter((addition) => addition.added > 0).length;
  const groups = linesByFarmAndDay(result.lines);
  const notAdded = result.lines.filter((line) => !added.get(itemKeyOf(line)));
  const notCounted = result.unfilled.filter((entry) => entry.reason === 'not_counted');
  const unfilled = result.unfilled.filter((entry) => entry.reason !== 'not_counted');
  const nameOf = (entry: { productId: number; packId: number | null }) =>
    items.get(itemKeyOf(entry))?.product.name ??
    result.lines.find((line) => line.productId === entry.productId)?.product.name ??
    null;

  return (
    <div className="flex flex-col gap-4">
      <Card role="region" aria-labelledby="fill-summary-title">
        <CardHeader>
          <h2
            id="fill-summary-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg leading-tight font-semibold focus:outline-none"
          >
            {addedCount > 0
              ? `${countLabel(addedCount, 'line')} added to your cart`
              : 'Nothing added to your cart'}
          </h2>
          <CardDescription>
            {addedCount > 0
              ? 'Each farm delivers on the day shown, its next delivery day; check the quantities and place the orders at checkout.'
              : result.unfilled.length === 0
                ? 'Everything you counted is at par: nothing to order.'
                : 'See below why nothing could be ordered.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {groups.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {groups.map((group) => {
                const lines = group.lines.filter((line) => added.get(itemKeyOf(line)));
                if (lines.length === 0) return null;
                return (
                  <li
                    key={`${group.farmName}:${group.deliveryDate}`}
                    className="rounded-lg border border-stone-200 p-3"
                  >
                    <p className="font-medium">
                      {group.farmName} · {dayLabel(group.deliveryDate)}:{' '}
                      <span className="tabular">{countLabel(lines.length, 'line')} added</span>
                    </p>
                    <ul className="mt-1 flex flex-col gap-0.5 text-sm text-stone-700">
                      {lines.map((line) => {
                        const count = added.get(itemKeyOf(line)) ?? 0;
                        return (
                          <li key={itemKeyOf(line)} className="tabular">
                            {packsLabel(line.pack, line.product.unit, count)} {line.product.name}
                            {count < line.quantity ? (
                              <span className="text-amber-900">
                                {' '}
                                (of {line.quantity}: that is all the farm has)
                              </span>
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {notAdded.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm text-amber-900">
              {notAdded.map((line) => (
                <li key={itemKeyOf(line)}>
                  {line.product.name} from {line.farm.name} was not added: it is no longer on offer
                  or sold out.
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onDone}>
              Back to the guide
            </Button>
            {cart.items.length > 0 ? (
              <Button asChild size="lg">
                <Link to="/restaurant/orders">
                  Go to checkout <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {unfilled.length > 0 ? (
        <Card role="region" aria-labelledby="unfilled-title">
          <CardHeader>
            <h3 id="unfilled-title" className="text-base font-semibold">
              Not filled ({unfilled.length})
            </h3>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y divide-stone-100">
              {unfilled.map((entry) => (
                <UnfilledEntry
                  key={`${itemKeyOf(entry)}:${entry.reason}`}
                  entry={entry}
                  name={nameOf(entry)}
                  item={items.get(itemKeyOf(entry))}
                  outcome={outcome}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {notCounted.length > 0 ? (
        <details className="rounded-xl border border-stone-200 bg-white px-5 py-3 text-sm">
          <summary className="min-h-11 cursor-pointer content-center font-medium">
            Not counted: {countLabel(notCounted.length, 'item')}
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-stone-700">
            {notCounted.map((entry) => (
              <li key={itemKeyOf(entry)}>{nameOf(entry) ?? entry.message}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function UnfilledEntry({
  entry,
  name,
  item,
  outcome,
}: {
  entry: Unfilled;
  name: string | null;
  item: GuideItem | undefined;
  outcome: FillOutcome;
}) {
  const key = itemKeyOf(entry);
  const onHand = outcome.onHand.find((count) => itemKeyOf(count) === key)?.quantity ?? 0;
  const line = outcome.result.lines.find((candidate) => itemKeyOf(candidate) === key);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <p className="text-sm">
        {/* The message names the product most often; the name is added when it does not. */}
        {name && !entry.message.includes(name) ? (
          <span className="font-medium">{name}: </span>
        ) : null}
        {entry.message}
      </p>
      {entry.alternatives.length > 0 ? (
        <ul aria-label={`Instead of ${name ?? 'it'}`} className="flex flex-col gap-2">
          {entry.alternatives.map((alternative) => (
            <AlternativeRow
              key={`${alternative.productId}:${alternative.packId}`}
              alternative={alternative}
              quantity={alternativeQuantity(item, onHand, line, alternative)}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function AlternativeRow({
  alternative,
  quantity,
}: {
  alternative: FillAlternative;
  quantity: number;
}) {
  const cart = useCart();
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const describedBy = useId();
  const amount = packsLabel(alternative.pack, alternative.pack.label, quantity);
  const inStock = packsLabel(
    alternative.pack,
    alternative.pack.label,
    Math.floor(alternative.availableQuantity / alternative.pack.size),
  );

  const add = async () => {
    setState('adding');
    try {
      const products = await catalogProducts([alternative]);
      const [addition] = addToTheCart(cart.items, products, [
        { productId: alternative.productId, packId: alternative.packId, quantity },
      ]);
      if (addition && addition.added > 0) {
        setState('added');
        toast({
          title: 'Added to your cart',
          description: `${packsLabel(alternative.pack, alternative.pack.label, addition.added)} ${alternative.name} from ${alternative.farmName}`,
        });
        return;
      }
      setState('idle');
      toast({
        title: 'Not added',
        description: `${alternative.name} from ${alternative.farmName} is no longer on offer or sold out.`,
        variant: 'destructive',
      });
    } catch (error) {
      setState('idle');
      toast({
        title: 'Not added',
        description:
          error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-2">
      <div id={describedBy} className="min-w-0 flex-1 basis-48 text-sm">
        <p className="font-medium break-words">
          {amount} {alternative.name} from {alternative.farmName}
        </p>
        <p className="tabular text-stone-600">
          {formatMoney(alternative.unitPrice)} / {alternative.pack.label} · {inStock} in stock ·{' '}
          {dayLabel(alternative.deliveryDate)}
        </p>
      </div>
      <Button
        writes
        variant="outline"
        size="sm"
        aria-describedby={describedBy}
        disabled={state !== 'idle'}
        onClick={() => void add()}
      >
        {state === 'added' ? 'Added' : state === 'adding' ? 'Adding...' : 'Add instead'}
      </Button>
    </li>
  );
}
