import type { OrderAsSeen, OrderItem } from '#core/schemas/order';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
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
        lastOrderId: 72,
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

  it('goes on call after call after the last order taken, past a call that changed none', async () => {
    const weighed = {
      id: 72,
      code: 'weight_pending',
      message: 'Its kale was weighed already.',
      itemId: 720,
    };
    // #72 stays as it was: without afterOrderId it would head every call again.
    const api = shortDay([
      { changed: [], refused: [weighed], remaining: 3, lastOrderId: 72 },
      {
        changed: [{ id: 75, itemId: 750, substitutionId: 1, state: 'pending' }],
        refused: [],
        remaining: 2,
        lastOrderId: 75,
      },
      {
        changed: [
          { id: 76, itemId: 760, substitutionId: 2, state: 'shorted' },
          { id: 77, itemId: 770, substitutionId: 3, state: 'accepted' },
        ],
        refused: [],
        remaining: 0,
        lastOrderId: 77,
      },
    ]);
    const dialog = await openAndShort();

    expect(
      await within(dialog).findByText(
        'Kale (Curly): 1 order sent to the chef, 1 order shorted, 1 order substituted.',
      ),
    ).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/bulk-substitution').map((call) => call.body)).toEqual([
      { deliveryDate: DAY, productId: 10 },
      { deliveryDate: DAY, productId: 10, afterOrderId: 72 },
      { deliveryDate: DAY, productId: 10, afterOrderId: 75 },
    ]);
    expect(within(dialog).getByText('Changed: #75, #76, #77')).toBeInTheDocument();
    expect(within(dialog).getByText('#72: Its kale was weighed already.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/not reached/)).not.toBeInTheDocument();
    expect(await screen.findByText('Kale (Curly): 3 orders changed')).toBeInTheDocument();
  });

  it('keeps what was done when a call fails, and goes on from there', async () => {
    const api = shortDay([
      {
        changed: [{ id: 71, itemId: 710, substitutionId: 1, state: 'shorted' }],
        refused: [],
        remaining: 1,
        lastOrderId: 71,
      },
      new TypeError('Failed to fetch'),
      {
        changed: [{ id: 72, itemId: 720, substitutionId: 2, state: 'shorted' }],
        refused: [],
        remaining: 0,
        lastOrderId: 72,
      },
    ]);
    const dialog = await openAndShort();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Stopped by an error, keeping what was done: The server could not be reached.',
    );
    expect(within(dialog).getByText('Changed: #71')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/bulk-substitution')).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Changed: #71, #72')).toBeInTheDocument();
    expect(within(dialog).getByText('Kale (Curly): 2 orders shorted.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // The failed call and the one that goes on both start after #71.
    expect(api.made('POST', '/api/orders/bulk-substitution').map((call) => call.body)).toEqual([
      { deliveryDate: DAY, productId: 10 },
      { deliveryDate: DAY, productId: 10, afterOrderId: 71 },
      { deliveryDate: DAY, productId: 10, afterOrderId: 71 },
    ]);
  });
});

/** The day's short of Kale (Curly), whose calls answer `answers` in turn (an Error: it fails). */
function shortDay(answers: (object | Error)[]) {
  const queue = [...answers];
  const api = fakeApi({
    'GET /api/products/farm?limit=100': pageOf([product({ id: 10, name: 'Kale (Curly)' })], {
      total: 1,
    }),
    'POST /api/orders/bulk-substitution': () => {
      const next = queue.shift() ?? failWith(500, { message: 'No more calls were expected' });
      if (next instanceof Error) throw next;
      return { deliveryDate: DAY, productId: 10, ...next };
    },
  });
  renderInApp(<BulkSubstitution day={DAY} orders={dayOrders} />, { user: user('farmer') });
  return api;
}

async function openAndShort() {
  fireEvent.click(screen.getByRole('button', { name: 'Short a product on every order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Short a product on every order' });
  fireEvent.change(within(dialog).getByLabelText('Product you cannot fill'), {
    target: { value: '10' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Short on 2 orders' }));
  return dialog;
}
