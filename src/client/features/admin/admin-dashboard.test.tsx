import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { adminStats, user } from '../../test/fixtures';
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
      // Fourteen people, where the businesses number five and the active ones three.
      'GET /api/admin/stats': adminStats({
        users: 14,
        farms: 3,
        restaurants: 2,
        activeFarms: 2,
        activeRestaurants: 1,
      }),
    });
    renderInApp(<AdminDashboard />, { user: user('admin') });
    await waitFor(() => expect(tile('Total Users')).toBe('14'));
  });
});
