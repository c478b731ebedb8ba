import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/fixtures';
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
    );
    const standing = screen.getByRole('article', { name: /Order #7/ });
    expect(standing).toHaveTextContent('Standing order');
    const placedByHand = screen.getByRole('article', { name: /Order #8/ });
    expect(placedByHand).not.toHaveTextContent('Standing order');
  });
});
