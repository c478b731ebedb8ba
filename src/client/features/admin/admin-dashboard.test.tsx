import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AdminDashboard } from './admin-dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The figure a tile shows, by its title. */
function tile(title: string): string {
  const card = screen.getByRole('group', { name: title });
  return card.querySelectorAll('p')[1]?.textContent ?? '';
}

describe('the admin dashboard figures', () => {
  it('counts people on "Total Users", not active businesses', async () => {
    fakeApi({
      'GET /api/admin/stats': {
        currentMonth: '2026-11',
        stats: {
          users: 14,
          farms: 3,
          restaurants: 2,
          activeFarms: 2,
          activeRestaurants: 1,
          totalOrders: 9,
          monthlyOrders: 3,
          totalRevenue: '900.00',
          monthlyRevenue: '300.00',
          ordersByStatus: {
            pending: 2,
            confirmed: 1,
            packed: 3,
            in_transit: 1,
            delivered: 2,
            cancelled: 0,
          },
          pendingApprovals: 0,
          suspendedBusinesses: 0,
        },
        topFarms: [],
        topRestaurants: [],
      },
    });
    renderInApp(<AdminDashboard />, { user: user('admin') });
    await waitFor(() => expect(tile('Total Users')).toBe('14'));
  });
});
