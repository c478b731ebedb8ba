import { formatQuantity } from '#core/quantity';
import {
  CLAIM_KIND_LABELS,
  CLAIM_STATE_LABELS,
  CLAIM_STATES,
  type Claim,
  type ClaimState,
} from '#core/schemas/claim';
import { ArrowLeft, FileText, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Select } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatMoney, formatOrderDate, ORDER_DATE_FORMAT } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useClaim, useClaims } from './api';
// Loaded with the screen: a chunk of its own would add its name to every screen's preload map.
import { DecideClaimDialog } from './decide-claim-dialog';

const STATE_BADGES: Record<ClaimState, BadgeVariant> = {
  open: 'warning',
  accepted: 'success',
  partly_accepted: 'success',
  declined: 'secondary',
};

async function downloadCreditNote(id: number, number: string) {
  try {
    await downloadFile(`/api/credit-notes/${id}/pdf`, `credit-note-${number}.pdf`);
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
      variant: 'destructive',
    });
  }
}

/** Where one claim opens: under the side's own Claims. */
function claimPath(claim: Claim, side: 'farm' | 'restaurant'): string {
  return `/${side === 'farm' ? 'farmer' : 'restaurant'}/claims/${claim.id}`;
}

function ClaimCard({
  claim,
  side,
  linked = false,
}: {
  claim: Claim;
  side: 'farm' | 'restaurant';
  linked?: boolean;
}) {
  const { can } = usePermissions();
  const [deciding, setDeciding] = useState(false);
  const [openings, setOpenings] = useState(0);
  const other = side === 'farm' ? claim.restaurant.name : claim.farm.name;
  const decides = side === 'farm' && claim.state === 'open' && can('claims.decide');
  return (
    <Card role="article" aria-labelledby={`claim-${claim.id}-title`}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2
              id={`claim-${claim.id}-title`}
              className="flex flex-wrap items-center gap-2 font-semibold"
            >
              {linked ? (
                <Link to={claimPath(claim, side)} className="underline-offset-2 hover:underline">
                  Order #{claim.orderId}
                </Link>
              ) : (
                <>Order #{claim.orderId}</>
              )}
              <Badge variant={STATE_BADGES[claim.state]} className="normal-case">
                {CLAIM_STATE_LABELS[claim.state]}
              </Badge>
            </h2>
            <p className="text-sm break-words text-stone-700">{other}</p>
            <p className="text-xs text-stone-600">
              Reported {formatOrderDate(claim.createdAt, ORDER_DATE_FORMAT)}
              {claim.createdByName ? ` by ${claim.createdByName}` : ''}
            </p>
          </div>
          {decides ? (
            <Button
              writes
              size="sm"
              onClick={() => {
                setOpenings((count) => count + 1);
                setDeciding(true);
              }}
            >
              Decide
            </Button>
          ) : null}
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          {claim.lines.map((line) => (
            <li key={line.itemId} className="rounded-md bg-stone-50 p-2">
              <p className="tabular break-words">
                <span className="font-medium">{line.product.name}</span>:{' '}
                {CLAIM_KIND_LABELS[line.kind].toLowerCase()}, {formatQuantity(line.quantity)}{' '}
                {line.product.unit} of {formatQuantity(line.deliveredQuantity)} delivered
                {line.acceptedQuantity !== null
                  ? ` · ${formatQuantity(line.acceptedQuantity)} ${line.product.unit} accepted`
                  : ''}
              </p>
              {line.note ? <p className="break-words text-stone-600">{line.note}</p> : null}
            </li>
          ))}
        </ul>
        {claim.photos.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {claim.photos.map((photo, index) => (
              <a key={photo.id} href={photo.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={photo.url}
                  alt={`Photo ${index + 1} of the problem with order #${claim.orderId}`}
                  className="size-20 rounded-md border border-stone-200 object-cover"
                  loading="lazy"
                />
              </a>
            ))}
          </div>
        ) : null}
        {claim.decidedAt ? (
          <p className="text-sm text-stone-700">
            {CLAIM_STATE_LABELS[claim.state]} {formatOrderDate(claim.decidedAt, ORDER_DATE_FORMAT)}
            {claim.decidedByName ? ` by ${claim.decidedByName}` : ''}
            {claim.reason ? `: ${claim.reason}` : ''}
          </p>
        ) : null}
        {claim.creditNote ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary bg-primary-soft p-3 text-sm">
            <span>
              Credit note <span className="font-semibold">{claim.creditNote.number}</span> ·{' '}
              <span className="tabular font-semibold">{formatMoney(claim.creditNote.amount)}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void downloadCreditNote(claim.creditNote!.id, claim.creditNote!.number)
              }
            >
              <FileText aria-hidden="true" /> Credit note PDF
            </Button>
          </div>
        ) : null}
        {deciding ? (
          <DecideClaimDialog
            key={openings}
            claim={claim}
            open={deciding}
            onClose={() => setDeciding(false)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /farmer/claims and /restaurant/claims: problems reported on delivered orders, both sides. */
export function ClaimsPage() {
  const { kind } = usePermissions();
  const side = kind === 'farm' ? 'farm' : 'restaurant';
  const [state, setState] = useState<ClaimState | ''>('');
  const claims = useClaims(state || undefined);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Claims</h1>
          <p className="text-sm text-stone-600">
            {side === 'farm'
              ? 'Problems restaurants reported with delivered orders. Accept, accept part or decline each; what you accept is credited.'
              : 'Problems you reported with delivered orders, and what the farm decided.'}
          </p>
        </div>
        <Field label="Show" className="sm:w-56">
          {(ids) => (
            <Select
              {...ids}
              value={state}
              onChange={(event) => setState(event.target.value as ClaimState | '')}
            >
              <option value="">All claims</option>
              {CLAIM_STATES.map((value) => (
                <option key={value} value={value}>
                  {CLAIM_STATE_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {claims.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading claims">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : claims.isError && !claims.items ? (
        <ErrorState
          title="Claims could not be loaded"
          error={claims.error}
          onRetry={() => void claims.refetch()}
        />
      ) : claims.items && claims.items.length === 0 ? (
        <EmptyState
          icon={<MessageSquareWarning />}
          title={state ? `No ${CLAIM_STATE_LABELS[state].toLowerCase()} claims` : 'No claims yet'}
          description={
            side === 'farm'
              ? 'When a restaurant reports a problem with a delivery, it shows here for you to decide.'
              : 'To report a problem, open a delivered order on My Orders and choose Report a problem.'
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-4">
            {claims.items?.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} side={side} linked />
            ))}
          </div>
          <LoadMoreFooter
            shown={claims.items?.length ?? 0}
            total={claims.total ?? 0}
            hasMore={Boolean(claims.hasNextPage)}
            loading={claims.isFetchingNextPage}
            onLoadMore={() => void claims.fetchNextPage()}
            noun="claim"
          />
        </>
      )}
    </div>
  );
}

/** /farmer/claims/:id and /restaurant/claims/:id: one claim, to open from the list or a link. */
export function ClaimDetailPage() {
  const { kind } = usePermissions();
  const side = kind === 'farm' ? 'farm' : 'restaurant';
  const id = Number(useParams().id);
  const claim = useClaim(Number.isInteger(id) ? id : 0);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          to={side === 'farm' ? '/farmer/claims' : '/restaurant/claims'}
          className="inline-flex items-center gap-1 text-sm text-stone-600 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All claims
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Claim</h1>
      </div>
      {claim.data ? (
        <ClaimCard claim={claim.data} side={side} />
      ) : claim.isError || !(id > 0) ? (
        <ErrorState
          title="The claim could not be loaded"
          error={claim.error}
          onRetry={() => void claim.refetch()}
        />
      ) : (
        <div aria-busy="true" aria-label="Loading the claim">
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}
