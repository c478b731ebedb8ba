import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

// The first render as a transition: React renders it in slices and lets the browser in between,
// instead of one long task that holds a phone's main thread (docs/performance.md#first-paint).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
