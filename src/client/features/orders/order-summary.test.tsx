import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { restaurantReport } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { cancelledNote, OrderSummary } from './order-summary';

afterEach(() => {
  vi.unstubAllGlobals();
});

function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('Order Summary', () => {
  it("shows the restaurant report's figures, the same as Reports, and what they leave out", async () => {
    fakeApi({
      'GET /api/reports/restaurant': restaurantReport({
        totalOrders: 125,
        totalSpent: '20718.65',
        completedOrders: 115,
        activeOrders: 10,
        cancelledOrders: 7,
      }),
    });
    renderInApp(<OrderSummary />);
    expect(await screen.findByText('Not counting 7 cancelled orders.')).toBeInTheDocument();
    expect(figure('Total Orders')).toBe('125');
    expect(figure('Total Spent')).toBe('$20,718.65');
    expect(figure('Completed')).toBe('115');
    expect(figure('In Progress')).toBe('10');
  });

  it('says when the figures could not be read, with a way to try again', async () => {
    fakeApi({});
    renderInApp(<OrderSummary />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the summary');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('words the note for none, one and several cancelled orders', () => {
    expect(cancelledNote(0)).toBe('Cancelled orders are not counted.');
    expect(cancelledNote(1)).toBe('Not counting 1 cancelled order.');
    expect(cancelledNote(3)).toBe('Not counting 3 cancelled orders.');
  });
});
