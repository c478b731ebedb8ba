import { weightLabel } from '#core/catch-weight';
import type { Order, OrderItem } from '#core/schemas/order';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { usePermissions } from '../../lib/permissions';
import { useWeightDecision } from './api';

/**
 * The restaurant's answer to a weight past the farm's tolerance (docs/catch-weight.md): "The
 * farm weighed 58 lb, over the 50 lb estimated", then accept that weight or keep the estimate.
 * A member who may not change orders reads the question alone.
 */
export function WeightDecision({
  order,
  item,
}: {
  order: Pick<Order, 'id'>;
  item: Pick<OrderItem, 'id' | 'weight' | 'weightUnit' | 'estimatedWeight' | 'product'>;
}) {
  const { can } = usePermissions();
  const decide = useWeightDecision();
  if (item.weight === null || item.weight === undefined || !item.weightUnit) return null;
  const weighed = weightLabel(item.weight, item.weightUnit);
  const estimate = weightLabel(item.estimatedWeight ?? 0, item.weightUnit);
  const answer = (accept: boolean) => decide.mutate({ orderId: order.id, itemId: item.id, accept });
  return (
    <span
      className="mt-1 flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-2"
      role="group"
      aria-label={`Weight of ${item.product.name}`}
    >
      <span className="font-medium text-amber-900">
        The farm weighed {weighed}, over the {estimate} estimated
      </span>
      {can('orders.change') ? (
        <span className="flex flex-wrap gap-2">
          <Button writes size="sm" disabled={decide.isPending} onClick={() => answer(true)}>
            Accept {weighed}
          </Button>
          <Button
            writes
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            onClick={() => answer(false)}
          >
            Keep the estimate
          </Button>
        </span>
      ) : null}
      {decide.isError ? (
        <span className="text-sm text-destructive" role="alert">
          {decide.error instanceof ApiError
            ? decide.error.message
            : 'Could not send your answer. Please try again in a moment.'}
        </span>
      ) : null}
    </span>
  );
}
