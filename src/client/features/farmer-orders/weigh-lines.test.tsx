import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderAsSeen } from '#core/schemas/order';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { member, order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { WeighLines } from './weigh-lines';
import { sendWaitingWeights, waitingWeights } from './weight-outbox';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Line = OrderAsSeen['orderItems'][number];

/** A confirmed order of 2 cases of ahi at $3.50 per lb, each case about 25 lb. */
function ahiOrder(line: Partial<Line> = {}, status: 'confirmed' | 'delivered' = 'confirmed') {
  return order(7, status, {
    orderItems: [
      {
        id: 1,
        productId: 10,
        product: { name: 'Ahi', unit: 'case', imageUrl: null },
        packId: 4,
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
        ...line,
      } as Line,
    ],
  }) as OrderAsSeen;
}

/** The Idempotency-Key header of each PUT made through the stubbed fetch. */
function keysSent(): string[] {
  const fetchMock = vi.mocked(globalThis.fetch);
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']!);
}

function renderLines(placed: OrderAsSeen) {
  return renderInApp(<WeighLines order={placed} />, { user: member('farmer', 'packer') });
}

describe('Entering the weight of a line priced by weight', () => {
  it('shows the estimate and sends one weight for the whole line under an Idempotency-Key', async () => {
    const api = fakeApi({ 'PUT /api/orders/7/items/1/weight': () => ahiOrder({ weight: 49.9 }) });
    renderLines(ahiOrder());
    expect(screen.getByText('≈ 50 lb estimated')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Enter weight' }));
    fireEvent.change(await screen.findByLabelText(/Weight of the line \(lb\)/), {
      target: { value: '49.9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save weight' }));

    await waitFor(() => expect(api.made('PUT', '/api/orders/7/items/1/weight')).toHaveLength(1));
    expect(api.made('PUT', '/api/orders/7/items/1/weight')[0]!.body).toEqual({ weight: 49.9 });
    expect(keysSent()[0]).toMatch(/^weight-[\da-f-]{36}$/);
  });

  it('takes one weight per case when asked', async () => {
    const api = fakeApi({ 'PUT /api/orders/7/items/1/weight': () => ahiOrder({ weight: 49.9 }) });
    renderLines(ahiOrder());
    fireEvent.click(screen.getByRole('button', { name: 'Enter weight' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'One per case' }));
    fireEvent.change(screen.getByLabelText(/case 1 \(lb\)/), { target: { value: '24.6' } });
    fireEvent.change(screen.getByLabelText(/case 2 \(lb\)/), { target: { value: '25.3' } });
    expect(screen.getByText('Total 49.9 lb')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save weight' }));

    await waitFor(() => expect(api.made('PUT', '/api/orders/7/items/1/weight')).toHaveLength(1));
    expect(api.made('PUT', '/api/orders/7/items/1/weight')[0]!.body).toEqual({
      weights: [24.6, 25.3],
    });
  });

  it('refuses an empty or zero weight before sending anything', async () => {
    const api = fakeApi({});
    renderLines(ahiOrder());
    fireEvent.click(screen.getByRole('button', { name: 'Enter weight' }));
    fireEvent.change(await screen.findByLabelText(/Weight of the line/), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save weight' }));
    expect(await screen.findByText('Enter a weight above 0')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the weight, its money, who weighed it and when, and the history on expand', () => {
    fakeApi({});
    renderLines(
      ahiOrder({
        weight: 49.9,
        totalPrice: '174.65',
        weighedBy: 'Keoni P.',
        // 2:14 pm in Hawaii.
        weighedAt: '2026-11-21T00:14:00.000Z',
        weightHistory: [
          { kind: 'weighed', weight: 49.9, by: 'Keoni P.', at: '2026-11-21T00:14:00.000Z' },
        ],
      }),
    );
    expect(
      screen.getByText('49.9 lb · $174.65 · weighed by Keoni P. at 2:14 pm'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Weight history' }));
    const history = screen.getByRole('list', { name: 'Weight history' });
    expect(within(history).getByText(/Weighed 49.9 lb by Keoni P\./)).toBeInTheDocument();
  });

  it('says when a weight past the tolerance waits for the restaurant', () => {
    fakeApi({});
    renderLines(ahiOrder({ weight: 58, weightDecision: 'pending', weighedBy: 'Keoni P.' }));
    expect(
      screen.getByText('Waiting for the restaurant to accept 58 lb (estimate 50 lb)'),
    ).toBeInTheDocument();
  });

  it('offers no weighing once the order has left the farm', () => {
    fakeApi({});
    renderLines(ahiOrder({}, 'delivered'));
    expect(screen.queryByRole('button', { name: 'Enter weight' })).not.toBeInTheDocument();
  });

  it('keeps the weight on the phone without a network and sends it later under the same key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLines(ahiOrder());
    fireEvent.click(screen.getByRole('button', { name: 'Enter weight' }));
    fireEvent.change(await screen.findByLabelText(/Weight of the line/), {
      target: { value: '49.9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save weight' }));
    expect(await screen.findByText('Saved on this phone, sends when online')).toBeInTheDocument();
    const offlineKey = keysSent()[0];

    const api = fakeApi({ 'PUT /api/orders/7/items/1/weight': () => ahiOrder({ weight: 49.9 }) });
    await sendWaitingWeights();
    expect(api.made('PUT', '/api/orders/7/items/1/weight')).toHaveLength(1);
    expect(keysSent()).toEqual([offlineKey]);
    expect(waitingWeights()).toEqual([]);
    await waitFor(() =>
      expect(screen.queryByText('Saved on this phone, sends when online')).not.toBeInTheDocument(),
    );
  });
});
