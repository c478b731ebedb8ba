import type { BusinessKind } from '#core/actor';
import { allowedActions, type AdminAction } from '#core/business-status';
import type { AdminBusiness, BusinessStatusFilter } from '#core/schemas/admin';
import { ArrowLeft, Building2, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { ApiError } from '../../lib/api';
import { countLabel, formatInstant, SHORT_DATE_FORMAT } from '../../lib/format';
import { useDebouncedValue } from '../../lib/paged-list';
import { useAdminBusinesses, useAdminDecision, type BusinessFilters } from './api';

// The reason's dialog loads when a reason is first asked for, not with the list.
const ReasonDialog = lazyDialog(async () => (await import('./reason-dialog')).ReasonDialog);

const STATUS_OPTIONS: Record<BusinessKind, { value: BusinessStatusFilter; label: string }[]> = {
  farm: [
    { value: 'all', label: 'All farms' },
    { value: 'pending', label: 'Waiting for approval' },
    { value: 'approved', label: 'Approved' },
    { value: 'declined', label: 'Declined' },
    { value: 'suspended', label: 'Suspended' },
  ],
  restaurant: [
    { value: 'all', label: 'All restaurants' },
    { value: 'suspended', label: 'Suspended' },
  ],
};

const ACTION_BUTTONS: Record<AdminAction, string> = {
  approve: 'Approve',
  decline: 'Decline',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
};

const DONE: Record<AdminAction, string> = {
  approve: 'approved',
  decline: 'declined',
  suspend: 'suspended',
  reinstate: 'reinstated',
};

/** The decisions that ask for a reason first; the others are made on the button. */
type ReasonAction = Extract<AdminAction, 'decline' | 'suspend'>;

/** /admin/businesses: every farm and restaurant, to approve, suspend or reinstate. */
export function BusinessesPage() {
  const [filters, setFilters] = useState<BusinessFilters>({ kind: 'farm', status: 'all', q: '' });
  const search = useDebouncedValue(filters.q);
  const list = useAdminBusinesses({ ...filters, q: search });
  const decision = useAdminDecision();
  const [asking, setAsking] = useState<{ business: AdminBusiness; action: ReasonAction } | null>(
    null,
  );
  const statusId = useId();
  const searchId = useId();
  const nouns = filters.kind === 'farm' ? 'farm' : 'restaurant';

  async function decide(business: AdminBusiness, action: AdminAction, reason?: string) {
    try {
      await decision.mutateAsync({
        action,
        kind: business.kind,
        id: business.id,
        ...(reason === undefined ? {} : { reason }),
      });
      setAsking(null);
      toast({
        title: `${business.name} ${DONE[action]}`,
        description:
          action === 'suspend'
            ? 'Its people can read but not act; the other side of its open orders is told.'
            : action === 'decline'
              ? 'Its owner is emailed the reason.'
              : undefined,
      });
    } catch (error) {
      toast({
        title: `Could not ${ACTION_BUTTONS[action].toLowerCase()} ${business.name}`,
        description: error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link
          to="/admin"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
        </Link>
        <h1 className="text-2xl font-bold text-stone-900">Businesses</h1>
        <p className="text-stone-600">
          Every farm and restaurant. A suspended one can sign in and read but not act, and a
          suspended farm's products are hidden from restaurants.
        </p>
      </header>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <Tabs
          value={filters.kind}
          onValueChange={(kind) =>
            setFilters({ kind: kind as BusinessKind, status: 'all', q: filters.q })
          }
        >
          <TabsList aria-label="Kind of business">
            <TabsTrigger value="farm">Farms</TabsTrigger>
            <TabsTrigger value="restaurant">Restaurants</TabsTrigger>
          </TabsList>
        </Tabs>
        <div className="flex flex-col gap-1 lg:w-56">
          <label htmlFor={statusId} className="text-xs font-medium text-stone-600">
            Status
          </label>
          <Select
            id={statusId}
            value={filters.status}
            onChange={(event) =>
              setFilters({ ...filters, status: event.target.value as BusinessStatusFilter })
            }
          >
            {STATUS_OPTIONS[filters.kind].map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-xs font-medium text-stone-600">
            Name
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder={`Search ${nouns}s by name`}
              maxLength={100}
              value={filters.q}
              onChange={(event) => setFilters({ ...filters, q: event.target.value })}
            />
          </div>
        </div>
      </div>

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading businesses">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError && !list.items ? (
        <ErrorState
          title="Could not load the businesses"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.items!.length === 0 ? (
        <EmptyState
          icon={<Building2 />}
          title={`No ${nouns}s match`}
          description="Try another status or name."
        />
      ) : (
        <div
          className={
            list.isPlaceholderData ? 'flex flex-col gap-3 opacity-60' : 'flex flex-col gap-3'
          }
          aria-busy={list.isPlaceholderData}
        >
          <ul className="flex flex-col gap-3">
            {list.items!.map((business) => (
              <li key={`${business.kind}-${business.id}`}>
                <BusinessRow
                  business={business}
                  busy={decision.isPending}
                  onAction={(action) =>
                    action === 'decline' || action === 'suspend'
                      ? setAsking({ business, action })
                      : void decide(business, action)
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMoreFooter
            shown={list.items!.length}
            total={list.total ?? list.items!.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={nouns}
          />
          {list.isFetchNextPageError ? (
            <ErrorState
              title="Could not load more businesses"
              error={list.error}
              onRetry={() => void list.fetchNextPage()}
            />
          ) : null}
        </div>
      )}

      {asking ? (
        <ReasonDialog
          key={`${asking.action}-${asking.business.kind}-${asking.business.id}`}
          open
          title={`${ACTION_BUTTONS[asking.action]} ${asking.business.name}`}
          description={
            asking.action === 'suspend'
              ? asking.business.kind === 'farm'
                ? 'Its people can still sign in and read, but not make changes, and restaurants stop seeing its products. Open orders stay; their restaurants are told.'
                : 'Its people can still sign in and read, but not order or change orders. Open orders stay; their farms are told.'
              : 'The farm stays hidden from restaurants. Its owner is emailed the reason; you can approve it later.'
          }
          confirmLabel={asking.action === 'suspend' ? 'Suspend' : 'Decline Farm'}
          pendingLabel={asking.action === 'suspend' ? 'Suspending...' : 'Declining...'}
          pending={decision.isPending}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => void decide(asking.business, asking.action, reason)}
        />
      ) : null}
    </div>
  );
}

function StatusBadges({ business }: { business: AdminBusiness }) {
  return (
    <span className="flex flex-wrap gap-1">
      {business.kind === 'farm' && business.approvalStatus === 'pending' ? (
        <Badge variant="warning">Waiting for approval</Badge>
      ) : null}
      {business.approvalStatus === 'declined' ? <Badge variant="secondary">Declined</Badge> : null}
      {business.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
      {business.approvalStatus === 'approved' && !business.suspendedAt ? (
        <Badge variant="success">Active</Badge>
      ) : null}
    </span>
  );
}

function BusinessRow({
  business,
  busy,
  onAction,
}: {
  business: AdminBusiness;
  busy: boolean;
  onAction: (action: AdminAction) => void;
}) {
  const actions = allowedActions({
    kind: business.kind,
    approvalStatus: business.approvalStatus,
    suspended: business.suspendedAt !== null,
  });
  const why = business.suspensionReason ?? business.declineReason;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-stone-900">{business.name}</h2>
            <StatusBadges business={business} />
          </div>
          <p className="text-sm text-stone-600">
            {business.location} · {business.ownerName ?? business.ownerEmail} ·{' '}
            <span className="break-all">{business.ownerEmail}</span>
          </p>
          <p className="text-sm text-stone-600">
            Joined {formatInstant(business.createdAt, SHORT_DATE_FORMAT)} ·{' '}
            {countLabel(business.openOrders, 'open order')}
            {business.suspendedAt
              ? ` · suspended ${formatInstant(business.suspendedAt, SHORT_DATE_FORMAT)}`
              : ''}
          </p>
          {why ? <p className="text-sm text-stone-800">Reason: {why}</p> : null}
        </div>
        {actions.length > 0 ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'suspend' || action === 'decline' ? 'outline' : 'primary'}
                disabled={busy}
                aria-label={`${ACTION_BUTTONS[action]} ${business.name}`}
                onClick={() => onAction(action)}
              >
                {ACTION_BUTTONS[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
