import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { restaurantReport, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { RestaurantDashboardPage } from './restaurant-dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the restaurant dashboard greeting', () => {
  it('welcomes a new account with no orders, never "back"', async () => {
    fakeApi({
      'GET /api/auth/user': user('restaurant'),
      'GET /api/reports/restaurant': restaurantReport({ totalOrders: 0 }),
    });
    renderInApp(<RestaurantDashboardPage />);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Welcome, Kaimuki Table!' },
        // The user and the report are two fake answers; on a busy machine either may come late.
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('welcomes a restaurant that has ordered back', async () => {
    fakeApi({
      'GET /api/auth/user': user('restaurant'),
      'GET /api/reports/restaurant': restaurantReport({ totalOrders: 3 }),
    });
    renderInApp(<RestaurantDashboardPage />);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Welcome back, Kaimuki Table!' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });
});
