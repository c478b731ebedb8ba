import type { OrderAsSeen } from '#core/schemas/order';
import { PackageX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { isSubstitutable } from './cant-fill';

// Loads when first opened: the day view does not carry the product and pack choices.
const BulkSubstitutionDialog = lazyDialog(
  async () => (await import('./bulk-substitution-dialog')).BulkSubstitutionDialog,
);

/** A product on the day's orders the farm may still short: on how many of them. */
export interface DayProduct {
  productId: number;
  name: string;
  orderIds: number[];
}

/**
 * The products on the day's confirmed and packed orders, by name, each with the orders that
 * hold it in a line still to fill (a line already shorted, or a substitute, is not counted).
 */
export function dayProducts(orders: readonly OrderAsSeen[], day: string): DayProduct[] {
  const byProduct = new Map<number, DayProduct>();
  for (const order of orders) {
    if (order.deliveryDate !== day || !isSubstitutable(order)) continue;
    for (const item of order.orderItems) {
      if (item.quantity <= 0 || item.substituteFor || item.pendingSubstitution) continue;
      const entry = byProduct.get(item.productId) ?? {
        productId: item.productId,
        name: item.product.name,
        orderIds: [],
      };
      if (!entry.orderIds.includes(order.id)) entry.orderIds.push(order.id);
      byProduct.set(item.productId, entry);
    }
  }
  return [...byProduct.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** "Short a product on every order" of the day view, and its dialog. */
export function BulkSubstitution({
  day,
  orders,
}: {
  day: string;
  /** The orders on screen: the day's are offered. */
  orders: readonly OrderAsSeen[] | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const products = dayProducts(orders ?? [], day);
  return (
    <>
      <Button
        writes
        variant="outline"
        disabled={products.length === 0}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        <PackageX aria-hidden="true" /> Short a product on every order
      </Button>
      <BulkSubstitutionDialog
        key={openings}
        day={day}
        products={products}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
