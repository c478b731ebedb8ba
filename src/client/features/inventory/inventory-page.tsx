import { LOW_STOCK_THRESHOLD, titleCase } from '#core/constants';
import type { Product } from '#core/schemas/product';
import { History, Leaf, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ProductPhoto } from '../../components/ui/product-photo';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMoney } from '../../lib/format';
import { FirstCardsFirst } from '../../lib/first-cards-first';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import type { FirstDataContext } from '../../lib/first-data';
import { farmProductsQuery, useFarmProducts } from './api';
import { useDeleteWithUndo } from './delete-with-undo';
import { OtherPacks } from './other-packs';

// The product form (react-hook-form, the product schema) loads when the dialog first opens.
const ProductFormDialog = lazyDialog(
  async () => (await import('./product-form-dialog')).ProductFormDialog,
);
// A product's stock history opens from its card: its dialog loads then, not with the list.
const StockHistoryDialog = lazyDialog(
  async () => (await import('./stock-history')).StockHistoryDialog,
);

function ProductTile({
  product,
  onEdit,
  onDelete,
  deleting,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const low = product.availableQuantity < LOW_STOCK_THRESHOLD;
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-5" data-testid="inventory-product">
      <div className="flex items-start justify-between gap-3">
        {product.imageUrl ? (
          <ProductPhoto imageUrl={product.imageUrl} className="size-14 shrink-0 rounded-md" />
        ) : null}
        <div className="min-w-0 flex-1">
          {/* The whole name, on as many lines as it needs: farmers tell products apart by it. */}
          <h3 className="text-base font-semibold break-words">{product.name}</h3>
          <p className="text-sm text-stone-600">
            {product.category ? titleCase(product.category) : 'Uncategorised'}
          </p>
        </div>
        <Badge variant={product.isActive ? 'success' : 'secondary'}>
          {product.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </div>
      {product.description ? (
        <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-500">Price</dt>
          <dd className="tabular font-semibold">
            {formatMoney(product.price)} / {product.unit}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Available</dt>
          <dd className="tabular font-semibold">
            {product.availableQuantity} {product.unit}
            {low ? <span className="ml-1 text-destructive">(Low)</span> : null}
          </dd>
        </div>
      </dl>
      <OtherPacks product={product} />
      {product.isOrganic ? (
        <Badge variant="outline" className="self-start">
          <Leaf className="mr-1 size-3 text-primary" aria-hidden="true" /> Organic
        </Badge>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="self-start px-2"
        onClick={() => setHistoryOpen(true)}
      >
        <History aria-hidden="true" /> Stock history
        <span className="sr-only"> of {product.name}</span>
      </Button>
      <StockHistoryDialog product={product} open={historyOpen} onOpenChange={setHistoryOpen} />
      <div className="mt-auto flex gap-2 pt-2">
        <Button writes variant="outline" size="sm" className="flex-1" onClick={onEdit}>
          <Pencil aria-hidden="true" /> Edit
          <span className="sr-only"> {product.name}</span>
        </Button>
        <Button
          writes
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:bg-destructive-soft"
          onClick={onDelete}
          disabled={deleting}
        >
          <Trash2 aria-hidden="true" /> Delete
          <span className="sr-only"> {product.name}</span>
        </Button>
      </div>
    </Card>
  );
}

function InventorySkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading products</span>
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} className="flex flex-col gap-3 p-5">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-2/5" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-4 w-full" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
          <div className="flex gap-2 pt-2">
            <Skeleton className="h-9 flex-1" />
            <Skeleton className="h-9 flex-1" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The farm's products, add, edit, delete (with Undo): docs/product.md#inventory. */
export function InventoryPage() {
  const products = useFarmProducts();
  const { remove, isDeleting } = useDeleteWithUndo();
  const [searchParams, setSearchParams] = useSearchParams();
  // "Add New Product" elsewhere links here with ?new=1: open the dialog once, then drop the flag.
  const [dialogOpen, setDialogOpen] = useState(() => searchParams.get('new') === '1');
  const [editing, setEditing] = useState<Product | null>(null);
  useEffect(() => {
    if (searchParams.has('new')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };

  const list = products.data ?? [];
  const total = products.total ?? list.length;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Inventory</h1>
          <p className="text-sm text-stone-600">
            {products.data
              ? `${total} ${total === 1 ? 'product' : 'products'}`
              : 'Manage the products restaurants can order'}
          </p>
        </div>
        <Button writes onClick={openAdd}>
          <Plus aria-hidden="true" /> Add Product
        </Button>
      </div>

      {products.isLoading ? (
        <InventorySkeleton />
      ) : products.error ? (
        <ErrorState
          title="Could not load your products"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Package />}
          title="No products yet"
          description="No products listed yet. Add your first product to get started."
          action={
            <Button writes onClick={openAdd}>
              <Plus aria-hidden="true" /> Add Product
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FirstCardsFirst items={list}>
              {(tiles) =>
                tiles.map((product) => (
                  <ProductTile
                    key={product.id}
                    product={product}
                    deleting={isDeleting(product)}
                    onEdit={() => {
                      setEditing(product);
                      setDialogOpen(true);
                    }}
                    onDelete={() => remove(product)}
                  />
                ))
              }
            </FirstCardsFirst>
          </div>
          <LoadMoreFooter
            noun="product"
            shown={list.length}
            total={total}
            hasMore={products.hasNextPage}
            loading={products.isFetchingNextPage}
            onLoadMore={() => void products.fetchNextPage()}
          />
        </div>
      )}

      <ProductFormDialog open={dialogOpen} onOpenChange={setDialogOpen} product={editing} />
    </div>
  );
}

/** The farm's first page of products, asked for with the page's code. */
InventoryPage.firstData = ({ queryClient }: FirstDataContext) =>
  queryClient.prefetchInfiniteQuery(farmProductsQuery());
