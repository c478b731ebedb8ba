import type { Page } from '#core/paging';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { apiObjectPage, apiPage } from './api';

/** Query parameters of a list; empty values are left out of the path. */
export type ListParams = Record<string, string | number | undefined>;

export function withParams(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A paged list (docs/api.md#paging) read page after page: the key starts with the path, so the
 * live updates that make the path stale refetch it.
 */
export const pagedListQuery = <T>(path: string, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: [path, params],
    queryFn: ({ pageParam, signal }) => apiPage<T>(pageParam, { signal }),
    initialPageParam: withParams(path, params),
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
  });

/**
 * A paged list on screen: a change of filters keeps the previous pages on screen until the new
 * first page arrives, so the layout does not jump.
 */
export function usePagedList<T>(path: string, params: ListParams, enabled = true) {
  const query = useInfiniteQuery({
    ...pagedListQuery<T>(path, params),
    placeholderData: keepPreviousData,
    enabled,
  });
  const pages = query.data?.pages;
  return {
    ...query,
    items: pages ? pages.flatMap((page) => page.items) : undefined,
    /** The number of items the whole list holds with these filters (X-Total-Count). */
    total: pages?.[0]?.total,
  };
}
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/** More cards than a phone's screen holds: what a list draws in the render its data arrives in. */
const FIRST_CARDS = 4;

/**
 * A long list's items in two renders: the first few with the data that brings them, all of
 * them in a render React may interrupt and does in slices (a deferred value), so a page of 25
 * order cards arriving does not hold the main thread as one long task before it paints
 * (docs/performance.md#the-render-the-data-brings). Items already shown stay shown.
 */
export function useFirstCardsFirst<T>(items: readonly T[]): readonly T[];
export function useFirstCardsFirst<T>(items: readonly T[] | undefined): readonly T[] | undefined;
export function useFirstCardsFirst<T>(items: readonly T[] | undefined): readonly T[] | undefined {
  const count = items?.length ?? 0;
  const deferred = useDeferredValue(count, 0);
  const shown = Math.max(deferred, Math.min(FIRST_CARDS, count));
  return items && shown < count ? items.slice(0, shown) : items;
}

/**
 * A list the screen needs whole (the calendar's month grid marks every delivery day): read page
 * after page, following the Link header, until the last. Each answer stays bounded.
 */
export function useWholeList<T>(path: string, params: ListParams) {
  const list = usePagedList<T>(path, params);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return { ...list, complete: list.items !== undefined && !hasNextPage };
}

/**
 * A paged list whose answer is an object rather than an array (receivables, bills): each
 * page's body in order, for the feature to merge, and the total from the first.
 */
export function usePagedObject<T>(path: string, params: ListParams) {
  const query = useInfiniteQuery({
    queryKey: [path, params],
    queryFn: ({ pageParam, signal }) => apiObjectPage<T>(pageParam, { signal }),
    initialPageParam: withParams(path, params),
    getNextPageParam: (last: { next: string | null }) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages;
  return {
    ...query,
    bodies: pages?.map((page) => page.body),
    total: pages?.[0]?.total,
  };
}

/** The value, once it has stopped changing for `delay` ms (search boxes). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
