import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { User } from '#core/schemas/auth';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { dismissToast } from '../components/ui/toast';
import { Toaster } from '../components/ui/toaster';
import { USER_QUERY_KEY } from '../lib/auth';
import { cartActions } from '../lib/cart';
import { queryClient } from '../lib/query-client';

/** What jsdom lacks and Radix's dialogs and pointer handling call (each file has its own). */
function completeDom(): void {
  const element = window.HTMLElement.prototype;
  element.hasPointerCapture ??= () => false;
  element.releasePointerCapture ??= () => undefined;
  element.scrollIntoView ??= () => undefined;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * Unmounts what the test rendered and empties the app's shared state (cache, cart, toast);
 * the setup file calls it after every test in a browser-like environment.
 */
export function resetApp(): void {
  cleanup();
  queryClient.clear();
  cartActions.clear();
  dismissToast();
}

/**
 * Renders with the app's own query client (the features refresh it after their writes), a
 * router and the toaster; with `user`, signed in as that user (what the screens may show
 * follows the user's role), as the app is by the time a screen renders.
 */
export function renderInApp(
  ui: ReactNode,
  { route = '/', user }: { route?: string; user?: User } = {},
): RenderResult {
  completeDom();
  if (user) queryClient.setQueryData(USER_QUERY_KEY, user);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
