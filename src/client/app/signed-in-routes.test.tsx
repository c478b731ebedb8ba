import type { OrderAsSeen } from '#core/schemas/order';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { member, order, user } from '../test/fixtures';
import { renderInApp } from '../test/render';
import { SignedInRoutes } from './signed-in-routes';

// The pages load lazily; compiling them on first use can take longer than a query waits.
beforeAll(async () => {
  await Promise.all([
    import('../features/farmer-dashboard/farmer-dashboard-page'),
    import('../features/farmer-orders/farmer-orders-page'),
    import('../components/layout/not-for-your-role'),
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const pendingWithoutMoney: OrderAsSeen = {
  ...order(41, 'pending'),
  subtotal: null,
  deliveryFee: null,
  totalAmount: null,
};

function mainNav(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the signed-in app by the person’s role', () => {
  it('gives a farm’s owner every screen', () => {
    fakeApi({});
    const owner = user('farmer');
    renderInApp(<SignedInRoutes user={owner} />, { user: owner, route: '/farmer/orders' });
    expect(mainNav()).toEqual([
      'Dashboard',
      'Inventory',
      'Orders',
      'Delivery runs',
      'Lots',
      'Receivables',
      'Calendar',
      'Reports',
      'Hub',
    ]);
    // The owner keeps the team, beside the account.
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
  });

  it('gives a packer the orders, and says a screen outside the role is not theirs', async () => {
    fakeApi({});
    const packer = member('farmer', 'packer');
    renderInApp(<SignedInRoutes user={packer} />, { user: packer, route: '/farmer/reports' });
    expect(mainNav()).toEqual(['Orders', 'Delivery runs', 'Lots', 'Hub']);
    expect(
      await screen.findByRole('heading', { name: 'Not part of your role' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your role \(Packer\) does not allow this/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('answers /team for a member who does not manage the team with the role named', async () => {
    fakeApi({});
    const buyer = member('restaurant', 'buyer');
    renderInApp(<SignedInRoutes user={buyer} />, { user: buyer, route: '/team' });
    expect(await screen.findByText(/Your role \(Buyer\) does not allow this/)).toBeInTheDocument();
  });

  it('opens a packer’s home on the orders, with a packer’s moves and no money', async () => {
    fakeApi({
      'GET /api/orders/farm': [pendingWithoutMoney],
      'GET /api/delivery-schedules?limit=500': [],
    });
    const packer = member('farmer', 'packer');
    renderInApp(<SignedInRoutes user={packer} />, { user: packer, route: '/' });
    const card = await screen.findByRole('article', { name: /Order #41/ });
    expect(within(card).getByRole('button', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('$');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives a restaurant’s bookkeeper the bills and no buying', async () => {
    fakeApi({});
    const bookkeeper = member('restaurant', 'bookkeeper');
    renderInApp(<SignedInRoutes user={bookkeeper} />, {
      user: bookkeeper,
      route: '/restaurant/browse',
    });
    expect(mainNav()).toEqual(['Dashboard', 'My Orders', 'Bills', 'Reports', 'Hub']);
    expect(
      await screen.findByRole('heading', { name: 'Not part of your role' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  });

  it('gives a restaurant’s buyer the buying and no bills', async () => {
    fakeApi({});
    const buyer = member('restaurant', 'buyer');
    renderInApp(<SignedInRoutes user={buyer} />, { user: buyer, route: '/restaurant/bills' });
    expect(mainNav()).toEqual([
      'Dashboard',
      'Browse Products',
      'My Orders',
      'Order guide',
      'Standing orders',
      'Reports',
      'Hub',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Not part of your role' }),
    ).toBeInTheDocument();
  });
});
