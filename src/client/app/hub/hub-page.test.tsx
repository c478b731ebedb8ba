import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import {
  adminStats,
  farmReport,
  hiloFarm,
  order,
  product,
  restaurantReport,
  user,
} from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { HubPage } from './hub-page';

// Each role's view is loaded lazily; compiling it on first use in the test runner can take
// longer than a query waits, so the views (and the calendar they show) are loaded up front.
beforeAll(async () => {
  await Promise.all([
    import('./farmer-view'),
    import('./restaurant-view'),
    import('../../features/admin/admin-dashboard'),
    import('../../features/calendar/day-picker'),
  ]);
});

// Friday Nov 20, 2026, 8 AM in Hawaii: the farm's delivery day (Nov 27) is still to come and
// the reports' month is November.
beforeEach(() => {
  setTestDate('2026-11-20T18:00:00Z');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The figure a stat card shows under its title. */
function tile(title: string): string {
  const card = screen.getByRole('group', { name: title });
  return card.querySelectorAll('p')[1]?.textContent ?? '';
}

const kale = product({ id: 10, name: 'Kale', availableQuantity: 12 });
const taro = product({ id: 11, name: 'Taro', availableQuantity: 3 });

function farmerApi() {
  let stock = 12;
  let firstStatus: 'pending' | 'cancelled' | 'confirmed' = 'pending';
  const api = fakeApi({
    'GET /api/auth/user': user('farmer'),
    'GET /api/reports/farm': farmReport({ pendingOrders: 1, packedOrders: 1 }),
    'GET /api/products/farm?limit=100': () => [{ ...kale, availableQuantity: stock }, taro],
    // The list holds two packed orders, the report says one: the tile shows the report's.
    'GET /api/orders/farm?limit=5': () => [
      order(31, firstStatus, {
        restaurant: { ...order(0, 'pending').restaurant, name: 'Alan Bistro' },
      }),
      order(30, 'confirmed'),
      order(29, 'packed'),
      order(28, 'packed'),
    ],
    'GET /api/delivery-schedules?limit=500': [
      { id: 1, farmId: 1, deliveryDate: '2026-11-27', deliveryArea: 'Kailua' },
    ],
    'PATCH /api/orders/31/status': (call: { body: unknown }) => {
      firstStatus = (call.body as { status: 'cancelled' | 'confirmed' }).status;
      if (firstStatus === 'cancelled') stock = 15;
      return order(31, firstStatus, {
        restaurant: { ...order(0, 'pending').restaurant, name: 'Alan Bistro' },
      });
    },
    'DELETE /api/products/10': { id: 10, archived: true },
    'POST /api/products/10/restore': kale,
  });
  return api;
}

describe('the combined screen for a farmer', () => {
  it('shows the farm report’s figures and the farm’s own features, in its own role only', async () => {
    farmerApi();
    renderInApp(<HubPage />, { route: '/hub' });
    await screen.findByRole('heading', { name: 'Farmer Dashboard' });
    const views = screen.getByRole('group', { name: 'View as' });
    expect(
      within(views)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Farmer']);
    await waitFor(() => expect(tile('Ready to Ship')).toBe('1'));
    expect(tile('Pending Orders')).toBe('1');
    expect(tile('Active Listings')).toBe('3');
    expect(tile('Month Revenue')).toBe('$321.50');
    expect(await screen.findByRole('button', { name: 'Delete Kale' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Delivery Calendar' })).toBeInTheDocument();
    expect(
      await screen.findByText('Next delivery: Fri, Nov 27, 2026 (Kailua)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Sales Report/ })).toHaveAttribute(
      'href',
      '/farmer/reports',
    );
  });

  it('asks before Decline cancels, then refreshes the figures and the stock', async () => {
    const api = farmerApi();
    const userActions = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<HubPage />, { route: '/hub' });
    await screen.findByText('Order #31');
    const row = screen.getByText('Order #31').closest('li')!;

    await userActions.click(within(row).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #31?' });
    expect(dialog).toHaveTextContent("Alan Bistro's order will be cancelled");
    await userActions.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.made('PATCH', '/api/orders/31/status')).toHaveLength(0);

    const reportsBefore = api.made('GET', '/api/reports/farm').length;
    await userActions.click(within(row).getByRole('button', { name: 'Decline' }));
    await userActions.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order declined')).toBeInTheDocument();
    expect(api.made('PATCH', '/api/orders/31/status')[0]?.body).toEqual({ status: 'cancelled' });
    // The stock that came back shows in the inventory, and the figures are read again.
    expect(await screen.findByText(/15 available/)).toBeInTheDocument();
    expect(api.made('GET', '/api/reports/farm').length).toBeGreaterThan(reportsBefore);
    expect(within(row).getByText('cancelled')).toBeInTheDocument();
  });

  it('accepts a pending order at once', async () => {
    const api = farmerApi();
    const userActions = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<HubPage />, { route: '/hub' });
    const row = (await screen.findByText('Order #31')).closest('li')!;
    await userActions.click(within(row).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Order accepted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.made('PATCH', '/api/orders/31/status')[0]?.body).toEqual({ status: 'confirmed' });
  });

  it('deletes a product at once and offers Undo', async () => {
    const api = farmerApi();
    const userActions = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<HubPage />, { route: '/hub' });
    await userActions.click(await screen.findByRole('button', { name: 'Delete Kale' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(api.made('DELETE', '/api/products/10')).toHaveLength(1);
    await userActions.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Product restored')).toBeInTheDocument();
    expect(api.made('POST', '/api/products/10/restore')).toHaveLength(1);
  });
});

describe('the combined screen for a restaurant', () => {
  it('shows the restaurant report’s figures, the live inventory and the cart with current fees', async () => {
    const papaya = product({ id: 20, name: 'Papaya', farmId: hiloFarm.id, farm: hiloFarm });
    fakeApi({
      'GET /api/auth/user': user('restaurant'),
      'GET /api/reports/restaurant': restaurantReport({ activeOrders: 4, monthlySpent: '88.40' }, [
        {
          id: 5,
          status: 'pending',
          createdAt: '2026-11-20T18:00:00.000Z',
          totalAmount: '25.00',
          farmName: 'Kula Greens',
        },
      ]),
      'GET /api/products': [kale, papaya],
      'GET /api/farms': [{ ...hiloFarm, deliveryFee: '7.50' }],
      'GET /api/delivery-schedules/farm/2': [],
    });
    const userActions = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<HubPage />, { route: '/hub' });
    await screen.findByRole('heading', { name: 'Restaurant Dashboard' });
    await waitFor(() => expect(tile('Pending Deliveries')).toBe('4'));
    expect(tile('This Month')).toBe('$88.40');
    expect(tile('Items in Cart')).toBe('0');
    await waitFor(() => expect(tile('Active Farms')).toBe('2'));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Order #5')).toBeInTheDocument();

    await userActions.click(screen.getByRole('button', { name: 'Add Papaya to cart' }));
    expect(tile('Items in Cart')).toBe('1');
    const cart = screen.getByRole('region', { name: hiloFarm.name });
    // The farm's fee as it is now, not as the cart remembered it.
    expect(await within(cart).findByText('Fee $7.50')).toBeInTheDocument();
    expect(within(cart).getByText('Delivery: None scheduled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/restaurant/orders',
    );
    // Minus stops at one on this screen; Remove empties the cart.
    expect(screen.getByRole('button', { name: 'Decrease Papaya' })).toBeDisabled();
    await userActions.click(screen.getByRole('button', { name: 'Remove Papaya' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });
});

describe('the combined screen for an administrator', () => {
  it('offers all three views; the farmer and restaurant views are read-only overviews', async () => {
    fakeApi({
      'GET /api/auth/user': user('admin'),
      // 3 packed, $300.00 this month and 7 on their way: what the overviews below show.
      'GET /api/admin/stats': adminStats(),
      'GET /api/admin/orders?limit=5': [],
      'GET /api/admin/health': {
        checkedAt: '2026-11-20T18:00:00.000Z',
        server: { status: 'online', startedAt: '2026-11-20T17:00:00.000Z', uptimeSeconds: 3600 },
        database: { status: 'connected', kind: 'pglite', latencyMs: 2 },
        email: { status: 'outbox', pending: 0, failed: 0, lastError: null },
        sms: { status: 'not_configured', pending: 0, failed: 0, lastError: null },
      },
      'GET /api/farms': [],
      'GET /api/products': [kale],
    });
    const userActions = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<HubPage />, { route: '/hub' });
    const views = await screen.findByRole('group', { name: 'View as' });
    expect(
      within(views)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Restaurant', 'Farmer', 'Admin']);
    // The admin dashboard's code is loaded on first use.
    expect(
      await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 15_000 }),
    ).toBeInTheDocument();

    await userActions.click(within(views).getByRole('button', { name: 'Farmer' }));
    await screen.findByText(/a read-only overview of the whole platform/);
    await waitFor(() => expect(tile('Ready to Ship')).toBe('3'));
    expect(tile('Month Revenue')).toBe('$300.00');
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(await screen.findByText(/· Kula Greens/)).toBeInTheDocument();

    await userActions.click(within(views).getByRole('button', { name: 'Restaurant' }));
    // Pending, confirmed, packed and in transit across the platform.
    await waitFor(() => expect(tile('Pending Deliveries')).toBe('7'));
    expect(screen.queryByRole('heading', { name: 'Shopping Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to cart$/ })).not.toBeInTheDocument();
  });
});
