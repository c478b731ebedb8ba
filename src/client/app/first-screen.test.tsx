import { browseFiltersOf, catalogPagePath } from '#core/browse-address';
import type { ProductPage } from '#core/schemas/product';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_KEY } from '../lib/queries';
import { queryClient } from '../lib/query-client';
import { fakeApi } from '../test/fake-api';
import { member, product, user } from '../test/fixtures';
import { renderInApp } from '../test/render';
import { loadFirstScreen } from './app-routes';
import { SignedInRoutes } from './signed-in-routes';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const firstPagePath = catalogPagePath(browseFiltersOf(new URLSearchParams()), 1);
const catalogPage: ProductPage = {
  items: [product({ id: 1, name: 'Apple bananas' }), product({ id: 2, name: 'Lilikoʻi' })],
  total: 2,
  totalAll: 2,
  page: 1,
  pageSize: 24,
  farms: [],
  hiddenByZone: 0,
};
const browse = { pathname: '/restaurant/browse', search: '' };

describe('the screen the app opens on', () => {
  it('has its code and first data in before the first render, and draws with them at once', async () => {
    const api = fakeApi({ [`GET ${firstPagePath}`]: catalogPage });
    // jsdom has no media queries: the cart's summary asks whether the screen is wide.
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const chef = user('restaurant');

    await loadFirstScreen(chef, browse, queryClient);

    expect(api.made('GET', firstPagePath)).toHaveLength(1);
    expect(
      queryClient.getQueryData([...CATALOG_KEY, browseFiltersOf(new URLSearchParams())]),
    ).toBeDefined();
    // Nothing awaited: the first render already holds the products, not a loading state.
    renderInApp(<SignedInRoutes user={chef} />, { user: chef, route: browse.pathname });
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
    expect(api.made('GET', firstPagePath)).toHaveLength(1);
  });

  it('asks for no data the person’s role may not see', async () => {
    const api = fakeApi({ [`GET ${firstPagePath}`]: catalogPage });

    await loadFirstScreen(member('restaurant', 'bookkeeper'), browse, queryClient);

    expect(api.calls).toEqual([]);
  });

  it('waits for slow data only a moment, then draws the page’s loading state', async () => {
    let asked: () => void;
    const askedForData = new Promise<void>((resolve) => (asked = resolve));
    // An answer that never comes.
    vi.stubGlobal('fetch', () => {
      asked();
      return new Promise<Response>(() => undefined);
    });
    // The page's code first, with real timers: only the wait for its data is timed here.
    await import('../features/browse/browse-page');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let loaded = false;

    const loading = loadFirstScreen(user('restaurant'), browse, queryClient).then(() => {
      loaded = true;
    });
    await askedForData;
    await vi.advanceTimersByTimeAsync(299);
    expect(loaded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;

    expect(loaded).toBe(true);
  });

  it('waits for nothing while the person is not yet known', async () => {
    const api = fakeApi({});
    await loadFirstScreen(undefined, browse, queryClient);
    expect(api.calls).toEqual([]);
  });
});
