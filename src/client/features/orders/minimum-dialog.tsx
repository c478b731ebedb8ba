import type { FarmGroup } from '#core/cart';
import { formatUsd } from '#core/money';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';

/**
 * The minimum is soft: go back, or proceed anyway (docs/product.md#order-minimum). No fee is
 * added under the minimum, so the dialog does not say one may apply.
 */
export function MinimumDialog({
  open,
  groups,
  onGoBack,
  onProceed,
}: {
  open: boolean;
  groups: FarmGroup[];
  onGoBack: () => void;
  onProceed: () => void;
}) {
  const short = groups.filter((group) => group.shortOfMinimumCents > 0);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onGoBack())}>
      <DialogContent
        title={
          <span className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-warning" aria-hidden="true" />
            Order Minimum Not Met
          </span>
        }
        description="Some of your orders are below the farm's minimum order amount. You can still proceed: you pay the totals shown (the subtotal, the delivery fee and GET), with nothing added for ordering under the minimum."
      >
        <ul className="mb-5 flex flex-col gap-2">
          {short.map((group) => (
            <li
              key={group.farmId}
              className="rounded-lg border border-amber-200 bg-warning-soft px-3 py-2 text-sm"
            >
              <p className="font-semibold text-stone-900">{group.farmName}</p>
              <dl className="tabular mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-stone-700">
                <dt>Minimum</dt>
                <dd className="text-right">{formatUsd(group.orderMinimumCents)}</dd>
                <dt>Subtotal</dt>
                <dd className="text-right">{formatUsd(group.subtotalCents)}</dd>
              </dl>
              <p className="mt-1 font-medium text-amber-900">
                {formatUsd(group.shortOfMinimumCents)} below minimum
              </p>
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onGoBack}>
            Go Back &amp; Add More Items
          </Button>
          <Button onClick={onProceed}>Proceed Anyway</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
