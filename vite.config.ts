import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  plugins: [
    react(),
    tailwindcss(),
    // The app installs and works without signal for the driver (docs/delivery.md#offline): the
    // app shell is precached, and the driver's run and the signed-in user are kept from their
    // last answer. main.tsx registers /sw.js itself: the injected inline script would break the
    // Content-Security-Policy (script-src 'self').
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Harvest Hui',
        short_name: 'Harvest Hui',
        description: "Hawaii's farms sell fresh produce straight to restaurants.",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fafaf9',
        theme_color: '#15803d',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Every screen's code and styles, so a page opened once opens again without signal.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        cleanupOutdatedCaches: true,
        // Forgets the person's kept pages and runs when they sign out (public/sw-sign-out.js);
        // keeps the driver's page and the signed-in user from the first visit on
        // (public/sw-keep-for-no-signal.js).
        importScripts: ['/sw-sign-out.js', '/sw-keep-for-no-signal.js'],
        // No catch-all for navigations: the plugin's default answered every one with the built
        // index.html, so Log out, a download or a photo opened as a page never reached the
        // server. The app's own pages are the route below; everything else goes to the network.
        navigateFallback: null,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // A page of the app from the server while there is signal: it carries the person's
            // view and names the screen's code and data (docs/performance.md#first-paint).
            // Without signal, the copy kept when it was last opened, else the built shell. The
            // API, the public photo files and the health checks are never the app.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(api(\/|$)|uploads\/|healthz|readyz)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 30, maxAgeSeconds: 14 * 24 * 60 * 60 },
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            // The signed-in user (the app's shell needs it), the day's runs, the driver's run and
            // the farm's orders (packing weighs them at the shed).
            // Written out here: the function is copied into the service worker without its
            // surroundings.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (url.pathname === '/api/auth/user' ||
                url.pathname === '/api/delivery-runs' ||
                // The farm's orders, so the packing screen opens without signal too.
                url.pathname === '/api/orders/farm' ||
                url.pathname === '/api/delivery-schedules' ||
                /^\/api\/delivery-runs\/\d+$/.test(url.pathname)),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'driver-api',
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 50, maxAgeSeconds: 14 * 24 * 60 * 60 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    // Read by scripts/bundle-size.mjs (npm run size): which files each screen loads.
    manifest: true,
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the product supports preloads modules itself (Safari since 17, Firefox
    // since 115): the polyfill would only weigh on the landing page's first load.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/healthz': 'http://localhost:5000' },
  },
});
