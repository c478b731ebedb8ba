import { AUDIT_ACTION_LABELS, type AuditAction } from '#core/business-status';
import type { AdminActionEntry } from '#core/schemas/admin';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { formatInstant } from '../../lib/format';
import { useAdminAudit } from './api';

/** How many of the newest decisions the dashboard shows; Load more brings the next ones. */
export const RECENT_ACTIONS = 5;

const VARIANTS: Record<AuditAction, BadgeVariant> = {
  approve: 'success',
  decline: 'secondary',
  suspend: 'destructive',
  reinstate: 'outline',
  close: 'secondary',
};

/** The audit log's newest entries: who did what to which business, why and when. */
export function RecentActionsCard() {
  const audit = useAdminAudit(RECENT_ACTIONS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Admin Actions</CardTitle>
        <CardDescription>Approvals, declines and suspensions, newest first</CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading recent actions">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : audit.isError && !audit.items ? (
          <ErrorState
            title="Could not load the recent actions"
            error={audit.error}
            onRetry={() => void audit.refetch()}
          />
        ) : audit.items!.length === 0 ? (
          <p className="py-4 text-center text-sm text-stone-600">
            No administrator has approved, declined or suspended a business yet.
          </p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-stone-100">
              {audit.items!.map((entry) => (
                <ActionRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <LoadMoreFooter
              shown={audit.items!.length}
              total={audit.total ?? audit.items!.length}
              hasMore={audit.hasNextPage}
              loading={audit.isFetchingNextPage}
              onLoadMore={() => void audit.fetchNextPage()}
              noun="action"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ActionRow({ entry }: { entry: AdminActionEntry }) {
  return (
    <li className="flex flex-col gap-1 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={VARIANTS[entry.action]}>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
        <span className="min-w-0 font-medium break-words text-stone-900">{entry.businessName}</span>
        <span className="text-xs text-stone-500">
          {entry.businessKind === 'farm' ? 'farm' : 'restaurant'}
        </span>
      </div>
      {entry.reason ? <p className="text-sm break-words text-stone-700">{entry.reason}</p> : null}
      <p className="text-xs text-stone-500">
        {entry.actorName ?? 'A former administrator'} ·{' '}
        {formatInstant(entry.createdAt, "MMM d, yyyy 'at' h:mm a")}
      </p>
    </li>
  );
}
