import { changeAllowedFrom } from '#core/order-changes';
import type { OrderAsSeen, OrderItemAsSeen } from '#core/schemas/order';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import {
  deadlineLabel,
  proposalLabel,
  SubstituteFor,
} from '../../components/ui/substitution-preference';
import { usePermissions } from '../../lib/permissions';

// The dialog (its product search, pack and quantity) loads when first opened, so the orders
// list does not carry it (docs/performance.md).
const CantFillDialog = lazyDialog(async () => (await import('./cant-fill-dialog')).CantFillDialog);

const SUBSTITUTABLE = changeAllowedFrom('substitution');

/** Whether the farm may short or substitute the order's lines now (confirmed to packed). */
export function isSubstitutable(order: Pick<OrderAsSeen, 'status'>): boolean {
  return (SUBSTITUTABLE as readonly string[]).includes(order.status);
}

/**
 * Under a line of the farm's order: the substitute waiting for the chef, or "Can't fill" for a
 * member who may adjust orders, opening the choice of shorting the line or proposing another
 * of the farm's products.
 */
export function FarmLineSubstitution({
  order,
  item,
}: {
  order: OrderAsSeen;
  item: OrderItemAsSeen;
}) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  // Each opening starts afresh from the line as it is then.
  const [openings, setOpenings] = useState(0);
  const proposal = item.pendingSubstitution;
  if (proposal) {
    const until = deadlineLabel(proposal.deadline);
    return (
      <span className="mt-1 block rounded-md bg-sky-50 px-2 py-1 text-xs text-sky-900">
        Proposed: {proposalLabel(proposal)}
        <span className="block font-medium">
          Waiting for the chef{until ? ` until ${until}` : ''}
        </span>
      </span>
    );
  }
  const replaced = item.substituteFor ? <SubstituteFor item={item} /> : null;
  if (!isSubstitutable(order) || !can('orders.adjust') || item.quantity <= 0) return replaced;
  return (
    <>
      {replaced}
      <Button
        writes
        size="sm"
        variant="outline"
        className="mt-1"
        aria-label={`Can't fill ${item.product.name}`}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        Can&apos;t fill
      </Button>
      <CantFillDialog
        key={openings}
        order={order}
        item={item}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
