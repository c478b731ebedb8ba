import { formatQuantity } from '#core/quantity';
import { recallBody, type RecallBody } from '#core/schemas/traceability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Textarea } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useLot, useRecallLot } from './api';
import { RecallNotices } from './recall-notices';

/**
 * One lot: what is left, every restaurant that received it (orders, quantities, ship dates),
 * lines it is packed in that have not shipped, and its recalls; the recall form.
 */
export function LotDetailDialog({ lotId, onClose }: { lotId: number | null; onClose: () => void }) {
  const lot = useLot(lotId);
  const { can } = usePermissions();
  const recall = useRecallLot();
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, reset, clearErrors, formState } = useForm<
    RecallBody,
    unknown,
    RecallBody
  >({
    resolver: zodResolver(recallBody),
    defaultValues: { message: '' },
    // The message goes once the text is edited; the text is checked again on Send Recall.
    reValidateMode: 'onSubmit',
  });
  const data = lot.data;

  const send = handleSubmit(
    (body) => {
      recall.mutate(
        { lotId: lotId!, message: body.message },
        {
          onSuccess: (sent) => {
            toast({
              title: 'Recall sent',
              description: `${sent.notices.length} restaurant${sent.notices.length === 1 ? '' : 's'} notified by email, text and in the app.`,
            });
            reset();
            setConfirming(false);
            void lot.refetch();
          },
          onError: (failure) => {
            setConfirming(false);
            toast({
              title: 'The recall could not be sent',
              description: failure instanceof ApiError ? failure.userMessage('') : undefined,
              variant: 'destructive',
            });
          },
        },
      );
    },
    () => setConfirming(false),
  );

  return (
    <Dialog open={lotId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={data ? `Lot ${data.code}` : 'Lot'}
        description={
          data
            ? `${data.product.name} · ${formatCalendarDate(data.harvestDate)} · ${data.location}`
            : undefined
        }
        className="max-w-2xl"
      >
        {lot.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the lot">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : lot.isError ? (
          <ErrorState
            title="The lot could not be loaded"
            error={lot.error}
            onRetry={() => void lot.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-5 text-sm">
            <p className="tabular">
              <span className="font-semibold">
                {formatQuantity(data!.remaining)} of {formatQuantity(data!.quantity)}{' '}
                {data!.product.unit}
              </span>{' '}
              left
            </p>
            <section aria-labelledby="lot-recipients" className="flex flex-col gap-2">
              <h3 id="lot-recipients" className="font-semibold">
                Restaurants that received it
              </h3>
              {data!.recipients.length === 0 ? (
                <p className="text-stone-600">
                  None yet: a lot is recorded here when its order ships.
                </p>
              ) : (
                <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
                  {data!.recipients.map((row) => (
                    <li
                      key={`${row.orderId}-${row.shipDate}`}
                      className="flex flex-wrap justify-between gap-x-3 px-3 py-2"
                    >
                      <span>
                        <span className="font-medium">{row.restaurant.name}</span>{' '}
                        <span className="text-stone-600">order #{row.orderId}</span>
                      </span>
                      <span className="tabular text-stone-700">
                        {formatQuantity(row.quantity)} {row.unit} · shipped{' '}
                        {formatCalendarDate(row.shipDate)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {data!.openLines.length > 0 ? (
              <section aria-labelledby="lot-open" className="flex flex-col gap-2">
                <h3 id="lot-open" className="font-semibold">
                  Packed, not shipped yet
                </h3>
                <ul className="flex flex-col gap-1">
                  {data!.openLines.map((line) => (
                    <li key={line.itemId} className="flex flex-wrap justify-between gap-x-3">
                      <span>
                        {line.restaurant.name} · order #{line.orderId}
                      </span>
                      <span className="tabular text-stone-700">
                        {formatQuantity(line.quantity)} {data!.product.unit}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {data!.recalls.map((item) => (
              <RecallNotices key={item.id} recall={item} />
            ))}
            {can('lots.recall') && data!.recipients.length > 0 ? (
              <section
                aria-labelledby="lot-recall"
                className="flex flex-col gap-3 border-t border-stone-100 pt-4"
              >
                <h3 id="lot-recall" className="font-semibold">
                  Recall this lot
                </h3>
                <Field
                  label="Message to the restaurants"
                  error={formState.errors.message?.message}
                  hint="Sent by email, text and in the app to every person of each restaurant above."
                >
                  {(ids) => (
                    <Textarea
                      {...ids}
                      placeholder="Please hold and discard this lot: …"
                      {...register('message', { onChange: () => clearErrors('message') })}
                    />
                  )}
                </Field>
                {confirming ? (
                  <div className="flex flex-col gap-2 rounded-lg border border-red-200 bg-destructive-soft p-3 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-red-950">
                      Send this recall to{' '}
                      {data!.recipients.length === 1 ? 'the restaurant' : 'every restaurant'} now?
                      It cannot be taken back.
                    </p>
                    <div className="flex gap-2">
                      <Button variant="outline" onClick={() => setConfirming(false)}>
                        Not now
                      </Button>
                      <Button
                        variant="destructive"
                        disabled={recall.isPending}
                        onClick={(event) => void send(event)}
                      >
                        {recall.isPending ? 'Sending…' : 'Send Recall'}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <div>
                    <Button writes variant="destructive" onClick={() => setConfirming(true)}>
                      Recall Lot…
                    </Button>
                  </div>
                )}
              </section>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
