import type { OrderAsSeen } from '#core/schemas/order';
import { weightLabel } from '#core/catch-weight';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { formatInstant, formatMoney } from '../../lib/format';
import { lazyNamed } from '../../lib/lazy-named';
import { usePermissions } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import { FARM_ORDERS_KEY } from './api';
import { dismissWeight, startWeightSync, subscribeWeights, waitingWeights } from './weight-outbox';

// The weight form (react-hook-form, zod) loads on the first "Enter weight", so the orders list
// carries no form library until a line is weighed.
const WeightForm = lazyNamed(() => import('./weight-form'), 'WeightForm');

type OrderLine = OrderAsSeen['orderItems'][number];

const WEIGHABLE_STATUSES = ['confirmed', 'packed'];
const TIME_FORMAT = 'h:mm a';

/** The lines of an order charged by weight, each with its estimate, weight and history. */
export function WeighLines({ order }: { order: OrderAsSeen }) {
  const lines = order.orderItems.filter((line) => line.weightUnit);
  const waiting = useSyncExternalStore(subscribeWeights, waitingWeights, waitingWeights);
  // Weights kept offline go once the network is back, while any farm order screen is open.
  useEffect(() => startWeightSync((orders) => orders.forEach(showOrder)), []);
  if (lines.length === 0) return null;
  return (
    <section aria-label="Weights" className="flex flex-col gap-2 border-t border-stone-100 pt-3">
      {lines.map((line) => (
        <WeighLine
          key={line.id}
          order={order}
          line={line}
          waiting={waiting.filter(
            (weight) => weight.orderId === order.id && weight.itemId === line.id,
          )}
        />
      ))}
    </section>
  );
}

function WeighLine({
  order,
  line,
  waiting,
}: {
  order: OrderAsSeen;
  line: OrderLine;
  waiting: ReturnType<typeof waitingWeights>;
}) {
  const { can } = usePermissions();
  const [entering, setEntering] = useState(false);
  const [opening, setOpening] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const unit = line.weightUnit!;
  const estimate = line.estimatedWeight ?? 0;
  const weighable = WEIGHABLE_STATUSES.includes(order.status) && can('orders.adjust');
  const history = line.weightHistory ?? [];
  const queued = waiting.find((weight) => weight.state === 'waiting');
  const refused = waiting.find((weight) => weight.state === 'refused');

  // The form opens once its code is here, drawn at once rather than after a blank frame.
  const enterWeight = () => {
    setOpening(true);
    void WeightForm.load()
      .then(
        () => setEntering(true),
        (error: unknown) =>
          toast({
            title: 'The weight form could not be opened',
            description: error instanceof Error ? error.message : String(error),
            variant: 'destructive',
          }),
      )
      .finally(() => setOpening(false));
  };

  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm" data-testid={`weigh-line-${line.id}`}>
      <p className="font-medium break-words">{line.product.name}</p>
      {line.weight === null || line.weight === undefined ? (
        <p className="text-stone-700">{weightLabel(estimate, unit, true)} estimated</p>
      ) : (
        <p className="break-words text-stone-700">
          {[
            weightLabel(line.weight, unit),
            line.totalPrice ? formatMoney(line.totalPrice) : null,
            line.weighedBy
              ? `weighed by ${line.weighedBy}${line.weighedAt ? ` at ${formatInstant(line.weighedAt, TIME_FORMAT)?.toLowerCase()}` : ''}`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {line.weightDecision === 'pending' && line.weight ? (
        <p role="status" className="text-amber-800">
          Waiting for the restaurant to accept {weightLabel(line.weight, unit)} (estimate{' '}
          {weightLabel(estimate, unit)})
        </p>
      ) : null}
      {line.weightDecision === 'declined' ? (
        <p className="text-stone-700">
          The restaurant kept the estimate ({weightLabel(estimate, unit)})
        </p>
      ) : null}
      {queued ? (
        <p role="status" className="text-amber-800">
          Saved on this phone, sends when online
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="text-destructive">
          The weight was not taken: {refused.refusal}{' '}
          <Button size="sm" variant="ghost" onClick={() => void dismissWeight(refused.key)}>
            Dismiss
          </Button>
        </p>
      ) : null}
      {history.length > 0 ? (
        <div>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((open) => !open)}
          >
            {showHistory ? 'Hide weight history' : 'Weight history'}
          </Button>
          {showHistory ? (
            <ol
              aria-label="Weight history"
              className="flex flex-col gap-0.5 text-xs text-stone-600"
            >
              {history.map((entry, index) => (
                <li key={index} className="break-words">
                  {entry.kind === 'weighed'
                    ? `Weighed ${weightLabel(entry.weight, unit)}`
                    : `${entry.kind === 'accepted' ? 'Accepted' : 'Declined'} ${weightLabel(entry.weight, unit)}`}
                  {entry.by ? ` by ${entry.by}` : ''} at{' '}
                  {formatInstant(entry.at, "MMM d 'at' h:mm a")}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
      {weighable && !entering ? (
        <div>
          <Button size="sm" variant="outline" disabled={opening} onClick={enterWeight}>
            {opening ? 'Opening...' : 'Enter weight'}
          </Button>
        </div>
      ) : null}
      {weighable && entering ? (
        <Suspense fallback={null}>
          <WeightForm
            order={order}
            line={line}
            onSaved={showOrder}
            onDone={() => setEntering(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Puts the server's answer into every cached farm order list. */
function showOrder(updated: OrderAsSeen) {
  queryClient.setQueriesData({ queryKey: FARM_ORDERS_KEY }, (data: unknown) => {
    const swap = (order: OrderAsSeen) => (order.id === updated.id ? updated : order);
    if (Array.isArray(data)) return (data as OrderAsSeen[]).map(swap);
    if (data && typeof data === 'object' && 'pages' in data) {
      const paged = data as { pages: { items: OrderAsSeen[] }[] };
      return {
        ...paged,
        pages: paged.pages.map((page) => ({ ...page, items: page.items.map(swap) })),
      };
    }
    return data;
  });
  void queryClient.invalidateQueries({ queryKey: FARM_ORDERS_KEY });
}
