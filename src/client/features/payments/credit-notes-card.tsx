import type { CreditBalance, CreditNote } from '#core/schemas/claim';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, ApiError, downloadFile } from '../../lib/api';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import { usePagedList } from '../../lib/paged-list';
import { usePermissions } from '../../lib/permissions';
import type { CreditAction } from './credit-balance-dialog';

const CreditBalanceDialog = lazyDialog(
  async () => (await import('./credit-balance-dialog')).CreditBalanceDialog,
);

async function downloadCreditNote(note: CreditNote) {
  try {
    await downloadFile(`/api/credit-notes/${note.id}/pdf`, `credit-note-${note.number}.pdf`);
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
      variant: 'destructive',
    });
  }
}

/**
 * The business's credit notes (docs/claims.md) on Bills and Receivables, newest first, and the
 * credit a restaurant holds with a farm. Shown once there is any.
 */
export function CreditNotesCard({ side }: { side: 'farm' | 'restaurant' }) {
  const notes = usePagedList<CreditNote>('/api/credit-notes', {});
  const { can } = usePermissions();
  const [using, setUsing] = useState<{ balance: CreditBalance; action: CreditAction } | null>(null);
  const [openings, setOpenings] = useState(0);
  const openCredit = (balance: CreditBalance, action: CreditAction) => {
    setOpenings((count) => count + 1);
    setUsing({ balance, action });
  };
  const manages = side === 'farm' && can('claims.decide');
  const balances = useQuery({
    queryKey: ['/api/credit-balances'],
    queryFn: ({ signal }) => api.get<CreditBalance[]>('/api/credit-balances', { signal }),
  });
  if (notes.isPending)
    return <Skeleton className="h-24 w-full" aria-label="Loading credit notes" />;
  if (notes.isError && !notes.items) {
    return (
      <ErrorState
        title="Credit notes could not be loaded"
        error={notes.error}
        onRetry={() => void notes.refetch()}
      />
    );
  }
  if (!notes.items || notes.items.length === 0) return null;
  const held = balances.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit notes</CardTitle>
        <p className="text-xs text-stone-600">
          Accepted claims, credited on their invoice; what is beyond the invoice is held as credit
          {side === 'farm' ? ' for the restaurant' : ' with the farm'}.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {held.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Credit held">
            {held.map((balance) => (
              <li
                key={`${balance.farm.id}-${balance.restaurant.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-primary-soft px-3 py-2"
              >
                <span className="break-words">
                  Credit{' '}
                  {side === 'farm'
                    ? `held by ${balance.restaurant.name}`
                    : `with ${balance.farm.name}`}
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular font-semibold">{formatMoney(balance.amount)}</span>
                  {manages ? (
                    <>
                      <Button
                        writes
                        variant="outline"
                        size="sm"
                        onClick={() => openCredit(balance, 'apply')}
                      >
                        Apply
                      </Button>
                      <Button
                        writes
                        variant="outline"
                        size="sm"
                        onClick={() => openCredit(balance, 'refund')}
                      >
                        Refund
                      </Button>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="divide-y divide-stone-200">
          {notes.items.map((note) => (
            <li
              key={note.id}
              className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col">
                <span className="font-medium">
                  {note.number} · Order #{note.orderId}
                </span>
                <span className="text-stone-600">
                  {side === 'farm' ? note.restaurant.name : note.farm.name} · Issued{' '}
                  {formatCalendarDate(note.issuedOn)}
                  {note.toCreditBalance !== '0.00'
                    ? ` · ${formatMoney(note.toCreditBalance)} to credit`
                    : ''}
                </span>
              </div>
              <div className="flex items-center justify-between gap-3 sm:justify-end">
                <span className="tabular font-semibold sm:w-24 sm:text-right">
                  −{formatMoney(note.amount)}
                </span>
                <Button variant="outline" size="sm" onClick={() => void downloadCreditNote(note)}>
                  <FileText aria-hidden="true" />
                  PDF
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {notes.hasNextPage ? (
          <LoadMoreFooter
            shown={notes.items.length}
            total={notes.total ?? 0}
            hasMore
            loading={notes.isFetchingNextPage}
            onLoadMore={() => void notes.fetchNextPage()}
            noun="credit note"
          />
        ) : null}
        {using ? (
          <CreditBalanceDialog
            key={openings}
            balance={using.balance}
            action={using.action}
            open
            onClose={() => setUsing(null)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
