import type { OrderItemsChangeBody } from '#core/schemas/delivery';
import type { Minimum } from '#core/schemas/minimum';
import type { ORDER_CONFLICT_CODES } from '#core/schemas/order';
import type { CheckoutInput, CheckoutResult, Order } from '#core/schemas/order';
import type { Adjustment } from '#core/schemas/adjustment';
import type { Reorder } from '#core/schemas/reorder';
import type { Page } from '#core/paging';
import { useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList, type ListParams } from '../../lib/paged-list';
import {
  NEXT_DELIVERY_KEY,
  refreshProducts,
  RESTAURANT_REPORT_KEY,
  useNextDeliveries,
} from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { RESTAURANT_ORDERS_KEY } from '../../lib/queries';

/** Farms' current fees and minimums (only asked for while there is something in the cart). */
export { FARMS_KEY, useFarms } from '../../lib/queries';
export { RESTAURANT_ORDERS_KEY };

/** What the farm changed on an order and why (read when the order says it was adjusted). */
export function useOrderAdjustments(orderId: number, adjustedAt: string | null | undefined) {
  const path = `/api/orders/${orderId}/adjustments`;
  return useQuery({
    // The time is in the key: a new adjustment reads the list again.
    queryKey: [path, adjustedAt],
    queryFn: ({ signal }) => api.get<Adjustment[]>(path, { signal }),
    enabled: Boolean(adjustedAt),
  });
}

/** The restaurant's orders, newest first, a page at a time with the server's filters. */
export function useRestaurantOrders(params: ListParams) {
  return usePagedList<Order>(RESTAURANT_ORDERS_KEY[0], params);
}

/**
 * Each farm's delivery days still open for orders for the restaurant's zone (before the farm's
 * cutoff), soonest first; and, for a farm whose items cannot be checked out, the reason
 * ("No delivery to Honolulu scheduled"). A failed read counts as no days and no reason: the
 * server refuses what it must.
 */
export function useFarmDeliveryDays(farmIds: number[]): {
  days: Map<number, string[]>;
  reasons: Map<number, string>;
  /** The farms whose reason is a hold on the restaurant's account, not their delivery days. */
  held: Set<number>;
  /** The restaurant's own GET rate with each farm and why (docs/tax.md), when the server says. */
  taxes: Map<number, BuyerTaxView>;
  /** The minimum each farm holds the restaurant to (docs/minimums.md), when it has one. */
  minimums: Map<number, Minimum>;
} {
  const { byFarm } = useNextDeliveries(farmIds);
  const days = new Map<number, string[]>();
  const reasons = new Map<number, string>();
  const held = new Set<number>();
  const taxes = new Map<number, BuyerTaxView>();
  const minimums = new Map<number, Minimum>();
  for (const farmId of farmIds) {
    const outlook = byFarm.get(farmId);
    days.set(farmId, outlook?.openDays.map((day) => day.deliveryDate) ?? []);
    if (outlook?.reason) reasons.set(farmId, outlook.reason);
    // A farm's hold on the account stops its items too, in the farm's words (docs/customers.md).
    if (outlook?.hold) {
      reasons.set(farmId, outlook.hold.reason);
      held.add(farmId);
    }
    if (outlook?.taxRate) {
      taxes.set(farmId, { taxRate: outlook.taxRate, taxReason: outlook.taxReason ?? null });
    }
    if (outlook?.minimum) minimums.set(farmId, outlook.minimum);
  }
  return { days, reasons, held, taxes, minimums };
}

/** A farm's GET rate for the restaurant, and why ("wholesale: certificate 14 on file"). */
export interface BuyerTaxView {
  taxRate: string;
  taxReason: string | null;
}

/**
 * The restaurant cancels its own pending order; the server allows it until the delivery day's
 * cutoff (after it, or once confirmed, it answers 409 and only the farm can).
 */
export function useCancelOwnOrder() {
  return useMutation({
    mutationFn: (orderId: number) =>
      api.patch<Order>(`/api/orders/${orderId}/status`, { status: 'cancelled' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
      refreshProducts(queryClient);
    },
  });
}

/**
 * One line of a restaurant's change. Raising a line whose product's price moved since it was
 * placed is refused (409 `price_changed`) unless the item carries today's `unitPrice`, which
 * reprices the whole line at it.
 */
export type OwnOrderItemChange = OrderItemsChangeBody['items'][number] & { unitPrice?: string };

/** The 409 of a raise at a moved price: today's price and the one the line was placed at. */
export interface PriceChangedBody {
  message: string;
  code: typeof ORDER_CONFLICT_CODES.priceChanged;
  productId: number;
  /** The line's pack, when the server names it (docs/packs.md). */
  packId?: number | null;
  unitPrice: string;
  placedUnitPrice: string;
}

/**
 * The restaurant changes its own pending order's quantities (0 removes a line); the server
 * allows it until the delivery day's cutoff and answers with the order and its new totals.
 */
export function useChangeOwnOrderItems() {
  return useMutation({
    mutationFn: ({ orderId, items }: { orderId: number; items: OwnOrderItemChange[] }) =>
      api.patch<Order>(`/api/orders/${orderId}/items`, { items }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
      refreshProducts(queryClient);
    },
  });
}

export function useCheckout() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutInput; idempotencyKey: string }) =>
      api.post<CheckoutResult>('/api/checkout', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
      void queryClient.invalidateQueries({ queryKey: NEXT_DELIVERY_KEY });
      // Stock has moved: the catalogue shows new quantities.
      refreshProducts(queryClient);
    },
  });
}

/** "Order again": a past order's lines at today's prices and stock (docs/tax.md#order-again). */
export function useReorderPlan() {
  return useMutation({
    mutationFn: (orderId: number) => api.get<Reorder>(`/api/orders/${orderId}/reorder`),
  });
}

type RestaurantOrderPages = InfiniteData<Page<Order>> | undefined;

/**
 * The restaurant's answer to a weight past the farm's tolerance (docs/catch-weight.md): accept
 * it, or keep the estimate. The answered Order replaces the card's at once; the lists and
 * figures are read again.
 */
export function useWeightDecision() {
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      accept,
    }: {
      orderId: number;
      itemId: number;
      accept: boolean;
    }) => api.post<Order>(`/api/orders/${orderId}/items/${itemId}/weight/decision`, { accept }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<RestaurantOrderPages>(
        { queryKey: RESTAURANT_ORDERS_KEY },
        (data) =>
          data && typeof data === 'object' && 'pages' in data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((order) => (order.id === updated.id ? updated : order)),
                })),
              }
            : data,
      );
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
    },
  });
}
