import { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { USER_QUERY_KEY } from './auth';
import { readBootState } from './boot-state';

/** No retries, no staleness, no refetch on focus or interval (docs/product.md#data-loading). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // Asked even when the browser says it is offline: the service worker may answer from
      // what it kept (the driver's run, docs/delivery.md#offline), and a failure shows as one.
      networkMode: 'offlineFirst',
      queryFn: ({ queryKey, signal }) => api.get(String(queryKey[0]), { signal }),
    },
    mutations: { retry: false },
  },
});

// The signed-in person as the page was served: the first screen draws without asking for it.
const bootState = readBootState();
if (bootState) queryClient.setQueryData(USER_QUERY_KEY, bootState.user);
