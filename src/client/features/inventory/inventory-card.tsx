import { LOW_STOCK_THRESHOLD } from '#core/constants';
import type { Product } from '#core/schemas/product';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMoney } from '../../lib/format';
import { useFarmProducts } from './api';
import { useDeleteWithUndo } from './delete-with-undo';
import { OtherPacks } from './other-packs';

// The product form (react-hook-form, the product schema) loads when the dialog first opens.
const ProductFormDialog = lazyDialog(
  async () => (await import('./product-form-dialog')).ProductFormDialog,
);

interface Manage {
  onAdd: () => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  isDeleting: (product: Product) => boolean;
}

/**
 * The combined screen's 'Inventory Management': products as compact rows. With `manage`, the
 * farm's own list with Add Product and edit and delete icons; without, a read-only look that
 * names each product's farm.
 */
export function InventoryManagementCard({
  products,
  manage,
  footer,
}: {
  products: { data: Product[] | undefined; error: Error | null; refetch: () => unknown };
  manage?: Manage | undefined;
  /** Below the list (the farm's own list: Showing N of M and Load more). */
  footer?: ReactNode;
}) {
  const { data, error, refetch } = products;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Inventory Management</CardTitle>
        {manage ? (
          <Button writes size="sm" onClick={manage.onAdd}>
            <Plus aria-hidden="true" /> Add Product
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {error ? (
          <ErrorState title="Could not load the products" error={error} onRetry={() => refetch()} />
        ) : !data ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : data.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">
            No products listed yet. Add your first product to get started.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {data.map((product) => (
              <ProductRow key={product.id} product={product} manage={manage} />
            ))}
          </ul>
        )}
        {data && data.length > 0 ? footer : null}
      </CardContent>
    </Card>
  );
}

function ProductRow({ product, manage }: { product: Product; manage: Manage | undefined }) {
  const low = product.availableQuantity < LOW_STOCK_THRESHOLD;
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {product.name}
          <Badge variant={product.isActive ? 'success' : 'secondary'}>
            {product.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </p>
        <p className="text-sm text-stone-600">
          <span className="tabular">
            {formatMoney(product.price)}/{product.unit}
          </span>{' '}
          · {product.availableQuantity} available
          {low ? <span className="font-medium text-destructive"> (Low)</span> : null}
          {manage ? null : <> · {product.farm.name}</>}
        </p>
        <OtherPacks product={product} />
      </div>
      {manage ? (
        <div className="flex shrink-0 gap-1">
          <Button
            writes
            variant="ghost"
            size="icon"
            aria-label={`Edit ${product.name}`}
            onClick={() => manage.onEdit(product)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            writes
            variant="ghost"
            size="icon"
            aria-label={`Delete ${product.name}`}
            disabled={manage.isDeleting(product)}
            onClick={() => manage.onDelete(product)}
          >
            <Trash2 aria-hidden="true" className="text-destructive" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The farm's own Inventory Management: add and edit in the product dialog, delete with Undo. */
export function FarmInventoryCard() {
  const products = useFarmProducts();
  const { remove, isDeleting } = useDeleteWithUndo();
  const [dialog, setDialog] = useState<{ open: boolean; product: Product | null }>({
    open: false,
    product: null,
  });
  return (
    <>
      <InventoryManagementCard
        products={products}
        manage={{
          onAdd: () => setDialog({ open: true, product: null }),
          onEdit: (product) => setDialog({ open: true, product }),
          onDelete: remove,
          isDeleting,
        }}
        footer={
          <LoadMoreFooter
            noun="product"
            shown={products.items?.length ?? 0}
            total={products.total ?? 0}
            hasMore={products.hasNextPage}
            loading={products.isFetchingNextPage}
            onLoadMore={() => void products.fetchNextPage()}
          />
        }
      />
      <ProductFormDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        product={dialog.product}
      />
    </>
  );
}
