import type { Page } from '#core/paging';
import type { ThreadEntry } from '#core/schemas/order-message';
import { useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedListQuery } from '../../lib/paged-list';
import { RESTAURANT_ORDERS_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { THREAD_PAGE_SIZE } from './limits';

export type MessageEntry = Extract<ThreadEntry, { type: 'message' }>;
export type EventEntry = Extract<ThreadEntry, { type: 'event' }>;

/** Whose screen the thread is on: the reader's side of the order. */
export type ThreadSide = MessageEntry['author']['side'];

/** A message as the composer hands it over: its text and the photos chosen for it. */
export interface MessageDraft {
  text: string;
  photos: { file: File; previewUrl: string }[];
}

export const threadPath = (orderId: number) => `/api/orders/${orderId}/messages`;
const threadParams = { limit: THREAD_PAGE_SIZE };
/** The thread's key: its path first, so the live events about orders refresh it. */
export const threadKey = (orderId: number) =>
  pagedListQuery(threadPath(orderId), threadParams).queryKey;

/**
 * The order's thread, newest first as the server pages it (reading the first page marks it
 * read). Read again every half minute while it is open, and only then: a chef at midnight and
 * a farmer at dawn should not have to close it to see the answer, nor have answers marked read
 * that they have not seen.
 */
export function useOrderThread(orderId: number, open: boolean) {
  const query = useInfiniteQuery({
    ...pagedListQuery<ThreadEntry>(threadPath(orderId), threadParams),
    // Closed, the thread stays mounted (lazyDialog) but is not read: reading marks it read.
    enabled: open,
    // Each opening reads it again (what came meanwhile, and marks it read).
    staleTime: 0,
    refetchInterval: open ? 30_000 : false,
  });
  const pages = query.data?.pages;
  return {
    ...query,
    /** Oldest first, as the thread reads; an entry read on two pages shows once. */
    entries: pages ? oldestFirst(pages.flatMap((page) => page.items)) : undefined,
  };
}

/** The server's newest-first entries in reading order, each once. */
export function oldestFirst(newestFirst: readonly ThreadEntry[]): ThreadEntry[] {
  const seen = new Set<string>();
  const entries: ThreadEntry[] = [];
  for (let index = newestFirst.length - 1; index >= 0; index -= 1) {
    const entry = newestFirst[index]!;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}

/**
 * Every order list of either side is read again: its unread counts change when a thread is
 * read. The farm's key is the path it reads (features/farmer-orders' FARM_ORDERS_KEY).
 */
export function refreshOrderLists(): void {
  void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/orders/farm'] });
}

type ThreadData = InfiniteData<Page<ThreadEntry>>;

/** Sends a message as multipart/form-data (`text`, `photos`); the thread shows it at once. */
export function useSendOrderMessage(orderId: number) {
  return useMutation({
    mutationFn: ({ text, photos }: MessageDraft) => {
      const form = new FormData();
      form.append('text', text);
      for (const photo of photos) form.append('photos', photo.file, photo.file.name);
      return api.post<MessageEntry>(threadPath(orderId), form);
    },
    onSuccess: (entry) => {
      queryClient.setQueryData<ThreadData>(threadKey(orderId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, index) =>
                index === 0
                  ? {
                      ...page,
                      items: [entry, ...page.items.filter((item) => item.id !== entry.id)],
                      total: page.total + 1,
                    }
                  : page,
              ),
            }
          : data,
      );
      refreshOrderLists();
    },
  });
}
