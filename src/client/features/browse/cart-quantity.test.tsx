import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCart } from '../../lib/cart';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CartQuantityControl } from './cart-quantity';

const kalo = product({ id: 4, name: 'Kalo', unit: 'bunch', availableQuantity: 40 });

function CartCount() {
  return <output aria-label="In the cart">{useCart().quantityOf(kalo)}</output>;
}

describe('the browse quantity control', () => {
  it('says why a farm cannot deliver instead of offering Add to Cart', () => {
    renderInApp(
      <CartQuantityControl product={kalo} blockedReason="No delivery to Hilo scheduled" />,
    );
    const button = screen.getByRole('button', { name: /No delivery to Hilo scheduled/ });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
  });

  it('takes a typed count, and says why one that breaks the unit or the stock is not', async () => {
    renderInApp(
      <>
        <CartQuantityControl product={kalo} />
        <CartCount />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add to Cart/ }));
    const box = screen.getByLabelText('Quantity of Kalo (bunch)');
    await user.clear(box);
    await user.type(box, '26');
    expect(screen.getByLabelText('In the cart')).toHaveTextContent('26');
    await user.clear(box);
    await user.type(box, '41');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 40 bunch available');
    await user.clear(box);
    await user.type(box, '2.5');
    expect(screen.getByRole('alert')).toHaveTextContent('Use a whole number for bunch');
    // The '2' typed on the way was a quantity; '2.5' is not, and changes nothing.
    expect(screen.getByLabelText('In the cart')).toHaveTextContent(/^2$/);
  });

  it('puts focus on the quantity box that replaces Add to Cart pressed by keyboard, and back on Add after Remove', async () => {
    renderInApp(<CartQuantityControl product={kalo} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: /Add to Cart/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Quantity of Kalo (bunch)')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: /Remove/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toHaveFocus();
  });

  it('moves no focus after a tap on Add to Cart (no phone keyboard pops up)', async () => {
    renderInApp(<CartQuantityControl product={kalo} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(screen.getByLabelText('Quantity of Kalo (bunch)')).not.toHaveFocus();
  });
});
