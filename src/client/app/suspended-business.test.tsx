import type { User } from '#core/schemas/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartActions } from '../lib/cart';
import { setTestDate } from '../test/clock';
import { fakeApi, pageOf } from '../test/fake-api';
import { kulaFarm, product, user } from '../test/fixtures';
import { renderInApp } from '../test/render';
import { SignedInRoutes } from './signed-in-routes';

// The pages and the banner load lazily; compiling them on first use can take longer than a
// query waits.
beforeAll(async () => {
  await Promise.all([
    import('../features/inventory/inventory-page'),
    import('../features/orders/orders-page'),
    import('../features/profile/business-status-banner'),
  ]);
});

afterEach(() => vi.unstubAllGlobals());

const lettuce = product({ id: 4, name: 'Butter Lettuce', unit: 'head' });

function suspended(role: 'farmer' | 'restaurant', reason: string): User {
  const signedIn = user(role);
  return {
    ...signedIn,
    profile: {
      ...signedIn.profile!,
      suspendedAt: '2026-11-20T18:00:00.000Z',
      suspensionReason: reason,
    },
  };
}

describe('the screens of a suspended business', () => {
  it('show a farm’s Add Product, Edit and Delete off, described by the banner’s date and reason', async () => {
    const api = fakeApi({
      'GET /api/products/farm?limit=100': pageOf([lettuce], { total: 1 }),
    });
    const farmer = suspended('farmer', 'Permit expired');
    renderInApp(<SignedInRoutes user={farmer} />, { user: farmer, route: '/farmer/inventory' });
    await screen.findByRole('heading', { name: 'Butter Lettuce' });
    await screen.findByRole('region', { name: 'Your farm is suspended' });

    const add = screen.getByRole('button', { name: 'Add Product' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAttribute('title', 'Your farm is suspended: changes are off');
    expect(add).toHaveAccessibleDescription(
      /^Your farm has been suspended since Nov 20, 2026\. You can sign in and read everything, but not make changes.*Reason: Permit expired$/,
    );
    // (jsdom runs a button's words and its hidden product name together.)
    for (const name of [/^Edit\s*Butter Lettuce$/, /^Delete\s*Butter Lettuce$/]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }

    // Tried anyway (Delete sends at once, with Undo after): nothing is sent.
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: /^Delete\s*Butter Lettuce$/ }));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    // What only reads stays on.
    expect(screen.getByRole('button', { name: /^Stock history/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('leave a farm that is not suspended its Add Product', async () => {
    fakeApi({ 'GET /api/products/farm?limit=100': pageOf([lettuce], { total: 1 }) });
    const farmer = user('farmer');
    renderInApp(<SignedInRoutes user={farmer} />, { user: farmer, route: '/farmer/inventory' });
    await screen.findByRole('heading', { name: 'Butter Lettuce' });
    const add = screen.getByRole('button', { name: 'Add Product' });
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).not.toHaveAttribute('title');
  });

  it('show a restaurant’s Place Order off, described by the banner’s reason, and send no order', async () => {
    setTestDate('2026-11-20T18:00:00Z');
    const api = fakeApi({ 'GET /api/farms': [kulaFarm] });
    cartActions.add(product({ id: 12, name: 'Ginger', availableQuantity: 8 }), 2);
    const restaurant = suspended('restaurant', 'Chargebacks under review');
    renderInApp(<SignedInRoutes user={restaurant} />, {
      user: restaurant,
      route: '/restaurant/orders',
    });
    await screen.findByRole('region', { name: 'Your restaurant is suspended' });

    const place = await screen.findByRole('button', { name: 'Place Order' });
    expect(place).toHaveAttribute('aria-disabled', 'true');
    expect(place).toHaveAttribute('title', 'Your restaurant is suspended: changes are off');
    expect(place).toHaveAccessibleDescription(
      /^Your restaurant has been suspended since Nov 20, 2026\..*Reason: Chargebacks under review$/,
    );

    await userEvent.setup().click(place);
    expect(api.made('POST', '/api/checkout')).toEqual([]);
    // The cart is the browser's own: its lines still change.
    expect(screen.getByRole('button', { name: 'Increase Ginger' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
