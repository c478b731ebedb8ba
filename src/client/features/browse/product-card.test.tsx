import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCart } from '../../lib/cart';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ProductCard } from './product-card';

// 300 bunches: 12 full cases of 24.
const kalo = product({
  id: 4,
  name: 'Kalo',
  unit: 'bunch',
  price: '2.00',
  availableQuantity: 300,
  packs: [
    {
      id: 41,
      label: 'bunch',
      size: 1,
      price: '2.00',
      minimumQuantity: null,
      estimatedWeight: null,
    },
    {
      id: 42,
      label: 'case of 24 bunches',
      size: 24,
      price: '43.20',
      minimumQuantity: null,
      estimatedWeight: null,
    },
  ],
});

function CartLines() {
  const cart = useCart();
  return (
    <output aria-label="Cart lines">
      {cart.items.map((item) => `${item.quantity} ${item.packLabel}`).join('; ')}
    </output>
  );
}

describe('a product card selling more than one pack', () => {
  it('offers its packs, prices and stock by the pack chosen, and adds that pack', async () => {
    renderInApp(
      <>
        <ProductCard product={kalo} />
        <CartLines />
      </>,
    );
    const user = userEvent.setup();
    const card = screen.getByTestId('product-card');
    const choice = within(card).getByRole('group', { name: 'Pack of Kalo' });
    expect(within(choice).getByRole('radio', { name: 'bunch $2.00' })).toBeChecked();
    expect(card).toHaveTextContent('300 bunches');
    expect(card).not.toHaveTextContent('left');

    await user.click(within(choice).getByRole('radio', { name: 'case of 24 bunches $43.20' }));
    expect(card).toHaveTextContent('$43.20 / case of 24 bunches');
    expect(card).toHaveTextContent('12 cases of 24 bunches left');
    await user.click(within(card).getByRole('button', { name: /Add to Cart/ }));
    await user.click(within(card).getByRole('button', { name: 'Increase Kalo' }));
    expect(within(card).getByLabelText('Quantity of Kalo (cases of 24 bunches)')).toHaveValue(2);

    // The bunch is another line of the same product.
    await user.click(within(choice).getByRole('radio', { name: 'bunch $2.00' }));
    await user.click(within(card).getByRole('button', { name: /Add to Cart/ }));
    expect(screen.getByLabelText('Cart lines')).toHaveTextContent(
      /^2 case of 24 bunches; 1 bunch$/,
    );
  });

  it('shows no choice for a product with one pack', () => {
    renderInApp(<ProductCard product={{ ...kalo, packs: [kalo.packs![0]!] }} />);
    expect(screen.queryByRole('group', { name: 'Pack of Kalo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
  });
});
