import type { PackOutput } from '#core/schemas/product';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product, user as signedIn } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { InventoryManagementCard } from './inventory-card';

const pack = (id: number, label: string, size: number, price?: string): PackOutput => ({
  id,
  label,
  size,
  ...(price === undefined ? {} : { price }),
  minimumQuantity: null,
  estimatedWeight: null,
});

function show(packs: PackOutput[]) {
  const kale = product({ id: 9, name: 'Lacinato Kale', unit: 'bunch', price: '1.80', packs });
  renderInApp(
    <InventoryManagementCard products={{ data: [kale], error: null, refetch: () => undefined }} />,
    { user: signedIn('farmer') },
  );
}

describe('the inventory card’s packs', () => {
  it('names the packs besides the unit, with their prices', () => {
    show([pack(1, 'bunch', 1, '1.80'), pack(2, 'case of 24 bunches', 24, '43.20')]);
    expect(screen.getByText(/^Also:/)).toHaveTextContent('Also: case of 24 bunches $43.20');
  });

  it('adds nothing for a product sold by its unit alone', () => {
    show([pack(1, 'bunch', 1, '1.80')]);
    expect(screen.queryByText(/Also:/)).not.toBeInTheDocument();
  });

  it('names them without prices for a member who sees no money', () => {
    show([pack(1, 'bunch', 1), pack(2, 'case of 24 bunches', 24), pack(3, 'crate', 60)]);
    expect(screen.getByText(/^Also:/)).toHaveTextContent(/^Also: case of 24 bunches · crate$/);
  });
});
