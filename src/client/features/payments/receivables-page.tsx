import { hawaiiToday } from '#core/hawaii-time';
import { centsOf, formatUsd } from '#core/money';
import { AGING_BUCKETS, AGING_BUCKET_LABELS, type AgingBucket } from '#core/payments';
import type { AgingTotals, OpenInvoice } from '#core/schemas/payment';
import { Download, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Select } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { tellFiguresAsOf } from '../../components/ui/figures-as-of';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { countLabel, formatCalendarDate } from '../../lib/format';
import { useReceivables } from '../../lib/queries';
import { Link } from 'react-router';
import { AccountingExportButton } from './accounting-export-button';
import { CreditNotesCard } from './credit-notes-card';
import { receivablesPath, useFilteredReceivables, type ReceivablesFilters } from './api';
import { PaymentStatusBadge } from './payment-parts';
import { RecordPaymentDialog } from './record-payment-dialog';

const money = (value: string) => formatUsd(centsOf(value));

function AgingSummary({ totals }: { totals: AgingTotals }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {AGING_BUCKETS.map((bucket) => (
        <div key={bucket} className="rounded-lg border border-stone-200 bg-white p-3">
          <dt className="text-xs font-medium text-stone-600">{AGING_BUCKET_LABELS[bucket]}</dt>
          <dd className="tabular text-lg font-semibold">{money(totals[bucket])}</dd>
        </div>
      ))}
      <div className="col-span-2 rounded-lg border border-primary bg-primary-soft p-3 sm:col-span-1">
        <dt className="text-xs font-medium text-green-900">Outstanding</dt>
        <dd className="tabular text-lg font-bold text-green-950">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}

function InvoiceRow({ invoice, onRecord }: { invoice: OpenInvoice; onRecord: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">
          Order #{invoice.orderId}
          {invoice.invoiceNumber
            ? ` · Invoice ${String(invoice.invoiceNumber).padStart(5, '0')}`
            : ''}
        </span>
        <span className="text-stone-600">
          Due {formatCalendarDate(invoice.dueDate) ?? 'on delivery'}
          {invoice.daysPastDue > 0 ? ` · ${countLabel(invoice.daysPastDue, 'day')} past due` : ''}
          {invoice.amountCredited && invoice.amountCredited !== '0.00'
            ? ` · ${money(invoice.amountCredited)} credited`
            : ''}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
        <PaymentStatusBadge
          status={invoice.paymentStatus}
          amountPaid={invoice.amountPaid}
          amountCredited={invoice.amountCredited}
        />
        <span className="tabular w-24 text-right font-semibold">{money(invoice.balanceDue)}</span>
        <Button writes size="sm" onClick={onRecord}>
          Record payment
        </Button>
      </div>
    </li>
  );
}

function ReceivablesSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading receivables">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-36 w-full" />
      ))}
    </div>
  );
}

/** /farmer/receivables: what each restaurant owes, aged, with filters, CSV and payments. */
export function ReceivablesPage() {
  const [filters, setFilters] = useState<ReceivablesFilters>({});
  const [recording, setRecording] = useState<{ orderId: number; label: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const all = useReceivables();
  const shown = useFilteredReceivables(filters);
  const data = shown.data;
  const restaurants = all.data?.restaurants.map((entry) => entry.restaurant) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(receivablesPath(filters, 'csv'), 'receivables.csv');
    } catch (error) {
      toast({
        title: 'Export Failed',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Receivables</h1>
          <p className="text-sm text-stone-600">
            What each restaurant owes you for delivered orders, by how long it is past due.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" asChild>
            <Link to="/farmer/claims">Claims</Link>
          </Button>
          {/* A restaurant group's one payment, spread over its locations (docs/groups.md). */}
          <Button variant="outline" asChild>
            <Link to="/farmer/group-payments">Group payments</Link>
          </Button>
          <AccountingExportButton today={data?.asOf ?? hawaiiToday()} books="invoices" />
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <Download aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field label="Restaurant">
          {(ids) => (
            <Select
              {...ids}
              value={filters.restaurantId ?? ''}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  restaurantId: event.target.value ? Number(event.target.value) : undefined,
                })
              }
            >
              <option value="">All restaurants</option>
              {restaurants.map((restaurant) => (
                <option key={restaurant.id} value={restaurant.id}>
                  {restaurant.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status">
          {(ids) => (
            <Select
              {...ids}
              value={filters.status ?? ''}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  status: (event.target.value || undefined) as ReceivablesFilters['status'],
                })
              }
            >
              <option value="">Any status</option>
              <option value="unpaid">Unpaid</option>
              <option value="partly_paid">Partly paid</option>
              <option value="overdue">Overdue</option>
            </Select>
          )}
        </Field>
        <Field label="Age">
          {(ids) => (
            <Select
              {...ids}
              value={filters.bucket ?? ''}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  bucket: (event.target.value || undefined) as AgingBucket | undefined,
                })
              }
            >
              <option value="">Any age</option>
              {AGING_BUCKETS.map((bucket) => (
                <option key={bucket} value={bucket}>
                  {AGING_BUCKET_LABELS[bucket]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      {shown.isPending ? (
        <ReceivablesSkeleton />
      ) : shown.isError ? (
        <ErrorState
          title="Receivables could not be loaded"
          error={shown.error}
          onRetry={() => void shown.refetch()}
        />
      ) : data ? (
        <>
          <AgingSummary totals={data.totals} />
          {data.restaurants.length === 0 ? (
            <EmptyState
              icon={<Wallet />}
              title="Nothing is owed"
              description={
                Object.values(filters).some(Boolean)
                  ? 'No open invoices match these filters.'
                  : 'Delivered orders that are not fully paid show here.'
              }
            />
          ) : (
            data.restaurants.map((entry) => (
              <Card key={entry.restaurant.id}>
                <CardHeader className="flex flex-row items-center justify-between gap-3">
                  <CardTitle>{entry.restaurant.name}</CardTitle>
                  <div className="flex items-center gap-3">
                    <span className="tabular font-semibold">{money(entry.totals.total)}</span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        void downloadFile(
                          `/api/statements?month=${data.asOf.slice(0, 7)}&restaurantId=${entry.restaurant.id}`,
                          'statement.pdf',
                        ).then(
                          () => tellFiguresAsOf('/api/statements'),
                          () => toast({ title: 'Download Failed', variant: 'destructive' }),
                        )
                      }
                    >
                      Statement
                    </Button>
                  </div>
                </CardHeader>
                <CardContent>
                  <ul className="divide-y divide-stone-200">
                    {entry.invoices.map((invoice) => (
                      <InvoiceRow
                        key={invoice.orderId}
                        invoice={invoice}
                        onRecord={() =>
                          setRecording({
                            orderId: invoice.orderId,
                            label: `Order #${invoice.orderId} · ${entry.restaurant.name}`,
                          })
                        }
                      />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ))
          )}
          {data.restaurants.length > 0 ? (
            <LoadMoreFooter
              noun="open invoice"
              shown={shown.shown}
              total={shown.total ?? shown.shown}
              hasMore={shown.hasNextPage}
              loading={shown.isFetchingNextPage}
              onLoadMore={() => void shown.fetchNextPage()}
            />
          ) : null}
        </>
      ) : null}
      <CreditNotesCard side="farm" />

      <RecordPaymentDialog
        key={recording?.orderId ?? 'none'}
        orderId={recording?.orderId ?? null}
        label={recording?.label ?? ''}
        today={data?.asOf ?? new Date().toISOString().slice(0, 10)}
        onClose={() => setRecording(null)}
      />
    </div>
  );
}
