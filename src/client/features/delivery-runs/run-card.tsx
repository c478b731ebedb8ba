import type { DeliveryRun, DeliveryRunStartResult } from '#core/schemas/delivery-run';
import { statusLabel } from '#core/order-status';
import { ArrowDown, ArrowUp, GripVertical, Printer, Smartphone, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Select } from '../../components/ui/form';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { placeStop, shiftStop } from './stop-order';

type Direction = 'up' | 'down';

/** What a dragged stop carries: which order, from which run. */
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
}

/**
 * One run as a column: its stops in order, each moved by dragging, by its up and down buttons
 * (keyboards and phones) or to another run; the run's sheet and its start.
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
}: RunCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [dropBefore, setDropBefore] = useState<number | 'end' | null>(null);
  // The stop whose up or down button was used, so focus follows it to its new place once the
  // server has answered (the buttons wait while the change is saved, and a disabled button
  // loses focus).
  const [focusAfter, setFocusAfter] = useState<{
    orderId: number;
    direction: Direction;
    /** The run's version when the button was used: focus moves once the answer is in. */
    version: number;
  } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const orderIds = run.stops.map((stop) => stop.orderId);
  const packed = run.stops.filter((stop) => stop.status === 'packed').length;
  const question = startQuestion(run);
  const headingId = `run-${run.id}-name`;

  useEffect(() => {
    if (!focusAfter || busy || focusAfter.version === run.version) return;
    const button = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `[data-stop="${focusAfter.orderId}"][data-direction="${direction}"]`,
      );
    const wanted = button(focusAfter.direction);
    const other = button(focusAfter.direction === 'up' ? 'down' : 'up');
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfter(null);
  }, [focusAfter, busy, run.version]);

  const shift = (index: number, direction: Direction) => {
    const stop = run.stops[index]!;
    const next = shiftStop(orderIds, index, direction === 'up' ? -1 : 1);
    setFocusAfter({ orderId: stop.orderId, direction, version: run.version });
    setAnnouncement(
      `${stop.orderNumber} is now stop ${next.indexOf(stop.orderId) + 1} of ${next.length}`,
    );
    onStops(next);
  };

  const dragStart = (event: DragEvent, orderId: number) => {
    event.dataTransfer.setData(STOP_DRAG_TYPE, JSON.stringify({ orderId, runId: run.id }));
    event.dataTransfer.setData('text/plain', `#${orderId}`);
    event.dataTransfer.effectAllowed = 'move';
  };
  const dragOver = (event: DragEvent, before: number | 'end') => {
    if (busy || !event.dataTransfer.types.includes(STOP_DRAG_TYPE)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    setDropBefore(before);
  };
  const drop = (event: DragEvent, beforeId: number | null) => {
    event.preventDefault();
    event.stopPropagation();
    setDropBefore(null);
    const raw = event.dataTransfer.getData(STOP_DRAG_TYPE);
    if (!raw || busy) return;
    const { orderId } = JSON.parse(raw) as { orderId: number };
    if (orderId === beforeId) return;
    const next = placeStop(orderIds, orderId, beforeId);
    if (next.join(',') !== orderIds.join(',')) onStops(next);
  };

  return (
    <Card className="flex flex-col" aria-labelledby={headingId} role="region">
      <CardContent className="flex flex-1 flex-col gap-3 pt-5">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
              <Truck aria-hidden="true" className="size-5 text-primary" /> {run.name}
            </h2>
            <p className="text-sm text-stone-600">
              {plural(run.stops.length, 'stop')}
              {packed > 0 ? ` · ${packed} packed` : ''}
            </p>
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
          {run.stops.length === 0 ? (
            <li className="rounded-lg border border-dashed border-stone-300 p-4 text-center text-sm text-stone-500">
              No stops. Drag an order here or use “Move to run”.
            </li>
          ) : null}
          {run.stops.map((stop, index) => (
            <li
              key={stop.orderId}
              draggable={!busy}
              onDragStart={(event) => dragStart(event, stop.orderId)}
              onDragEnd={() => setDropBefore(null)}
              onDragOver={(event) => dragOver(event, stop.orderId)}
              onDrop={(event) => drop(event, stop.orderId)}
              aria-label={`Stop ${stop.position}: ${stop.restaurant.name}, order ${stop.orderNumber}`}
              className={cn(
                'flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3',
                dropBefore === stop.orderId && 'border-t-4 border-t-primary',
              )}
            >
              <div className="flex items-start gap-2">
                <GripVertical
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 cursor-grab text-stone-400"
                />
                <span className="w-6 shrink-0 font-semibold tabular-nums">{stop.position}.</span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{stop.restaurant.name}</p>
                  <p className="text-sm text-stone-600">{stop.restaurant.address}</p>
                  {stop.restaurant.phone ? (
                    <p className="text-sm text-stone-600">{stop.restaurant.phone}</p>
                  ) : null}
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">{stop.orderNumber}</span>
                    <span>{plural(stop.itemCount, 'item')}</span>
                    <StatusBadge status={stop.status} />
                  </p>
                  {stop.notes ? (
                    <p className="mt-1 text-sm text-stone-700 italic">{stop.notes}</p>
                  ) : null}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  size="icon"
                  variant="outline"
                  aria-label={`Move ${stop.orderNumber} up`}
                  data-stop={stop.orderId}
                  data-direction="up"
                  disabled={busy || index === 0}
                  onClick={() => shift(index, 'up')}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="outline"
                  aria-label={`Move ${stop.orderNumber} down`}
                  data-stop={stop.orderId}
                  data-direction="down"
                  disabled={busy || index === run.stops.length - 1}
                  onClick={() => shift(index, 'down')}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                {otherRuns.length > 0 ? (
                  <Select
                    aria-label={`Move ${stop.orderNumber} to run`}
                    className="min-h-11 flex-1 sm:max-w-48"
                    value=""
                    disabled={busy}
                    onChange={(event) => {
                      const target = Number(event.target.value);
                      if (target) onMoveTo(stop.orderId, target);
                    }}
                  >
                    <option value="">Move to run…</option>
                    {otherRuns.map((other) => (
                      <option key={other.id} value={other.id}>
                        {other.name}
                      </option>
                    ))}
                  </Select>
                ) : null}
              </div>
            </li>
          ))}
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
          <Button onClick={() => setConfirming(true)} disabled={packed === 0 || starting}>
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
