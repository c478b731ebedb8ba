import type { OrderAsSeen } from '#core/schemas/order';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, order, product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { FarmLineSubstitution } from './cant-fill';
import { substituteChoices } from './cant-fill-dialog';
import { outcomeOf } from './substitution-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kaleLine = {
  id: 700,
  productId: 10,
  product: { name: 'Kale (Curly)', unit: 'bunch', imageUrl: null },
  quantity: 2,
  unitPrice: '4.00',
  totalPrice: '8.00',
  substitution: 'ask' as const,
  substituteFor: null,
  substituteForName: null,
  pendingSubstitution: null as typeof proposal | null,
};

const proposal = {
  id: 5,
  productId: 11,
  packId: 111,
  productName: 'Kale (Lacinato)',
  packLabel: 'case',
  quantity: 2,
  unitPrice: '20.00',
  totalPrice: '40.00',
  deadline: '2026-12-07T16:00:00.000Z',
};

const confirmed = order(70, 'confirmed', { orderItems: [kaleLine] }) as OrderAsSeen;

const products = [
  product({ id: 10, name: 'Kale (Curly)' }),
  product({
    id: 11,
    name: 'Kale (Lacinato)',
    unit: 'bunch',
    packs: [
      {
        id: 110,
        label: 'bunch',
        size: 1,
        price: '5.00',
        minimumQuantity: null,
        estimatedWeight: null,
      },
      {
        id: 111,
        label: 'case',
        size: 12,
        price: '20.00',
        minimumQuantity: null,
        estimatedWeight: null,
      },
    ],
  }),
  product({ id: 12, name: 'Chard', availableQuantity: 0 }),
  product({ id: 13, name: 'ʻUlu', isActive: false }),
  product({ id: 14, name: 'Bok choy' }),
];

function renderLine(item = kaleLine, status: OrderAsSeen['status'] = 'confirmed') {
  const shown = { ...confirmed, status, orderItems: [item] };
  return renderInApp(<FarmLineSubstitution order={shown} item={item} />, {
    user: user('farmer'),
  });
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: "Can't fill Kale (Curly)" }));
  return screen.findByRole('dialog', { name: "Can't fill Kale (Curly)" });
}

describe("Can't fill, on a line of the farm's order", () => {
  it('proposes one of the farm’s products in a pack, and says the chef is asked', async () => {
    const api = fakeApi({
      'GET /api/products/farm?limit=100': pageOf(products, { total: products.length }),
      // The server answers with the order: the line's proposal waits for the chef.
      'POST /api/orders/70/items/700/substitution': {
        ...confirmed,
        orderItems: [{ ...kaleLine, pendingSubstitution: proposal }],
      },
    });
    renderLine();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Chef wants to be asked')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Find one of your products'), {
      target: { value: 'kale' },
    });
    // Only the farm's other products on sale and in stock.
    const list = await within(dialog).findByRole(
      'list',
      { name: 'Your products' },
      { timeout: 5000 },
    );
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Kale (Lacinato)20 bunches left']);
    fireEvent.click(within(list).getByRole('button', { name: /Kale \(Lacinato\)/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /case/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the chef' }));
    await waitFor(() =>
      expect(api.made('POST', '/api/orders/70/items/700/substitution')).toHaveLength(1),
    );
    expect(api.made('POST', '/api/orders/70/items/700/substitution')[0]!.body).toEqual({
      productId: 11,
      packId: 111,
      quantity: 2,
    });
    expect(await screen.findByText('Sent to the chef')).toBeInTheDocument();
    expect(screen.getByText(/unanswered by 6:00 AM Mon, the line is shorted/)).toBeInTheDocument();
  });

  it('shorts the line, and shows what the server refuses', async () => {
    const api = fakeApi({
      'GET /api/products/farm?limit=100': pageOf(products, { total: products.length }),
      'POST /api/orders/70/items/700/substitution': failWith(409, {
        message: 'Order #70 has shipped: it can no longer be changed.',
        code: 'not_adjustable',
      }),
    });
    renderLine({ ...kaleLine, substitution: 'never' as never });
    const dialog = await openDialog();
    expect(
      within(dialog).getByText('No substitutes: this will short the line'),
    ).toBeInTheDocument();
    // Under "no substitute" the dialog starts on shorting.
    expect(within(dialog).getByRole('radio', { name: /Short it/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Short the line' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order #70 has shipped: it can no longer be changed.',
    );
    expect(api.made('POST', '/api/orders/70/items/700/substitution')[0]!.body).toEqual({
      short: true,
    });
  });

  it('says a shorted line is off the order', async () => {
    fakeApi({
      'GET /api/products/farm?limit=100': pageOf(products, { total: products.length }),
      'POST /api/orders/70/items/700/substitution': {
        ...confirmed,
        orderItems: [{ ...kaleLine, quantity: 0, totalPrice: '0.00' }],
      },
    });
    renderLine();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Short it/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Short the line' }));
    expect(await screen.findByText('Line shorted')).toBeInTheDocument();
  });

  it('shows a proposal waiting for the chef instead of the action', () => {
    fakeApi({});
    renderLine({
      ...kaleLine,
      pendingSubstitution: proposal,
    });
    expect(screen.getByText('Proposed: 2 cases Kale (Lacinato) · $40.00')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the chef until 6:00 AM Mon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Can't fill/ })).not.toBeInTheDocument();
  });

  it('is offered from confirmed to packed, to a member who may adjust orders', () => {
    fakeApi({});
    const { unmount } = renderLine(kaleLine, 'pending');
    expect(screen.queryByRole('button', { name: /Can't fill/ })).not.toBeInTheDocument();
    unmount();
    renderInApp(<FarmLineSubstitution order={confirmed} item={kaleLine} />, {
      user: member('farmer', 'packer'),
    });
    expect(screen.getByRole('button', { name: "Can't fill Kale (Curly)" })).toBeInTheDocument();
  });
});

describe('what became of the line', () => {
  it('reads the order the server answers', () => {
    const accepted = {
      orderItems: [
        { ...kaleLine, quantity: 0 },
        { ...kaleLine, id: 701, productId: 11, substituteFor: 700 },
      ],
    };
    expect(outcomeOf(accepted, 700)).toEqual({ state: 'accepted', deadline: null });
    expect(
      outcomeOf({ orderItems: [{ ...kaleLine, pendingSubstitution: proposal }] }, 700),
    ).toEqual({ state: 'pending', deadline: '2026-12-07T16:00:00.000Z' });
    expect(outcomeOf({ orderItems: [{ ...kaleLine, quantity: 0 }] }, 700).state).toBe('shorted');
  });
});

describe('the substitutes offered', () => {
  it('folds okina and macrons, and leaves out the line’s own product', () => {
    const ulu = product({ id: 20, name: 'ʻUlu' });
    expect(substituteChoices([ulu, products[0]!], { productId: 10 }, 'ulu')).toEqual([ulu]);
    expect(substituteChoices([products[0]!], { productId: 10 }, '')).toEqual([]);
  });
});
