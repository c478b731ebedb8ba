import { UNAUTHORIZED_REDIRECT_MS } from '#core/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { toast, useCurrentToast, whenCurrentToastShown } from '../components/ui/toast-store';
import { useAfterFirstPaint } from '../lib/after-first-paint';
import { onUnauthorized } from '../lib/api';
import { signInAgain } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';

// Off the first load's path: loaded once the first frame has painted, or at once when a toast is
// raised before that (a toast raised before the code arrives shows once it has).
const loadToaster = () => import('../components/ui/toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * A 401 shows 'Unauthorized' and signs in again after 500 ms, where the sign-in page says the
 * session ended (docs/product.md#session-ended).
 */
function useUnauthorizedRedirect() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = onUnauthorized(() => {
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      clearTimeout(timer);
      // The 500 ms count from when the toast is on screen: on a slow first load its component
      // may still be on the way (and React reveals it no sooner than a moment after asking),
      // and leaving first would mean it is never seen. Without its code, nothing will show.
      void loadToaster()
        .then(whenCurrentToastShown, () => undefined)
        .then(() => {
          if (stopped) return;
          clearTimeout(timer);
          timer = setTimeout(signInAgain, UNAUTHORIZED_REDIRECT_MS);
        });
    });
    return () => {
      stopped = true;
      stop();
      clearTimeout(timer);
    };
  }, []);
}

/** The toaster once the first frame has painted, or at once for a toast raised before that. */
function ToasterWhenWanted() {
  const painted = useAfterFirstPaint();
  const toastRaised = useCurrentToast() !== null;
  if (!painted && !toastRaised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  useUnauthorizedRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToasterWhenWanted />
    </QueryClientProvider>
  );
}
