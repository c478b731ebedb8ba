import { farmMovesFrom } from './order-changes';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'packed',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The farmer's moves (docs/product.md#order-status), read from the one table of order changes
 * in core/order-changes. Nothing leaves delivered or cancelled.
 */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return farmMovesFrom(status);
}

export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'packed',
  'in_transit',
];
export const DOCUMENT_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'packed',
  'in_transit',
  'delivered',
];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** "in_transit" -> "in transit". */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** The farmer's button for each move. */
export const STATUS_ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm Order',
  cancelled: 'Cancel Order',
  packed: 'Mark as Packed',
  in_transit: 'Mark In Transit',
  delivered: 'Mark as Delivered',
};
