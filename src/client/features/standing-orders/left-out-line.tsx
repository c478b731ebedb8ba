import { addToCart, groupCartByFarm, lineTotalCents, lineUnitCents } from '#core/cart';
import { centsOf, formatUsd, toMoneyString } from '#core/money';
import type { Order, OrderCreateInput } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import type { StandingOrder } from '#core/schemas/standing-order';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { refreshProducts, RESTAURANT_ORDERS_KEY } from '../../lib/queries';
import { STANDING_ORDERS_PATH, useFarmCatalog } from './api';

type Line = StandingOrder['lines'][number];

/**
 * The day a line was left out of for its price, as the run recorded it, while the product
 * still costs more than the price the restaurant saw: once ordered at today's price (or the
 * price falls back), there is nothing to offer (docs/standing-orders.md).
 */
export function leftOutDay(standing: StandingOrder, line: Line): string | null {
  if (!line.product.available) return null;
  if (centsOf(line.product.unitPrice) <= centsOf(line.seenUnitPrice)) return null;
  const ran = standing.upcoming.find((day) => day.leftOutProductIds.includes(line.productId));
  return ran?.deliveryDate ?? null;
}

/**
 * POST /api/orders's body for the line alone on that day, in its pack (absent: the unit), its
 * total (fee and GET included) counted as the cart counts it; none when the product has no
 * stock to order.
 */
export function leftOutOrderBody(
  product: Product,
  quantity: number,
  deliveryDate: string,
  packId?: number,
): OrderCreateInput | undefined {
  const [group] = groupCartByFarm(addToCart([], product, quantity, packId));
  const item = group?.items[0];
  if (!group || !item) return undefined;
  return {
    farmId: group.farmId,
    totalAmount: toMoneyString(group.totalCents),
    items: [
      {
        productId: item.id,
        ...(item.packId === null || item.packId === undefined ? {} : { packId: item.packId }),
        quantity: item.quantity,
        unitPrice: toMoneyString(lineUnitCents(item)),
        totalPrice: toMoneyString(lineTotalCents(item)),
      },
    ],
    deliveryDate,
  };
}

/**
 * "Order it at $X": a separate order for the day at today's price, then today's price becomes
 * the one seen, so the standing order places the line again from now on.
 */
function useOrderLeftOut(standing: StandingOrder, line: Line, deliveryDate: string) {
  const catalog = useFarmCatalog(standing.farm.id);
  const product = catalog.data?.items.find((item) => item.id === line.productId);
  const mutation = useMutation({
    mutationFn: async () => {
      const body = product
        ? leftOutOrderBody(product, line.quantity, deliveryDate, line.packId)
        : undefined;
      if (!body) throw new Error(`${line.product.name} is not on offer now`);
      const order = await api.post<Order>('/api/orders', body);
      await api.post<StandingOrder>(`${STANDING_ORDERS_PATH}/${standing.id}/seen-prices`, {
        productId: line.productId,
        ...(line.packId === undefined ? {} : { packId: line.packId }),
        // The restaurant's price of one pack for the line's quantity, as the order above was priced.
        unitPrice: body.items[0]!.unitPrice,
      });
      return order;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [STANDING_ORDERS_PATH] });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      refreshProducts(queryClient);
    },
  });
  return { mutation, ready: product !== undefined };
}

export function LeftOutLine({ standing, line }: { standing: StandingOrder; line: Line }) {
  const day = leftOutDay(standing, line);
  if (!day) return null;
  return <LeftOutNotice standing={standing} line={line} deliveryDate={day} />;
}

function LeftOutNotice({
  standing,
  line,
  deliveryDate,
}: {
  standing: StandingOrder;
  line: Line;
  deliveryDate: string;
}) {
  const { mutation, ready } = useOrderLeftOut(standing, line, deliveryDate);
  const dayText = formatCalendarDate(deliveryDate, 'weekdayShort') ?? deliveryDate;
  const price = formatUsd(centsOf(line.product.unitPrice));
  const error = mutation.error;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-amber-900">
      <span>
        Left out on {dayText}: price went from {formatUsd(centsOf(line.seenUnitPrice))} to {price}
      </span>
      <Button
        writes
        size="sm"
        variant="outline"
        disabled={!ready || mutation.isPending}
        onClick={() =>
          mutation.mutate(undefined, {
            onSuccess: (order) =>
              toast({
                title: `Order #${order.id} placed`,
                description: `${line.product.name} for ${dayText} at ${price}`,
              }),
          })
        }
      >
        {mutation.isPending ? 'Ordering…' : `Order it at ${price}`}
      </Button>
      {error ? (
        <span role="alert" className="w-full text-red-700">
          {error instanceof ApiError ? error.userMessage('Please try again') : error.message}
        </span>
      ) : null}
    </div>
  );
}
