import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '#core/schemas/notification';
import { failWith, fakeApi } from '../test/fake-api';
import { user } from '../test/fixtures';
import { onUnauthorized } from './api';
import { LIVE_EVENTS_URL, useLiveEvents } from './live-events';

/** Stands in for the browser's EventSource: the test opens, drops and feeds it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The connection dropped; the browser is reconnecting by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** The server refused the stream (a 401 among others): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  emit(event: StreamEvent) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const SHOWN = [
  ['/api/products', { category: 'vegetables' }],
  ['/api/orders'],
  ['/api/reports/farm'],
  ['/api/notifications'],
  ['/api/profile'],
] as const;

let queryClient: QueryClient;

function stale(): string[] {
  return SHOWN.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);
}

function startStream(): FakeEventSource {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveEvents(), { wrapper });
  const source = FakeEventSource.instances.at(-1)!;
  expect(source.url).toBe(LIVE_EVENTS_URL);
  source.open();
  return source;
}

beforeEach(() => {
  fakeApi({ 'GET /api/auth/user': user('farmer') });
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  for (const key of SHOWN) queryClient.setQueryData(key, { shown: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live events', () => {
  it('refetches what an event makes stale and nothing else', async () => {
    const source = startStream();
    expect(stale()).toEqual([]);
    source.emit({ type: 'orders.changed', orderId: 1, farmId: 2, restaurantId: 3 });
    await waitFor(() => expect(stale()).toEqual(['/api/orders', '/api/reports/farm']));
  });

  it('refetches everything it covers when the server says it may have missed events (resync)', async () => {
    const source = startStream();
    source.emit({ type: 'resync' });
    await waitFor(() =>
      expect(stale()).toEqual([
        '/api/products',
        '/api/orders',
        '/api/reports/farm',
        '/api/notifications',
      ]),
    );
  });

  it('refetches everything it covers when the stream reconnects, not when it first opens', async () => {
    const source = startStream();
    // A marker event, so that the first open is known to have refetched nothing.
    source.emit({ type: 'notifications.changed', userId: 1 });
    await waitFor(() => expect(stale()).toEqual(['/api/notifications']));

    source.drop();
    source.open();
    await waitFor(() =>
      expect(stale()).toEqual([
        '/api/products',
        '/api/orders',
        '/api/reports/farm',
        '/api/notifications',
      ]),
    );
  });

  it('asks for the session when the stream is refused, and a 401 signs the tab out', async () => {
    const source = startStream();
    const heard = vi.fn();
    const stop = onUnauthorized(heard);
    const api = fakeApi({ 'GET /api/auth/user': failWith(401, { message: 'Not signed in' }) });
    source.refuse();
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(api.made('GET', '/api/auth/user')).toHaveLength(1);
    stop();
  });

  it('asks once while an answer is awaited, and signs nobody out whose session is fine', async () => {
    const source = startStream();
    const heard = vi.fn();
    const stop = onUnauthorized(heard);
    const api = fakeApi({ 'GET /api/auth/user': user('farmer') });
    source.drop();
    source.drop();
    await waitFor(() => expect(api.made('GET', '/api/auth/user')).toHaveLength(1));
    source.open();
    expect(heard).not.toHaveBeenCalled();
    stop();
  });
});
