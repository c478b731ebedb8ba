import {
  hasEstimatedLines,
  lineCountLabel,
  lineEstimateLabel,
  linePerWeightLabel,
  lineWeightUnit,
  lineTotalCents,
  lineUnitCents,
} from '#core/cart';
import { PriceBreaks } from '../../components/ui/offered-price';
import { formatRatePercent, formatUsd } from '#core/money';
import { minimumProgressText } from '#core/minimums';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ProductPhoto } from '../../components/ui/product-photo';
import { useCart } from '../../lib/cart';
import { deliveryDayLabel } from '../../lib/format';
import { useFarmDeliveryDays, useFarms } from './api';
import { groupWithCurrentTerms, withMinimums } from './checkout-model';

/**
 * The combined screen's Shopping Cart: the cart by farm with the fee and first delivery day the
 * checkout would offer (the original screen showed a fixed $0.00 and 'Tomorrow'; these are the
 * figures the order will carry), and the way to checkout.
 */
export function ShoppingCartPanel({ today }: { today: string }) {
  const cart = useCart();
  const farms = useFarms(cart.items.length > 0);
  const farmGroups = useMemo(
    () => groupWithCurrentTerms(cart.items, farms.data),
    [cart.items, farms.data],
  );
  const {
    days: deliveryDays,
    reasons: blocked,
    minimums,
  } = useFarmDeliveryDays(useMemo(() => farmGroups.map((g) => g.farmId), [farmGroups]));
  // Each farm's minimum for the restaurant: a small-order fee joins its totals (docs/minimums.md).
  const groups = withMinimums(farmGroups, minimums);
  const feesCents = groups.reduce((sum, group) => sum + group.deliveryFeeCents, 0);
  const smallOrderFeesCents = groups.reduce((sum, group) => sum + group.smallOrderFeeCents, 0);
  const taxCents = groups.reduce((sum, group) => sum + group.taxCents, 0);
  const totalCents = groups.reduce((sum, group) => sum + group.totalCents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shopping Cart</CardTitle>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className="py-4 text-center text-sm text-stone-600">Your cart is empty</p>
        ) : (
          <div className="flex flex-col gap-4">
            {groups.map((group) => (
              <section
                key={group.farmId}
                aria-label={group.farmName}
                className="flex flex-col gap-1"
              >
                <h3 className="text-sm font-semibold">{group.farmName}</h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {group.items.map((item) => (
                    <li
                      key={`${item.id}:${item.packId}`}
                      className="flex items-center justify-between gap-2"
                    >
                      <ProductPhoto
                        imageUrl={item.imageUrl}
                        className="size-10 shrink-0 rounded-md"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">
                          {item.name}{' '}
                          <span className="text-stone-500">
                            {linePerWeightLabel(item) ??
                              `${lineCountLabel(item)} x ${formatUsd(lineUnitCents(item))}`}
                          </span>
                        </span>
                        {lineEstimateLabel(item) ? (
                          <span className="tabular block text-stone-500">
                            {lineEstimateLabel(item)}
                          </span>
                        ) : null}
                        <PriceBreaks
                          breaks={lineWeightUnit(item) ? undefined : item.breaks}
                          unit={item.packLabel}
                          quantity={item.quantity}
                        />
                      </span>
                      <span className="tabular shrink-0">{formatUsd(lineTotalCents(item))}</span>
                    </li>
                  ))}
                </ul>
                <p className="flex justify-between text-xs text-stone-600">
                  <span>
                    Delivery:{' '}
                    {blocked.get(group.farmId) ??
                      deliveryDayLabel(deliveryDays.get(group.farmId)?.[0], today)}
                  </span>
                  <span className="tabular">
                    Fee {formatUsd(group.deliveryFeeCents)}
                    {group.smallOrderFeeCents > 0
                      ? ` · Small-order fee ${formatUsd(group.smallOrderFeeCents)}`
                      : ''}
                    {group.taxRate > 0
                      ? ` · GET ${formatRatePercent(group.taxRate)} ${formatUsd(group.taxCents)}`
                      : ''}
                  </span>
                </p>
                {group.minimum && group.shortOfMinimumCents > 0 ? (
                  <p className="text-xs text-amber-900">
                    {minimumProgressText(group.farmName, group.shortOfMinimumCents)}
                  </p>
                ) : null}
              </section>
            ))}
            <dl className="tabular grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3 text-sm">
              <dt>Items{hasEstimatedLines(cart.items) ? ' (estimated)' : ''}</dt>
              <dd className="text-right">{formatUsd(cart.totalCents)}</dd>
              <dt>Delivery fees</dt>
              <dd className="text-right">{formatUsd(feesCents)}</dd>
              {smallOrderFeesCents > 0 ? (
                <>
                  <dt>Small-order fees</dt>
                  <dd className="text-right">{formatUsd(smallOrderFeesCents)}</dd>
                </>
              ) : null}
              {groups.some((group) => group.taxRate > 0) ? (
                <>
                  <dt>General Excise Tax</dt>
                  <dd className="text-right">{formatUsd(taxCents)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">
                {hasEstimatedLines(cart.items) ? 'Estimated total' : 'Total'}
              </dt>
              <dd className="text-right font-semibold">{formatUsd(totalCents)}</dd>
            </dl>
            <Button asChild>
              <Link to="/restaurant/orders">Proceed to Checkout</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
