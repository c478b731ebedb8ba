import type { OrderAsSeen } from '#core/schemas/order';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, order, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { FarmerOrderCard } from './farmer-order-card';

const noop = () => {};

describe("the farm's order card", () => {
  it('marks an order a standing order placed, and no other', () => {
    renderInApp(
      <>
        <FarmerOrderCard
          order={order(7, 'pending', { standingOrderId: 3 })}
          busy={null}
          onMove={noop}
          onDownload={noop}
        />
        <FarmerOrderCard
          order={order(8, 'pending', { standingOrderId: null })}
          busy={null}
          onMove={noop}
          onDownload={noop}
        />
      </>,
      { user: user('farmer') },
    );
    const standing = screen.getByRole('article', { name: /Order #7/ });
    expect(standing).toHaveTextContent('Standing order');
    const placedByHand = screen.getByRole('article', { name: /Order #8/ });
    expect(placedByHand).not.toHaveTextContent('Standing order');
  });
});

/** A confirmed order as a packer receives it: every amount of money null. */
function withoutMoney(id: number): OrderAsSeen {
  const placed = order(id, 'confirmed', {
    orderItems: [
      {
        id: 1,
        productId: 10,
        product: { name: 'Kale', unit: 'lb', imageUrl: null },
        quantity: 4,
        unitPrice: '3.50',
        totalPrice: '14.00',
      },
    ],
  });
  return {
    ...placed,
    subtotal: null,
    deliveryFee: null,
    taxAmount: null,
    totalAmount: null,
    amountPaid: null,
    balanceDue: null,
    orderItems: placed.orderItems.map((item) => ({ ...item, unitPrice: null, totalPrice: null })),
  };
}

describe("the farm's order card by the person's role", () => {
  it('shows a packer the lines and the moves, no money, no invoice and no cancel', () => {
    renderInApp(
      <FarmerOrderCard order={withoutMoney(9)} busy={null} onMove={noop} onDownload={noop} />,
      { user: member('farmer', 'packer') },
    );
    const card = screen.getByRole('article', { name: /Order #9/ });
    expect(card).toHaveTextContent('4 x lb');
    expect(card).not.toHaveTextContent('$');
    expect(card).not.toHaveTextContent('NaN');
    expect(card).not.toHaveTextContent('Subtotal');
    const buttons = within(card)
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    // Messages, "Can't fill" under its one line, then the order's actions.
    expect(buttons).toEqual(['Messages', "Can't fill", 'Mark as Packed', 'Adjust', 'Packing Slip']);
  });

  it('shows an owner the money, every move and both documents', () => {
    renderInApp(
      <>
        <FarmerOrderCard order={order(8, 'pending')} busy={null} onMove={noop} onDownload={noop} />
        <FarmerOrderCard
          order={order(9, 'confirmed')}
          busy={null}
          onMove={noop}
          onDownload={noop}
        />
      </>,
      { user: user('farmer') },
    );
    const buttonsOf = (name: RegExp) =>
      within(screen.getByRole('article', { name }))
        .getAllByRole('button')
        .map((button) => button.textContent?.trim());
    expect(buttonsOf(/Order #8/)).toEqual(['Messages', 'Confirm Order', 'Cancel Order', 'Adjust']);
    expect(buttonsOf(/Order #9/)).toEqual([
      'Messages',
      'Mark as Packed',
      'Adjust',
      'Packing Slip',
      'Invoice',
    ]);
    expect(screen.getByRole('article', { name: /Order #9/ })).toHaveTextContent('$25.00');
  });

  it('never offers a packer the cancel of a pending order', () => {
    renderInApp(
      <FarmerOrderCard order={order(8, 'pending')} busy={null} onMove={noop} onDownload={noop} />,
      { user: member('farmer', 'packer') },
    );
    const card = screen.getByRole('article', { name: /Order #8/ });
    expect(within(card).getByRole('button', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('shows a bookkeeper the money and the invoice, and no moves', () => {
    renderInApp(
      <FarmerOrderCard order={order(9, 'confirmed')} busy={null} onMove={noop} onDownload={noop} />,
      { user: member('farmer', 'bookkeeper') },
    );
    const card = screen.getByRole('article', { name: /Order #9/ });
    expect(card).toHaveTextContent('$25.00');
    const buttons = within(card)
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    expect(buttons).toEqual(['Messages', 'Invoice']);
  });
});

describe('the lines of packs on the farm order card', () => {
  it('counts a line of a pack in that pack, and one of the unit as before', () => {
    const placed = order(9, 'confirmed', {
      orderItems: [
        {
          id: 1,
          productId: 10,
          product: { name: 'Kalo', unit: 'bunch', imageUrl: null },
          packId: 42,
          pack: { label: 'case of 24 bunches', size: 24 },
          quantity: 2,
          unitPrice: '43.20',
          totalPrice: '86.40',
        },
        {
          id: 2,
          productId: 10,
          product: { name: 'Kalo', unit: 'bunch', imageUrl: null },
          packId: 41,
          pack: { label: 'bunch', size: 1 },
          quantity: 5,
          unitPrice: '2.00',
          totalPrice: '10.00',
        },
      ],
    });
    renderInApp(<FarmerOrderCard order={placed} busy={null} onMove={noop} onDownload={noop} />, {
      user: user('farmer'),
    });
    const card = screen.getByRole('article', { name: /Order #9/ });
    expect(card).toHaveTextContent('2 cases of 24 bunches @ $43.20 each');
    expect(card).toHaveTextContent('5 x bunch @ $2.00 each');
  });
});
