// @vitest-environment jsdom
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
    import('../features/farmer-orders/recent-farm-orders'),
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
      'Receivables',
      'Calendar',
      'Reports',
      'Hub',
    ]);
    // The owner keeps the team, beside the account.
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
  });

  it('gives a packer the orders, and says a screen outside the role is not theirs', async () => {
    fakeApi({ 'GET /api/orders/farm?limit=5': [pendingWithoutMoney] });
    const packer = member('farmer', 'packer');
    renderInApp(<SignedInRoutes user={packer} />, { user: packer, route: '/farmer/reports' });
    expect(mainNav()).toEqual(['Dashboard', 'Orders', 'Hub']);
    expect(screen.getByRole('heading', { name: 'Not part of your role' })).toBeInTheDocument();
    expect(screen.getByText(/Your role \(Packer\) does not allow this/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('answers /team for a member who does not manage the team with the role named', () => {
    fakeApi({});
    const buyer = member('restaurant', 'buyer');
    renderInApp(<SignedInRoutes user={buyer} />, { user: buyer, route: '/team' });
    expect(screen.getByText(/Your role \(Buyer\) does not allow this/)).toBeInTheDocument();
  });

  it('shows a packer’s dashboard the latest orders with a packer’s moves and no money', async () => {
    fakeApi({ 'GET /api/orders/farm?limit=5': [pendingWithoutMoney] });
    const packer = member('farmer', 'packer');
    renderInApp(<SignedInRoutes user={packer} />, { user: packer, route: '/' });
    expect(await screen.findByText('Order #41')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('button', { name: /Accept/ })).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: /Decline/ })).not.toBeInTheDocument();
    expect(main).not.toHaveTextContent('$');
    expect(within(main).queryByText('Add New Product')).not.toBeInTheDocument();
  });

  it('gives a restaurant’s bookkeeper the bills and no buying', () => {
    fakeApi({});
    const bookkeeper = member('restaurant', 'bookkeeper');
    renderInApp(<SignedInRoutes user={bookkeeper} />, {
      user: bookkeeper,
      route: '/restaurant/browse',
    });
    expect(mainNav()).toEqual(['Dashboard', 'My Orders', 'Bills', 'Reports', 'Hub']);
    expect(screen.getByRole('heading', { name: 'Not part of your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  });

  it('gives a restaurant’s buyer the buying and no bills', () => {
    fakeApi({});
    const buyer = member('restaurant', 'buyer');
    renderInApp(<SignedInRoutes user={buyer} />, { user: buyer, route: '/restaurant/bills' });
    expect(mainNav()).toEqual([
      'Dashboard',
      'Browse Products',
      'My Orders',
      'Standing orders',
      'Reports',
      'Hub',
    ]);
    expect(screen.getByRole('heading', { name: 'Not part of your role' })).toBeInTheDocument();
  });
});
