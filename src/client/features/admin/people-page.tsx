import { BUSINESS_ROLE_LABELS } from '#core/permissions';
import type { AdminPersonEntry, PeopleBusinessFilter } from '#core/schemas/admin';
import { ArrowLeft, Search, Store, Tractor, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/form';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { formatInstant, formatRelativeTime, SHORT_DATE_FORMAT } from '../../lib/format';
import { useDebouncedValue } from '../../lib/paged-list';
import { useAdminPeople, type PeopleFilters } from './api';

const BUSINESS_OPTIONS: { value: PeopleBusinessFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'farm', label: 'Farm members' },
  { value: 'restaurant', label: 'Restaurant members' },
  { value: 'none', label: 'No business' },
  { value: 'admin', label: 'Administrators' },
];

/** /admin/people: every account by name, to find who someone is and what they belong to. */
export function PeoplePage() {
  const [filters, setFilters] = useState<PeopleFilters>({ q: '', business: 'all', closed: false });
  const search = useDebouncedValue(filters.q);
  const list = useAdminPeople({ ...filters, q: search });
  const searchId = useId();
  const businessId = useId();
  const searched = search.trim();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link
          to="/admin"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
        </Link>
        <h1 className="text-2xl font-bold text-stone-900">People</h1>
        <p className="text-stone-600">
          Everyone with an account, by name: the businesses they belong to, their role there and
          when they last used them.
        </p>
      </header>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-xs font-medium text-stone-600">
            Name or email
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder="Search people by name or email"
              maxLength={100}
              value={filters.q}
              onChange={(event) => setFilters({ ...filters, q: event.target.value })}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1 lg:w-56">
          <label htmlFor={businessId} className="text-xs font-medium text-stone-600">
            Business
          </label>
          <Select
            id={businessId}
            value={filters.business}
            onChange={(event) =>
              setFilters({
                ...filters,
                business: event.target.value as PeopleFilters['business'],
              })
            }
          >
            {BUSINESS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            className="size-5 accent-green-700"
            checked={filters.closed}
            onChange={(event) => setFilters({ ...filters, closed: event.target.checked })}
          />
          Show closed accounts
        </label>
      </div>

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading people">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError && !list.items ? (
        <ErrorState
          title="Could not load the people"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.items!.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={searched ? `No one matches “${searched}”` : 'No one matches'}
          description={
            searched
              ? 'Try part of the name or of the email address.'
              : 'Try another business filter.'
          }
        />
      ) : (
        <div
          className={
            list.isPlaceholderData ? 'flex flex-col gap-3 opacity-60' : 'flex flex-col gap-3'
          }
          aria-busy={list.isPlaceholderData}
        >
          <ul className="flex flex-col gap-3">
            {list.items!.map((person) => (
              <li key={person.id}>
                <PersonRow person={person} />
              </li>
            ))}
          </ul>
          <LoadMoreFooter
            shown={list.items!.length}
            total={list.total ?? list.items!.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun="account"
          />
          {list.isFetchNextPageError ? (
            <ErrorState
              title="Could not load more people"
              error={list.error}
              onRetry={() => void list.fetchNextPage()}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

function PersonRow({ person }: { person: AdminPersonEntry }) {
  const titleId = useId();
  const title = person.name ?? person.email;
  return (
    <Card>
      <CardContent className="py-4">
        <article
          aria-labelledby={titleId}
          className="flex flex-col gap-2 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_13rem] lg:items-start lg:gap-4"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2
                id={titleId}
                className={
                  person.closedAt
                    ? 'font-semibold break-words text-stone-500'
                    : 'font-semibold break-words text-stone-900'
                }
              >
                {title}
              </h2>
              {person.isAdmin ? <Badge>Administrator</Badge> : null}
              {person.closedAt ? <Badge variant="secondary">Closed</Badge> : null}
            </div>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
              <span className="min-w-0 break-all">{person.email}</span>
              {person.emailVerified || person.closedAt ? null : (
                <Badge variant="warning" className="normal-case">
                  not verified
                </Badge>
              )}
            </p>
          </div>
          {person.businesses.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={`Businesses of ${title}`}>
              {person.businesses.map((business) => (
                <li
                  key={`${business.kind}-${business.id}`}
                  className="flex max-w-full items-start gap-1.5 rounded-md border border-stone-200 bg-stone-50 px-2 py-1 text-sm text-stone-800"
                >
                  {business.kind === 'farm' ? (
                    <Tractor className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
                  ) : (
                    <Store className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
                  )}
                  <span className="min-w-0 break-words">
                    <span className="sr-only">
                      {business.kind === 'farm' ? 'Farm:' : 'Restaurant:'}
                    </span>
                    {business.name}{' '}
                    <span className="whitespace-nowrap text-stone-500">
                      · {BUSINESS_ROLE_LABELS[business.role]}
                    </span>
                  </span>
                </li>
              ))}
              {person.moreBusinesses > 0 ? (
                <li className="flex items-center px-1 text-sm text-stone-600">
                  and {person.moreBusinesses} more
                </li>
              ) : null}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">No business</p>
          )}
          <p className="text-sm text-stone-600 lg:flex lg:flex-col lg:text-right">
            <span>Joined {formatInstant(person.createdAt, SHORT_DATE_FORMAT)}</span>
            <span aria-hidden="true" className="lg:hidden">
              {' · '}
            </span>
            <span>Last active: {formatRelativeTime(person.lastActiveAt, 'never')}</span>
            {person.closedAt ? (
              <>
                <span aria-hidden="true" className="lg:hidden">
                  {' · '}
                </span>
                <span>Closed {formatInstant(person.closedAt, SHORT_DATE_FORMAT)}</span>
              </>
            ) : null}
          </p>
        </article>
      </CardContent>
    </Card>
  );
}
