import { UNAUTHORIZED_REDIRECT_MS } from '#core/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster, toast } from '../components/ui/toast';
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

export function App() {
  useUnauthorizedRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
