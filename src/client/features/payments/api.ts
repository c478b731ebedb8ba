import type { AccountingExportQuery } from '#core/schemas/accounting';
import type {
  Bills,
  OpenInvoice,
  OrderPayments,
  PaymentCreateInput,
  Receivables,
  ReceivablesQuery,
} from '#core/schemas/payment';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedObject } from '../../lib/paged-list';
import { BILLS_KEY, RECEIVABLES_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export type ReceivablesFilters = Partial<
  Pick<ReceivablesQuery, 'restaurantId' | 'status' | 'bucket'>
>;

/** "/api/receivables?restaurantId=2&status=overdue": the key and the path are the same. */
export function receivablesPath(filters: ReceivablesFilters, format?: 'csv'): string {
  const params = new URLSearchParams();
  if (filters.restaurantId) params.set('restaurantId', String(filters.restaurantId));
  if (filters.status) params.set('status', filters.status);
  if (filters.bucket) params.set('bucket', filters.bucket);
  if (format) params.set('format', format);
  const query = params.toString();
  return query ? `${RECEIVABLES_KEY[0]}?${query}` : RECEIVABLES_KEY[0];
}

/** "/api/exports/accounting?from=…&to=…&format=xero": the zip of one program's files. */
export function accountingExportPath(query: AccountingExportQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, format: query.format });
  return `/api/exports/accounting?${params.toString()}`;
}

/**
 * Pages of receivables or bills merged into one answer: the totals of the first page (each
 * page carries the whole list's), each group once, with the invoices of every page loaded.
 */
function mergeGroups<G extends { invoices: OpenInvoice[] }>(
  pages: G[][],
  idOf: (group: G) => number,
): G[] {
  const merged = new Map<number, G>();
  for (const group of pages.flat()) {
    const seen = merged.get(idOf(group));
    merged.set(
      idOf(group),
      seen ? { ...seen, invoices: [...seen.invoices, ...group.invoices] } : group,
    );
  }
  return [...merged.values()];
}

const invoiceCount = (groups: { invoices: OpenInvoice[] }[]) =>
  groups.reduce((sum, group) => sum + group.invoices.length, 0);

/** The farm's receivables with these filters, 100 open invoices a page (Load more). */
export function useFilteredReceivables(filters: ReceivablesFilters) {
  const list = usePagedObject<Receivables>(RECEIVABLES_KEY[0], {
    restaurantId: filters.restaurantId,
    status: filters.status,
    bucket: filters.bucket,
  });
  const first = list.bodies?.[0];
  const restaurants = list.bodies
    ? mergeGroups(
        list.bodies.map((body) => body.restaurants),
        (group) => group.restaurant.id,
      )
    : undefined;
  const data: Receivables | undefined =
    first && restaurants ? { ...first, restaurants } : undefined;
  return { ...list, data, shown: restaurants ? invoiceCount(restaurants) : 0 };
}

/** The restaurant's bills, 100 open invoices a page (Load more). */
export function usePagedBills() {
  const list = usePagedObject<Bills>(BILLS_KEY[0], {});
  const first = list.bodies?.[0];
  const farms = list.bodies
    ? mergeGroups(
        list.bodies.map((body) => body.farms),
        (group) => group.farm.id,
      )
    : undefined;
  const data: Bills | undefined = first && farms ? { ...first, farms } : undefined;
  return { ...list, data, shown: farms ? invoiceCount(farms) : 0 };
}

export const orderPaymentsPath = (orderId: number) => `/api/orders/${orderId}/payments`;

export function useOrderPayments(orderId: number | null) {
  return useQuery<OrderPayments>({
    queryKey: [orderPaymentsPath(orderId ?? 0)],
    enabled: orderId !== null,
  });
}

/** Every screen that shows what is owed reads again after a payment or a void. */
function refreshOwed(result: OrderPayments) {
  queryClient.setQueryData([orderPaymentsPath(result.orderId)], result);
  void queryClient.invalidateQueries({ queryKey: RECEIVABLES_KEY });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' &&
      (query.queryKey[0].startsWith('/api/receivables') ||
        query.queryKey[0].startsWith('/api/orders') ||
        query.queryKey[0] === BILLS_KEY[0]),
  });
}

export function useRecordPayment() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: PaymentCreateInput }) =>
      api.post<OrderPayments>(orderPaymentsPath(orderId), body),
    onSuccess: refreshOwed,
  });
}

export function useVoidPayment() {
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) =>
      api.post<OrderPayments>(`/api/payments/${paymentId}/void`, { reason }),
    onSuccess: refreshOwed,
  });
}
