import type { LiveEventType, StreamEvent } from '#core/schemas/notification';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { useAuth } from './auth';

export const LIVE_EVENTS_URL = '/api/events';

/**
 * Which cached API calls an event makes stale, by the path a query key starts with
 * ('/api/products' covers ['/api/products', filters] and '/api/products/farm').
 */
const STALE_PATHS: Record<LiveEventType, readonly string[]> = {
  'products.changed': ['/api/products'],
  // A placed, cancelled or moved order joins, leaves or changes its delivery run.
  'orders.changed': [
    '/api/orders',
    '/api/reports',
    '/api/admin',
    '/api/receivables',
    '/api/bills',
    '/api/delivery-runs',
    // A line's lots take from a lot's remaining quantity.
    '/api/lots',
    // Claims and credit (docs/claims.md) change with the order they are about.
    '/api/claims',
    '/api/credit-notes',
    '/api/credit-balances',
  ],
  // A recall arrives as a notification: the restaurant's banner shows it at once.
  'notifications.changed': ['/api/notifications', '/api/recalls'],
  // The business's banner reads the user's profile; administrators' lists refresh too.
  'business.changed': ['/api/auth/user', '/api/admin'],
};
const EVERY_PATH = [...new Set(Object.values(STALE_PATHS).flat())];

function startsWithPath(key: unknown, paths: Iterable<string>): boolean {
  if (typeof key !== 'string') return false;
  for (const path of paths) {
    if (key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`)) return true;
  }
  return false;
}

/** Refetches the open screens' data for these paths (inactive queries refetch when next used). */
export function invalidatePaths(queryClient: QueryClient, paths: Iterable<string>): void {
  const wanted = [...paths];
  void queryClient.invalidateQueries({
    predicate: (query) => startsWithPath(query.queryKey[0], wanted),
  });
}

// Events come in bursts (an order changes orders, stock and the bell at once): refetch once.
const BATCH_MS = 100;
// A stream refused for good (signed out, server gone) is tried again after this long.
const REOPEN_MS = 30_000;

let openCount = 0;
let stopShared: (() => void) | null = null;

function openShared(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let pending = new Set<string>();
  let batch: ReturnType<typeof setTimeout> | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let hadError = false;
  let checkingSession = false;

  // An EventSource never tells the status of a refusal: a stream that fails may be a session
  // that ended (the member was removed from the business, or signed out elsewhere). Asking for
  // the user, not quietly, lets a 401 sign the tab out through the app's one handler.
  const checkSession = () => {
    if (checkingSession) return;
    checkingSession = true;
    void api
      .get('/api/auth/user')
      .catch(() => undefined)
      .finally(() => {
        checkingSession = false;
      });
  };

  const flush = () => {
    batch = null;
    const paths = pending;
    pending = new Set();
    invalidatePaths(queryClient, paths);
  };
  const stale = (paths: readonly string[]) => {
    for (const path of paths) pending.add(path);
    batch ??= setTimeout(flush, BATCH_MS);
  };

  const connect = () => {
    reopen = null;
    source = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
    source.onopen = () => {
      // Events sent while the stream was down are lost: catch up on everything it covers.
      if (hadError) stale(EVERY_PATH);
      hadError = false;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: StreamEvent;
      try {
        event = JSON.parse(message.data) as StreamEvent;
      } catch {
        return;
      }
      // The server lost events on its side (its database connection came back): catch up.
      if (event.type === 'resync') return stale(EVERY_PATH);
      const paths = STALE_PATHS[event.type] as readonly string[] | undefined;
      if (paths) stale(paths);
    };
    source.onerror = () => {
      hadError = true;
      checkSession();
      // The browser reconnects by itself unless the server refused the stream outright.
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        source = null;
        reopen = setTimeout(connect, REOPEN_MS);
      }
    };
  };

  connect();
  return () => {
    if (batch) clearTimeout(batch);
    if (reopen) clearTimeout(reopen);
    source?.close();
    source = null;
  };
}

/**
 * Keeps the signed-in user's screens current: one EventSource per tab on /api/events, and
 * each event refetches the queries it makes stale (stock on browse pages, the farm's orders,
 * the bell). Safe to call from several components: they share the one stream.
 */
export function useLiveEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    openCount += 1;
    stopShared ??= openShared(queryClient);
    return () => {
      openCount -= 1;
      if (openCount === 0) {
        stopShared?.();
        stopShared = null;
      }
    };
  }, [enabled, queryClient]);
}

/** Mount once in the app: live updates for whoever is signed in. */
export function LiveUpdates(): null {
  const { user } = useAuth();
  useLiveEvents(Boolean(user?.role));
  return null;
}
