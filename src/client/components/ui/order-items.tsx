import { weightLabel } from '#core/catch-weight';
import { centsOf, formatRatePercent } from '#core/money';
import { isUnitPack, packCountLabel } from '#core/packs';
import { formatQuantity } from '#core/quantity';
import type { DeliveryProof, OrderAsSeen, OrderItemAsSeen } from '#core/schemas/order';
import {
  formatCalendarDate,
  formatInstant,
  formatMoney,
  ORDER_DATE_FORMAT,
} from '../../lib/format';
import type { ReactNode } from 'react';
import { ProductPhoto } from './product-photo';

/**
 * A line's quantity as both sides read it: '2 x lb' of the unit, '2 cases of 24 bunches' of
 * another pack (docs/packs.md).
 */
function lineCount(item: OrderItemAsSeen, quantity: number): string {
  if (item.pack && !isUnitPack(item.pack)) return packCountLabel(quantity, item.pack.label);
  return `${formatQuantity(quantity)} x ${item.product.unit}`;
}

/** The same, where the count stands alone: '3 lb', '2 cases of 24 bunches'. */
function lineAmount(item: OrderItemAsSeen, quantity: number): string {
  if (item.pack && !isUnitPack(item.pack)) return packCountLabel(quantity, item.pack.label);
  return `${formatQuantity(quantity)} ${item.product.unit}`;
}

/** How each entry of a line's weight history reads. */
const HISTORY_WORDS = { weighed: 'Weighed', accepted: 'Accepted', declined: 'Declined' } as const;

/** "@ $3.50/lb": the price of a line by weight, when the reader is shown money. */
const perWeight = (item: OrderItemAsSeen, unit: string) =>
  item.unitPrice === null ? '' : ` @ ${formatMoney(item.unitPrice)}/${unit}`;

/**
 * A line priced by weight (docs/catch-weight.md): its estimate, then the weight once entered
 * ("49.9 lb (est. 50 lb) @ $3.50/lb = $174.65") with who weighed it and when. A weight past the
 * farm's tolerance waits for the restaurant: `decision` renders its answer there (the
 * restaurant's card); without it the line says it waits.
 */
function WeighedLine({
  item,
  unit,
  decision,
}: {
  item: OrderItemAsSeen;
  unit: string;
  decision: ((item: OrderItemAsSeen) => ReactNode) | undefined;
}) {
  const estimate = item.estimatedWeight ?? 0;
  const weight = item.weight ?? null;
  const weighed = weight === null ? null : weightLabel(weight, unit);
  return (
    <>
      <span className="tabular block text-stone-600">
        {/* Its pack by name, the unit pack too, as browse and the cart offer it ("2 cases"). */}
        {item.pack
          ? packCountLabel(item.quantity, item.pack.label)
          : lineCount(item, item.quantity)}{' '}
        {weightLabel(estimate, unit, true)}
        {weight === null ? perWeight(item, unit) : null}
      </span>
      {weighed ? (
        <span className="tabular block text-stone-700">
          {weighed} (est. {weightLabel(estimate, unit)}){perWeight(item, unit)}
          {item.totalPrice === null || item.weightDecision === 'pending'
            ? null
            : ` = ${formatMoney(item.totalPrice)}`}
          {item.weightDecision === 'declined' ? ' · billed at the estimate' : null}
        </span>
      ) : null}
      {weighed && item.weighedBy !== undefined ? (
        <span className="block text-xs text-stone-600">
          Weighed{item.weighedBy ? ` by ${item.weighedBy}` : ''}
          {item.weighedAt ? ` · ${formatInstant(item.weighedAt, ORDER_DATE_FORMAT)}` : ''}
        </span>
      ) : null}
      {(item.weightHistory?.length ?? 0) > 1 ? (
        <details className="text-xs text-stone-600">
          <summary className="cursor-pointer">
            Weight history ({item.weightHistory!.length})
          </summary>
          <ol className="mt-1 flex flex-col gap-0.5">
            {item.weightHistory!.map((entry) => (
              <li key={`${entry.kind}-${entry.at}`} className="tabular">
                {HISTORY_WORDS[entry.kind]} {weightLabel(entry.weight, unit)}
                {entry.by ? ` by ${entry.by}` : ''} · {formatInstant(entry.at, ORDER_DATE_FORMAT)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {weighed && item.weightDecision === 'pending' ? (
        decision ? (
          decision(item)
        ) : (
          <span className="block text-sm font-medium text-amber-800">
            Waiting for the restaurant: {weighed} is over the {weightLabel(estimate, unit)}{' '}
            estimated
          </span>
        )
      ) : null}
    </>
  );
}

/**
 * An order's lines as both sides read them: name, 'quantity x unit @ price each' (or
 * '2 cases of 24 bunches @ price each'), line total; a line the farm adjusted also says what
 * was ordered and what is delivered; a line priced by weight its estimate and weight. A member
 * who is not shown money (prices null) reads the quantity alone. `decision` is the restaurant's
 * answer to a weight over the estimate.
 */
export function OrderItemList({
  items,
  decision,
  lineExtra,
}: {
  items: OrderItemAsSeen[];
  decision?: (item: OrderItemAsSeen) => ReactNode;
  /** What a side adds under a line: its substitution (docs/substitutions.md). */
  lineExtra?: (item: OrderItemAsSeen) => ReactNode;
}) {
  return (
    <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
        >
          <ProductPhoto imageUrl={item.product.imageUrl} className="size-10 shrink-0 rounded-md" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words">{item.product.name}</span>
            {item.weightUnit ? (
              <WeighedLine item={item} unit={item.weightUnit} decision={decision} />
            ) : (
              <span className="tabular block text-stone-600">
                {lineCount(item, item.quantity)}
                {item.unitPrice === null ? null : ` @ ${formatMoney(item.unitPrice)} each`}
              </span>
            )}
            {item.orderedQuantity !== undefined && item.orderedQuantity !== item.quantity ? (
              <span className="tabular block font-medium text-amber-800">
                Ordered {lineAmount(item, item.orderedQuantity)} · Delivered{' '}
                {lineAmount(item, item.quantity)}
              </span>
            ) : null}
          </span>
          {item.totalPrice === null ? null : (
            <span className="tabular shrink-0 font-medium">{formatMoney(item.totalPrice)}</span>
          )}
          {/* A row of its own under the name, so a choice there reads whole on a phone. */}
          {lineExtra ? (
            <span className="basis-full pl-13 empty:hidden">{lineExtra(item)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The zone the order was placed for (kept on the order), as a row of the card's details. */
export function OrderZoneRow({ area }: { area: string | null | undefined }) {
  if (!area) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-stone-600">Delivery zone:</dt>
      <dd className="font-medium">{area}</dd>
    </div>
  );
}

/**
 * The General Excise Tax row of an order's figures (a `dt`/`dd` pair for a grid `dl`), shown
 * only when the farm passed GET on: the rate the order was placed at and its amount.
 */
export function OrderTaxRow({
  order,
}: {
  order: Pick<OrderAsSeen, 'taxRate' | 'taxAmount' | 'taxReason'>;
}) {
  if (!order.taxAmount || centsOf(order.taxAmount) === 0) return null;
  return (
    <>
      <dt className="text-stone-600">
        GET {formatRatePercent(order.taxRate ?? '0')}
        {/* Why this rate, under the farm's rule by buyer (docs/tax.md). */}
        {order.taxReason ? <span className="block text-xs">{order.taxReason}</span> : null}
      </dt>
      <dd className="text-right">{formatMoney(order.taxAmount)}</dd>
    </>
  );
}

/**
 * An order's figures as both cards show them: subtotal, delivery fee, the GET when charged, and
 * the total under `totalLabel` (the restaurant's card names it only once the farm adjusted).
 * Nothing for a member who is not shown money.
 */
export function OrderFigures({
  order,
  totalLabel,
}: {
  order: OrderAsSeen;
  totalLabel: string | null;
}) {
  const { subtotal, deliveryFee, totalAmount } = order;
  if (subtotal === null || deliveryFee === null || totalAmount === null) return null;
  // Until every line by weight is weighed, the figures are estimates (docs/catch-weight.md).
  const estimated = order.weightsPending === true;
  const shownTotalLabel = totalLabel && estimated ? 'Estimated total' : totalLabel;
  return (
    <dl className="tabular grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-stone-600">Subtotal{estimated ? ' (estimated)' : ''}</dt>
      <dd className="text-right">{formatMoney(subtotal)}</dd>
      <dt className="text-stone-600">Delivery fee</dt>
      <dd className="text-right">{formatMoney(deliveryFee)}</dd>
      <OrderTaxRow order={order} />
      {shownTotalLabel ? (
        <>
          <dt className="font-semibold">{shownTotalLabel}</dt>
          <dd className="text-right font-semibold">{formatMoney(totalAmount)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A phone that sent its delivery this much later than it was confirmed says when it did. */
const LATE_SYNC_MS = 5 * 60 * 1000;

/**
 * Proof of delivery from the driver's phone (docs/delivery.md#proof-of-delivery): when it was
 * handed over and by whom, when the server heard of it if much later, and the photo and
 * signature, each opening whole in a new tab.
 */
function DeliveryProofRows({ delivery }: { delivery: DeliveryProof }) {
  const late =
    Date.parse(delivery.receivedAt) - Date.parse(delivery.deliveredAt) > LATE_SYNC_MS
      ? ` (sent ${formatInstant(delivery.receivedAt, ORDER_DATE_FORMAT)})`
      : '';
  const pictures = [
    { url: delivery.photoUrl, alt: 'Photo of the delivery' },
    { url: delivery.signatureUrl, alt: `Signature of ${delivery.recipientName}` },
  ].filter((picture): picture is { url: string; alt: string } => picture.url !== null);
  return (
    <>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-stone-600">Handed over:</dt>
        <dd>
          {formatInstant(delivery.deliveredAt, ORDER_DATE_FORMAT)}
          {delivery.deliveredByName ? ` by ${delivery.deliveredByName}` : ''}
          {late}
        </dd>
      </div>
      {pictures.length > 0 ? (
        <div className="flex flex-wrap items-start gap-x-2">
          <dt className="text-stone-600">Proof:</dt>
          <dd className="flex gap-2">
            {pictures.map((picture) => (
              <a
                key={picture.url}
                href={picture.url}
                target="_blank"
                rel="noreferrer"
                className="rounded-md focus-visible:outline-2 focus-visible:outline-primary"
              >
                <img
                  src={picture.url}
                  alt={picture.alt}
                  loading="lazy"
                  className="h-16 w-24 rounded-md border border-stone-200 bg-white object-contain"
                />
              </a>
            ))}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * An order's delivery as both cards show it: the day (or `unscheduled`), the zone, who received
 * it, the proof of delivery and the restaurant's notes.
 */
export function OrderDeliveryDetails({
  order,
  unscheduled,
}: {
  order: OrderAsSeen;
  unscheduled: string;
}) {
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-stone-600">
          {order.status === 'delivered' ? 'Delivered' : 'Scheduled delivery'}:
        </dt>
        <dd className="font-medium">
          {formatCalendarDate(order.deliveryDate, 'weekday') ?? unscheduled}
        </dd>
      </div>
      <OrderZoneRow area={order.deliveryArea} />
      {order.recipientName ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Received by:</dt>
          <dd className="font-medium">{order.recipientName}</dd>
        </div>
      ) : null}
      {order.delivery ? <DeliveryProofRows delivery={order.delivery} /> : null}
      {order.notes ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Notes:</dt>
          <dd className="break-words">{order.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
