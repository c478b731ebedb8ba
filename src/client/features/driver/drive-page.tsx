import { placesOf, type RunPlace } from '#core/delivery-places';
import type { DriveRun, DriveStop } from '#core/schemas/delivery-proof';
import { formatQuantity } from '#core/quantity';
import { statusLabel } from '#core/order-status';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, CloudOff, MapPin, Phone, RefreshCw, Truck } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatCalendarDate, formatInstant } from '../../lib/format';
import type { FirstDataContext } from '../../lib/first-data';
import { driveRunPath, driveRunQuery, isRunId, useDriveRun } from './api';
import {
  dismissDelivery,
  keepDelivery,
  newDeliveryKey,
  sendWaitingDeliveries,
  startDeliverySync,
  subscribe,
  waitingDeliveries,
  type WaitingDelivery,
} from './outbox';
import { SignaturePad } from './signature-pad';

const TIME = 'h:mm a';

/** The address as a link the phone's maps app opens: no map service of our own. */
export const mapsLink = (address: string) =>
  `https://maps.google.com/?q=${encodeURIComponent(address)}`;
/** A phone number as a link that calls it: digits and a leading + only. */
export const callLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The message the service worker takes to keep this page and the signed-in user. */
const KEEP_FOR_NO_SIGNAL = 'keep-for-no-signal';

/**
 * Asks the service worker controlling the page to keep it and the signed-in user, so that a
 * reload or a discarded tab without signal opens the run, not the sign-in page: the first
 * visit was read before the worker took the page over, so neither was kept then.
 */
function keepForNoSignal(): void {
  navigator.serviceWorker?.controller?.postMessage({
    type: KEEP_FOR_NO_SIGNAL,
    url: window.location.href,
  });
}

/** A run's stops: the server's places, or (a run the phone kept before they existed) its own. */
function placesOfRun(run: DriveRun): RunPlace<DriveStop>[] {
  const { places } = run as Partial<DriveRun>;
  return Array.isArray(places) ? places : placesOf(run.stops);
}

/** Whether a kept confirmation is of this stop. */
const isOf = (delivery: WaitingDelivery, place: RunPlace) =>
  delivery.orderIds.some((orderId) => place.orderIds.includes(orderId));

/**
 * /farmer/runs/{id}/drive: the driver's phone view of a run (docs/delivery.md#the-drivers-phone-view).
 * Stop by stop (a stop is a restaurant, with every order of the run delivered there), with the
 * maps and call links, the lines to hand over and one Delivered for the whole stop. It works
 * without signal once opened: the service worker keeps the app, the page, the signed-in user
 * and the run, and deliveries confirmed meanwhile wait on the phone until it is online again.
 */
export function DrivePage() {
  const runId = Number(useParams().id);
  const run = useDriveRun(runId);
  const queryClient = useQueryClient();
  const kept = useSyncExternalStore(subscribe, waitingDeliveries);
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    // The service worker is registered here, where it is needed, rather than for every
    // screen: it keeps the app and this run for no signal and makes the app installable.
    // From a file, not an inline script, which the Content-Security-Policy refuses; the
    // development server has none, and the refusal is ignored.
    navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
    startDeliverySync();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [driveRunPath(runId)] });
    const wentOnline = () => setOnline(true);
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    // The first visit is read before the service worker takes the page over; read the run
    // again through it, and have it keep the page and the user, so that the run opens from
    // the phone from the first visit on. Opened under the worker (from the runs page, say),
    // the page itself was never asked for at this address: it is kept now.
    const takenOver = () => {
      refresh();
      keepForNoSignal();
    };
    keepForNoSignal();
    navigator.serviceWorker?.addEventListener('controllerchange', takenOver);
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
      navigator.serviceWorker?.removeEventListener('controllerchange', takenOver);
    };
  }, [queryClient, runId]);

  // Once the server has taken some, read the run again for its proof.
  const waitingCount = kept.filter((delivery) => delivery.state === 'waiting').length;
  const lastWaiting = useRef(waitingCount);
  useEffect(() => {
    if (waitingCount < lastWaiting.current) {
      void queryClient.invalidateQueries({ queryKey: [driveRunPath(runId)] });
    }
    lastWaiting.current = waitingCount;
  }, [waitingCount, queryClient, runId]);

  const data = run.data;
  const places = data ? placesOfRun(data) : [];
  const ofRun = kept.filter((delivery) => delivery.runId === runId);
  const refused = kept.filter((delivery) => delivery.state === 'refused');

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Button variant="link" asChild className="self-start px-0">
          <Link to={data ? `/farmer/runs?date=${data.date}` : '/farmer/runs'}>
            <ArrowLeft aria-hidden="true" /> Delivery runs
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">{data ? `${data.name} run` : 'Delivery run'}</h1>
        {data ? (
          <p className="text-sm text-stone-600">
            {formatCalendarDate(data.date, 'weekday')} · {progress(data, places, ofRun)}
          </p>
        ) : null}
      </div>

      <SyncBanner online={online} waiting={waitingCount} />

      {refused.length > 0 ? (
        <section aria-label="Deliveries the server refused" className="flex flex-col gap-2">
          {refused.map((delivery) => (
            <RefusedDelivery key={delivery.key} delivery={delivery} />
          ))}
        </section>
      ) : null}

      {run.error && !data ? (
        <ErrorState
          title="This run is not on this phone yet"
          error={run.error}
          onRetry={() => void run.refetch()}
        />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the run">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : places.length === 0 ? (
        <EmptyState
          icon={<Truck />}
          title="No stops on this run"
          description="Orders of this day appear here once restaurants place them."
        />
      ) : (
        <ol aria-label={`Stops of ${data.name}`} className="flex flex-col gap-3">
          {places.map((place) => (
            <li key={place.restaurant.id}>
              <StopCard
                place={place}
                orders={place.orderIds.flatMap(
                  (orderId) => data.stops.find((stop) => stop.orderId === orderId) ?? [],
                )}
                runId={runId}
                kept={ofRun.find((delivery) => isOf(delivery, place)) ?? null}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The run, asked for with the page's code: its heading and first stops paint with the frame. */
DrivePage.firstData = async ({ queryClient, params }: FirstDataContext) => {
  const runId = Number(params.id);
  if (isRunId(runId)) await queryClient.prefetchQuery(driveRunQuery(runId));
};

/** "1 of 3 delivered": the stops whose every order is delivered, or waits on the phone to be. */
function progress(run: DriveRun, places: RunPlace[], kept: WaitingDelivery[]): string {
  const done = places.filter((place) =>
    place.orderIds.every(
      (orderId) =>
        run.stops.find((stop) => stop.orderId === orderId)?.status === 'delivered' ||
        kept.some(
          (delivery) => delivery.state === 'waiting' && delivery.orderIds.includes(orderId),
        ),
    ),
  ).length;
  return `${done} of ${places.length} delivered`;
}

function SyncBanner({ online, waiting }: { online: boolean; waiting: number }) {
  const [sending, setSending] = useState(false);
  if (waiting === 0 && online) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <CloudOff aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">
        {waiting > 0
          ? `${waiting} ${waiting === 1 ? 'delivery waits' : 'deliveries wait'} on this phone. ${
              online ? 'Sending…' : 'They are sent when there is signal again.'
            }`
          : 'No signal: deliveries you confirm wait on this phone.'}
      </p>
      {waiting > 0 ? (
        <Button
          writes
          variant="outline"
          size="sm"
          disabled={sending}
          onClick={() => {
            setSending(true);
            void sendWaitingDeliveries()
              .catch(() => undefined)
              .finally(() => setSending(false));
          }}
        >
          <RefreshCw aria-hidden="true" /> Send now
        </Button>
      ) : null}
    </div>
  );
}

function RefusedDelivery({ delivery }: { delivery: WaitingDelivery }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-red-200 bg-destructive-soft p-3 text-sm text-red-900"
    >
      <p className="font-semibold">
        {delivery.orderNumber} for {delivery.restaurantName} was not recorded as delivered
      </p>
      <p>{delivery.refusal}</p>
      <p className="text-red-800">
        You confirmed it at {formatInstant(delivery.deliveredAt, TIME)}, received by{' '}
        {delivery.recipientName}. Tell the farm.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => void dismissDelivery(delivery.key)}
      >
        Dismiss
      </Button>
    </div>
  );
}

/**
 * The stop's badge: out for delivery while any of its orders is, delivered once those that
 * went out are (an order not out yet has its own badge beside it).
 */
function placeStatus(orders: DriveStop[]): DriveStop['status'] {
  if (orders.some((order) => order.status === 'in_transit')) return 'in_transit';
  if (orders.some((order) => order.status === 'delivered')) return 'delivered';
  return orders[0]?.status ?? 'pending';
}

function StopCard({
  place,
  orders,
  runId,
  kept,
}: {
  place: RunPlace;
  orders: DriveStop[];
  runId: number;
  kept: WaitingDelivery | null;
}) {
  const [delivering, setDelivering] = useState(false);
  const { restaurant } = place;
  const numbers = orders.map((order) => order.orderNumber).join(', ');
  // What one confirmation delivers: the stop's orders out for delivery.
  const outForDelivery = orders.filter((order) => order.status === 'in_transit');
  const several = orders.length > 1;
  return (
    <Card
      role="article"
      aria-label={`Stop ${place.position}: ${restaurant.name}, ${several ? 'orders' : 'order'} ${numbers}`}
    >
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="text-xs font-medium text-stone-500 uppercase">
              Stop {place.position} · {numbers}
            </p>
            <h2 className="text-lg font-semibold">{restaurant.name}</h2>
          </div>
          <StatusBadge status={kept?.state === 'waiting' ? 'delivered' : placeStatus(orders)} />
        </div>

        <div className="flex flex-col gap-2 sm:flex-row">
          {/* A plain link rather than a Button: a long address wraps instead of running out. */}
          <a
            href={mapsLink(restaurant.address)}
            target="_blank"
            rel="noreferrer"
            className="flex min-h-11 min-w-0 items-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 break-words">{restaurant.address}</span>
          </a>
          {restaurant.phone ? (
            <Button variant="outline" asChild className="justify-start">
              <a href={callLink(restaurant.phone)}>
                <Phone aria-hidden="true" /> Call {restaurant.phone}
              </a>
            </Button>
          ) : null}
        </div>

        {orders.map((order) => (
          <section key={order.orderId} aria-label={`Order ${order.orderNumber}`}>
            {several ? (
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                {order.orderNumber}
                {order.status !== placeStatus(orders) ? (
                  <StatusBadge status={order.status} />
                ) : null}
              </h3>
            ) : null}
            <ul aria-label={`Lines of ${order.orderNumber}`} className="divide-y divide-stone-100">
              {order.lines.map((line, index) => (
                <li key={index} className="flex justify-between gap-2 py-1 text-sm">
                  <span>{line.name}</span>
                  <span className="tabular-nums">
                    {formatQuantity(line.quantity)} {line.unit}
                  </span>
                </li>
              ))}
            </ul>
            {order.notes ? (
              <p className="mt-1 rounded-md bg-stone-50 p-2 text-sm text-stone-700">
                Notes: {order.notes}
              </p>
            ) : null}
          </section>
        ))}

        <StopOutcome
          orders={orders}
          kept={kept}
          delivering={delivering}
          onDeliver={() => setDelivering(true)}
        />
        {delivering && !kept && outForDelivery.length > 0 ? (
          <DeliverForm
            orders={outForDelivery}
            restaurantName={restaurant.name}
            runId={runId}
            onDone={() => setDelivering(false)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function StopOutcome({
  orders,
  kept,
  delivering,
  onDeliver,
}: {
  orders: DriveStop[];
  kept: WaitingDelivery | null;
  delivering: boolean;
  onDeliver: () => void;
}) {
  const lines: ReactNode[] = [];
  if (kept?.state === 'waiting') {
    lines.push(
      <p key="waiting" className="flex items-center gap-2 text-sm text-amber-900">
        <CloudOff aria-hidden="true" className="size-4" />
        Delivered {formatInstant(kept.deliveredAt, TIME)}, received by {kept.recipientName} ·
        waiting to send
      </p>,
    );
  }
  // The proof of what the server has, once per handing over (a stop's orders share one).
  const handedOver = new Map<string, DriveStop[]>();
  for (const order of orders) {
    if (!order.delivery) continue;
    const key = `${order.delivery.deliveredAt}|${order.delivery.recipientName}`;
    handedOver.set(key, [...(handedOver.get(key) ?? []), order]);
  }
  for (const [key, group] of handedOver) {
    const proof = group[0]!.delivery!;
    const which =
      handedOver.size > 1 || group.length < orders.length
        ? `${group.map((order) => order.orderNumber).join(', ')}: `
        : '';
    lines.push(
      <p key={key} className="flex items-center gap-2 text-sm text-green-800">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {which}Delivered {formatInstant(proof.deliveredAt, TIME)}, received by {proof.recipientName}
      </p>,
    );
  }
  const deliveredWithoutProof = orders.filter(
    (order) => order.status === 'delivered' && !order.delivery,
  );
  if (deliveredWithoutProof.length > 0 && handedOver.size === 0) {
    lines.push(
      <p key="delivered" className="text-sm text-green-800">
        Delivered
      </p>,
    );
  }
  const notOut = orders.filter(
    (order) => order.status !== 'in_transit' && order.status !== 'delivered',
  );
  for (const order of notOut) {
    lines.push(
      <p key={`not-out-${order.orderId}`} className="text-sm text-stone-600">
        {orders.length > 1
          ? `Not out for delivery: ${order.orderNumber} is ${statusLabel(order.status)}.`
          : `Not out for delivery: this order is ${statusLabel(order.status)}.`}
      </p>,
    );
  }
  const canDeliver = !kept && !delivering && orders.some((order) => order.status === 'in_transit');
  if (canDeliver) {
    lines.push(
      <Button writes key="deliver" onClick={onDeliver} size="lg">
        <CheckCircle2 aria-hidden="true" /> Delivered
      </Button>,
    );
  }
  return lines.length === 0 ? null : <>{lines}</>;
}

/**
 * The delivery form's rules, loaded when a form opens: building the schemas (zod) cost the
 * view about 150 ms at load on a phone, and its first screen checks nothing. The service
 * worker keeps every chunk, so this loads without signal too.
 */
const loadConfirmFields = () =>
  import('#core/schemas/delivery-proof').then((schemas) => schemas.deliveryConfirmFields);

/** What the form checks: the recipient's name (the photo and signature are optional). */
interface DeliverValues {
  recipientName: string;
}

const NOT_LOADED = 'This form could not load: check the signal and try again';

/**
 * The recipient's rule of the server's schema, loaded on the first try; if it cannot load
 * (only before the service worker has kept the app's code, on a first visit without signal),
 * the form says so instead of confirming.
 */
const deliverResolver: Resolver<DeliverValues, unknown, DeliverValues> = async (
  values,
  context,
  options,
) => {
  const fields = await loadConfirmFields().catch(() => null);
  if (!fields) {
    return { values: {}, errors: { root: { form: { type: 'load', message: NOT_LOADED } } } };
  }
  return zodResolver(fields.pick({ recipientName: true }))(values, context, options);
};

/** One confirmation for the stop: every listed order handed over to one person, one proof. */
function DeliverForm({
  orders,
  restaurantName,
  runId,
  onDone,
}: {
  orders: DriveStop[];
  restaurantName: string;
  runId: number;
  onDone: () => void;
}) {
  const numbers = orders.map((order) => order.orderNumber).join(', ');
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<
    DeliverValues,
    unknown,
    DeliverValues
  >({
    resolver: deliverResolver,
    defaultValues: { recipientName: '' },
    // The name's message goes once it is typed again; a try checks it again.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [, setSigned] = useState(false);
  const signature = useRef<(() => Promise<Blob | null>) | null>(null);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // Loaded ahead while the driver fills the form; confirming says so if it cannot load.
  useEffect(() => {
    loadConfirmFields().catch(() => undefined);
  }, []);

  const confirm = handleSubmit(async ({ recipientName }) => {
    try {
      await keepDelivery({
        key: newDeliveryKey(),
        orderIds: orders.map((order) => order.orderId),
        runId,
        orderNumber: numbers,
        restaurantName,
        recipientName,
        deliveredAt: new Date().toISOString(),
        photo,
        signature: (await signature.current?.()) ?? null,
      });
      onDone();
    } catch (failure) {
      setError('root.form', {
        message: failure instanceof Error ? failure.message : 'This phone could not keep it',
      });
    }
  });

  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
      aria-label={`Confirm delivery of ${numbers}`}
      noValidate
      onSubmit={(event) => void confirm(event)}
    >
      <Field label="Received by" error={errors.recipientName?.message} required>
        {(ids) => (
          <Input
            {...ids}
            autoComplete="off"
            {...register('recipientName', { onChange: () => clearErrors('recipientName') })}
          />
        )}
      </Field>
      <Field label="Photo of the drop (optional)">
        {(ids) => (
          <Input
            {...ids}
            type="file"
            accept="image/*"
            capture="environment"
            className="py-2"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {preview ? (
        <img
          src={preview}
          alt="The photo of the drop"
          className="max-h-48 self-start rounded-md object-contain"
        />
      ) : null}
      <SignaturePad label="Signature (optional)" onChange={setSigned} padRef={signature} />
      {errors.root?.form?.message ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.root.form.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          <CheckCircle2 aria-hidden="true" /> {isSubmitting ? 'Saving…' : 'Confirm delivery'}
        </Button>
      </div>
    </form>
  );
}
