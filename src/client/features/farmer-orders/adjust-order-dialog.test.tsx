import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AdjustOrder } from './adjust-order';

afterEach(() => {
  vi.unstubAllGlobals();
});

const confirmed = order(52, 'confirmed', {
  subtotal: '17.97',
  deliveryFee: '5.00',
  totalAmount: '22.97',
  orderItems: [
    {
      id: 520,
      productId: 1,
      product: { name: 'Tomatoes', unit: 'lb', imageUrl: null },
      quantity: 3,
      orderedQuantity: 3,
      unitPrice: '3.99',
      totalPrice: '11.97',
    },
    {
      id: 521,
      productId: 2,
      product: { name: 'Eggs', unit: 'dozen', imageUrl: null },
      quantity: 1,
      orderedQuantity: 1,
      unitPrice: '6.00',
      totalPrice: '6.00',
    },
  ],
});

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  return screen.findByRole('dialog', { name: 'Adjust order #52' });
}

describe('Adjust an order to what was picked', () => {
  it('sends only the changed lines with their reasons, after checking them as the server does', async () => {
    const api = fakeApi({
      'POST /api/orders/52/adjustments': { ...confirmed, totalAmount: '21.97' },
    });
    renderInApp(<AdjustOrder order={confirmed} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText('Eggs quantity (dozen)'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('Tomatoes quantity (lb)'), {
      target: { value: '2.75' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Use a whole number for dozen')).toBeInTheDocument();
    expect(screen.getByText('Say why (for the restaurant)')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/52/adjustments')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Eggs quantity (dozen)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/Why Tomatoes changed/), {
      target: { value: 'Weighed at packing' },
    });
    // $3.99 x 2.75 = $10.97 (half up), eggs $6.00, fee $5.00.
    expect(
      screen.getByText('New total about $21.97 (was $22.97, delivery fee and GET included).'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(api.made('POST', '/api/orders/52/adjustments')).toHaveLength(1));
    expect(api.made('POST', '/api/orders/52/adjustments')[0]!.body).toEqual({
      lines: [{ itemId: 520, quantity: 2.75, reason: 'Weighed at packing' }],
    });
  });

  it('asks for the reason as soon as a refused quantity is fixed to a changed one', async () => {
    fakeApi({});
    renderInApp(<AdjustOrder order={confirmed} />);
    await openDialog();
    const tomatoes = screen.getByLabelText('Tomatoes quantity (lb)');
    fireEvent.change(tomatoes, { target: { value: '2.755' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Use at most two decimals')).toBeInTheDocument();
    fireEvent.change(tomatoes, { target: { value: '2.75' } });
    expect(await screen.findByText('Say why (for the restaurant)')).toBeInTheDocument();
  });

  it('previews the total as it is saved, with the GET on the subtotal and the fee', async () => {
    const taxed = order(53, 'pending', {
      subtotal: '28.41',
      deliveryFee: '5.00',
      taxRate: '4.7120',
      taxAmount: '1.57',
      totalAmount: '34.98',
      orderItems: [
        {
          id: 530,
          productId: 3,
          product: { name: 'Ulu', unit: 'lb', imageUrl: null },
          quantity: 3,
          orderedQuantity: 3,
          unitPrice: '9.47',
          totalPrice: '28.41',
        },
      ],
    });
    fakeApi({});
    renderInApp(<AdjustOrder order={taxed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    await screen.findByRole('dialog', { name: 'Adjust order #53' });
    fireEvent.change(screen.getByLabelText('Ulu quantity (lb)'), { target: { value: '2' } });
    // $18.94 + $5.00 = $23.94, and 4.712 % GET on it, $1.13: $25.07 as the server saves it.
    expect(
      screen.getByText('New total about $25.07 (was $34.98, delivery fee and GET included).'),
    ).toBeInTheDocument();
  });

  it('says that removing every line cancels the order, and offers Undo', async () => {
    fakeApi({});
    renderInApp(<AdjustOrder order={confirmed} />);
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tomatoes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Eggs' }));
    expect(
      screen.getByText('Every line is removed: saving cancels the order and puts its stock back.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo removing Eggs' }));
    expect(screen.getByRole('button', { name: 'Save adjustment' })).toBeInTheDocument();
  });

  it('sends nothing when nothing has changed, and says so', async () => {
    const api = fakeApi({});
    renderInApp(<AdjustOrder order={confirmed} />);
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Nothing has changed yet.')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/52/adjustments')).toHaveLength(0);
  });

  it('is not offered once the order has left the farm', () => {
    fakeApi({});
    renderInApp(<AdjustOrder order={{ ...confirmed, status: 'in_transit' }} />);
    expect(screen.queryByRole('button', { name: 'Adjust' })).not.toBeInTheDocument();
  });
});
