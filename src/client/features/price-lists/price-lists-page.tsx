import { formatQuantity } from '#core/quantity';
import type { PriceList } from '#core/schemas/price-list';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { breakLabel } from '../../components/ui/offered-price';
import { countLabel, formatMoney } from '../../lib/format';
import { useDeletePriceList, usePricedProducts, usePriceLists } from './api';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The forms load the first time one opens: the list itself needs neither (nor zod's schema).
const PriceListEditor = lazyDialog(() =>
  import('./price-list-editor').then((module) => module.PriceListEditor),
);
const AssignRestaurantsDialog = lazyDialog(() =>
  import('./assign-restaurants-dialog').then((module) => module.AssignRestaurantsDialog),
);

/** What a list does, in a line: "10% off list prices" or "Own prices for 3 products". */
function summary(list: PriceList): string {
  if (list.kind === 'percent') {
    return `${formatQuantity(Number(list.percentOff ?? '0'))}% off list prices`;
  }
  // A product priced per pack as well is still one product.
  const priced = new Set(list.prices.map((entry) => entry.productId));
  return `Own prices for ${countLabel(priced.size, 'product')}`;
}

/**
 * /farmer/price-lists: the farm's price lists (docs/price-lists.md): each a percentage off or a
 * price per product, with quantity breaks, and the restaurants on it.
 */
export function PriceListsPage() {
  const lists = usePriceLists();
  const products = usePricedProducts(true);
  const productOf = (id: number) => products.items?.find((product) => product.id === id);
  const remove = useDeletePriceList();
  const [editing, setEditing] = useState<PriceList | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<PriceList | null>(null);
  const [deleting, setDeleting] = useState<PriceList | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: `${deleting.name} deleted` }),
      onError: (error) =>
        toast({
          title: 'The price list was not deleted',
          description: error.message,
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  const newList = (
    <Button writes onClick={() => setEditing(null)}>
      <Plus aria-hidden="true" /> New price list
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Price lists</h1>
          <p className="text-sm text-stone-600">
            Give your regular restaurants their own prices and quantity breaks
          </p>
        </div>
        {lists.items && lists.items.length > 0 ? newList : null}
      </div>

      {lists.error && !lists.items ? (
        <ErrorState
          title="Could not load your price lists"
          error={lists.error}
          onRetry={() => void lists.refetch()}
        />
      ) : !lists.items ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading price lists">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : lists.items.length === 0 ? (
        <EmptyState
          title="No price lists yet"
          description="Make a list, such as 10% off for your regulars, then put the restaurants that order from you on it. Everyone else keeps your list prices."
          action={newList}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Price lists">
          {lists.items.map((list) => (
            <li key={list.id}>
              <PriceListCard
                list={list}
                productOf={productOf}
                onEdit={() => setEditing(list)}
                onAssign={() => setAssigning(list)}
                onDelete={() => setDeleting(list)}
              />
            </li>
          ))}
        </ul>
      )}
      {lists.items && lists.items.length > 0 ? (
        <LoadMoreFooter
          noun="price list"
          shown={lists.items.length}
          total={lists.total ?? lists.items.length}
          hasMore={lists.hasNextPage}
          loading={lists.isFetchingNextPage}
          onLoadMore={() => void lists.fetchNextPage()}
        />
      ) : null}

      <PriceListEditor
        list={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
      <AssignRestaurantsDialog
        list={assigning}
        open={assigning !== null}
        onClose={() => setAssigning(null)}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent
          title={`Delete ${deleting?.name ?? 'this list'}?`}
          description="Its restaurants go back to your list prices. Orders already placed keep their prices."
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting…' : 'Delete price list'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function PriceListCard({
  list,
  productOf,
  onEdit,
  onAssign,
  onDelete,
}: {
  list: PriceList;
  productOf: (
    id: number,
  ) => { name: string; unit: string; packs?: { id: number; label: string }[] } | undefined;
  onEdit: () => void;
  onAssign: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="price-list">
      <div>
        <h2 className="text-lg font-semibold break-words">{list.name}</h2>
        <p className="text-sm text-stone-700">{summary(list)}</p>
      </div>
      {list.breaks.length > 0 ? (
        <div className="text-sm text-stone-600">
          <p>{countLabel(list.breaks.length, 'quantity break')}</p>
          <ul className="tabular">
            {list.breaks.slice(0, 4).map((entry) => {
              const product = productOf(entry.productId);
              // A break on a pack counts that pack.
              const counted =
                entry.packId === null
                  ? product?.unit
                  : product?.packs?.find((pack) => pack.id === entry.packId)?.label;
              return (
                <li key={`${entry.productId}:${entry.packId ?? ''}:${entry.minQuantity}`}>
                  {product && counted
                    ? `${product.name}: ${breakLabel(entry, counted)}`
                    : `${formatQuantity(entry.minQuantity)}+ at ${formatMoney(entry.price)}`}
                </li>
              );
            })}
            {list.breaks.length > 4 ? <li>and {list.breaks.length - 4} more</li> : null}
          </ul>
        </div>
      ) : null}
      <p className="text-sm">
        <span className="font-medium">
          {list.restaurants.length === 0
            ? 'No restaurants yet'
            : countLabel(list.restaurants.length, 'restaurant')}
        </span>
        {list.restaurants.length > 0 ? (
          <span className="text-stone-600">
            : {list.restaurants.map((restaurant) => restaurant.name).join(', ')}
          </span>
        ) : null}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button writes variant="outline" onClick={onEdit} aria-label={`Edit ${list.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button
          writes
          variant="outline"
          onClick={onAssign}
          aria-label={`Restaurants on ${list.name}`}
        >
          <Users aria-hidden="true" /> Restaurants
        </Button>
        <Button
          writes
          variant="ghost"
          className="text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${list.name}`}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
    </Card>
  );
}
