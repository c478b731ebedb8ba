import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failWith } from '../../test/fake-api';
import { order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ChangeOwnOrder } from './change-own-order';

afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (productId: number, name: string, quantity: number, unit = 'lb') => ({
  id: productId * 10,
  productId,
  product: { name, unit, imageUrl: null },
  quantity,
  unitPrice: '2.00',
  totalPrice: (quantity * 2).toFixed(2),
});

const pending = order(41, 'pending', {
  orderItems: [line(1, 'Kale', 3), line(2, 'Taro', 5, 'bunch')],
});

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Change quantities' }));
  return screen.findByRole('dialog', { name: 'Change order #41' });
}

describe('Change quantities of a pending order', () => {
  it('sends only the lines that changed and says the new total', async () => {
    const api = fakeApi({
      'PATCH /api/orders/41/items': order(41, 'pending', { totalAmount: '19.00' }),
    });
    renderInApp(<ChangeOwnOrder order={pending} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText(/^Taro/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.made('PATCH', '/api/orders/41/items')).toHaveLength(1));
    expect(api.made('PATCH', '/api/orders/41/items')[0]!.body).toEqual({
      items: [{ productId: 2, quantity: 2 }],
    });
    expect(await screen.findByText(/New total \$19\.00/)).toBeInTheDocument();
  });

  it('refuses to send an order with every line removed, or a quantity that is not whole', async () => {
    const api = fakeApi({});
    renderInApp(<ChangeOwnOrder order={pending} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText(/^Kale/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/^Taro/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Keep at least one line, or cancel the order instead.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Taro/), { target: { value: '1.5' } });
    expect(
      await screen.findByText('Enter a whole number, 0 to remove the line'),
    ).toBeInTheDocument();
    // A weighed line takes two decimals, never three.
    fireEvent.change(screen.getByLabelText(/^Taro/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Kale/), { target: { value: '1.255' } });
    expect(await screen.findByText('Use at most two decimals')).toBeInTheDocument();
    expect(api.made('PATCH', '/api/orders/41/items')).toHaveLength(0);
  });

  it('sends two decimals of a weighed line', async () => {
    const api = fakeApi({ 'PATCH /api/orders/41/items': pending });
    renderInApp(<ChangeOwnOrder order={pending} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText(/^Kale/), { target: { value: '2.75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.made('PATCH', '/api/orders/41/items')).toHaveLength(1));
    expect(api.made('PATCH', '/api/orders/41/items')[0]!.body).toEqual({
      items: [{ productId: 1, quantity: 2.75 }],
    });
  });

  it("asks before raising a line whose price moved, then resends it at today's price", async () => {
    const api = fakeApi({
      'PATCH /api/orders/41/items': (call: { body: unknown }) => {
        const [item] = (call.body as { items: { unitPrice?: string }[] }).items;
        return item?.unitPrice === '50.00'
          ? order(41, 'pending', { totalAmount: '255.00' })
          : failWith(409, {
              message: 'The price of Kale has changed',
              code: 'price_changed',
              productId: 1,
              unitPrice: '50.00',
              placedUnitPrice: '2.00',
            });
      },
    });
    renderInApp(<ChangeOwnOrder order={pending} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText(/^Kale/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const ask = await screen.findByRole('alert');
    expect(ask).toHaveTextContent(
      "Kale is now $50.00 (you ordered at $2.00). Ordering more changes the whole line to today's price.",
    );
    // Asked in the dialog, not in a toast of the server's body.
    expect(screen.queryByText(/price_changed/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change at $50.00' }));
    await waitFor(() => expect(api.made('PATCH', '/api/orders/41/items')).toHaveLength(2));
    expect(api.made('PATCH', '/api/orders/41/items')[1]!.body).toEqual({
      items: [{ productId: 1, quantity: 5, unitPrice: '50.00' }],
    });
    expect(await screen.findByText(/New total \$255\.00/)).toBeInTheDocument();
  });

  it("keeps the placed price when the restaurant declines today's", async () => {
    const api = fakeApi({
      'PATCH /api/orders/41/items': failWith(409, {
        message: 'The price of Kale has changed',
        code: 'price_changed',
        productId: 1,
        unitPrice: '50.00',
        placedUnitPrice: '2.00',
      }),
    });
    renderInApp(<ChangeOwnOrder order={pending} />);
    await openDialog();
    fireEvent.change(screen.getByLabelText(/^Kale/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not at that price' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Kale \(lb, \$2\.00 each\)/)).toBeInTheDocument();
    expect(api.made('PATCH', '/api/orders/41/items')).toHaveLength(1);
  });

  it('sends each changed line with its pack, a product in two packs being two lines', async () => {
    const api = fakeApi({
      'PATCH /api/orders/42/items': order(42, 'pending', { totalAmount: '30.00' }),
    });
    const kalo = { name: 'Kalo', unit: 'bunch', imageUrl: null };
    renderInApp(
      <ChangeOwnOrder
        order={order(42, 'pending', {
          orderItems: [
            {
              id: 1,
              productId: 4,
              product: kalo,
              packId: 41,
              pack: { label: 'bunch', size: 1 },
              quantity: 5,
              unitPrice: '2.00',
              totalPrice: '10.00',
            },
            {
              id: 2,
              productId: 4,
              product: kalo,
              packId: 42,
              pack: { label: 'case of 24 bunches', size: 24 },
              quantity: 2,
              unitPrice: '43.20',
              totalPrice: '86.40',
            },
          ],
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change quantities' }));
    await screen.findByRole('dialog', { name: 'Change order #42' });
    fireEvent.change(screen.getByLabelText(/^Kalo \(case of 24 bunches/), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.made('PATCH', '/api/orders/42/items')).toHaveLength(1));
    expect(api.made('PATCH', '/api/orders/42/items')[0]!.body).toEqual({
      items: [{ productId: 4, packId: 42, quantity: 1 }],
    });
  });
});
