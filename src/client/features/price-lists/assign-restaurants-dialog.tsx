import type { PriceList } from '#core/schemas/price-list';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useAssignRestaurants, usePriceListCustomers, usePriceLists } from './api';

/**
 * Which restaurants are on a list: those that ordered from the farm or follow it can be (the
 * server's `isCustomerOf`); a restaurant is on one list of the farm, so ticking one on another
 * list moves it here.
 */
export function AssignRestaurantsDialog({
  list,
  open,
  onClose,
}: {
  list: PriceList | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Restaurants on ${list?.name ?? 'the list'}`}
        description="Restaurants that have ordered from you or follow you. Each is on one of your lists at most."
      >
        {list ? <AssignForm list={list} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ list, onDone }: { list: PriceList; onDone: () => void }) {
  const customers = usePriceListCustomers(true);
  const lists = usePriceLists();
  const assign = useAssignRestaurants();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(list.restaurants.map((restaurant) => restaurant.id)),
  );
  const listName = (id: number | null) =>
    id === null ? null : (lists.items?.find((each) => each.id === id)?.name ?? 'another list');

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = () =>
    assign.mutate(
      { id: list.id, restaurantIds: [...chosen] },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.name}: ${saved.restaurants.length} on the list` });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'The restaurants were not saved',
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  if (customers.error && !customers.items) {
    return <ErrorState title="Could not load your restaurants" error={customers.error} />;
  }
  if (!customers.items) return <Skeleton className="h-40" />;
  return (
    <div className="flex flex-col gap-4">
      {customers.items.length === 0 ? (
        <p className="text-sm text-stone-600">
          No restaurant has ordered from you or follows you yet. Once one has, you can put it on a
          list here.
        </p>
      ) : (
        <ul className="flex max-h-80 flex-col divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200">
          {customers.items.map((restaurant) => {
            const elsewhere =
              restaurant.priceListId !== null && restaurant.priceListId !== list.id
                ? listName(restaurant.priceListId)
                : null;
            return (
              <li key={restaurant.id}>
                <label className="flex min-h-11 items-center gap-3 px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={chosen.has(restaurant.id)}
                    onChange={() => toggle(restaurant.id)}
                  />
                  <span className="min-w-0 flex-1 text-sm break-words">{restaurant.name}</span>
                  {elsewhere ? (
                    <span className="text-xs text-stone-500">on {elsewhere}</span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {customers.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={customers.isFetchingNextPage}
          onClick={() => void customers.fetchNextPage()}
        >
          {customers.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={assign.isPending} onClick={save}>
          {assign.isPending ? 'Saving…' : 'Save restaurants'}
        </Button>
      </div>
    </div>
  );
}
