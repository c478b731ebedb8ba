import type { OrderStatus } from '#core/order-status';
import type { OrderAsSeen } from '#core/schemas/order';
import { useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { useUpdateOrderStatus } from './api';
import type { ConfirmDeliveryDialog as ConfirmDeliveryForm } from './confirm-delivery-dialog';

// Confirm Delivery's form (react-hook-form, the status schema) loads when it first opens, so the
// orders list and the combined screen do not carry a form library until a delivery is confirmed.
const ConfirmDeliveryDialog = lazyDialog(async () => {
  const { ConfirmDeliveryDialog: Form } = await import('./confirm-delivery-dialog');
  return function ConfirmDelivery(
    props: ComponentProps<typeof ConfirmDeliveryForm> & { open: boolean },
  ) {
    return <Form {...props} />;
  };
});

export type OrderDocument = 'invoice' | 'packing-slip';

/** Asks before an order is cancelled: it cannot be undone and its stock goes back. */
export function CancelOrderDialog({
  order,
  pending,
  onKeep,
  onCancel,
}: {
  order: OrderAsSeen | null;
  pending: boolean;
  onKeep: () => void;
  onCancel: (order: OrderAsSeen) => void;
}) {
  return (
    <ConfirmDialog
      open={order !== null}
      title={`Cancel order #${order?.id ?? ''}?`}
      description={`${order?.restaurant.name ?? 'The restaurant'}'s order will be cancelled and its items returned to your stock. This cannot be undone.`}
      keepLabel="Keep Order"
      confirmLabel="Cancel Order"
      pendingLabel="Cancelling..."
      destructive
      pending={pending}
      onConfirm={() => order && onCancel(order)}
      onCancel={onKeep}
    />
  );
}

/**
 * What the farm does to its orders, wherever they are listed: moves (a delivery asks for the
 * recipient, a cancellation asks first), and the PDFs. Render `dialogs` once beside the list.
 */
export function useFarmOrderActions({
  onMoved,
}: { onMoved?: (order: OrderAsSeen, status: OrderStatus) => void } = {}) {
  const updateStatus = useUpdateOrderStatus();
  const [busy, setBusy] = useState<{ orderId: number; action: string } | null>(null);
  const [delivering, setDelivering] = useState<OrderAsSeen | null>(null);
  const [cancelling, setCancelling] = useState<OrderAsSeen | null>(null);

  const move = (order: OrderAsSeen, status: OrderStatus, recipientName?: string) => {
    setBusy({ orderId: order.id, action: status });
    updateStatus.mutate(
      { id: order.id, body: { status, ...(recipientName ? { recipientName } : {}) } },
      {
        onSuccess: () => {
          setDelivering(null);
          setCancelling(null);
          // The one toast of a delivery: it also takes the place of a failure toast before it.
          if (status === 'delivered' && recipientName) {
            toast({
              title: 'Delivery confirmed',
              description: `Order #${order.id} was received by ${recipientName}.`,
            });
          }
          onMoved?.(order, status);
        },
        onError: (error) =>
          toast({
            title: isWeightApprovalNeeded(error)
              ? 'A weight waits for the restaurant'
              : 'Failed to update order status',
            description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
            variant: 'destructive',
          }),
        onSettled: () => setBusy(null),
      },
    );
  };

  const requestMove = (order: OrderAsSeen, status: OrderStatus) => {
    if (status === 'delivered') setDelivering(order);
    else if (status === 'cancelled') setCancelling(order);
    else move(order, status);
  };

  const download = async (order: OrderAsSeen, document: OrderDocument) => {
    setBusy({ orderId: order.id, action: document });
    try {
      await downloadFile(`/api/orders/${order.id}/${document}`, `${document}-${order.id}.pdf`);
    } catch {
      toast({
        title:
          document === 'invoice' ? 'Failed to download invoice' : 'Failed to download packing slip',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const dialogs = (
    <>
      <ConfirmDeliveryDialog
        key={delivering?.id ?? 'closed'}
        open={delivering !== null}
        orderId={delivering?.id ?? null}
        restaurantName={delivering?.restaurant.name ?? ''}
        pending={updateStatus.isPending}
        onClose={() => setDelivering(null)}
        onConfirm={(recipientName) => delivering && move(delivering, 'delivered', recipientName)}
      />
      <CancelOrderDialog
        order={cancelling}
        pending={updateStatus.isPending}
        onKeep={() => setCancelling(null)}
        onCancel={(order) => move(order, 'cancelled')}
      />
    </>
  );

  return {
    /** Which action of this order is running, if any. */
    busyWith: (order: OrderAsSeen) => (busy?.orderId === order.id ? busy.action : null),
    requestMove,
    download: (order: OrderAsSeen, document: OrderDocument) => void download(order, document),
    dialogs,
  };
}

/**
 * The server refuses to ship an order while a weight past the tolerance waits for the
 * restaurant (409 weight_approval_needed): its message names the lines.
 */
function isWeightApprovalNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === 'weight_approval_needed';
}
