import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '#core/schemas/price-list';
import { fakeApi, pageOf } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { AssignRestaurantsDialog } from './assign-restaurants-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const chefs = {
  id: 5,
  name: 'Chefs',
  restaurants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as unknown as PriceList;

describe('the "Restaurants" dialog of a price list', () => {
  it('says it lists the restaurants that ordered from the farm or follow it', async () => {
    fakeApi({
      'GET /api/price-lists/restaurants?limit=200': pageOf([], { total: 0 }),
      'GET /api/price-lists?limit=100': pageOf([chefs], { total: 1 }),
    });
    renderInApp(<AssignRestaurantsDialog list={chefs} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Restaurants on Chefs' });
    expect(dialog).toHaveAccessibleDescription(
      'Restaurants that have ordered from you or follow you. Each is on one of your lists at most.',
    );
    expect(
      await within(dialog).findByText(/No restaurant has ordered from you or follows you yet/),
    ).toBeInTheDocument();
  });
});
