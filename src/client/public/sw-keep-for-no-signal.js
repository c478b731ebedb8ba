// Part of the service worker (vite.config.ts has Workbox import it). The driver's view
// (src/client/features/driver/drive-page.tsx) asks the worker controlling it to keep the page
// and the signed-in user: on a first visit both were read before the worker took the page
// over, so without this a reload or a discarded tab without signal opened the built shell
// and then the sign-in page instead of the run (docs/delivery.md#offline). The names are the
// runtime caches of vite.config.ts, which forget them at sign-out (sw-sign-out.js); a test
// holds them together.
(() => {
  const KEPT_PAGES = 'pages';
  const KEPT_API = 'driver-api';
  const KEEP_FOR_NO_SIGNAL = 'keep-for-no-signal';
  // Addresses that are never a page of the app (as the pages route of vite.config.ts says).
  const NOT_A_PAGE = /^\/(api(\/|$)|uploads\/|healthz|readyz)/;

  /** Asks the server for `address` with the person's cookie and keeps a 200 in `cacheName`. */
  async function keep(cacheName, address) {
    const response = await fetch(address, { credentials: 'include', cache: 'no-store' });
    if (response.status !== 200) return false;
    const cache = await caches.open(cacheName);
    await cache.put(address, response);
    return true;
  }

  self.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== KEEP_FOR_NO_SIGNAL || typeof data.url !== 'string') return;
    let page;
    try {
      page = new URL(data.url);
    } catch {
      return;
    }
    if (page.origin !== self.location.origin || NOT_A_PAGE.test(page.pathname)) return;
    page.hash = '';
    event.waitUntil(
      Promise.allSettled([
        keep(KEPT_PAGES, page.href),
        keep(KEPT_API, new URL('/api/auth/user', self.location.origin).href),
      ]),
    );
  });
})();
