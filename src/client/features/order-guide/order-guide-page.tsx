import { ClipboardList, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatInstant } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useOrderGuide, useSaveOrderGuide, type OrderGuide } from './api';
import { CountMode } from './count-mode';
import { GuideEditor } from './guide-editor';
import { bodyOf, draftOf, guideItems } from './guide-model';

/**
 * /restaurant/order-guide: what the restaurant buys, by the sections of its walk-in and store.
 * Count what is on hand, then Fill to par puts what is missing into the cart; Edit guide
 * changes the sections, items, pars and substitution preferences.
 */
export function OrderGuidePage() {
  const guide = useOrderGuide();
  const { user } = useAuth();
  const canOrder = usePermissions().can('orders.place');
  const [editing, setEditing] = useState(false);
  const restaurantId = user?.profile?.id ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Order guide</h1>
          <p className="text-sm text-stone-600">
            {editing
              ? 'Sections, items and pars: saved together when you press Save.'
              : 'Count what is on hand, then fill to par for each farm’s next delivery.'}
          </p>
        </div>
        {canOrder && !editing && guide.data ? (
          <Button writes variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit guide
          </Button>
        ) : null}
      </div>

      {guide.isPending ? (
        <GuideSkeleton />
      ) : guide.isError ? (
        <ErrorState
          title="The order guide could not be loaded"
          error={guide.error}
          onRetry={() => void guide.refetch()}
        />
      ) : editing ? (
        <GuideEditor guide={guide.data} onClose={() => setEditing(false)} />
      ) : (
        <>
          {guide.data.saved ? (
            guide.data.updatedAt ? (
              <p className="-mt-3 text-xs text-stone-500">
                Saved {formatInstant(guide.data.updatedAt, "MMM d, yyyy 'at' h:mm a")}
              </p>
            ) : null
          ) : guideItems(guide.data).length > 0 ? (
            <SuggestedNote guide={guide.data} canOrder={canOrder} />
          ) : null}
          {guideItems(guide.data).length === 0 ? (
            <EmptyState
              icon={<ClipboardList />}
              title="No items yet: add the products you buy often"
              description={
                canOrder
                  ? 'Add them with their pars, in the sections you count them in.'
                  : 'Someone who places orders for your restaurant can add them.'
              }
              action={
                canOrder ? (
                  <Button writes onClick={() => setEditing(true)}>
                    Add products
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <CountMode
              key={restaurantId}
              guide={guide.data}
              restaurantId={restaurantId}
              canOrder={canOrder}
            />
          )}
        </>
      )}
    </div>
  );
}

/** A guide never saved was suggested by the server: say from what, and offer to keep it. */
function SuggestedNote({ guide, canOrder }: { guide: OrderGuide; canOrder: boolean }) {
  const save = useSaveOrderGuide();
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-warning-soft px-4 py-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1 basis-64">
        Suggested from your last 90 days’ orders and standing orders.
        {canOrder ? ' Save it to make it your guide, or edit it first.' : ''}
      </p>
      {canOrder ? (
        <Button
          writes
          variant="outline"
          size="sm"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(bodyOf(draftOf(guide)), {
              onSuccess: () => toast({ title: 'Order guide saved' }),
              onError: (error) =>
                toast({
                  title: 'Guide not saved',
                  description:
                    error instanceof ApiError
                      ? error.userMessage('Please try again.')
                      : 'Please try again.',
                  variant: 'destructive',
                }),
            })
          }
        >
          {save.isPending ? 'Saving...' : 'Save this guide'}
        </Button>
      ) : null}
    </div>
  );
}

function GuideSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the order guide">
      <Skeleton className="h-6 w-40" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-20 w-full" />
      ))}
    </div>
  );
}
