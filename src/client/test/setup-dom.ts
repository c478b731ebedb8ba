import { afterEach } from 'vitest';

/*
 * Runs before every test file (a module's own top-level hooks would register only once per
 * worker, as workers keep their modules between files): after each test in a browser-like
 * environment, the rendered screens are unmounted and the app's shared state emptied.
 */
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { resetApp } = await import('./render');
  resetApp();
});
