import { browseFiltersOf, catalogPagePath } from '#core/browse-address';
import type { ProductPage } from '#core/schemas/product';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { BrowsePage } from './browse-page';

/** A restaurant in Waianae, a zone no farm's delivery days reach. */
const chef = user('restaurant');
const waianaeChef = { ...chef, profile: { ...chef.profile!, deliveryZone: 'waianae' } };

const pathOf = (search: string) => catalogPagePath(browseFiltersOf(new URLSearchParams(search)), 1);
const pageOf = (overrides: Partial<ProductPage>): ProductPage => ({
  items: [],
  total: 0,
  totalAll: 79,
  page: 1,
  pageSize: 24,
  farms: [],
  hiddenByZone: 0,
  ...overrides,
});
const everything = pageOf({
  items: [product({ id: 1, name: 'Apple bananas' }), product({ id: 2, name: 'Kale' })],
  total: 79,
});

beforeEach(() => {
  // jsdom has no media queries: the cart's summary asks whether the screen is wide.
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  // Nor does it see what scrolls into view: the next page waits for its button.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browse’s "Delivers to my zone" when it hides everything', () => {
  it.each([
    ['plain browse', '', 79, ''],
    ['a search', '?q=kale', 3, 'q=kale&'],
  ])(
    'keeps the checkbox and the hidden count on %s, and shows them in one click',
    async (_case, search, hidden, kept) => {
      const api = fakeApi({
        [`GET ${pathOf(search)}`]: pageOf({ hiddenByZone: hidden }),
        [`GET ${pathOf(`${kept}zones=all`)}`]: { ...everything, total: hidden },
        'GET /api/delivery-schedules/next?farmIds=1': {
          zone: { slug: 'waianae', name: 'Waianae' },
          farms: [],
        },
      });
      renderInApp(<BrowsePage />, {
        user: waianaeChef,
        route: `/restaurant/browse${search}`,
      });

      expect(await screen.findByText(`Showing 0 of 79 products`)).toBeInTheDocument();
      const filter = screen.getByRole('checkbox', { name: 'Delivers to my zone (Waianae)' });
      expect(filter).toBeChecked();
      expect(screen.getByText(`${hidden} products hidden —`, { exact: false })).toBeVisible();

      await userEvent.setup().click(screen.getByRole('button', { name: 'show them' }));

      expect(await screen.findByText(`Showing ${hidden} of 79 products`)).toBeInTheDocument();
      expect(
        screen.getByRole('checkbox', { name: 'Delivers to my zone (Waianae)' }),
      ).not.toBeChecked();
      expect(screen.queryByRole('button', { name: 'show them' })).not.toBeInTheDocument();
      // The button went with what it showed: focus waits on the filter, not on the page.
      expect(screen.getByRole('checkbox', { name: 'Delivers to my zone (Waianae)' })).toHaveFocus();
      expect(api.made('GET', pathOf(`${kept}zones=all`))).toHaveLength(1);
    },
  );

  it('turns the filter back on with the checkbox', async () => {
    fakeApi({
      [`GET ${pathOf('zones=all')}`]: everything,
      [`GET ${pathOf('')}`]: pageOf({ hiddenByZone: 79 }),
      'GET /api/delivery-schedules/next?farmIds=1': {
        zone: { slug: 'waianae', name: 'Waianae' },
        farms: [],
      },
    });
    renderInApp(<BrowsePage />, { user: waianaeChef, route: '/restaurant/browse?zones=all' });
    const filter = await screen.findByRole('checkbox', { name: 'Delivers to my zone (Waianae)' });
    expect(filter).not.toBeChecked();
    await userEvent.setup().click(filter);
    expect(await screen.findByText('79 products hidden —', { exact: false })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Delivers to my zone (Waianae)' })).toBeChecked();
  });
});

describe('browse’s filters on a phone', () => {
  const narrowOrWide = (wide: boolean) =>
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: wide && media === '(min-width: 640px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));

  it('fold behind a "Filters" button at 390 px, keeping the search, and open on demand', async () => {
    narrowOrWide(false);
    fakeApi({ [`GET ${pathOf('')}`]: everything });
    renderInApp(<BrowsePage />, { user: chef, route: '/restaurant/browse' });
    expect(await screen.findAllByText('Apple bananas')).not.toHaveLength(0);
    expect(screen.getByLabelText('Search')).toBeVisible();
    expect(screen.getByLabelText('Category')).not.toBeVisible();
    expect(screen.getByLabelText('Sort by')).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Category')).toBeVisible();
    expect(screen.getByLabelText('Sort by')).toBeVisible();
  });

  it('stay open with no toggle on a wider screen', async () => {
    narrowOrWide(true);
    fakeApi({ [`GET ${pathOf('')}`]: everything });
    renderInApp(<BrowsePage />, { user: chef, route: '/restaurant/browse' });
    expect(await screen.findAllByText('Apple bananas')).not.toHaveLength(0);
    expect(screen.getByLabelText('Category')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });
});
