import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import type { Order } from '#core/schemas/order';
import { OrderDeliveryDetails, OrderFigures, OrderItemList } from './order-items';

describe("an order's figures and delivery, as both cards show them", () => {
  it('names the total only under the label the card gives', () => {
    const placed = order(8, 'pending', {
      subtotal: '20.00',
      deliveryFee: '5.00',
      totalAmount: '25.00',
    });
    const { unmount } = renderInApp(<OrderFigures order={placed} totalLabel="Total" />);
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    unmount();
    renderInApp(<OrderFigures order={placed} totalLabel={null} />);
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    expect(screen.queryByText('$25.00')).not.toBeInTheDocument();
  });

  it("says the card's own words for a day not yet scheduled, and who received a delivery", () => {
    const { unmount } = renderInApp(
      <OrderDeliveryDetails order={order(8, 'pending')} unscheduled="Not scheduled" />,
    );
    expect(screen.getByText('Scheduled delivery:')).toBeInTheDocument();
    expect(screen.getByText('Not scheduled')).toBeInTheDocument();
    unmount();
    renderInApp(
      <OrderDeliveryDetails
        order={order(9, 'delivered', { deliveryDate: '2026-11-24', recipientName: 'Keoni' })}
        unscheduled="Not scheduled"
      />,
    );
    expect(screen.getByText('Delivered:')).toBeInTheDocument();
    expect(screen.getByText('Keoni')).toBeInTheDocument();
    expect(screen.queryByText('Not scheduled')).not.toBeInTheDocument();
  });
});

describe('a line priced by weight, as the farm reads it', () => {
  const pending = {
    id: 701,
    productId: 40,
    product: { name: 'Ahi', unit: 'case', imageUrl: null },
    packId: 401,
    pack: { label: 'case', size: 1 },
    quantity: 2,
    unitPrice: '3.50',
    totalPrice: '175.00',
    weightUnit: 'lb',
    estimatedWeight: 50,
    weight: 58,
    weights: null,
    weighedBy: 'Keoni P.',
    weighedAt: '2026-11-25T18:30:00.000Z',
    weightDecision: 'pending',
  } as Order['orderItems'][number];

  it('says the weight waits for the restaurant, with no buttons to answer it', () => {
    renderInApp(<OrderItemList items={[pending]} />);
    expect(screen.getByText('58 lb (est. 50 lb) @ $3.50/lb')).toBeInTheDocument();
    expect(
      screen.getByText('Waiting for the restaurant: 58 lb is over the 50 lb estimated'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('calls the total an estimate while weights are pending', () => {
    renderInApp(
      <OrderFigures order={order(9, 'confirmed', { weightsPending: true })} totalLabel="Total" />,
    );
    expect(screen.getByText('Estimated total')).toBeInTheDocument();
    expect(screen.getByText('Subtotal (estimated)')).toBeInTheDocument();
  });
});
