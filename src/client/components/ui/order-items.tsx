import { centsOf, formatRatePercent } from '#core/money';
import { formatQuantity } from '#core/quantity';
import type { DeliveryProof, OrderAsSeen, OrderItemAsSeen } from '#core/schemas/order';
import {
  formatCalendarDate,
  formatInstant,
  formatMoney,
  ORDER_DATE_FORMAT,
} from '../../lib/format';
import { ProductPhoto } from './product-photo';

/**
 * An order's lines as both sides read them: name, 'quantity x unit @ price each', line total;
 * a line the farm adjusted also says what was ordered and what is delivered. A member who is
 * not shown money (prices null) reads 'quantity x unit' alone.
 */
export function OrderItemList({ items }: { items: OrderItemAsSeen[] }) {
  return (
    <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
          <ProductPhoto imageUrl={item.product.imageUrl} className="size-10 shrink-0 rounded-md" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words">{item.product.name}</span>
            <span className="tabular block text-stone-600">
              {formatQuantity(item.quantity)} x {item.product.unit}
              {item.unitPrice === null ? null : ` @ ${formatMoney(item.unitPrice)} each`}
            </span>
            {item.orderedQuantity !== undefined && item.orderedQuantity !== item.quantity ? (
              <span className="tabular block font-medium text-amber-800">
                Ordered {formatQuantity(item.orderedQuantity)} {item.product.unit} · Delivered{' '}
                {formatQuantity(item.quantity)} {item.product.unit}
              </span>
            ) : null}
          </span>
          {item.totalPrice === null ? null : (
            <span className="tabular shrink-0 font-medium">{formatMoney(item.totalPrice)}</span>
          )}
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
  return (
    <dl className="tabular grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-stone-600">Subtotal</dt>
      <dd className="text-right">{formatMoney(subtotal)}</dd>
      <dt className="text-stone-600">Delivery fee</dt>
      <dd className="text-right">{formatMoney(deliveryFee)}</dd>
      <OrderTaxRow order={order} />
      {totalLabel ? (
        <>
          <dt className="font-semibold">{totalLabel}</dt>
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
