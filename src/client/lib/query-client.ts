import { QueryClient } from '@tanstack/react-query';
import { api } from './api';

/** Spec section 7: no retries, data never goes stale, no refetch on focus or interval. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      queryFn: ({ queryKey, signal }) => api.get(String(queryKey[0]), { signal }),
    },
    mutations: { retry: false },
  },
});
