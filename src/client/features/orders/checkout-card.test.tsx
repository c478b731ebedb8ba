import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartActions, useCart } from '../../lib/cart';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { kulaFarm, order, product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CheckoutCard } from './checkout-card';
import { RestaurantOrderCard } from './order-card';
import { reorderNotes } from './reorder-notes';

const ginger = product({ id: 12, name: 'Ginger', unit: 'lb', availableQuantity: 8 });

function CartQuantity() {
  return <output aria-label="In the cart">{useCart().quantityOf(ginger)}</output>;
}

beforeEach(() => {
  setTestDate('2026-11-20T18:00:00Z');
  fakeApi({ 'GET /api/farms': [kulaFarm] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  reorderNotes.clear();
});

describe('the checkout card', () => {
  it('says how much is left when a typed quantity is over the stock, and keeps the line as it was', async () => {
    cartActions.add(ginger, 5);
    renderInApp(
      <>
        <CheckoutCard />
        <CartQuantity />
      </>,
    );
    const user = userEvent.setup();
    const box = screen.getByLabelText('Quantity of Ginger (lb)');
    await user.clear(box);
    await user.type(box, '12');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 8 lb available');
    expect(screen.getByLabelText('In the cart')).toHaveTextContent(/^1$/);
  });

  it("puts an order back with its note, and says which farm's product was left out and why", async () => {
    const kale = product({ id: 13, name: 'Kale', unit: 'lb', availableQuantity: 20 });
    const past = order(61, 'delivered', { notes: 'Leave at the back door' });
    const line = {
      unit: 'lb',
      orderedQuantity: 2,
      orderedUnitPrice: '3.50',
      priceChange: null,
    };
    fakeApi({
      'GET /api/farms': [kulaFarm],
      'GET /api/orders/61/reorder': {
        orderId: 61,
        farm: { id: kulaFarm.id, name: kulaFarm.name },
        notes: 'Leave at the back door',
        lines: [
          {
            ...line,
            productId: kale.id,
            productName: 'Kale',
            status: 'available',
            goneReason: null,
            quantity: 2,
            unitPrice: '3.50',
            availableQuantity: 20,
            product: kale,
          },
          {
            ...line,
            productId: 14,
            productName: 'Mint',
            status: 'gone',
            goneReason: 'sold_out',
            quantity: 0,
            unitPrice: null,
            availableQuantity: 0,
            product: null,
          },
        ],
      },
    });
    renderInApp(
      <>
        <RestaurantOrderCard order={past} />
        <CheckoutCard />
      </>,
      { user: user('restaurant') },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Order again' }));
    expect(await screen.findByLabelText('Note for the farm')).toHaveValue('Leave at the back door');
    const changed = screen.getByRole('region', { name: 'Order again: what changed' });
    expect(within(changed).getByRole('region', { name: 'Gone' })).toHaveTextContent(
      'Mint from Kula Greens: sold out',
    );
  });
});

describe('a line priced by weight at checkout', () => {
  it('shows the estimate and calls the total an estimate', () => {
    cartActions.clear();
    const ahi = product({
      id: 40,
      name: 'Ahi',
      unit: 'case',
      price: '3.50',
      availableQuantity: 10,
      weightUnit: 'lb',
      pricedByWeight: true,
      packs: [
        {
          id: 401,
          label: 'case',
          size: 1,
          price: '87.50',
          minimumQuantity: null,
          estimatedWeight: 25,
        },
      ],
    });
    cartActions.add(ahi, 2, 401);
    renderInApp(<CheckoutCard />);
    expect(screen.getByText('2 cases ≈ 50 lb, about $175.00')).toBeInTheDocument();
    expect(screen.getByText(/case ≈ 25 lb/)).toBeInTheDocument();
    expect(screen.getByTestId('line-total')).toHaveTextContent('$175.00');
    expect(screen.getByText('Estimated total')).toBeInTheDocument();
    expect(screen.queryByText(/^Total$/)).not.toBeInTheDocument();
    cartActions.clear();
  });
});
