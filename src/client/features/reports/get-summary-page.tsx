import { addDays, hawaiiToday } from '#core/hawaii-time';
import { formatRatePercent } from '#core/money';
import {
  getSummaryPeriod,
  type GetSummary,
  type GetSummaryFormat,
  type GetSummaryPeriod,
  type GetSummaryRate,
} from '#core/schemas/get-summary';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, Receipt } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, ApiError, downloadFile } from '../../lib/api';
import { countLabel, formatCalendarDate, formatMoney } from '../../lib/format';

/** "/api/reports/get-summary?from=…&to=…", with `&format=pdf` for a download. */
export function getSummaryPath(period: GetSummaryPeriod, format?: GetSummaryFormat): string {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  if (format) params.set('format', format);
  return `/api/reports/get-summary?${params.toString()}`;
}

/** The month before `today`'s, first to last day: the period a monthly G-45 covers. */
export function previousMonth(today: string): GetSummaryPeriod {
  const to = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/**
 * /farmer/reports/get-summary (owners and bookkeepers): the farm's gross proceeds by GET rate
 * for a period, the figures of its G-45 and G-49 returns, with the orders behind them and the
 * PDF and CSV of the same period (docs/tax.md#the-get-summary).
 */
export function GetSummaryPage({ today = hawaiiToday() }: { today?: string }) {
  const [period, setPeriod] = useState<GetSummaryPeriod>(() => previousMonth(today));
  const { register, handleSubmit, clearErrors, formState } = useForm<
    GetSummaryPeriod,
    unknown,
    GetSummaryPeriod
  >({
    resolver: zodResolver(getSummaryPeriod),
    defaultValues: period,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const field = (name: keyof GetSummaryPeriod) =>
    register(name, { onChange: () => clearErrors(name) });
  const query = useQuery({
    queryKey: ['/api/reports/get-summary', period.from, period.to],
    queryFn: () => api.get<GetSummary>(getSummaryPath(period)),
  });
  // A refusal of the server's own check is said under its field, as the form says its own.
  const refused = query.error instanceof ApiError ? query.error.body?.fields : undefined;
  const fieldError = (name: keyof GetSummaryPeriod) =>
    errors[name]?.message ?? (refused?.[name] as string | undefined);

  const show = handleSubmit((next) => setPeriod(next));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to="/farmer/reports"
          className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-medium text-green-800 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Reports
        </Link>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">GET summary</h1>
          <p className="text-stone-600">
            Your gross proceeds by General Excise Tax rate, for your G-45 and G-49 returns.
          </p>
        </div>
      </div>

      <form
        onSubmit={(event) => void show(event)}
        noValidate
        className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        aria-label="Period"
      >
        <Field label="From" error={fieldError('from')} required>
          {(ids) => <Input {...ids} type="date" {...field('from')} />}
        </Field>
        <Field
          label="To"
          error={fieldError('to')}
          hint="Both days included, a year at most"
          required
        >
          {(ids) => <Input {...ids} type="date" {...field('to')} />}
        </Field>
        <Button type="submit" className="sm:mt-6">
          Show
        </Button>
      </form>

      <SummaryBody query={query} period={period} />
    </div>
  );
}

function SummaryBody({
  query,
  period,
}: {
  query: { data: GetSummary | undefined; error: Error | null; refetch: () => unknown };
  period: GetSummaryPeriod;
}) {
  const { data, error, refetch } = query;
  if (error) {
    return (
      <ErrorState title="Could not load the GET summary" error={error} onRetry={() => refetch()} />
    );
  }
  if (data === undefined) return <SummarySkeleton />;
  const span = `${formatCalendarDate(data.from)} to ${formatCalendarDate(data.to)}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">
          Invoices delivered from {span}, less the credit notes issued in those days. Cancelled
          orders are not counted.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <DownloadButton period={period} format="pdf" label="Download PDF" />
          <DownloadButton period={period} format="csv" label="Download CSV" />
        </div>
      </div>
      {data.rates.length === 0 ? (
        <EmptyState
          icon={<Receipt />}
          title="Nothing to report for these days"
          description={`No invoice was delivered and no credit note issued from ${span}. Choose other days above.`}
        />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>All rates</CardTitle>
            </CardHeader>
            <CardContent>
              <Figures figures={data.totals} />
            </CardContent>
          </Card>
          {data.rates.map((rate) => (
            <RateCard key={rate.taxRate} rate={rate} />
          ))}
        </>
      )}
    </div>
  );
}

/** A rate's or all rates' figures: what was invoiced, credited, and the gross proceeds. */
function Figures({ figures }: { figures: GetSummary['totals'] }) {
  const rows: [string, string, boolean?][] = [
    ['Subtotal', formatMoney(figures.subtotal)],
    ['Delivery fees', formatMoney(figures.deliveryFees)],
    ['GET passed on', formatMoney(figures.taxPassedOn)],
    [`Invoiced (${countLabel(figures.invoiceCount, 'invoice')})`, formatMoney(figures.invoiced)],
    [`Less ${countLabel(figures.creditNoteCount, 'credit note')}`, formatMoney(figures.credited)],
    ['Gross proceeds', formatMoney(figures.grossProceeds), true],
  ];
  return (
    <dl className="flex flex-col divide-y divide-stone-100">
      {rows.map(([name, value, strong]) => (
        <div
          key={name}
          className={
            strong
              ? 'flex items-baseline justify-between gap-3 pt-2 text-base font-bold'
              : 'flex items-baseline justify-between gap-3 py-1.5 text-sm'
          }
        >
          <dt className={strong ? 'text-stone-900' : 'text-stone-600'}>{name}</dt>
          <dd className="tabular text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RateCard({ rate }: { rate: GetSummaryRate }) {
  const percent = formatRatePercent(rate.taxRate);
  return (
    <Card>
      <CardHeader>
        <CardTitle>At {percent}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Figures figures={rate} />
        {rate.invoices.length > 0 ? (
          <Listed title={`Invoices at ${percent} (${rate.invoices.length})`}>
            {rate.invoices.map((invoice) => (
              <Line
                key={invoice.orderId}
                title={`Order #${invoice.orderId} · Invoice ${invoice.invoiceNumber}`}
                detail={`${invoice.restaurantName} · delivered ${formatCalendarDate(invoice.deliveryDate)} · GET ${formatMoney(invoice.taxAmount)}`}
                amount={formatMoney(invoice.totalAmount)}
              />
            ))}
          </Listed>
        ) : null}
        {rate.creditNotes.length > 0 ? (
          <Listed title={`Credit notes at ${percent} (${rate.creditNotes.length})`}>
            {rate.creditNotes.map((note) => (
              <Line
                key={note.number}
                title={`${note.number} · Order #${note.orderId}`}
                detail={`${note.restaurantName} · issued ${formatCalendarDate(note.issuedOn)} · GET ${formatMoney(note.taxAmount)}`}
                amount={`-${formatMoney(note.amount)}`}
              />
            ))}
          </Listed>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The orders behind a figure, folded away until asked for: a year lists hundreds. */
function Listed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="rounded-lg border border-stone-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
        {title}
      </summary>
      <ul className="flex flex-col divide-y divide-stone-100 border-t border-stone-200 px-3">
        {children}
      </ul>
    </details>
  );
}

function Line({ title, detail, amount }: { title: string; detail: string; amount: string }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{title}</span>
        <span className="break-words text-stone-600">{detail}</span>
      </div>
      <span className="tabular shrink-0 text-right font-semibold">{amount}</span>
    </li>
  );
}

function DownloadButton({
  period,
  format,
  label,
}: {
  period: GetSummaryPeriod;
  format: GetSummaryFormat;
  label: string;
}) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadFile(getSummaryPath(period, format), `get-summary.${format}`);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void download()} disabled={downloading}>
      <Download aria-hidden="true" />
      {downloading ? 'Preparing...' : label}
    </Button>
  );
}

function SummarySkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading the GET summary">
      <Skeleton className="h-11 w-full" />
      {[0, 1].map((key) => (
        <Card key={key} className="flex flex-col gap-3 p-5">
          <Skeleton className="h-6 w-32" />
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} className="h-5 w-full" />
          ))}
        </Card>
      ))}
    </div>
  );
}
