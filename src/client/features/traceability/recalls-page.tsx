import type { Recall } from '#core/schemas/traceability';
import { ShieldCheck } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { formatInstant } from '../../lib/format';
import { AcknowledgeButton } from './acknowledge-button';
import { useRecalls } from './api';
import { RecordsDownload } from './records-download';

const when = (iso: string) => formatInstant(iso, "MMM d, yyyy 'at' h:mm a") ?? iso;

/** /restaurant/recalls: the recalls sent to the restaurant, and its receiving records. */
export function RecallsPage() {
  const recalls = useRecalls({ limit: 25 });
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Recalls and traceability</h1>
        <p className="text-sm text-stone-600">
          Recall notices from your farms, and the records of traced produce you received.
        </p>
      </div>
      {recalls.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading recalls">
          <Skeleton className="h-28 w-full" />
        </div>
      ) : recalls.isError && !recalls.items ? (
        <ErrorState
          title="Recalls could not be loaded"
          error={recalls.error}
          onRetry={() => void recalls.refetch()}
        />
      ) : recalls.items!.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck />}
          title="No recalls"
          description="When a farm recalls a lot you received, its notice shows here and on every screen until someone of your team acknowledges it."
        />
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-3">
            {recalls.items!.map((recall) => (
              <li key={recall.id}>
                <RecallCard recall={recall} />
              </li>
            ))}
          </ul>
          <LoadMoreFooter
            shown={recalls.items!.length}
            total={recalls.total ?? recalls.items!.length}
            hasMore={recalls.hasNextPage}
            loading={recalls.isFetchingNextPage}
            onLoadMore={() => void recalls.fetchNextPage()}
            noun="recall"
          />
        </div>
      )}
      <RecordsDownload side="receiving" />
    </div>
  );
}

function RecallCard({ recall }: { recall: Recall }) {
  const notice = recall.notices[0];
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-5 text-sm">
        <p className="font-semibold">
          {recall.productName}, lot <span className="font-mono">{recall.lotCode}</span>, from{' '}
          {recall.farm.name}
        </p>
        <p className="text-xs text-stone-600">Sent {when(recall.createdAt)}</p>
        <p className="whitespace-pre-line">{recall.message}</p>
        {notice?.acknowledgedAt ? (
          <p className="text-stone-700">
            Acknowledged by {notice.acknowledgedByName ?? 'a former member'} on{' '}
            {when(notice.acknowledgedAt)}
          </p>
        ) : (
          <AcknowledgeButton recall={recall} />
        )}
      </CardContent>
    </Card>
  );
}
