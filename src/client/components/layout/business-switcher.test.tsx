import type { User } from '#core/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { failWith, fakeApi } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AccountMenu, BusinessMenu } from './app-shell-menus';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The farm's owner who also buys for a restaurant. */
const farmerAndBuyer: User = {
  ...user('farmer'),
  businessRole: 'owner',
  memberships: [
    { kind: 'farm', id: 1, name: 'Kula Greens', businessRole: 'owner' },
    { kind: 'restaurant', id: 4, name: 'Kaimuki Table', businessRole: 'buyer' },
  ],
};
const asBuyer: User = {
  ...member('restaurant', 'buyer'),
  memberships: farmerAndBuyer.memberships!,
};

function showMenu(menu: 'account' | 'business', routes: Record<string, unknown>) {
  const api = fakeApi(routes);
  queryClient.setQueryData(['/api/orders/farm', {}], { pages: [] });
  renderInApp(
    <Routes>
      <Route
        path="/farmer/orders"
        element={
          menu === 'account' ? (
            <AccountMenu user={farmerAndBuyer} defaultOpen />
          ) : (
            <BusinessMenu user={farmerAndBuyer} defaultOpen />
          )
        }
      />
      <Route path="/" element={<p>Dashboard</p>} />
    </Routes>,
    { user: farmerAndBuyer, route: '/farmer/orders' },
  );
  return api;
}

describe('the business switcher', () => {
  it('lists each business with its kind and role, the one acted for checked', async () => {
    showMenu('account', {});
    const farm = await screen.findByRole('menuitemradio', { name: /Kula Greens/ });
    const restaurant = screen.getByRole('menuitemradio', { name: /Kaimuki Table/ });
    expect(farm).toHaveAttribute('aria-checked', 'true');
    expect(farm).toHaveTextContent('Farm · Owner');
    expect(restaurant).toHaveAttribute('aria-checked', 'false');
    expect(restaurant).toHaveTextContent('Restaurant · Buyer');
  });

  it('acts for the chosen business, drops what was read for the other, and opens its dashboard', async () => {
    const api = showMenu('business', { 'POST /api/auth/business': asBuyer });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('menuitemradio', { name: /Kaimuki Table/ }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/business')[0]?.body).toEqual({
      kind: 'restaurant',
      id: 4,
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(asBuyer);
    expect(queryClient.getQueryData(['/api/orders/farm', {}])).toBeUndefined();
    expect(screen.getByText('Now acting for Kaimuki Table')).toBeInTheDocument();
  });

  it('stays and says so when the switch is refused', async () => {
    showMenu('business', {
      'POST /api/auth/business': failWith(403, { message: 'You are not a member of it' }),
    });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('menuitemradio', { name: /Kaimuki Table/ }));
    expect(await screen.findByText('You are not a member of it')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(['/api/orders/farm', {}])).toEqual({ pages: [] }),
    );
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('is not offered to a person with one business', async () => {
    fakeApi({});
    const owner = member('farmer', 'owner');
    renderInApp(<AccountMenu user={owner} defaultOpen />, { user: owner });
    expect(await screen.findByRole('menuitem', { name: /Log out/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument();
  });
});
