import type { BulkStatusResult } from '#core/schemas/order-bulk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
      remaining: 0,
      lastOrderId: 12,
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

  it('goes through the whole day by itself, one call after another, and reports them all', async () => {
    const api = dayOf(650, [
      confirmedAnswer(1, 199, {
        refused: [
          { id: 200, status: 'cancelled', code: 'invalid_transition', message: 'Cancelled' },
        ],
        remaining: 450,
      }),
      confirmedAnswer(201, 400, { remaining: 250 }),
      confirmedAnswer(401, 600, { remaining: 50 }),
      confirmedAnswer(601, 650, { remaining: 0 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm all pending (650)' }));

    expect(await screen.findByText('Confirmed 649 orders')).toBeInTheDocument();
    const calls = api.made('POST', '/api/orders/farm/bulk-status');
    expect(calls.map((call) => call.body)).toEqual([
      { deliveryDate: DAY, status: 'confirmed' },
      { deliveryDate: DAY, status: 'confirmed', afterOrderId: 200 },
      { deliveryDate: DAY, status: 'confirmed', afterOrderId: 400 },
      { deliveryDate: DAY, status: 'confirmed', afterOrderId: 600 },
    ]);
    const report = screen.getByText(/^Confirmed: #1, #2,/);
    expect(report.textContent).toContain('#199, #201,');
    expect(report.textContent).toMatch(/#650$/);
    expect(screen.getByText('#200: Cancelled')).toBeInTheDocument();
    expect(screen.queryByText(/to go/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('goes on past a whole call of refused orders, after the last one it took', async () => {
    // The orders refused stay confirmed: without afterOrderId they would head every call.
    const api = dayOf(300, [
      packedAnswer(0, -1, { refused: ids(1, 200).map(lotRequired), remaining: 100 }),
      packedAnswer(201, 300, { remaining: 0 }),
    ]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark all confirmed as packed (300)' }),
    );

    expect(await screen.findByText('Packed 100 orders')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/farm/bulk-status').map((call) => call.body)).toEqual([
      { deliveryDate: DAY, status: 'packed' },
      { deliveryDate: DAY, status: 'packed', afterOrderId: 200 },
    ]);
    expect(screen.getByText(/^Marked as packed: #201, /).textContent).toMatch(/#300$/);
    expect(screen.getByText('#1: Record a lot for its kale')).toBeInTheDocument();
    expect(screen.getByText('#200: Record a lot for its kale')).toBeInTheDocument();
    expect(screen.queryByText(/not reached/)).not.toBeInTheDocument();
  });

  it('stops should a call handle nothing new, and lists each refused order once', async () => {
    // A server that took the same orders again, afterOrderId or not: every call would be this one.
    const api = dayOf(300, [
      packedAnswer(1, 150, { refused: [151, 152].map(lotRequired), remaining: 100 }),
      packedAnswer(0, -1, { refused: [151, 152].map(lotRequired), remaining: 100 }),
      packedAnswer(153, 300, { remaining: 0 }),
    ]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark all confirmed as packed (300)' }),
    );

    expect(
      await screen.findByText(
        /^100 more orders not reached: the server kept answering the same orders/,
      ),
    ).toBeInTheDocument();
    const calls = api.made('POST', '/api/orders/farm/bulk-status');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ deliveryDate: DAY, status: 'packed', afterOrderId: 152 });
    expect(screen.getByText('#151: Record a lot for its kale')).toBeInTheDocument();
    expect(screen.getByText('#152: Record a lot for its kale')).toBeInTheDocument();
    expect(screen.getByText('Packed 150 orders')).toBeInTheDocument();
  });

  it('stops after the call under way when Stop is pressed, and goes on with Continue', async () => {
    const api = dayOf(650, [
      confirmedAnswer(1, 200, { remaining: 450 }),
      confirmedAnswer(201, 400, { remaining: 250 }),
      confirmedAnswer(401, 650, { remaining: 0 }),
    ]);
    const release = holdBulkCall(2);
    const confirmAll = await screen.findByRole('button', { name: 'Confirm all pending (650)' });
    fireEvent.click(confirmAll);

    expect(await screen.findByText('Confirming… 200 of 650')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Confirming' });
    expect(bar).toHaveAttribute('value', '200');
    expect(bar).toHaveAttribute('max', '650');
    expect(confirmAll).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    release();

    const resume = await screen.findByRole('button', { name: 'Continue' });
    expect(resume.parentElement).toHaveTextContent('Stopped: 250 more orders to go.');
    expect(api.made('POST', '/api/orders/farm/bulk-status')).toHaveLength(2);
    expect(screen.getByText(/^Confirmed: #1, /).textContent).toMatch(/#400$/);
    expect(await screen.findByText('Confirmed 400 orders')).toBeInTheDocument();

    fireEvent.click(resume);
    expect(await screen.findByText('Confirmed 650 orders')).toBeInTheDocument();
    const calls = api.made('POST', '/api/orders/farm/bulk-status');
    expect(calls).toHaveLength(3);
    expect(calls[2]!.body).toEqual({ deliveryDate: DAY, status: 'confirmed', afterOrderId: 400 });
    expect(screen.getByText(/^Confirmed: #1, /).textContent).toMatch(/#400, #401, .*#650$/);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('keeps what was done when a call fails, says why, and offers to continue', async () => {
    const api = dayOf(650, [
      confirmedAnswer(1, 200, { remaining: 450 }),
      failWith(503, { message: 'The server is busy', code: 'unavailable' }),
      confirmedAnswer(201, 650, { remaining: 0 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm all pending (650)' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Stopped by an error, keeping what was done: The server is busy',
    );
    expect(screen.getByText(/^Confirmed: #1, /).textContent).toMatch(/#200$/);
    expect(await screen.findByText('Stopped by an error: The server is busy')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/farm/bulk-status')).toHaveLength(2);

    fireEvent.click(within(alert).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirmed 650 orders')).toBeInTheDocument();
    const calls = api.made('POST', '/api/orders/farm/bulk-status');
    expect(calls).toHaveLength(3);
    // The failed call and the one that goes on both start after the first call's last order.
    for (const call of calls.slice(1)) {
      expect(call.body).toEqual({ deliveryDate: DAY, status: 'confirmed', afterOrderId: 200 });
    }
    expect(screen.getByText(/^Confirmed: #1, /).textContent).toMatch(/#200, #201, .*#650$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const ids = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

const lotRequired = (id: number) => ({
  id,
  status: 'confirmed' as const,
  code: 'lot_required',
  message: 'Record a lot for its kale',
});

type AnswerParts = Partial<BulkStatusResult> & { remaining: number };

/**
 * A bulk call's answer moving orders `from`..`to` (none when `to` < `from`). Its `lastOrderId`,
 * unless given, is the largest id it names: the orders of these days were placed in id order.
 */
function batchAnswer(
  fromStatus: 'pending' | 'confirmed',
  status: 'confirmed' | 'packed',
  from: number,
  to: number,
  rest: AnswerParts,
): BulkStatusResult {
  const changed = ids(from, to).map((id) => ({ id, fromStatus, toStatus: status }));
  const named = [...changed, ...(rest.refused ?? [])].map((entry) => entry.id);
  return {
    deliveryDate: DAY,
    fromStatus,
    status,
    changed,
    refused: [],
    lastOrderId: named.length > 0 ? Math.max(...named) : null,
    ...rest,
  };
}

const confirmedAnswer = (from: number, to: number, rest: AnswerParts) =>
  batchAnswer('pending', 'confirmed', from, to, rest);

const packedAnswer = (from: number, to: number, rest: AnswerParts) =>
  batchAnswer('confirmed', 'packed', from, to, rest);

/**
 * The day card for a day of `count` pending and `count` confirmed orders, whose bulk calls
 * answer `answers` in turn (a later call would find none).
 */
function dayOf(count: number, answers: unknown[]) {
  setTestDate('2026-11-30T22:00:00Z');
  const queue = [...answers];
  const api = fakeApi({
    [`GET /api/orders/farm?deliveryDate=${DAY}&status=pending&limit=1`]: pageOf([], {
      total: count,
    }),
    [`GET /api/orders/farm?deliveryDate=${DAY}&status=confirmed&limit=1`]: pageOf([], {
      total: count,
    }),
    'POST /api/orders/farm/bulk-status': () =>
      queue.shift() ?? failWith(500, { message: 'No more calls were expected' }),
  });
  renderInApp(<DayCard day={DAY} onDay={() => {}} orderDays={[]} />, { user: user('farmer') });
  return api;
}

/** The `nth` bulk call waits until the returned function is called. */
function holdBulkCall(nth: number): () => void {
  const answer = globalThis.fetch;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/bulk-status') && ++count === nth) await held;
    return answer(input, init);
  });
  return release;
}
