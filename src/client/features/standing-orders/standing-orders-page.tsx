import { centsOf, formatUsd, multiplyCents } from '#core/money';
import { isUnitPack, packNoun } from '#core/packs';
import { WEEKDAY_LABELS, type StandingOrder } from '#core/schemas/standing-order';
import { CalendarClock, Pause, Pencil, Play, Plus, SkipForward, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate, formatInstant } from '../../lib/format';
import {
  useDeleteStandingOrder,
  useSkipDay,
  useStandingOrders,
  useUpdateStandingOrder,
} from './api';
import { LeftOutLine } from './left-out-line';
import { StandingOrderDialog } from './standing-order-dialog';

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
    variant: 'destructive',
  });

const dayLabel = (date: string) => formatCalendarDate(date, 'weekdayShort') ?? date;
const instantLabel = (iso: string) => formatInstant(iso, "EEE, MMM d 'at' h:mm a") ?? iso;

/** /restaurant/standing-orders: the restaurant's weekly orders with farms. */
export function StandingOrdersPage() {
  const list = useStandingOrders();
  const [dialog, setDialog] = useState<{ editing: StandingOrder | null } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Standing orders</h1>
          <p className="text-sm text-stone-600">
            Weekly orders placed for you before each of a farm's delivery days.
          </p>
        </div>
        <Button writes onClick={() => setDialog({ editing: null })}>
          <Plus aria-hidden="true" /> New standing order
        </Button>
      </div>
      {list.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading standing orders">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          title="Standing orders could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.items!.length === 0 ? (
        <EmptyState
          icon={<CalendarClock />}
          title="No standing orders yet"
          description="Set up the products you order from a farm every week, and the order is placed for you before each delivery day."
          action={
            <Button writes onClick={() => setDialog({ editing: null })}>
              <Plus aria-hidden="true" /> New standing order
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          {list.items!.map((standing) => (
            <StandingOrderCard
              key={standing.id}
              standing={standing}
              onEdit={() => setDialog({ editing: standing })}
            />
          ))}
          {list.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          ) : null}
        </div>
      )}
      <StandingOrderDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

function StandingOrderCard({ standing, onEdit }: { standing: StandingOrder; onEdit: () => void }) {
  const update = useUpdateStandingOrder();
  const skip = useSkipDay();
  const [deleting, setDeleting] = useState(false);
  const next = standing.nextPlacement;
  const titleId = `standing-order-${standing.id}-title`;
  const estimate = standing.lines.reduce(
    (sum, line) => sum + multiplyCents(centsOf(line.product.unitPrice), line.quantity),
    0,
  );

  const togglePause = () =>
    update.mutate(
      { id: standing.id, change: { paused: !standing.paused } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.paused ? 'Standing order paused' : 'Standing order resumed',
            description: saved.paused
              ? 'No orders are placed until you resume it.'
              : saved.nextPlacement
                ? `Next order for ${dayLabel(saved.nextPlacement.deliveryDate)}`
                : undefined,
          }),
        onError: (error) => failed('Standing order not changed', error),
      },
    );

  const skipNext = (deliveryDate: string) =>
    skip.mutate(
      { id: standing.id, deliveryDate },
      {
        onSuccess: () =>
          toast({
            title: `${dayLabel(deliveryDate)} skipped`,
            description: `No order from ${standing.farm.name} for that day.`,
            action: {
              label: 'Undo',
              onClick: () =>
                skip.mutate(
                  { id: standing.id, deliveryDate, undo: true },
                  {
                    onSuccess: () => toast({ title: `${dayLabel(deliveryDate)} back on` }),
                    onError: (error) => failed('Skip not undone', error),
                  },
                ),
            },
          }),
        onError: (error) => failed('Day not skipped', error),
      },
    );

  const skipped = standing.upcoming.filter((day) => day.status === 'skipped');

  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {standing.farm.name}
            </h2>
            <p className="text-sm text-stone-600">
              {standing.weekdays.map((day) => WEEKDAY_LABELS[day]).join(', ')} ·{' '}
              {standing.daysBefore === 0
                ? 'placed on the delivery day'
                : `placed ${standing.daysBefore} ${standing.daysBefore === 1 ? 'day' : 'days'} before`}
            </p>
          </div>
          {standing.paused ? <Badge variant="warning">Paused</Badge> : <Badge>Active</Badge>}
        </div>

        <ul className="divide-y divide-stone-100 text-sm">
          {standing.lines.map((line) => (
            <li key={`${line.productId}:${line.packId ?? 'unit'}`} className="py-1.5">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0">
                  <span className="tabular">{line.quantity}</span>{' '}
                  {line.pack && !isUnitPack(line.pack)
                    ? packNoun(line.pack.label, line.quantity)
                    : line.product.unit}{' '}
                  · {line.product.name}
                  {line.product.available ? null : (
                    <span className="ml-2 text-xs text-amber-900">(not on offer now)</span>
                  )}
                </span>
                <span className="tabular shrink-0 text-stone-700">
                  {formatUsd(centsOf(line.product.unitPrice))}
                  {line.product.unitPrice !== line.seenUnitPrice ? (
                    <span className="ml-1 text-xs text-amber-900">
                      (was {formatUsd(centsOf(line.seenUnitPrice))})
                    </span>
                  ) : null}
                </span>
              </div>
              <LeftOutLine standing={standing} line={line} />
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-700">
          About <span className="tabular font-semibold">{formatUsd(estimate)}</span> a delivery at
          today's prices, before fees.
        </p>

        <div className="rounded-md bg-stone-50 p-3 text-sm">
          {standing.paused ? (
            <p>Paused: no orders are placed.</p>
          ) : next ? (
            <p>
              <span className="font-medium">Next placement:</span>{' '}
              {Date.parse(next.placeAt) <= Date.now()
                ? 'due now, within a minute'
                : instantLabel(next.placeAt)}
              , for delivery {dayLabel(next.deliveryDate)}
            </p>
          ) : (
            <p>No delivery day of {standing.farm.name} to your zone is scheduled on these days.</p>
          )}
          {skipped.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1">
              {skipped.map((day) => (
                <li key={day.deliveryDate} className="flex flex-wrap items-center gap-2">
                  <span>Skipped {dayLabel(day.deliveryDate)}</span>
                  <Button
                    writes
                    variant="link"
                    size="sm"
                    className="px-1"
                    disabled={skip.isPending}
                    onClick={() =>
                      skip.mutate(
                        { id: standing.id, deliveryDate: day.deliveryDate, undo: true },
                        { onError: (error) => failed('Skip not undone', error) },
                      )
                    }
                  >
                    Undo skip
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button writes variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            writes
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={togglePause}
          >
            {standing.paused ? (
              <>
                <Play aria-hidden="true" /> Resume
              </>
            ) : (
              <>
                <Pause aria-hidden="true" /> Pause
              </>
            )}
          </Button>
          {next ? (
            <Button
              writes
              variant="outline"
              size="sm"
              disabled={skip.isPending}
              onClick={() => skipNext(next.deliveryDate)}
            >
              <SkipForward aria-hidden="true" /> Skip {dayLabel(next.deliveryDate)}
            </Button>
          ) : null}
          <Button writes variant="outline" size="sm" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardContent>
      <DeleteDialog standing={standing} open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

function DeleteDialog({
  standing,
  open,
  onClose,
}: {
  standing: StandingOrder;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteStandingOrder();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Delete the standing order with ${standing.farm.name}?`}
        description="No more orders will be placed from it. Orders it already placed stay as they are."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(standing.id, {
                onSuccess: () => {
                  toast({ title: 'Standing order deleted', description: standing.farm.name });
                  onClose();
                },
                onError: (error) => failed('Standing order not deleted', error),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete standing order'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
