import { hawaiiToday } from '#core/hawaii-time';
import { centsOf, formatUsd } from '#core/money';
import { FileText, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { tellFiguresAsOf } from '../../components/ui/figures-as-of';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { AccountingExportButton } from './accounting-export-button';
import { CreditNotesCard } from './credit-notes-card';
import { usePagedBills } from './api';
import { PaymentStatusBadge } from './payment-parts';

const money = (value: string) => formatUsd(centsOf(value));

const downloadInvoice = (orderId: number) =>
  download(`/api/orders/${orderId}/invoice`, `invoice-${orderId}.pdf`);

/** Downloads a PDF (an invoice, this month's statement), telling when it fails. */
async function download(path: string, fallbackName: string): Promise<boolean> {
  try {
    await downloadFile(path, fallbackName);
    return true;
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
      variant: 'destructive',
    });
    return false;
  }
}

/** /restaurant/bills: what the restaurant owes to each farm and when it is due. */
export function BillsPage() {
  const bills = usePagedBills();
  const asOf = bills.data?.asOf ?? '';
  const [downloading, setDownloading] = useState<number | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Bills</h1>
          <p className="text-sm text-stone-600">
            What you owe each farm for delivered orders, and when it is due.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/restaurant/claims">Claims</Link>
          </Button>
          <AccountingExportButton today={asOf || hawaiiToday()} books="bills" />
        </div>
      </div>
      {bills.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading bills">
          <Skeleton className="h-20 w-full sm:w-80" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : bills.isError && !bills.data ? (
        <ErrorState
          title="Bills could not be loaded"
          error={bills.error}
          onRetry={() => void bills.refetch()}
        />
      ) : bills.data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-lg border border-primary bg-primary-soft p-3">
              <dt className="text-xs font-medium text-green-900">Outstanding</dt>
              <dd className="tabular text-xl font-bold">{money(bills.data.totalDue)}</dd>
            </div>
            <div className="rounded-lg border border-stone-200 bg-white p-3">
              <dt className="text-xs font-medium text-stone-600">Overdue</dt>
              <dd className="tabular text-xl font-bold">{money(bills.data.overdue)}</dd>
            </div>
          </dl>
          {bills.data.farms.length === 0 ? (
            <EmptyState
              icon={<Wallet />}
              title="You are all paid up"
              description="Invoices of delivered orders show here until they are paid."
            />
          ) : (
            bills.data.farms.map((entry) => (
              <Card key={entry.farm.id}>
                <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
                  <div>
                    <CardTitle>{entry.farm.name}</CardTitle>
                    <p className="text-xs text-stone-600">
                      Checks payable to {entry.farm.checksPayableTo ?? entry.farm.name}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="tabular font-semibold">{money(entry.balanceDue)}</span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        void download(
                          `/api/statements?month=${asOf.slice(0, 7)}&farmId=${entry.farm.id}`,
                          'statement.pdf',
                        ).then((downloaded) => {
                          if (downloaded) tellFiguresAsOf('/api/statements');
                        })
                      }
                    >
                      <FileText aria-hidden="true" />
                      Statement
                    </Button>
                  </div>
                </CardHeader>
                <CardContent>
                  {entry.hold ? (
                    <p
                      role="status"
                      className="mb-2 rounded-md border border-red-200 bg-destructive-soft px-3 py-2 text-sm text-red-900"
                    >
                      {entry.hold.reason}
                    </p>
                  ) : null}
                  <ul className="divide-y divide-stone-200">
                    {entry.invoices.map((invoice) => (
                      <li
                        key={invoice.orderId}
                        className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                      >
                        <div className="flex flex-col">
                          <span className="font-medium">Order #{invoice.orderId}</span>
                          <span className="text-stone-600">
                            Due {formatCalendarDate(invoice.dueDate) ?? 'on delivery'}
                            {invoice.amountPaid !== '0.00'
                              ? ` · ${money(invoice.amountPaid)} paid of ${money(invoice.totalAmount)}`
                              : ''}
                            {invoice.amountCredited && invoice.amountCredited !== '0.00'
                              ? ` · ${money(invoice.amountCredited)} credited`
                              : ''}
                          </span>
                        </div>
                        <div className="flex items-center justify-between gap-3 sm:justify-end">
                          <PaymentStatusBadge
                            status={invoice.paymentStatus}
                            amountPaid={invoice.amountPaid}
                            amountCredited={invoice.amountCredited}
                          />
                          <span className="tabular w-24 text-right font-semibold">
                            {money(invoice.balanceDue)}
                          </span>
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={downloading === invoice.orderId}
                            onClick={() => {
                              setDownloading(invoice.orderId);
                              void downloadInvoice(invoice.orderId).finally(() =>
                                setDownloading(null),
                              );
                            }}
                          >
                            <FileText aria-hidden="true" />
                            Invoice
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ))
          )}
          {bills.data.farms.length > 0 ? (
            <LoadMoreFooter
              noun="open invoice"
              shown={bills.shown}
              total={bills.total ?? bills.shown}
              hasMore={bills.hasNextPage}
              loading={bills.isFetchingNextPage}
              onLoadMore={() => void bills.fetchNextPage()}
            />
          ) : null}
        </>
      ) : null}
      <CreditNotesCard side="restaurant" />
    </div>
  );
}
