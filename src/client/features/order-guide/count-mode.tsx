import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { useNextDeliveries } from '../../lib/queries';
import { useFillToPar, type OrderGuide } from './api';
import { addToTheCart, catalogProducts } from './cart-lines';
import { useCounts } from './counts';
import { FillSummary, type FillOutcome } from './fill-summary';
import {
  countProblem,
  guideItems,
  itemKeyOf,
  packWord,
  toOrder,
  typedCount,
  WEEKDAY_SHORT,
  weekdayOfDate,
} from './guide-model';

/**
 * Count mode: each item with its par for its farm's next delivery day and an "On hand" box;
 * Enter goes to the next box and from the last to Fill to par. Filling puts what is missing
 * into the cart and shows what went in and what did not.
 */
export function CountMode({
  guide,
  restaurantId,
  canOrder,
}: {
  guide: OrderGuide;
  restaurantId: number;
  canOrder: boolean;
}) {
  const { counts, setCount, clear } = useCounts(restaurantId);
  const items = guideItems(guide);
  const farmIds = [...new Set(items.map((item) => item.product.farm.id))];
  const deliveries = useNextDeliveries(farmIds);
  const fill = useFillToPar();
  const cart = useCart();
  // The cart as it stands when the fill answers, to tell what each line added.
  const cartNow = useRef(cart.items);
  useEffect(() => {
    cartNow.current = cart.items;
  }, [cart.items]);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FillOutcome | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const fillButton = useRef<HTMLButtonElement>(null);
  const keys = items.map(itemKeyOf);
  const counted = keys.filter((key) => typedCount(counts[key]) !== null).length;

  const focusAfter = (key: string) => {
    const next = keys[keys.indexOf(key) + 1];
    const target = next ? inputs.current.get(next) : fillButton.current;
    target?.focus();
  };

  const onKeyDown = (key: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    focusAfter(key);
  };

  const onFill = async () => {
    if (fill.isPending || adding) return;
    const wrong = keys.find((key) => countProblem(counts[key] ?? '') !== null);
    if (wrong) {
      setNotice('Fix the counts marked in red first.');
      inputs.current.get(wrong)?.focus();
      return;
    }
    const onHand = items.flatMap((item) => {
      const quantity = typedCount(counts[itemKeyOf(item)]);
      return quantity === null
        ? []
        : [{ productId: item.productId, packId: item.packId, quantity }];
    });
    if (onHand.length === 0) {
      setNotice('Count at least one item: type what is on hand.');
      inputs.current.get(keys[0]!)?.focus();
      return;
    }
    setNotice(null);
    setAdding(true);
    try {
      const result = await fill.mutateAsync({ onHand });
      const products = await catalogProducts(result.lines);
      // Each line carries the guide's choice should the farm be unable to fill it.
      const choices = new Map(items.map((item) => [itemKeyOf(item), item.substitution]));
      const additions = addToTheCart(
        cartNow.current,
        products,
        result.lines.map((line) => ({
          ...line,
          substitution: choices.get(itemKeyOf(line)),
        })),
      );
      clear();
      setOutcome({ result, additions, onHand });
    } catch (error) {
      toast({
        title: 'Not filled',
        description:
          error instanceof ApiError
            ? error.userMessage('Please try again.')
            : 'Your counts are kept. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setAdding(false);
    }
  };

  if (outcome) {
    return <FillSummary guide={guide} outcome={outcome} onDone={() => setOutcome(null)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {guide.sections.map((section, sectionIndex) => {
        const headingId = `guide-section-${sectionIndex}`;
        return (
          <section
            key={`${sectionIndex}:${section.name}`}
            aria-labelledby={headingId}
            className="flex flex-col gap-2"
          >
            <h2 id={headingId} className="text-lg font-semibold">
              {section.name}{' '}
              <span className="text-sm font-normal text-stone-500">({section.items.length})</span>
            </h2>
            {section.items.length === 0 ? (
              <p className="text-sm text-stone-600">No items in this section.</p>
            ) : (
              <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
                {section.items.map((item) => {
                  const key = itemKeyOf(item);
                  const outlook = deliveries.byFarm.get(item.product.farm.id);
                  const day = outlook?.next ? weekdayOfDate(outlook.next.deliveryDate) : null;
                  const par = day ? item.pars[day] : null;
                  const text = counts[key] ?? '';
                  const problem = countProblem(text);
                  const onHand = typedCount(text);
                  const inputId = `on-hand-${key}`;
                  const messageId = `${inputId}-message`;
                  return (
                    <li key={key} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words">
                          {item.product.name}
                          {item.product.available ? null : (
                            <Badge variant="warning" className="ml-2 align-middle normal-case">
                              Not on offer now
                            </Badge>
                          )}
                        </p>
                        <p className="text-sm break-words text-stone-600">
                          {item.product.farm.name} · {item.pack.label}
                        </p>
                        <p className="tabular text-sm text-stone-700">
                          {par === null || !day ? (
                            deliveries.isPending ? (
                              <span className="text-stone-500">Par …</span>
                            ) : (
                              <span className="text-amber-800">No delivery day open</span>
                            )
                          ) : (
                            <>
                              Par <span className="font-semibold">{par}</span> for{' '}
                              {WEEKDAY_SHORT[day]}
                              {onHand !== null ? (
                                <span className="text-stone-600">
                                  {' '}
                                  · order{' '}
                                  <span className="font-semibold text-stone-900">
                                    {toOrder(par, onHand)}
                                  </span>
                                </span>
                              ) : null}
                            </>
                          )}
                        </p>
                      </div>
                      {canOrder ? (
                        <div className="flex w-24 shrink-0 flex-col items-end gap-1">
                          <label htmlFor={inputId} className="text-xs font-medium text-stone-700">
                            On hand
                            <span className="sr-only">
                              {`, ${item.product.name} from ${item.product.farm.name}, in ${packWord(item)}`}
                            </span>
                          </label>
                          <input
                            id={inputId}
                            ref={(element) => {
                              if (element) inputs.current.set(key, element);
                              else inputs.current.delete(key);
                            }}
                            type="text"
                            inputMode="numeric"
                            pattern="[0-9]*"
                            autoComplete="off"
                            enterKeyHint={key === keys[keys.length - 1] ? 'done' : 'next'}
                            value={text}
                            onChange={(event) => setCount(key, event.target.value)}
                            onKeyDown={onKeyDown(key)}
                            onFocus={(event) => event.target.select()}
                            aria-invalid={problem !== null}
                            aria-describedby={problem ? messageId : undefined}
                            className="tabular h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-right text-base font-semibold focus-visible:outline-2 focus-visible:outline-primary aria-invalid:border-destructive"
                          />
                          {problem ? (
                            <span id={messageId} role="alert" className="text-xs text-destructive">
                              {problem}
                            </span>
                          ) : null}
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
      {canOrder ? (
        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <div className="text-sm text-stone-700">
            <p className="tabular">
              {counted} of {items.length} counted
            </p>
            {notice ? (
              <p role="alert" className="font-medium text-destructive">
                {notice}
              </p>
            ) : null}
          </div>
          <Button
            writes
            ref={fillButton}
            size="lg"
            className="grow sm:grow-0"
            disabled={adding}
            onClick={() => void onFill()}
          >
            {adding ? 'Filling...' : 'Fill to par'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
