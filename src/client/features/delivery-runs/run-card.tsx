import type { DeliveryRun, DeliveryRunStartResult } from '#core/schemas/delivery-run';
import { statusLabel } from '#core/order-status';
import {
  ArrowDown,
  ArrowUp,
  GripVertical,
  Pencil,
  Printer,
  Smartphone,
  Trash2,
  Truck,
} from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Select } from '../../components/ui/form';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { placeBefore, shiftPlace } from './stop-order';

type Direction = 'up' | 'down';

/** What a dragged stop carries: its orders, from which run. */
const STOP_DRAG_TYPE = 'application/x-harvest-hui-stop';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "Start Kailua run? 4 packed orders go out for delivery". */
export function startQuestion(run: DeliveryRun): { title: string; description: string } {
  const packed = run.stops.filter((stop) => stop.status === 'packed').length;
  return {
    title: `Start ${run.name} run?`,
    description: `${plural(packed, 'packed order')} ${packed === 1 ? 'goes' : 'go'} out for delivery`,
  };
}

export interface RunCardProps {
  run: DeliveryRun;
  /** The day's other runs, where a stop can be moved. */
  otherRuns: { id: number; name: string }[];
  /** A change of this run is on its way: the controls wait. */
  busy: boolean;
  /** The last change was refused because the run had changed: say so above its current order. */
  changedElsewhere: boolean;
  startReport: DeliveryRunStartResult | null;
  starting: boolean;
  /** The run's whole new order (an order id from another run moves it here). */
  onStops: (orderIds: number[]) => void;
  onMoveTo: (orderId: number, runId: number) => void;
  onStart: () => void;
  onPrint: () => void;
  onRename: () => void;
  /** Only a run without stops can go. */
  onDelete: () => void;
}

/**
 * One run as a column: its stops in order, a stop a restaurant with all its orders there. A stop
 * moves (with its orders) by dragging or by its up and down buttons (keyboards and phones); an
 * order moves alone to another run. The run's sheet, its start, its name and, once empty, its
 * deletion.
 */
export function RunCard({
  run,
  otherRuns,
  busy,
  changedElsewhere,
  startReport,
  starting,
  onStops,
  onMoveTo,
  onStart,
  onPrint,
  onRename,
  onDelete,
}: RunCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [dropBefore, setDropBefore] = useState<number | 'end' | null>(null);
  // The stop whose up or down button was used, so focus follows it to its new place once the
  // server has answered (the buttons wait while the change is saved, and a disabled button
  // loses focus).
  const [focusAfter, setFocusAfter] = useState<{
    /** The restaurant whose stop moved. */
    placeId: number;
    direction: Direction;
    /** The run's version when the button was used: focus moves once the answer is in. */
    version: number;
  } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const places = run.places;
  const orderIdsOf = places.map((place) => place.orderIds);
  const stopOf = new Map(run.stops.map((stop) => [stop.orderId, stop]));
  const packed = run.stops.filter((stop) => stop.status === 'packed').length;
  const question = startQuestion(run);
  const headingId = `run-${run.id}-name`;

  useEffect(() => {
    if (!focusAfter || busy || focusAfter.version === run.version) return;
    const button = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `[data-place="${focusAfter.placeId}"][data-direction="${direction}"]`,
      );
    const wanted = button(focusAfter.direction);
    const other = button(focusAfter.direction === 'up' ? 'down' : 'up');
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfter(null);
  }, [focusAfter, busy, run.version]);

  const shift = (index: number, direction: Direction) => {
    const place = places[index]!;
    const target = Math.min(Math.max(index + (direction === 'up' ? -1 : 1), 0), places.length - 1);
    setFocusAfter({ placeId: place.restaurant.id, direction, version: run.version });
    setAnnouncement(`${place.restaurant.name} is now stop ${target + 1} of ${places.length}`);
    onStops(shiftPlace(orderIdsOf, index, direction === 'up' ? -1 : 1));
  };

  const dragStart = (event: DragEvent, orderIds: number[]) => {
    event.dataTransfer.setData(STOP_DRAG_TYPE, JSON.stringify({ orderIds, runId: run.id }));
    event.dataTransfer.setData('text/plain', orderIds.map((id) => `#${id}`).join(', '));
    event.dataTransfer.effectAllowed = 'move';
  };
  const dragOver = (event: DragEvent, before: number | 'end') => {
    if (busy || !event.dataTransfer.types.includes(STOP_DRAG_TYPE)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    setDropBefore(before);
  };
  const drop = (event: DragEvent, before: number[] | null) => {
    event.preventDefault();
    event.stopPropagation();
    setDropBefore(null);
    const raw = event.dataTransfer.getData(STOP_DRAG_TYPE);
    if (!raw || busy) return;
    const { orderIds: moving } = JSON.parse(raw) as { orderIds: number[] };
    if (before && moving.includes(before[0]!)) return;
    const current = orderIdsOf.flat();
    const next = placeBefore(orderIdsOf, moving, before);
    if (next.join(',') !== current.join(',')) onStops(next);
  };

  return (
    <Card className="flex flex-col" aria-labelledby={headingId} role="region">
      <CardContent className="flex flex-1 flex-col gap-3 pt-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
              <Truck aria-hidden="true" className="size-5 shrink-0 text-primary" /> {run.name}
            </h2>
            <p className="text-sm text-stone-600">
              {plural(places.length, 'stop')}
              {run.stops.length !== places.length ? ` · ${plural(run.stops.length, 'order')}` : ''}
              {packed > 0 ? ` · ${packed} packed` : ''}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <Button
              writes
              size="icon"
              variant="ghost"
              aria-label={`Rename ${run.name} run`}
              title="Rename"
              onClick={onRename}
            >
              <Pencil aria-hidden="true" />
            </Button>
            {run.stops.length === 0 ? (
              <Button
                writes
                size="icon"
                variant="ghost"
                className="text-destructive hover:bg-destructive-soft"
                aria-label={`Delete ${run.name} run`}
                title="Delete"
                onClick={onDelete}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </div>

        {changedElsewhere ? (
          <p role="alert" className="rounded-md bg-warning-soft p-3 text-sm text-amber-900">
            Someone else changed this run — here is its current order
          </p>
        ) : null}

        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        <ol
          ref={listRef}
          aria-label={`Stops of ${run.name}`}
          className={cn(
            'flex min-h-16 flex-col gap-2 rounded-lg',
            dropBefore === 'end' && 'outline-2 outline-primary outline-dashed',
          )}
          onDragOver={(event) => dragOver(event, 'end')}
          onDragLeave={() => setDropBefore(null)}
          onDrop={(event) => drop(event, null)}
        >
          {places.length === 0 ? (
            <li className="rounded-lg border border-dashed border-stone-300 p-4 text-center text-sm text-stone-500">
              No stops. Drag a stop here or use “Move to run”.
            </li>
          ) : null}
          {places.map((place, index) => {
            const orders = place.orderIds.flatMap((orderId) => stopOf.get(orderId) ?? []);
            const numbers = orders.map((order) => order.orderNumber).join(', ');
            const { restaurant } = place;
            return (
              <li
                key={restaurant.id}
                draggable={!busy}
                onDragStart={(event) => dragStart(event, place.orderIds)}
                onDragEnd={() => setDropBefore(null)}
                onDragOver={(event) => dragOver(event, restaurant.id)}
                onDrop={(event) => drop(event, place.orderIds)}
                aria-label={`Stop ${index + 1}: ${restaurant.name}, ${orders.length === 1 ? 'order' : 'orders'} ${numbers}`}
                className={cn(
                  'flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3',
                  dropBefore === restaurant.id && 'border-t-4 border-t-primary',
                )}
              >
                <div className="flex items-start gap-2">
                  <GripVertical
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 cursor-grab text-stone-400"
                  />
                  <span className="w-6 shrink-0 font-semibold tabular-nums">{index + 1}.</span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{restaurant.name}</p>
                    <p className="text-sm text-stone-600">{restaurant.address}</p>
                    {restaurant.phone ? (
                      <p className="text-sm text-stone-600">{restaurant.phone}</p>
                    ) : null}
                  </div>
                </div>
                <div className="flex gap-2 pl-7">
                  <Button
                    writes
                    size="icon"
                    variant="outline"
                    aria-label={`Move ${restaurant.name} up`}
                    data-place={restaurant.id}
                    data-direction="up"
                    disabled={busy || index === 0}
                    onClick={() => shift(index, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    writes
                    size="icon"
                    variant="outline"
                    aria-label={`Move ${restaurant.name} down`}
                    data-place={restaurant.id}
                    data-direction="down"
                    disabled={busy || index === places.length - 1}
                    onClick={() => shift(index, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </div>
                <ul
                  aria-label={`Orders for ${restaurant.name}`}
                  className="flex flex-col divide-y divide-stone-100 border-t border-stone-100"
                >
                  {orders.map((order) => (
                    <li key={order.orderId} className="flex flex-col gap-1 py-2 last:pb-0">
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="font-medium">{order.orderNumber}</span>
                        <span>{plural(order.itemCount, 'item')}</span>
                        <StatusBadge status={order.status} />
                        {otherRuns.length > 0 ? (
                          <div className="w-44 max-w-full">
                            <Select
                              writes
                              aria-label={`Move ${order.orderNumber} to run`}
                              value=""
                              disabled={busy}
                              onChange={(event) => {
                                const target = Number(event.target.value);
                                if (target) onMoveTo(order.orderId, target);
                              }}
                            >
                              <option value="">Move to run…</option>
                              {otherRuns.map((other) => (
                                <option key={other.id} value={other.id}>
                                  {other.name}
                                </option>
                              ))}
                            </Select>
                          </div>
                        ) : null}
                      </div>
                      {order.notes ? (
                        <p className="text-sm text-stone-700 italic">{order.notes}</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>

        {startReport ? <StartReport report={startReport} /> : null}

        <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={onPrint} disabled={run.stops.length === 0}>
            <Printer aria-hidden="true" /> Print run sheet
          </Button>
          <Button variant="outline" asChild>
            <Link to={`/farmer/runs/${run.id}/drive`} aria-label={`Drive ${run.name} run`}>
              <Smartphone aria-hidden="true" /> Drive
            </Link>
          </Button>
          <Button writes onClick={() => setConfirming(true)} disabled={packed === 0 || starting}>
            <Truck aria-hidden="true" /> {starting ? 'Starting…' : 'Start run'}
          </Button>
        </div>
      </CardContent>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title={question.title} description={question.description}>
          <p className="mb-4 text-sm text-stone-600">
            They move to {statusLabel('in_transit')}; orders not packed yet stay as they are.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onStart();
              }}
            >
              Start run
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** What a start did: the orders out for delivery, those refused and why, those not packed. */
function StartReport({ report }: { report: DeliveryRunStartResult }) {
  return (
    <div role="status" className="rounded-lg bg-stone-50 p-3 text-sm">
      <p className="font-medium">
        {report.changed.length > 0
          ? `Out for delivery: ${report.changed.map((entry) => `#${entry.id}`).join(', ')}`
          : 'No packed orders went out.'}
      </p>
      {report.refused.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-amber-900">
          {report.refused.map((entry) => (
            <li key={entry.id}>
              #{entry.id} not moved: {entry.message}
            </li>
          ))}
        </ul>
      ) : null}
      {report.notPacked.length > 0 ? (
        <p className="mt-1 text-stone-700">
          Not packed yet, left as they are:{' '}
          {report.notPacked
            .map((entry) => `#${entry.id} (${statusLabel(entry.status)})`)
            .join(', ')}
        </p>
      ) : null}
    </div>
  );
}
