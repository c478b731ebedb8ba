import { fireEvent, screen } from '@testing-library/react';
import type { OrderAsSeen } from '#core/schemas/order';
import type { Lot } from '#core/schemas/traceability';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { member, order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AssignLotsDialog } from './assign-lots-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kaleLot = (remaining: number): Lot => ({
  id: 21,
  code: 'KG-1',
  productId: 10,
  product: { name: 'Kale', unit: 'lb', traceabilityCategory: 'leafy_greens' },
  harvestDate: '2026-11-30',
  location: 'Field 3',
  quantity: 20,
  remaining,
  createdAt: '2026-11-30T18:00:00.000Z',
  recalledAt: null,
});

const confirmed = order(7, 'confirmed', {
  orderItems: [
    {
      id: 1,
      productId: 10,
      product: { name: 'Kale', unit: 'lb', imageUrl: null },
      quantity: 5,
      unitPrice: '3.50',
      totalPrice: '17.50',
      traced: true,
      lots: [],
    },
  ],
}) as OrderAsSeen;

describe('Assign lots after a refusal', () => {
  it('reads the lots again, so the dialog shows what is left now instead of a stale figure', async () => {
    let left = 5;
    const api = fakeApi({
      'GET /api/lots?open=true&productId=10&limit=100': () => [kaleLot(left)],
      'PUT /api/orders/7/items/1/lots': () => {
        // Another packer took 3 lb meanwhile.
        left = 2;
        return failWith(409, {
          message: 'Lot KG-1 has 2 lb left',
          code: 'lot_insufficient',
          lotId: 21,
          remaining: 2,
        });
      },
    });
    renderInApp(<AssignLotsDialog order={confirmed} open onClose={() => {}} />, {
      user: member('farmer', 'packer'),
    });
    expect(
      await screen.findByRole('option', { name: 'KG-1 · Nov 30 · 5 lb left' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save Lots' }));
    expect(await screen.findByText('The lots could not be saved')).toBeInTheDocument();
    expect(
      await screen.findByRole('option', { name: 'KG-1 · Nov 30 · 2 lb left' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /5 lb left/ })).not.toBeInTheDocument();
    expect(api.made('GET', '/api/lots?open=true&productId=10&limit=100')).toHaveLength(2);
  });
});
