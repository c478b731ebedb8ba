import { countLabel } from '#core/counts';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from '#core/order-status';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { ErrorState } from './empty-state';
import { Field, Input, Select } from './form';

export interface OrderFilters {
  status: 'all' | OrderStatus;
  /** A `YYYY-MM-DD` day, or '' for every day. */
  deliveryDate: string;
  /** Order number or the other side's name, as typed. */
  search: string;
}
export const NO_FILTERS: OrderFilters = { status: 'all', deliveryDate: '', search: '' };

export function hasFilters(filters: OrderFilters): boolean {
  return filters.status !== 'all' || filters.deliveryDate !== '' || filters.search.trim() !== '';
}

const capitalised = (status: OrderStatus) =>
  statusLabel(status).replace(/^./, (letter) => letter.toUpperCase());

/**
 * Status, delivery day and search over a paged order list; the server filters
 * (docs/api.md#order-lists-and-status). `searchLabel` names what the search matches besides the
 * order number ("restaurant" or "farm").
 */
export function OrderFilterBar({
  filters,
  onChange,
  searchLabel,
  showDay = true,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  searchLabel: string;
  showDay?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <Field label="Search" className="sm:col-span-2 lg:col-span-1">
        {(ids) => (
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
            />
            <Input
              {...ids}
              type="search"
              className="pl-9"
              placeholder={`Order number or ${searchLabel} name`}
              value={filters.search}
              maxLength={100}
              onChange={(event) => onChange({ ...filters, search: event.target.value })}
            />
          </div>
        )}
      </Field>
      <Field label="Status">
        {(ids) => (
          <Select
            {...ids}
            value={filters.status}
            onChange={(event) =>
              onChange({ ...filters, status: event.target.value as OrderFilters['status'] })
            }
          >
            <option value="all">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {capitalised(status)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {showDay ? (
        <Field label="Delivery day">
          {(ids) => (
            <Input
              {...ids}
              type="date"
              value={filters.deliveryDate}
              onChange={(event) => onChange({ ...filters, deliveryDate: event.target.value })}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}

/**
 * "Showing 25 of 132 orders" ("Showing 1 of 1 order") and Load more, under a paged list;
 * `noun` is the singular.
 */
export function LoadMoreFooter({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
  noun = 'order',
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  noun?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-2">
      <p className="text-sm text-stone-600" aria-live="polite">
        Showing {shown} of {countLabel(total, noun)}
      </p>
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

/** What a paged order list (usePagedList) gives its body. */
interface PagedOrders {
  items: readonly unknown[] | undefined;
  total: number | undefined;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The body of a paged order list: its cards, dimmed while a new filter's first page loads, then
 * "Showing N of M" with Load more, and the error of a page that failed, with Retry.
 */
export function PagedOrderList({ orders, children }: { orders: PagedOrders; children: ReactNode }) {
  const shown = orders.items?.length ?? 0;
  return (
    <div
      className={
        orders.isPlaceholderData ? 'flex flex-col gap-4 opacity-60' : 'flex flex-col gap-4'
      }
      aria-busy={orders.isPlaceholderData}
    >
      {children}
      <LoadMoreFooter
        shown={shown}
        total={orders.total ?? shown}
        hasMore={orders.hasNextPage}
        loading={orders.isFetchingNextPage}
        onLoadMore={() => void orders.fetchNextPage()}
      />
      {orders.error ? (
        <ErrorState
          title="Could not load more orders"
          error={orders.error}
          onRetry={() => void orders.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}

/** The server's parameters for these filters. */
export function filterParams(filters: OrderFilters): Record<string, string | undefined> {
  return {
    status: filters.status === 'all' ? undefined : filters.status,
    deliveryDate: filters.deliveryDate || undefined,
    q: filters.search.trim() || undefined,
  };
}
