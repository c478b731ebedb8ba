import { IN_PROGRESS_STATUSES, type OrderStatus } from '#core/order-status';
import type { AdminOrder, AdminStats } from '#core/schemas/admin';
import type { Order, OrderStatusInput } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import type { Schedule } from '#core/schemas/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** An order as the hub lists it, whichever endpoint it came from. */
export interface HubOrder {
  id: number;
  status: OrderStatus;
  createdAt: string;
  totalAmount: string;
  farmName: string;
  restaurantName: string;
}

const fromOrder = (order: Order): HubOrder => ({
  id: order.id,
  status: order.status,
  createdAt: order.createdAt,
  totalAmount: order.totalAmount,
  farmName: order.farm.name,
  restaurantName: order.restaurant.name,
});

const fromAdminOrder = (order: AdminOrder): HubOrder => ({
  id: order.id,
  status: order.status,
  createdAt: order.createdAt,
  totalAmount: order.totalAmount,
  farmName: order.farm.name,
  restaurantName: order.restaurant.name,
});

export const RESTAURANT_ORDERS_PATH = '/api/orders/restaurant';
export const FARM_ORDERS_PATH = '/api/orders/farm';
export const FARM_PRODUCTS_PATH = '/api/products/farm';
export const CATALOG_PATH = '/api/products';
export const SCHEDULES_PATH = '/api/delivery-schedules';
/** How many platform orders an administrator's overview lists. */
const OVERVIEW_ORDERS = 5;

export function useCatalog(enabled = true) {
  return useQuery<Product[]>({ queryKey: [CATALOG_PATH], enabled });
}

export function useFarmProducts(enabled = true) {
  return useQuery<Product[]>({ queryKey: [FARM_PRODUCTS_PATH], enabled });
}

export function useSchedules(enabled: boolean) {
  return useQuery<Schedule[]>({ queryKey: [SCHEDULES_PATH], enabled });
}

/** The user's own orders, or for an administrator the latest orders of the platform. */
export function useHubOrders(source: 'restaurant' | 'farm' | 'platform') {
  const path =
    source === 'restaurant'
      ? RESTAURANT_ORDERS_PATH
      : source === 'farm'
        ? FARM_ORDERS_PATH
        : `/api/admin/orders?limit=${OVERVIEW_ORDERS}`;
  return useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<Order[] | AdminOrder[]>(path, { signal }),
    select: (orders): HubOrder[] =>
      source === 'platform'
        ? (orders as AdminOrder[]).map(fromAdminOrder)
        : (orders as Order[]).map(fromOrder),
  });
}

/** Platform figures for an administrator's overview of the farmer and restaurant views. */
export function usePlatformStats(enabled: boolean) {
  return useQuery<AdminStats>({ queryKey: ['/api/admin/stats'], enabled });
}

export function platformInProgress(stats: AdminStats): number {
  return IN_PROGRESS_STATUSES.reduce((sum, status) => sum + stats.stats.ordersByStatus[status], 0);
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OrderStatusInput & { id: number }) =>
      api.patch<Order>(`/api/orders/${id}/status`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FARM_ORDERS_PATH] }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/products/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FARM_PRODUCTS_PATH] }),
  });
}
