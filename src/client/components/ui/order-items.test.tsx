import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { OrderDeliveryDetails, OrderFigures } from './order-items';

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
