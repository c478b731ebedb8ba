import { changeAllowedFrom } from '#core/order-changes';
import type { OrderAsSeen } from '#core/schemas/order';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The adjustment's form (react-hook-form, zod and the schemas) loads when it first opens, so
// the orders list carries no form library until an order is adjusted.
const AdjustOrderDialog = lazyDialog(
  async () => (await import('./adjust-order-dialog')).AdjustOrderDialog,
);

const ADJUSTABLE = changeAllowedFrom('adjustment');

export function isAdjustable(order: OrderAsSeen): boolean {
  return (ADJUSTABLE as readonly string[]).includes(order.status);
}

/** "Adjust" on the farmer's order card (the list and the day view), and its dialog. */
export function AdjustOrder({ order }: { order: OrderAsSeen }) {
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form from the order as it is then.
  const [openings, setOpenings] = useState(0);
  if (!isAdjustable(order)) return null;
  return (
    <>
      <Button
        writes
        size="sm"
        variant="outline"
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        <Scale aria-hidden="true" /> Adjust
      </Button>
      <AdjustOrderDialog key={openings} order={order} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
