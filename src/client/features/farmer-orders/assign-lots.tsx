import { changeAllowedFrom } from '#core/order-changes';
import { formatQuantity } from '#core/quantity';
import type { OrderAsSeen } from '#core/schemas/order';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The dialog and its lot lists load when it first opens.
const AssignLotsDialog = lazyDialog(
  async () => (await import('./assign-lots-dialog')).AssignLotsDialog,
);

const ASSIGNABLE = changeAllowedFrom('lot_assignment');

/** The lines that need lots (traced) or have some, of an order whose lots may still change. */
export function linesForLots(order: OrderAsSeen) {
  return order.orderItems.filter((item) => item.traced || (item.lots?.length ?? 0) > 0);
}

/** Whether a traced line's lots add up to it: what packing asks. */
export function hasAllLots(item: OrderAsSeen['orderItems'][number]): boolean {
  const assigned = (item.lots ?? []).reduce((sum, lot) => sum + Math.round(lot.quantity * 100), 0);
  return !item.traced || assigned === Math.round(item.quantity * 100);
}

/** Under the card's lines: each traced line's lots, or that it still needs them. */
export function LineLotsSummary({ order }: { order: OrderAsSeen }) {
  const lines = linesForLots(order);
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Lots">
      {lines.map((item) => (
        <li key={item.id} className="break-words">
          <span className="font-medium">{item.product.name}:</span>{' '}
          {(item.lots?.length ?? 0) > 0 ? (
            <span className="text-stone-700">
              {item.lots!.length === 1 ? 'Lot ' : 'Lots '}
              {item
                .lots!.map(
                  (lot) => `${lot.code} (${formatQuantity(lot.quantity)} ${item.product.unit})`,
                )
                .join(', ')}
            </span>
          ) : null}
          {hasAllLots(item) ? null : (
            <span className="font-medium text-amber-800">
              {(item.lots?.length ?? 0) > 0 ? ' · lots do not add up' : 'needs lots before packing'}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether a traced line of the order has no lots at all: what the day's bulk pack offers the
 * suggested lots for (a line with lots that do not add up is left to the packer).
 */
export function needsSuggestedLots(order: OrderAsSeen): boolean {
  return order.orderItems.some((item) => item.traced && (item.lots?.length ?? 0) === 0);
}

/** "Lots" on the farmer's order card: assign each traced line's lots before Mark as Packed. */
export function AssignLots({ order }: { order: OrderAsSeen }) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  if (!(ASSIGNABLE as readonly string[]).includes(order.status)) return null;
  if (linesForLots(order).length === 0) return null;
  const missing = linesForLots(order).some((item) => !hasAllLots(item));
  return (
    <>
      <Button
        writes
        size="sm"
        variant={missing ? 'primary' : 'outline'}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        {missing ? 'Assign Lots' : 'Lots'}
      </Button>
      <AssignLotsDialog key={openings} order={order} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
