import type { StandingOrder } from '#core/schemas/standing-order';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { LeftOutLine } from './left-out-line';

afterEach(() => {
  vi.unstubAllGlobals();
});

const farm = {
  id: 7,
  name: 'Windward Greens',
  deliveryFee: '10.00',
  orderMinimum: '0.00',
  taxRate: '0.0000',
};
const catalog = {
  items: [
    { id: 1, name: 'Kale', unit: 'lb', price: '5.00', availableQuantity: 20, farmId: 7, farm },
  ],
  total: 1,
  totalAll: 1,
  page: 1,
  pageSize: 100,
  farms: [{ id: 7, name: 'Windward Greens' }],
};
const CATALOG = 'GET /api/products?farmId=7&pageSize=100&sort=name';

const line = {
  productId: 1,
  product: { name: 'Kale', unit: 'lb', unitPrice: '5.00', available: true },
  quantity: 4,
  seenUnitPrice: '4.00',
};
const standing: StandingOrder = {
  id: 5,
  farm: { id: 7, name: 'Windward Greens' },
  lines: [line],
  weekdays: ['thu'],
  daysBefore: 3,
  paused: false,
  notes: null,
  createdAt: '2026-11-23T22:00:00.000Z',
  updatedAt: '2026-11-23T22:00:00.000Z',
  nextPlacement: null,
  upcoming: [
    {
      deliveryDate: '2026-12-03',
      placeAt: '2026-11-30T16:00:00.000Z',
      orderBy: '2026-12-03T04:00:00.000Z',
      status: 'placed',
      orderId: 40,
      leftOutProductIds: [1],
    },
  ],
};

describe('"Order it at $X" on a line left out for its price', () => {
  it('orders the line for that day at today’s price, then takes that price as the one seen', async () => {
    const api = fakeApi({
      [CATALOG]: catalog,
      'POST /api/orders': { id: 41 },
      'POST /api/standing-orders/5/seen-prices': standing,
    });
    renderInApp(<LeftOutLine standing={standing} line={line} />);
    expect(
      screen.getByText('Left out on Thu, Dec 3: price went from $4.00 to $5.00'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Order it at $5.00' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() =>
      expect(api.made('POST', '/api/standing-orders/5/seen-prices')).toHaveLength(1),
    );
    expect(api.made('POST', '/api/orders')[0]!.body).toEqual({
      farmId: 7,
      totalAmount: '30.00',
      items: [{ productId: 1, quantity: 4, unitPrice: '5.00', totalPrice: '20.00' }],
      deliveryDate: '2026-12-03',
    });
    expect(api.made('POST', '/api/standing-orders/5/seen-prices')[0]!.body).toEqual({
      productId: 1,
      unitPrice: '5.00',
    });
  });

  it('shows the server’s message when the order is refused, and keeps the price seen', async () => {
    const api = fakeApi({
      [CATALOG]: catalog,
      'POST /api/orders': failWith(409, {
        message: 'Ordering for Thu, Dec 3 closed at 6:00 PM',
        code: 'cutoff_passed',
      }),
    });
    renderInApp(<LeftOutLine standing={standing} line={line} />);
    const button = screen.getByRole('button', { name: 'Order it at $5.00' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ordering for Thu, Dec 3 closed at 6:00 PM',
    );
    expect(api.made('POST', '/api/standing-orders/5/seen-prices')).toHaveLength(0);
  });

  it('shows nothing for a line the run placed, though its price rose after', () => {
    fakeApi({ [CATALOG]: catalog });
    const placed: StandingOrder = {
      ...standing,
      upcoming: standing.upcoming.map((day) => ({ ...day, leftOutProductIds: [] })),
    };
    renderInApp(<LeftOutLine standing={placed} line={line} />);
    expect(screen.queryByText(/Left out/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Order it at/ })).toBeNull();
  });

  it('shows nothing for a line at or below the price seen', () => {
    fakeApi({ [CATALOG]: catalog });
    const same = { ...line, seenUnitPrice: '5.00' };
    renderInApp(<LeftOutLine standing={standing} line={same} />);
    expect(screen.queryByRole('button', { name: /Order it at/ })).toBeNull();
  });
});
