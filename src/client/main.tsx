import type { User } from '#core/schemas/auth';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadFirstScreen } from './app/app-routes';
import { USER_QUERY_KEY } from './lib/auth';
import { queryClient } from './lib/query-client';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// The first screen's code and data before the first render: the frame and the page then paint
// together rather than the frame first and the page a pass later
// (docs/performance.md#the-screen-painted-with-its-frame).
void loadFirstScreen(
  queryClient.getQueryData<User | null>(USER_QUERY_KEY),
  window.location,
  queryClient,
).then(() => {
  // The first render as a transition: React renders it in slices and lets the browser in
  // between, instead of one long task that holds a phone's main thread.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
