import type { OrderHistoryEntry } from '#core/schemas/order';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { OrderHistory } from './order-history';
import { describeHistoryEntry } from './order-history-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (fields: Partial<OrderHistoryEntry>): OrderHistoryEntry => ({
  fromStatus: 'pending',
  toStatus: 'confirmed',
  changedByUserId: 4,
  changedAt: '2026-11-26T17:02:00.000Z',
  changedByRole: 'farmer',
  changedByName: 'Leilani K.',
  changedByJob: null,
  ...fields,
});

describe('an order’s history', () => {
  it('names the person, the standing order or the cutoff behind each change', () => {
    expect(describeHistoryEntry(entry({}))).toBe('Confirmed by Leilani K.');
    expect(
      describeHistoryEntry(
        entry({
          fromStatus: null,
          toStatus: 'pending',
          changedByName: null,
          changedByRole: 'system',
          changedByJob: 'standing_orders',
        }),
      ),
    ).toBe('Placed by standing order');
    expect(
      describeHistoryEntry(
        entry({
          toStatus: 'cancelled',
          changedByName: null,
          changedByRole: 'system',
          changedByJob: 'auto_cancel',
        }),
      ),
    ).toBe('Cancelled automatically at the cutoff');
  });

  it('loads when opened and shows who and when, in Hawaii time', async () => {
    const api = fakeApi({
      'GET /api/orders/12/history': [
        entry({ fromStatus: null, toStatus: 'pending', changedByName: 'Malia K.' }),
        entry({ toStatus: 'packed', changedByName: 'Keoni P.' }),
      ],
    });
    renderInApp(<OrderHistory orderId={12} status="packed" />);
    expect(api.made('GET', '/api/orders/12/history')).toHaveLength(0);
    await userEvent.click(screen.getByText('History'));
    const list = await screen.findByRole('list', { name: 'History of order #12' });
    expect(list).toHaveTextContent('Placed by Malia K. · Nov 26, 7:02 AM');
    expect(list).toHaveTextContent('Packed by Keoni P. · Nov 26, 7:02 AM');
  });

  it('says so when the history cannot load, and tries again', async () => {
    fakeApi({ 'GET /api/orders/12/history': failWith(500, { message: 'down' }) });
    renderInApp(<OrderHistory orderId={12} status="pending" />);
    await userEvent.click(screen.getByText('History'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not load'));
  });
});
