import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { useCustomers } from './api';
import { CustomerStateBadge, money } from './customer-parts';

/**
 * /farmer/customers: each restaurant that buys from the farm, by name, with what it owes, what
 * is overdue and whether its account is on hold (docs/customers.md).
 */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const customers = useCustomers(useDeferredValue(search.trim()));

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Customers</h1>
        <p className="text-sm text-stone-600">
          What each restaurant owes you, its credit terms and holds
        </p>
      </div>
      <Field label="Search by name" className="max-w-md">
        {(ids) => (
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
            />
            <Input
              {...ids}
              type="search"
              className="pl-9"
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Restaurant name"
            />
          </div>
        )}
      </Field>

      {customers.error && !customers.items ? (
        <ErrorState
          title="Could not load your customers"
          error={customers.error}
          onRetry={() => void customers.refetch()}
        />
      ) : !customers.items ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading customers">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : customers.items.length === 0 ? (
        <EmptyState
          title={search.trim() ? 'No customer by that name' : 'No customers yet'}
          description={
            search.trim()
              ? 'Check the spelling, or search for part of the name.'
              : 'Restaurants that order from you or follow your farm show here.'
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Customers">
          {customers.items.map((customer) => (
            <li key={customer.restaurant.id}>
              <Card className="p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/farmer/customers/${customer.restaurant.id}`}
                    className="inline-flex min-h-11 items-center text-lg font-semibold break-words underline-offset-2 hover:underline"
                  >
                    {customer.restaurant.name}
                  </Link>
                  <CustomerStateBadge state={customer.state} />
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-stone-600">Balance</dt>
                    <dd className="tabular font-medium">{money(customer.openBalance)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600">Overdue</dt>
                    <dd
                      className={`tabular font-medium ${customer.overdueAmount && customer.overdueAmount !== '0.00' ? 'text-red-800' : ''}`}
                    >
                      {money(customer.overdueAmount)}
                    </dd>
                  </div>
                  {customer.hold ? (
                    <div className="col-span-2 sm:col-span-1">
                      <dt className="text-stone-600">Hold</dt>
                      <dd className="break-words">{customer.hold.reason}</dd>
                    </div>
                  ) : null}
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {customers.items && customers.items.length > 0 ? (
        <LoadMoreFooter
          noun="customer"
          shown={customers.items.length}
          total={customers.total ?? customers.items.length}
          hasMore={customers.hasNextPage}
          loading={customers.isFetchingNextPage}
          onLoadMore={() => void customers.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
