import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { DayCard } from './farmer-orders-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = '2026-12-01';

describe("the day's bulk actions", () => {
  it('takes the last report away at the next action, even one refused as a whole', async () => {
    setTestDate('2026-11-30T22:00:00Z');
    let bulkAnswer: unknown = {
      deliveryDate: DAY,
      status: 'confirmed',
      fromStatus: 'pending',
      changed: [{ id: 11, fromStatus: 'pending', toStatus: 'confirmed' }],
      refused: [{ id: 12, status: 'pending', code: 'sold_out', message: 'Kale ran out' }],
    };
    const api = fakeApi({
      [`GET /api/orders/farm?deliveryDate=${DAY}&status=pending&limit=1`]: pageOf([], { total: 2 }),
      [`GET /api/orders/farm?deliveryDate=${DAY}&status=confirmed&limit=1`]: pageOf([], {
        total: 0,
      }),
      'POST /api/orders/farm/bulk-status': () => bulkAnswer,
    });
    renderInApp(<DayCard day={DAY} onDay={() => {}} orderDays={[]} />, {
      user: user('farmer'),
    });
    const confirmAll = await screen.findByRole('button', { name: 'Confirm all pending (2)' });
    fireEvent.click(confirmAll);
    expect(await screen.findByText('#12: Kale ran out')).toBeInTheDocument();

    bulkAnswer = failWith(503, { message: 'Try again', code: 'unavailable' });
    fireEvent.click(await screen.findByRole('button', { name: /Confirm all pending/ }));
    await waitFor(() => expect(api.made('POST', '/api/orders/farm/bulk-status')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('#12: Kale ran out')).not.toBeInTheDocument());
  });
});
