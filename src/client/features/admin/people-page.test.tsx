import type { AdminPersonEntry } from '#core/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { PeoplePage } from './people-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const mahina: AdminPersonEntry = {
  id: 7,
  name: 'Mahina Kaʻōpua',
  email: 'mahina@waianaegreens.example',
  emailVerified: true,
  createdAt: '2026-03-02T20:00:00.000Z',
  closedAt: null,
  isAdmin: false,
  businesses: [
    { kind: 'restaurant', id: 3, name: 'Kaimukī Table', role: 'buyer' },
    { kind: 'farm', id: 5, name: 'Waiʻanae Greens', role: 'owner' },
  ],
  moreBusinesses: 2,
  lastActiveAt: '2026-11-24T19:30:00.000Z',
};

const ikaika: AdminPersonEntry = {
  id: 8,
  name: null,
  email: 'ikaika@example.com',
  emailVerified: false,
  createdAt: '2026-11-20T18:00:00.000Z',
  closedAt: null,
  isAdmin: false,
  businesses: [],
  moreBusinesses: 0,
  lastActiveAt: null,
};

const closed: AdminPersonEntry = {
  ...ikaika,
  id: 9,
  name: 'Pua Nāone',
  email: 'closed-account-9@closed.invalid',
  closedAt: '2026-11-25T18:00:00.000Z',
};

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('the people screen', () => {
  it('shows each person with email, businesses and roles, joined and last active', async () => {
    setTestDate('2026-11-26T19:00:00Z');
    fakeApi({ 'GET /api/admin/people': pageOf([mahina, ikaika], { total: 2 }) });
    renderInApp(<PeoplePage />);
    const card = await screen.findByRole('article', { name: 'Mahina Kaʻōpua' });
    expect(card).toHaveTextContent('mahina@waianaegreens.example');
    expect(within(card).queryByText('not verified')).not.toBeInTheDocument();
    const businesses = within(card).getByRole('list', { name: 'Businesses of Mahina Kaʻōpua' });
    expect(businesses).toHaveTextContent('Restaurant:Kaimukī Table · Buyer');
    expect(businesses).toHaveTextContent('Farm:Waiʻanae Greens · Owner');
    expect(businesses).toHaveTextContent('and 2 more');
    expect(card).toHaveTextContent('Joined Mar 02, 2026 · Last active: 2 days ago');

    const nameless = screen.getByRole('article', { name: 'ikaika@example.com' });
    expect(within(nameless).getByText('not verified')).toBeInTheDocument();
    expect(nameless).toHaveTextContent('No business');
    expect(nameless).toHaveTextContent('Last active: never');
    expect(screen.getByText(/Showing 2 of 2 accounts/)).toBeInTheDocument();
  });

  it('searches as one types, after a pause, and says when no one matches', async () => {
    const api = fakeApi({
      'GET /api/admin/people': pageOf([mahina], { total: 1 }),
      'GET /api/admin/people?q=Kealoha': pageOf([], { total: 0 }),
    });
    renderInApp(<PeoplePage />);
    await screen.findByRole('article', { name: 'Mahina Kaʻōpua' });
    await user().type(screen.getByLabelText('Name or email'), 'Kealoha');
    expect(await screen.findByText('No one matches “Kealoha”')).toBeInTheDocument();
    // One request for the settled text, none for each letter typed.
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin/people?'))).toHaveLength(1);
  });

  it('filters by business and shows closed accounts only when asked', async () => {
    const api = fakeApi({
      'GET /api/admin/people': pageOf([mahina], { total: 1 }),
      'GET /api/admin/people?business=none': pageOf([ikaika], { total: 1 }),
      'GET /api/admin/people?business=none&closed=true': pageOf([ikaika, closed], { total: 2 }),
    });
    renderInApp(<PeoplePage />);
    await screen.findByRole('article', { name: 'Mahina Kaʻōpua' });
    const clicker = user();
    await clicker.selectOptions(screen.getByLabelText('Business'), 'No business');
    await screen.findByRole('article', { name: 'ikaika@example.com' });
    await clicker.click(screen.getByRole('checkbox', { name: 'Show closed accounts' }));
    const gone = await screen.findByRole('article', { name: 'Pua Nāone' });
    expect(within(gone).getByText('Closed')).toBeInTheDocument();
    expect(within(gone).queryByText('not verified')).not.toBeInTheDocument();
    expect(gone).toHaveTextContent('Closed Nov 25, 2026');
    expect(api.made('GET', '/api/admin/people?business=none&closed=true')).toHaveLength(1);
  });

  it('loads the next page from the Link header', async () => {
    const api = fakeApi({
      'GET /api/admin/people': pageOf([mahina], { total: 2, next: '/api/admin/people?cursor=abc' }),
      'GET /api/admin/people?cursor=abc': pageOf([ikaika], { total: 2 }),
    });
    renderInApp(<PeoplePage />);
    expect(await screen.findByText(/Showing 1 of 2 accounts/)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'ikaika@example.com' })).toBeInTheDocument();
    expect(screen.getByText(/Showing 2 of 2 accounts/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.made('GET', '/api/admin/people?cursor=abc')).toHaveLength(1);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const api = fakeApi({
      'GET /api/admin/people': failWith(500, { message: 'Something went wrong on our side.' }),
    });
    renderInApp(<PeoplePage />);
    expect(await screen.findByText('Could not load the people')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.made('GET', '/api/admin/people')).toHaveLength(2));
  });

  it('shows skeletons while the first page loads', async () => {
    fakeApi({ 'GET /api/admin/people': pageOf([], { total: 0 }) });
    renderInApp(<PeoplePage />);
    expect(screen.getByLabelText('Loading people')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('No one matches')).toBeInTheDocument();
  });
});
