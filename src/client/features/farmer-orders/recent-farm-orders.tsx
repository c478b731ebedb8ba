import type { OrderAsSeen } from '#core/schemas/order';
import { Check, FileText, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { RecentOrdersCard } from '../../components/ui/recent-orders-card';
import { toast } from '../../components/ui/toast';
import { usePermissions } from '../../lib/permissions';
import { useLatestFarmOrders } from './api';
import { useFarmOrderActions } from './order-actions';

/** docs/product.md#list-sizes: the combined screen lists the farm's five latest orders. */
const RECENT_SHOWN = 5;

/**
 * The combined screen's Recent Orders of the farm: Accept and Decline on pending orders (Decline
 * asks first, as the Orders page does) and Pack List on confirmed ones.
 */
export function RecentFarmOrders() {
  const { can } = usePermissions();
  const orders = useLatestFarmOrders(RECENT_SHOWN);
  const actions = useFarmOrderActions({
    onMoved: (order, status) =>
      toast({
        title: status === 'confirmed' ? 'Order accepted' : 'Order declined',
        description: `Order #${order.id}`,
      }),
  });

  const buttons = (order: OrderAsSeen) => {
    const busy = actions.busyWith(order) !== null;
    if (order.status === 'pending') {
      const accept = can('orders.status');
      const decline = can('orders.cancel');
      if (!accept && !decline) return null;
      return (
        <>
          {accept ? (
            <Button
              writes
              size="sm"
              disabled={busy}
              onClick={() => actions.requestMove(order, 'confirmed')}
            >
              <Check aria-hidden="true" /> Accept
            </Button>
          ) : null}
          {decline ? (
            <Button
              writes
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => actions.requestMove(order, 'cancelled')}
            >
              <X aria-hidden="true" /> Decline
            </Button>
          ) : null}
        </>
      );
    }
    if (order.status === 'confirmed' && can('documents.packing')) {
      return (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => actions.download(order, 'packing-slip')}
        >
          <FileText aria-hidden="true" /> {busy ? 'Preparing…' : 'Pack List'}
        </Button>
      );
    }
    return null;
  };

  return (
    <>
      <RecentOrdersCard
        query={orders}
        shown={RECENT_SHOWN}
        pill
        counterpart={(order) => order.restaurant.name}
        empty="No orders yet. Your products will appear here when restaurants place orders."
        viewAll={{ to: '/farmer/orders', label: 'View All Orders' }}
        actions={buttons}
      />
      {actions.dialogs}
    </>
  );
}
