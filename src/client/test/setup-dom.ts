import { afterEach, vi } from 'vitest';

/*
 * Runs before every file of the DOM project (a module's own top-level hooks would register only
 * once per worker, as workers keep their modules between files): after each test, the rendered
 * screens are unmounted, the app's shared state emptied and the real date back (setTestDate).
 */
afterEach(async () => {
  vi.useRealTimers();
  const { resetApp } = await import('./render');
  resetApp();
});
