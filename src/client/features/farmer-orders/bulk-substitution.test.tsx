import type { OrderAsSeen, OrderItem } from '#core/schemas/order';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, pageOf } from '../../test/fake-api';
import { order, product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { BulkSubstitution, dayProducts } from './bulk-substitution';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = '2026-12-08';

const line = (id: number, productId: number, name: string): OrderItem => ({
  id,
  productId,
  product: { name, unit: 'bunch', imageUrl: null },
  quantity: 2,
  unitPrice: '4.00',
  totalPrice: '8.00',
  substitution: 'ask',
  substituteFor: null,
  pendingSubstitution: null,
});

const dayOrders = [
  order(71, 'confirmed', {
    deliveryDate: DAY,
    orderItems: [line(710, 10, 'Kale (Curly)'), line(711, 12, 'Chard')],
  }),
  order(72, 'packed', { deliveryDate: DAY, orderItems: [line(720, 10, 'Kale (Curly)')] }),
  // Neither counts: still pending, or another day.
  order(73, 'pending', { deliveryDate: DAY, orderItems: [line(730, 10, 'Kale (Curly)')] }),
  order(74, 'confirmed', {
    deliveryDate: '2026-12-09',
    orderItems: [line(740, 10, 'Kale (Curly)')],
  }),
] as OrderAsSeen[];

describe("the day's short of one product", () => {
  it('offers the products of the day’s confirmed and packed orders, with their orders', () => {
    expect(dayProducts(dayOrders, DAY)).toEqual([
      { productId: 12, name: 'Chard', orderIds: [71] },
      { productId: 10, name: 'Kale (Curly)', orderIds: [71, 72] },
    ]);
  });

  it('asks first, then reports what it changed and what it refused', async () => {
    const api = fakeApi({
      'GET /api/products/farm?limit=100': pageOf(
        [product({ id: 11, name: 'Kale (Lacinato)' }), product({ id: 10, name: 'Kale (Curly)' })],
        { total: 2 },
      ),
      'POST /api/orders/bulk-substitution': {
        deliveryDate: DAY,
        productId: 10,
        changed: [{ id: 71, itemId: 710, substitutionId: 1, state: 'pending' }],
        refused: [
          { id: 72, code: 'weight_pending', message: 'Its kale was weighed already.', itemId: 720 },
        ],
        remaining: 0,
      },
    });
    renderInApp(<BulkSubstitution day={DAY} orders={dayOrders} />, { user: user('farmer') });
    fireEvent.click(screen.getByRole('button', { name: 'Short a product on every order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Short a product on every order' });
    fireEvent.change(within(dialog).getByLabelText('Product you cannot fill'), {
      target: { value: '10' },
    });
    expect(within(dialog).getByText('This changes 2 orders (#71, #72).')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Offer a substitute where the chef takes one'));
    const substitute = within(dialog).getByLabelText('Substitute');
    await waitFor(() => expect(substitute).toBeEnabled());
    // The product shorted is not offered as its own substitute.
    expect(within(substitute).queryByText('Kale (Curly)')).not.toBeInTheDocument();
    fireEvent.change(substitute, { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Substitute on 2 orders' }));
    expect(await within(dialog).findByText(/1 order sent to the chef/)).toBeInTheDocument();
    expect(within(dialog).getByText('#72: Its kale was weighed already.')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/bulk-substitution')[0]!.body).toEqual({
      deliveryDate: DAY,
      productId: 10,
      substitute: { productId: 11 },
    });
  });

  it('is off when no order of the day has a line left to short', () => {
    fakeApi({});
    renderInApp(<BulkSubstitution day="2026-12-10" orders={dayOrders} />, {
      user: user('farmer'),
    });
    expect(screen.getByRole('button', { name: 'Short a product on every order' })).toBeDisabled();
  });
});
