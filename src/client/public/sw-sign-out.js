// Part of the service worker (vite.config.ts has Workbox import it). What the worker keeps for
// one person so the app opens without signal (their pages, which carry their view, and their
// delivery runs) is forgotten when they sign out and when someone signs in, so the next person
// on a shared phone never sees it. The names are the runtime caches of vite.config.ts; a test
// holds the two together.
const PERSONAL_CACHES = ['pages', 'driver-api'];
const SESSION_CHANGES = new Set(['/api/logout', '/api/auth/login', '/api/auth/register']);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !SESSION_CHANGES.has(url.pathname)) return;
  event.waitUntil(Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name))));
});
