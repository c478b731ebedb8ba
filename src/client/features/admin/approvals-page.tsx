import type { PendingFarm } from '#core/schemas/admin';
import { ArrowLeft, Check, Mail, MapPin, Package, Phone, Sprout, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { ApiError } from '../../lib/api';
import { countLabel, formatInstant, SHORT_DATE_FORMAT } from '../../lib/format';
import { useAdminDecision, usePendingFarms } from './api';

// The reason's dialog loads when a reason is first asked for, not with the list.
const ReasonDialog = lazyDialog(async () => (await import('./reason-dialog')).ReasonDialog);

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
    variant: 'destructive',
  });

/** /admin/approvals: the farms waiting for approval, to approve or decline with a reason. */
export function ApprovalsPage() {
  const farms = usePendingFarms();
  const decision = useAdminDecision();
  const [declining, setDeclining] = useState<PendingFarm | null>(null);
  const [approvingId, setApprovingId] = useState<number | null>(null);

  async function approve(farm: PendingFarm) {
    setApprovingId(farm.id);
    try {
      await decision.mutateAsync({ action: 'approve', kind: 'farm', id: farm.id });
      toast({
        title: 'Farm approved',
        description: `${farm.name} is now on offer to restaurants.`,
      });
    } catch (error) {
      failed('Could not approve the farm', error);
    } finally {
      setApprovingId(null);
    }
  }

  async function decline(farm: PendingFarm, reason: string) {
    try {
      await decision.mutateAsync({ action: 'decline', kind: 'farm', id: farm.id, reason });
      setDeclining(null);
      toast({ title: 'Farm declined', description: `${farm.name} is told why by email.` });
    } catch (error) {
      failed('Could not decline the farm', error);
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
        <h1 className="text-2xl font-bold text-stone-900">Farm Approvals</h1>
        <p className="text-stone-600">
          New farms wait here: until approved, restaurants cannot see or order from them.
        </p>
      </header>

      {farms.isPending ? (
        <div
          className="flex flex-col gap-4"
          aria-busy="true"
          aria-label="Loading the farms waiting"
        >
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-56 w-full rounded-xl" />
          ))}
        </div>
      ) : farms.isError && !farms.items ? (
        <ErrorState
          title="Could not load the farms waiting"
          error={farms.error}
          onRetry={() => void farms.refetch()}
        />
      ) : farms.items!.length === 0 ? (
        <EmptyState
          icon={<Sprout />}
          title="No farms are waiting"
          description="A farm appears here when it signs up. Every farm and restaurant is under Businesses."
          action={
            <Button variant="outline" asChild>
              <Link to="/admin/businesses">Open Businesses</Link>
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          {farms.items!.map((farm) => (
            <PendingFarmCard
              key={farm.id}
              farm={farm}
              approving={approvingId === farm.id}
              busy={decision.isPending}
              onApprove={() => void approve(farm)}
              onDecline={() => setDeclining(farm)}
            />
          ))}
          <LoadMoreFooter
            shown={farms.items!.length}
            total={farms.total ?? farms.items!.length}
            hasMore={farms.hasNextPage}
            loading={farms.isFetchingNextPage}
            onLoadMore={() => void farms.fetchNextPage()}
            noun="farm"
          />
          {farms.isFetchNextPageError ? (
            <ErrorState
              title="Could not load more farms"
              error={farms.error}
              onRetry={() => void farms.fetchNextPage()}
            />
          ) : null}
        </div>
      )}

      {declining ? (
        <ReasonDialog
          key={declining.id}
          open
          title={`Decline ${declining.name}`}
          description="The farm stays hidden from restaurants. Its owner is emailed the reason; you can approve it later."
          confirmLabel="Decline Farm"
          pendingLabel="Declining..."
          pending={decision.isPending}
          onClose={() => setDeclining(null)}
          onConfirm={(reason) => void decline(declining, reason)}
        />
      ) : null}
    </div>
  );
}

function PendingFarmCard({
  farm,
  approving,
  busy,
  onApprove,
  onDecline,
}: {
  farm: PendingFarm;
  approving: boolean;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}) {
  const titleId = `pending-farm-${farm.id}`;
  return (
    <Card aria-labelledby={titleId} role="article">
      <CardHeader>
        <CardTitle id={titleId}>{farm.name}</CardTitle>
        <p className="text-sm text-stone-600">
          Signed up {formatInstant(farm.createdAt, SHORT_DATE_FORMAT)} by{' '}
          <span className="font-medium text-stone-800">{farm.ownerName ?? farm.ownerEmail}</span>
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {farm.description ? (
          <p className="text-sm whitespace-pre-line text-stone-800">{farm.description}</p>
        ) : (
          <p className="text-sm text-stone-500 italic">No description given.</p>
        )}
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <Detail icon={<MapPin />} label="Location">
            {farm.location}
          </Detail>
          <Detail icon={<Mail />} label="Owner's email">
            <a
              className="break-all text-primary hover:underline"
              href={`mailto:${farm.ownerEmail}`}
            >
              {farm.ownerEmail}
            </a>
          </Detail>
          <Detail icon={<Phone />} label="Phone">
            {farm.contactPhone ?? 'Not given'}
          </Detail>
          <Detail icon={<Package />} label="Set up so far">
            {countLabel(farm.productCount, 'product')}
          </Detail>
        </dl>
        {farm.contacts.length > 0 ? (
          <div className="text-sm">
            <p className="font-medium text-stone-800">Contacts</p>
            <ul className="mt-1 flex flex-col gap-1 text-stone-700">
              {farm.contacts.map((contact, index) => (
                <li key={index} className="break-words">
                  {[contact.name, contact.position, contact.email, contact.phone]
                    .filter(Boolean)
                    .join(' · ')}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDecline} disabled={busy}>
            <X aria-hidden="true" /> Decline
          </Button>
          <Button onClick={onApprove} disabled={busy}>
            <Check aria-hidden="true" /> {approving ? 'Approving...' : 'Approve'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    // A dl's group is a div holding its dt and dd directly, so the icon sits in the dt.
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-xs text-stone-500">
        <span className="text-stone-400 [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-6 break-words text-stone-800">{children}</dd>
    </div>
  );
}
