import {
  CREDIT_MODES,
  CREDIT_MODE_LABELS,
  HOLD_REASON_MAX_LENGTH,
  MAX_HOLD_AFTER_DAYS,
  creditTermsBody,
  customerHoldBody,
  type CreditMode,
  type Customer,
} from '#core/schemas/customer';
import { ArrowLeft } from 'lucide-react';
import { formatCalendarDate } from '#core/hawaii-time';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { ORDER_DATE_FORMAT, formatInstant } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useCustomer, useCustomerHistory, useHoldCustomer, useSaveCreditTerms } from './api';
import { CustomerMinimumCard } from './customer-minimum-card';
import { CustomerStateBadge, money } from './customer-parts';

/**
 * /farmer/customers/:id: one customer's figures, the farm's credit terms for it, its hold and
 * the history of both (docs/customers.md).
 */
export function CustomerPage() {
  const restaurantId = Number(useParams().id);
  const customer = useCustomer(restaurantId);
  const { can } = usePermissions();

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/farmer/customers"
        className="inline-flex min-h-11 items-center gap-1 text-sm text-stone-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Customers
      </Link>
      {customer.error ? (
        <ErrorState
          title={
            customer.error instanceof ApiError && customer.error.status === 404
              ? 'This restaurant is not one of your customers'
              : 'Could not load this customer'
          }
          error={customer.error}
          onRetry={() => void customer.refetch()}
        />
      ) : !customer.data ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the customer">
          <Skeleton className="h-10 w-2/3 rounded-lg" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold break-words">{customer.data.restaurant.name}</h1>
            <CustomerStateBadge state={customer.data.state} />
          </div>
          <Figures customer={customer.data} />
          <ResaleCertificateLine customer={customer.data} />
          <HoldCard customer={customer.data} manages={can('credit.manage')} />
          {can('money.view') ? (
            <>
              <TermsCard customer={customer.data} manages={can('credit.manage')} />
              <CustomerMinimumCard customer={customer.data} manages={can('credit.manage')} />
            </>
          ) : null}
          <HistoryCard restaurantId={restaurantId} />
        </>
      )}
    </div>
  );
}

function Figures({ customer }: { customer: Customer }) {
  const items: [string, string][] = [
    ['Balance', money(customer.openBalance)],
    ['Overdue', money(customer.overdueAmount)],
    [
      'Oldest overdue',
      customer.oldestOverdueDays === null ? '—' : `${customer.oldestOverdueDays} days`,
    ],
    ['Open orders', money(customer.openOrdersAmount)],
    ['Credit held', money(customer.creditBalance)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
          <dt className="text-xs font-medium text-stone-600">{label}</dt>
          <dd className="tabular text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether the restaurant's resale certificate is on file today, which sets its GET rate. */
function ResaleCertificateLine({ customer }: { customer: Customer }) {
  const certificate = customer.resaleCertificate;
  return (
    <p className="text-sm text-stone-700" data-testid="customer-resale-certificate">
      {certificate ? (
        <>
          Resale certificate on file since {formatCalendarDate(certificate.effectiveFrom)}
          {certificate.lastDay ? `, until ${formatCalendarDate(certificate.lastDay)}` : ''}.{' '}
          <a className="underline" href={certificate.pdfUrl} download>
            Download the certificate
          </a>
        </>
      ) : (
        'No resale certificate on file.'
      )}
    </p>
  );
}

function HoldCard({ customer, manages }: { customer: Customer; manages: boolean }) {
  const hold = useHoldCustomer(customer.restaurant.id);
  const [asking, setAsking] = useState<'hold' | 'release' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handHold = customer.hold !== null && !customer.hold.automatic;

  const open = (what: 'hold' | 'release') => {
    setReason('');
    setError(undefined);
    setAsking(what);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { hold: asking === 'hold', reason };
    const parsed = customerHoldBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    hold.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: asking === 'hold' ? 'Account on hold' : 'Hold released' });
        setAsking(null);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.body?.fields?.reason
            ? failure.body.fields.reason
            : failure.message,
        ),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Hold</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {customer.hold ? (
          <div className="rounded-md border border-red-200 bg-destructive-soft px-3 py-2 text-sm text-red-900">
            <p className="font-medium break-words">{customer.hold.reason}</p>
            <p>
              {customer.hold.automatic
                ? 'Set by your credit terms: it lifts when the customer pays.'
                : `Set by ${customer.hold.by?.name ?? 'a member'}${customer.hold.at ? ` on ${formatInstant(customer.hold.at, ORDER_DATE_FORMAT)}` : ''}. Payments do not lift it.`}
            </p>
          </div>
        ) : customer.warning ? (
          <p className="rounded-md border border-amber-200 bg-warning-soft px-3 py-2 text-sm text-amber-900">
            {customer.warning}
          </p>
        ) : (
          <p className="text-sm text-stone-700">This account is not on hold.</p>
        )}
        {manages ? (
          <div className="flex flex-wrap gap-2">
            {handHold ? (
              <Button writes variant="outline" onClick={() => open('release')}>
                Release the hold
              </Button>
            ) : (
              <Button writes variant="destructive" onClick={() => open('hold')}>
                Put on hold
              </Button>
            )}
          </div>
        ) : null}
      </CardContent>
      <Dialog open={asking !== null} onOpenChange={(next) => !next && setAsking(null)}>
        <DialogContent
          title={
            asking === 'hold'
              ? `Put ${customer.restaurant.name} on hold?`
              : `Release the hold on ${customer.restaurant.name}?`
          }
          description={
            asking === 'hold'
              ? 'Its orders to you are refused until you release it. The restaurant sees your reason.'
              : 'It can order from you again, unless your credit terms hold it.'
          }
        >
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <Field label="Reason" required error={error}>
              {(ids) => (
                <Textarea
                  {...ids}
                  value={reason}
                  maxLength={HOLD_REASON_MAX_LENGTH}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setAsking(null)}>
                Keep as it is
              </Button>
              <Button
                type="submit"
                variant={asking === 'hold' ? 'destructive' : 'primary'}
                disabled={hold.isPending}
              >
                {hold.isPending ? 'Saving…' : asking === 'hold' ? 'Put on hold' : 'Release'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

type TermsErrors = Partial<Record<'creditLimit' | 'holdAfterDaysOverdue' | 'mode', string>>;

function TermsCard({ customer, manages }: { customer: Customer; manages: boolean }) {
  const save = useSaveCreditTerms(customer.restaurant.id);
  const terms = customer.creditTerms;
  const [limit, setLimit] = useState(terms?.creditLimit ?? '');
  const [days, setDays] = useState(
    terms?.holdAfterDaysOverdue === null || terms === null
      ? ''
      : String(terms.holdAfterDaysOverdue),
  );
  const [mode, setMode] = useState<CreditMode>(terms?.mode ?? 'hold');
  const [errors, setErrors] = useState<TermsErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      creditLimit: limit.trim() === '' ? null : limit.trim(),
      holdAfterDaysOverdue: days.trim() === '' ? null : Number(days),
      mode,
    };
    const parsed = creditTermsBody.safeParse(body);
    if (!parsed.success) {
      const found: TermsErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TermsErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Credit terms saved' }),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.body?.fields) {
          setErrors(failure.body.fields as TermsErrors);
        } else {
          toast({
            title: 'The terms were not saved',
            description: failure.message,
            variant: 'destructive',
          });
        }
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit terms</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Credit limit ($)"
              error={errors.creditLimit}
              hint="What it may owe you, open orders included. Empty: no limit."
            >
              {(ids) => (
                <Input
                  {...ids}
                  inputMode="decimal"
                  value={limit}
                  disabled={!manages}
                  onChange={(event) => setLimit(event.target.value)}
                  placeholder="500.00"
                />
              )}
            </Field>
            <Field
              label="Hold after days overdue"
              error={errors.holdAfterDaysOverdue}
              hint={`0 to ${MAX_HOLD_AFTER_DAYS}. Empty: none.`}
            >
              {(ids) => (
                <Input
                  {...ids}
                  inputMode="numeric"
                  value={days}
                  disabled={!manages}
                  onChange={(event) => setDays(event.target.value)}
                  placeholder="15"
                />
              )}
            </Field>
            <Field label="When passed" error={errors.mode}>
              {(ids) => (
                <Select
                  {...ids}
                  value={mode}
                  disabled={!manages}
                  onChange={(event) => setMode(event.target.value as CreditMode)}
                >
                  {CREDIT_MODES.map((value) => (
                    <option key={value} value={value}>
                      {CREDIT_MODE_LABELS[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          {manages ? (
            <div>
              <Button type="submit" writes disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save terms'}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-stone-600">Owners and bookkeepers set credit terms.</p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

const EVENT_LABELS = { hold: 'Held', release: 'Released', terms: 'Terms' } as const;

function HistoryCard({ restaurantId }: { restaurantId: number }) {
  const history = useCustomerHistory(restaurantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {history.error && !history.items ? (
          <ErrorState
            title="Could not load the history"
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : !history.items ? (
          <Skeleton className="h-24 rounded-lg" aria-label="Loading the history" />
        ) : history.items.length === 0 ? (
          <p className="text-sm text-stone-600">No holds or terms yet.</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="History">
            {history.items.map((event) => (
              <li key={event.id} className="border-b border-stone-100 pb-2 text-sm last:border-0">
                <p>
                  <span className="font-medium">{EVENT_LABELS[event.kind]}</span>{' '}
                  <span className="text-stone-600">
                    {formatInstant(event.at, ORDER_DATE_FORMAT)}{' '}
                    {event.by
                      ? `by ${event.by.name}`
                      : event.automatic
                        ? 'automatically'
                        : 'by a member'}
                  </span>
                </p>
                <p className="break-words text-stone-800">{event.reason}</p>
              </li>
            ))}
          </ol>
        )}
        {history.items && history.items.length > 0 ? (
          <LoadMoreFooter
            noun="entry"
            shown={history.items.length}
            total={history.total ?? history.items.length}
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            onLoadMore={() => void history.fetchNextPage()}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
