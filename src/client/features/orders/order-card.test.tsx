import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { member, order, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { RestaurantOrderCard } from './order-card';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Thursday Nov 26's ordering closes Wednesday 6 PM Hawaii time (Nov 26, 04:00 UTC).
const thursday = order(51, 'pending', {
  deliveryDate: '2026-11-26',
  orderCutoff: '2026-11-26T04:00:00.000Z',
});

describe('A pending order on My Orders', () => {
  it('offers Change and Cancel before its day closes', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(<RestaurantOrderCard order={thursday} />, { user: user('restaurant') });
    expect(screen.getByRole('button', { name: 'Change quantities' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('after the cutoff says when ordering closed and whom to ask, and offers neither', () => {
    fakeApi({});
    setTestDate('2026-11-26T04:00:00Z');
    renderInApp(<RestaurantOrderCard order={thursday} />, { user: user('restaurant') });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Ordering for Thu, Nov 26 closed Wed, Nov 25 at 6 PM: ask Kula Greens to change it',
    );
    expect(screen.queryByRole('button', { name: 'Change quantities' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe("An order's actions by the person's role", () => {
  const delivered = order(52, 'delivered');

  it('offers a buyer Order again and changes, and no invoice', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(
      <>
        <RestaurantOrderCard order={thursday} />
        <RestaurantOrderCard order={delivered} />
      </>,
      { user: member('restaurant', 'buyer') },
    );
    expect(screen.getAllByRole('button', { name: 'Order again' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Change quantities' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invoice' })).not.toBeInTheDocument();
  });

  it('offers a bookkeeper the invoice, and neither ordering nor changes', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(
      <>
        <RestaurantOrderCard order={thursday} />
        <RestaurantOrderCard order={delivered} />
      </>,
      { user: member('restaurant', 'bookkeeper') },
    );
    expect(screen.getByRole('button', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change quantities' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    // The money stays: every restaurant role may see it.
    expect(screen.getAllByText('$25.00').length).toBeGreaterThan(0);
  });
});
