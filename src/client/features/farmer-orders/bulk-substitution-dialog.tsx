import { isUnitPack } from '#core/packs';
import type { Product } from '#core/schemas/product';
import type { BulkSubstitutionResult } from '#core/schemas/substitution';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/form';
import { PackChoice, usePackChoice } from '../../components/ui/pack-choice';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import type { DayProduct } from './bulk-substitution';
import { BulkRunProgress, runFailureMessage, type BulkRunState } from './bulk-run';
import { useBulkSubstitution, useOwnProducts } from './substitution-api';
import { bulkSummary } from './substitution-words';

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * A product the farm cannot fill on the day (frost, a failed harvest): shorted on every
 * confirmed and packed order of the day, or one of its own products offered instead, each order
 * as its chef's preference says (docs/substitutions.md). Asked first; then what it did.
 */
export function BulkSubstitutionDialog({
  day,
  products,
  open,
  onClose,
}: {
  day: string;
  products: readonly DayProduct[];
  open: boolean;
  onClose: () => void;
}) {
  const [productId, setProductId] = useState<number | null>(products[0]?.productId ?? null);
  const [withSubstitute, setWithSubstitute] = useState(false);
  const [substituteId, setSubstituteId] = useState<number | null>(null);
  const [packId, setPackId] = useState<number | null>(null);
  // The last run's answer, over all its calls: shown from its end on, even while it goes on.
  const [result, setResult] = useState<BulkSubstitutionResult | null>(null);
  const own = useOwnProducts();
  const chosen = products.find((entry) => entry.productId === productId);
  const substitute = own.items?.find((entry) => entry.id === substituteId);
  const dayLabel = formatCalendarDate(day, 'weekday') ?? day;
  const bulk = useBulkSubstitution((run) => {
    const answer = run.answer;
    // A first call that failed changed nothing: the form says why and is there to try again.
    if (!answer) return;
    setResult(answer);
    toast({
      title: `${chosen?.name ?? 'The product'}: ${orders(answer.changed.length)} changed`,
      description:
        run.ending === 'failed'
          ? `Stopped by an error: ${runFailureMessage(run.error)}`
          : answer.refused.length > 0
            ? `${orders(answer.refused.length)} could not be changed: see why in the dialog.`
            : run.ending === 'stopped'
              ? `Stopped: ${orders(answer.remaining)} more to go.`
              : dayLabel,
      ...(run.ending === 'failed' ? { variant: 'destructive' as const } : {}),
    });
  });

  const run = () => {
    if (!chosen) return;
    if (withSubstitute && !substitute) return;
    // The pack shown is the pack sent: the unit pack, else the smallest (usePackChoice).
    const shownPack = substitute?.packs?.find(isUnitPack) ?? substitute?.packs?.[0];
    const substitutePackId = packId ?? shownPack?.id;
    bulk.start(
      {
        deliveryDate: day,
        productId: chosen.productId,
        ...(withSubstitute && substitute
          ? {
              substitute: {
                productId: substitute.id,
                ...(substitutePackId ? { packId: substitutePackId } : {}),
              },
            }
          : {}),
      },
      chosen.orderIds.length,
    );
  };
  const progress = bulk.running ? (
    <BulkRunProgress label={withSubstitute ? 'Substituting' : 'Shorting'} run={bulk} />
  ) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !bulk.running && onClose()}>
      <DialogContent
        title="Short a product on every order"
        description={`Every confirmed and packed order of ${dayLabel} with the product. Each chef's choice applies: a substitute goes on at once, waits for the chef, or the line is shorted.`}
      >
        {result ? (
          <BulkResult
            result={result}
            name={chosen?.name ?? 'The product'}
            run={bulk}
            progress={progress}
            onDone={onClose}
          />
        ) : products.length === 0 ? (
          <p className="text-sm text-stone-600">
            No confirmed or packed order of {dayLabel} has a line left to short.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {/* Held as sent while the run goes on: its report names this product. */}
            <fieldset disabled={bulk.running} className="flex min-w-0 flex-col gap-4">
              <Field label="Product you cannot fill">
                {(ids) => (
                  <Select
                    {...ids}
                    value={productId ?? ''}
                    onChange={(event) => setProductId(Number(event.target.value))}
                  >
                    {products.map((entry) => (
                      <option key={entry.productId} value={entry.productId}>
                        {entry.name} ({orders(entry.orderIds.length)})
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={withSubstitute}
                  onChange={(event) => setWithSubstitute(event.target.checked)}
                />
                Offer a substitute where the chef takes one
              </label>
              {withSubstitute ? (
                own.isError && !own.items ? (
                  <p className="text-sm text-destructive" role="alert">
                    Could not load your products.{' '}
                    <button type="button" className="underline" onClick={() => void own.refetch()}>
                      Try again
                    </button>
                  </p>
                ) : (
                  <div className="flex flex-col gap-2">
                    <Field label="Substitute">
                      {(ids) => (
                        <Select
                          {...ids}
                          value={substituteId ?? ''}
                          disabled={!own.items}
                          onChange={(event) => {
                            setSubstituteId(Number(event.target.value) || null);
                            setPackId(null);
                          }}
                        >
                          <option value="">
                            {own.items ? 'Choose one of your products' : 'Loading your products...'}
                          </option>
                          {(own.items ?? [])
                            .filter(
                              (entry) =>
                                entry.isActive &&
                                entry.availableQuantity > 0 &&
                                entry.id !== chosen?.productId,
                            )
                            .map((entry) => (
                              <option key={entry.id} value={entry.id}>
                                {entry.name}
                              </option>
                            ))}
                        </Select>
                      )}
                    </Field>
                    {substitute ? (
                      <SubstitutePack key={substitute.id} product={substitute} onPack={setPackId} />
                    ) : null}
                  </div>
                )
              ) : null}
              {chosen ? (
                <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                  This changes {orders(chosen.orderIds.length)}
                  {chosen.orderIds.length > 0
                    ? ` (${chosen.orderIds.map((id) => `#${id}`).join(', ')})`
                    : ''}
                  .
                </p>
              ) : null}
            </fieldset>
            {bulk.ending === 'failed' && !bulk.running ? (
              <p className="text-sm text-destructive" role="alert">
                {bulk.error instanceof ApiError
                  ? bulk.error.message
                  : 'Nothing was changed. Please try again in a moment.'}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={bulk.running} onClick={onClose}>
                Keep the orders
              </Button>
              <Button
                writes
                variant="destructive"
                disabled={bulk.running || !chosen || (withSubstitute && !substitute)}
                onClick={run}
              >
                {bulk.running
                  ? 'Changing...'
                  : withSubstitute
                    ? `Substitute on ${orders(chosen?.orderIds.length ?? 0)}`
                    : `Short on ${orders(chosen?.orderIds.length ?? 0)}`}
              </Button>
            </div>
            {progress}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The substitute's pack: its unit pack unless another is chosen. */
function SubstitutePack({
  product,
  onPack,
}: {
  product: Product;
  onPack: (id: number | null) => void;
}) {
  const [pack, choose] = usePackChoice(product);
  return (
    <PackChoice
      product={product}
      pack={pack}
      onChoose={(id) => {
        choose(id);
        onPack(id);
      }}
    />
  );
}

/**
 * What the run did over all its calls, what it refused, and, when it stopped short (Stop, or
 * a failed call), what is left, with Continue.
 */
function BulkResult({
  result,
  name,
  run,
  progress,
  onDone,
}: {
  result: BulkSubstitutionResult;
  name: string;
  run: Pick<BulkRunState<BulkSubstitutionResult>, 'running' | 'ending' | 'error'> & {
    resume: () => void;
  };
  /** The run going on again (Continue), under way. */
  progress: ReactNode;
  onDone: () => void;
}) {
  const stoppedShort = !run.running && (run.ending === 'stopped' || run.ending === 'failed');
  return (
    <div className="flex flex-col gap-3 text-sm" role="status">
      <p className="font-medium">
        {name}: {bulkSummary(result)}.
      </p>
      {result.changed.length > 0 ? (
        <p className="text-stone-700">
          Changed: {result.changed.map((entry) => `#${entry.id}`).join(', ')}
        </p>
      ) : null}
      {result.refused.length > 0 ? (
        <div>
          <p className="font-medium text-amber-900">Not changed:</p>
          <ul className="mt-1 list-disc pl-5 text-amber-900">
            {result.refused.map((entry) => (
              <li key={`${entry.id}:${entry.itemId ?? ''}`}>
                #{entry.id}: {entry.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!run.running && run.ending === 'failed' ? (
        <p className="text-destructive" role="alert">
          Stopped by an error, keeping what was done: {runFailureMessage(run.error)}
        </p>
      ) : null}
      {!run.running && run.ending === 'stopped' && result.remaining > 0 ? (
        <p>Stopped: {orders(result.remaining)} more to go.</p>
      ) : !run.running && run.ending === 'stalled' && result.remaining > 0 ? (
        <p>
          {orders(result.remaining)} more not reached: the server kept answering the same orders.
          Run it again.
        </p>
      ) : null}
      {progress}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {stoppedShort ? (
          <Button variant="outline" onClick={run.resume}>
            Continue
          </Button>
        ) : null}
        <Button disabled={run.running} onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
