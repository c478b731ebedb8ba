import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { dismissToast } from '../components/ui/toast';
import { Toaster } from '../components/ui/toaster';
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
 * router and the toaster.
 */
export function renderInApp(ui: ReactNode, { route = '/' }: { route?: string } = {}): RenderResult {
  completeDom();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
