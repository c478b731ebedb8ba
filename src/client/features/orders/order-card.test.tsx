import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { Order } from '#core/schemas/order';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi } from '../../test/fake-api';
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

describe('A line priced by weight', () => {
  const line = (overrides: Partial<Order['orderItems'][number]> = {}) => ({
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
    weight: null,
    weights: null,
    weighedBy: null,
    weighedAt: null,
    weightDecision: null,
    weightHistory: [],
    ...overrides,
  });
  const confirmed = (overrides: Partial<Order['orderItems'][number]>, weightsPending: boolean) =>
    order(70, 'confirmed', {
      subtotal: '175.00',
      totalAmount: '180.00',
      weightsPending,
      orderItems: [line(overrides)] as Order['orderItems'],
    });

  it('shows the estimate, and the total as estimated, until weighed', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(<RestaurantOrderCard order={confirmed({}, true)} />, { user: user('restaurant') });
    expect(screen.getByText('2 cases ≈ 50 lb @ $3.50/lb')).toBeInTheDocument();
    expect(screen.getByText('estimated')).toBeInTheDocument();
  });

  it('shows the weight entered, who weighed it and when', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    const weighed = confirmed(
      {
        weight: 49.9,
        totalPrice: '174.65',
        weighedBy: 'Keoni P.',
        weighedAt: '2026-11-25T18:30:00.000Z',
      },
      false,
    );
    renderInApp(<RestaurantOrderCard order={weighed} />, { user: user('restaurant') });
    expect(screen.getByText('49.9 lb (est. 50 lb) @ $3.50/lb = $174.65')).toBeInTheDocument();
    expect(screen.getByText(/^Weighed by Keoni P\. · /)).toBeInTheDocument();
    expect(screen.queryByText('estimated')).not.toBeInTheDocument();
  });

  it('lists every weight entered and decision made, oldest first, once there is more than one', () => {
    fakeApi({});
    setTestDate('2026-11-26T03:59:00Z');
    const reweighed = confirmed(
      {
        weight: 49.9,
        totalPrice: '174.65',
        weighedBy: 'Malia K.',
        weighedAt: '2026-11-25T19:00:00.000Z',
        weightHistory: [
          { kind: 'weighed', weight: 58, by: 'Keoni P.', at: '2026-11-25T18:30:00.000Z' },
          { kind: 'weighed', weight: 49.9, by: 'Malia K.', at: '2026-11-25T19:00:00.000Z' },
        ],
      },
      false,
    );
    renderInApp(<RestaurantOrderCard order={reweighed} />, { user: user('restaurant') });
    expect(screen.getByText('Weight history (2)')).toBeInTheDocument();
    const entries = screen.getAllByText(/^Weighed \d/).map((entry) => entry.textContent);
    expect(entries[0]).toMatch(/^Weighed 58 lb by Keoni P\. · /);
    expect(entries[1]).toMatch(/^Weighed 49\.9 lb by Malia K\. · /);
  });

  it('asks about a weight over the estimate and sends the answer', async () => {
    const pending = { weight: 58, weightDecision: 'pending' as const, weighedBy: 'Keoni P.' };
    const answered = confirmed(
      { ...pending, weightDecision: 'accepted', totalPrice: '203.00' },
      false,
    );
    const api = fakeApi({ 'POST /api/orders/70/items/701/weight/decision': answered });
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(<RestaurantOrderCard order={confirmed(pending, false)} />, {
      user: user('restaurant'),
    });
    expect(
      screen.getByText('The farm weighed 58 lb, over the 50 lb estimated'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept 58 lb' }));
    expect(api.made('POST', '/api/orders/70/items/701/weight/decision')).toEqual([
      expect.objectContaining({ body: { accept: true } }),
    ]);
  });

  it('keeps the estimate when asked, and says why an answer failed', async () => {
    const api = fakeApi({
      'POST /api/orders/70/items/701/weight/decision': failWith(409, {
        message: 'Nothing waits for your answer on this line',
        code: 'no_weight_decision',
      }),
    });
    setTestDate('2026-11-26T03:59:00Z');
    renderInApp(
      <RestaurantOrderCard order={confirmed({ weight: 58, weightDecision: 'pending' }, false)} />,
      { user: user('restaurant') },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep the estimate' }));
    expect(api.made('POST', '/api/orders/70/items/701/weight/decision')).toEqual([
      expect.objectContaining({ body: { accept: false } }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing waits for your answer on this line',
    );
  });
});
