import { UNAUTHORIZED_REDIRECT_MS } from '#core/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { toast } from '../components/ui/toast-store';
import { onUnauthorized } from '../lib/api';
import { signIn } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';

/** A 401 shows 'Unauthorized' and signs in again after 500 ms (docs/product.md#session-ended). */
function useUnauthorizedRedirect() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onUnauthorized(() => {
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      clearTimeout(timer);
      timer = setTimeout(signIn, UNAUTHORIZED_REDIRECT_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
}

// Off the first load's path; a toast raised before it arrives shows once it has.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

export function App() {
  useUnauthorizedRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
