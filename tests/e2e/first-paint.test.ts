import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser, newContext } from './support/browser';
import { signInDemo, type DemoLabel } from './support/accounts';

/**
 * What the server writes into a screen's page for its first paint (docs/performance.md#first-paint)
 * is used as written: the person's view stands in for GET /api/auth/user, and each call fetched
 * ahead is the very call the screen makes, taken by it instead of being asked again.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The API addresses the page asked for (a development build asks some twice). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

/** A demo account's screen, or with null a visitor's. */
const SCREENS: [DemoLabel | null, string, (page: Page) => Promise<boolean>][] = [
  [null, '/login', (page) => page.getByText('Every demo account uses the password').isVisible()],
  ['Restaurant', '/restaurant/dashboard', (page) => page.getByText('Total Spent').isVisible()],
  [
    'Restaurant',
    '/restaurant/browse',
    (page) => page.getByTestId('product-card').first().isVisible(),
  ],
  ['Restaurant', '/restaurant/orders', (page) => page.getByRole('article').first().isVisible()],
  ['Farmer', '/farmer/dashboard', (page) => page.getByText('Total Products').isVisible()],
  ['Farmer', '/farmer/orders', (page) => page.getByRole('article').first().isVisible()],
  [
    'Farmer',
    '/farmer/inventory',
    (page) => page.getByTestId('inventory-product').first().isVisible(),
  ],
];

describe('a main screen drawn from what its page carries', () => {
  for (const [label, path, drawn] of SCREENS) {
    it(`${path} asks nothing twice and never for the signed-in person`, async () => {
      const { context, page } = label
        ? await signInDemo(browser, label, PHONE)
        : await newContext(browser, PHONE).then(async (context) => ({
            context,
            page: await context.newPage(),
          }));
      try {
        const requests = apiRequests(page);
        const response = await page.goto(path);
        const html = (await response!.text()).replace(/&amp;/g, '&');
        const fetchedAhead = [
          ...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g),
        ].map((match) => match[1]!);
        expect(fetchedAhead.length, html).toBeGreaterThan(0);

        // Drawn from its data: by now the screen has made every call its first paint needed.
        await expect.poll(() => drawn(page), { timeout: 20_000 }).toBe(true);
        expect(requests).not.toContain('/api/auth/user');
        // What the page loaded, by who asked: a preload is 'link', a call of the page 'fetch'.
        const loaded = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry as PerformanceResourceTiming)
            .map(({ name, initiatorType }) => ({
              url: name.replace(location.origin, ''),
              initiatorType,
            })),
        );
        for (const call of fetchedAhead) {
          // Once, as the preload: the page took that answer instead of asking again.
          expect(
            loaded.filter((entry) => entry.url === call),
            call,
          ).toEqual([{ url: call, initiatorType: 'link' }]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
