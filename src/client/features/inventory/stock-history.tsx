import { formatQuantity, isWeighedUnit } from '#core/quantity';
import type { Product } from '#core/schemas/product';
import type { StockMovement, StockReason } from '#core/schemas/stock';
import { History } from 'lucide-react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { formatInstant } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';

const REASON_LABELS: Record<StockReason, string> = {
  opening: 'Opening stock',
  sale: 'Sale',
  restaurant_change: 'Restaurant’s change',
  farm_adjustment: 'Adjustment',
  cancellation: 'Cancellation',
  farmer_edit: 'Stock edit',
  correction: 'Correction',
};

/** How many movements a page brings; Load more brings the next. */
export const STOCK_HISTORY_PAGE_SIZE = 25;

/** "−3 lb", "+20 bunch": the sign always shown, the minus a real one. */
function signedQuantity(change: number, unit: string): string {
  const amount = isWeighedUnit(unit) ? formatQuantity(Math.abs(change)) : String(Math.abs(change));
  return `${change < 0 ? '\u2212' : '+'}${amount} ${unit}`;
}

/** "−3 lb · Sale · Order #412 · Kaimuki Table · 9:14 AM", the time in Hawaii. */
export function describeMovement(movement: StockMovement, unit: string): string {
  return [
    signedQuantity(movement.change, unit),
    REASON_LABELS[movement.reason] ?? movement.reason,
    movement.order ? `Order #${movement.order.id}` : null,
    movement.order?.restaurantName ?? null,
    formatInstant(movement.at, 'h:mm a'),
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** The product's stock movements, newest first, a page at a time. */
function useStockMovements(productId: number, enabled: boolean) {
  return usePagedList<StockMovement>(
    `/api/products/${productId}/stock-movements`,
    { limit: STOCK_HISTORY_PAGE_SIZE },
    enabled,
  );
}

/**
 * "Stock history" of one product (docs/product.md#stock-history): why its stock is what it
 * is, each movement with what it left, who made it and when, grouped by Hawaii day.
 */
export function StockHistoryDialog({
  product,
  open,
  onOpenChange,
}: {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const movements = useStockMovements(product.id, open);
  const items = movements.items;
  let lastDay: string | null = null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Stock history: ${product.name}`}
        description={`Now ${formatQuantity(product.availableQuantity)} ${product.unit} available. Newest first, times in Hawaii.`}
      >
        {movements.error && !items ? (
          <ErrorState
            title="Could not load the stock history"
            error={movements.error}
            onRetry={() => void movements.refetch()}
          />
        ) : !items ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading stock history">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<History />}
            title="No stock movements yet"
            description="Sales, changes and your own edits will be listed here."
          />
        ) : (
          <>
            <ol className="flex flex-col text-sm" aria-label="Stock movements">
              {items.map((movement) => {
                const day = formatInstant(movement.at, 'EEE, MMM d');
                const heading = day !== lastDay ? day : null;
                lastDay = day;
                return (
                  <li key={movement.id} className="flex flex-col">
                    {heading ? (
                      <p className="mt-2 border-b border-stone-200 pb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                        {heading}
                      </p>
                    ) : null}
                    <div className="flex items-baseline justify-between gap-3 py-1.5">
                      <span
                        className={
                          movement.change < 0 ? 'tabular text-stone-900' : 'tabular text-primary'
                        }
                      >
                        {describeMovement(movement, product.unit)}
                      </span>
                      <span className="tabular shrink-0 text-xs text-stone-600">
                        {formatQuantity(movement.quantityAfter)} left
                      </span>
                    </div>
                    <span className="-mt-1 pb-1 text-xs text-stone-500">
                      {movement.actor.kind === 'system'
                        ? 'Automatic'
                        : (movement.actor.name ?? 'Someone at the farm')}
                    </span>
                  </li>
                );
              })}
            </ol>
            <LoadMoreFooter
              noun="movement"
              shown={items.length}
              total={movements.total ?? items.length}
              hasMore={movements.hasNextPage}
              loading={movements.isFetchingNextPage}
              onLoadMore={() => void movements.fetchNextPage()}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
