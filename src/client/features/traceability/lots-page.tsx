import { formatQuantity } from '#core/quantity';
import type { Lot } from '#core/schemas/traceability';
import { TRACEABILITY_CATEGORY_LABELS } from '#core/traceability';
import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth';
import { formatCalendarDate } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useLots } from './api';
import { RecordsDownload } from './records-download';

// The form and the lot's details load when first opened.
const RecordLotDialog = lazyDialog(
  async () => (await import('./record-lot-dialog')).RecordLotDialog,
);
const LotDetailDialog = lazyDialog(async () => {
  const { LotDetailDialog: Detail } = await import('./lot-detail-dialog');
  return function LotDetail(props: { open: boolean; lotId: number | null; onClose: () => void }) {
    return <Detail lotId={props.lotId} onClose={props.onClose} />;
  };
});

/** /farmer/lots: the farm's traceability lots, recording one, opening one; the records. */
export function LotsPage() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const lots = useLots({ limit: 25 });
  const [recording, setRecording] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [opened, setOpened] = useState<number | null>(null);
  const enabled = user?.profile?.traceabilityEnabled === true;
  const record = can('lots.manage') ? (
    <Button
      writes
      onClick={() => {
        setOpenings((count) => count + 1);
        setRecording(true);
      }}
    >
      <Plus aria-hidden="true" /> Record Lot
    </Button>
  ) : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Lots</h1>
          <p className="text-sm text-stone-600">
            Traceability lot codes of what you pack, who received each lot, and recalls.
          </p>
        </div>
        {record}
      </div>
      {enabled ? null : (
        <p className="rounded-lg border border-amber-300 bg-warning-soft p-3 text-sm text-amber-950">
          Traceability is off: lots are not required at packing. Turn it on under Edit Profile, and
          mark products on the Food Traceability List in Inventory.
        </p>
      )}
      {lots.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading lots">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : lots.isError && !lots.items ? (
        <ErrorState
          title="Lots could not be loaded"
          error={lots.error}
          onRetry={() => void lots.refetch()}
        />
      ) : lots.items!.length === 0 ? (
        <EmptyState
          icon={<Package />}
          title="No lots yet"
          description="Record a lot when you harvest or pack: its code, the product, the field and how much. Packers then take order lines from it."
          action={record}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-3">
            {lots.items!.map((lot) => (
              <li key={lot.id}>
                <LotCard lot={lot} onOpen={() => setOpened(lot.id)} />
              </li>
            ))}
          </ul>
          <LoadMoreFooter
            shown={lots.items!.length}
            total={lots.total ?? lots.items!.length}
            hasMore={lots.hasNextPage}
            loading={lots.isFetchingNextPage}
            onLoadMore={() => void lots.fetchNextPage()}
            noun="lot"
          />
        </div>
      )}
      <RecordsDownload side="shipping" />
      <RecordLotDialog key={openings} open={recording} onClose={() => setRecording(false)} />
      <LotDetailDialog open={opened !== null} lotId={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function LotCard({ lot, onOpen }: { lot: Lot; onOpen: () => void }) {
  const category = lot.product.traceabilityCategory;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="font-mono">{lot.code}</span>
            {lot.recalledAt ? <Badge variant="destructive">Recalled</Badge> : null}
            {lot.remaining === 0 ? <Badge variant="outline">Used up</Badge> : null}
          </p>
          <p className="text-sm break-words text-stone-700">
            {lot.product.name}
            {category ? ` · ${TRACEABILITY_CATEGORY_LABELS[category]}` : ''}
          </p>
          <p className="text-xs text-stone-600">
            {formatCalendarDate(lot.harvestDate)} · {lot.location}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <p className="tabular text-sm">
            <span className="font-semibold">{formatQuantity(lot.remaining)}</span> of{' '}
            {formatQuantity(lot.quantity)} {lot.product.unit} left
          </p>
          <Button variant="outline" size="sm" onClick={onOpen} aria-label={`Open lot ${lot.code}`}>
            Open
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
