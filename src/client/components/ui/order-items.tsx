import { centsOf, formatRatePercent } from '#core/money';
import { formatQuantity } from '#core/quantity';
import { isPricedOrder, type Order, type OrderItem } from '#core/schemas/order';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import { ProductPhoto } from './product-photo';

/**
 * An order's lines as both sides read them: name, 'quantity x unit @ price each', line total;
 * a line the farm adjusted also says what was ordered and what is delivered.
 */
export function OrderItemList({ items }: { items: OrderItem[] }) {
  return (
    <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
          <ProductPhoto imageUrl={item.product.imageUrl} className="size-10 shrink-0 rounded-md" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words">{item.product.name}</span>
            <span className="tabular block text-stone-600">
              {formatQuantity(item.quantity)} x {item.product.unit}
              {item.unitPrice !== null ? ` @ ${formatMoney(item.unitPrice)} each` : null}
            </span>
            {item.orderedQuantity !== undefined && item.orderedQuantity !== item.quantity ? (
              <span className="tabular block font-medium text-amber-800">
                Ordered {formatQuantity(item.orderedQuantity)} {item.product.unit} · Delivered{' '}
                {formatQuantity(item.quantity)} {item.product.unit}
              </span>
            ) : null}
          </span>
          {item.totalPrice !== null ? (
            <span className="tabular shrink-0 font-medium">{formatMoney(item.totalPrice)}</span>
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
export function OrderTaxRow({ order }: { order: Pick<Order, 'taxRate' | 'taxAmount'> }) {
  if (!order.taxAmount || centsOf(order.taxAmount) === 0) return null;
  return (
    <>
      <dt className="text-stone-600">GET {formatRatePercent(order.taxRate ?? '0')}</dt>
      <dd className="text-right">{formatMoney(order.taxAmount)}</dd>
    </>
  );
}

/**
 * An order's figures as both cards show them: subtotal, delivery fee, the GET when charged, and
 * the total under `totalLabel` (the restaurant's card names it only once the farm adjusted).
 */
export function OrderFigures({ order, totalLabel }: { order: Order; totalLabel: string | null }) {
  // A role that does not see money (a farm's packer) gets the order without its figures.
  if (!isPricedOrder(order)) return null;
  return (
    <dl className="tabular grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-stone-600">Subtotal</dt>
      <dd className="text-right">{formatMoney(order.subtotal)}</dd>
      <dt className="text-stone-600">Delivery fee</dt>
      <dd className="text-right">{formatMoney(order.deliveryFee)}</dd>
      <OrderTaxRow order={order} />
      {totalLabel ? (
        <>
          <dt className="font-semibold">{totalLabel}</dt>
          <dd className="text-right font-semibold">{formatMoney(order.totalAmount)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * An order's delivery as both cards show it: the day (or `unscheduled`), the zone, who received
 * it and the restaurant's notes.
 */
export function OrderDeliveryDetails({
  order,
  unscheduled,
}: {
  order: Order;
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
      {order.notes ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Notes:</dt>
          <dd className="break-words">{order.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
