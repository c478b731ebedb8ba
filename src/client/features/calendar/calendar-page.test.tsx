import { fireEvent, screen, within } from '@testing-library/react';
import { addDays } from '#core/hawaii-time';
import type { Schedule } from '#core/schemas/schedule';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { fakeApi, pageOf } from '../../test/fake-api';
import { member } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CalendarPage } from './calendar-page';
import { AddScheduleDialog } from './add-schedule-dialog';

beforeEach(() => {
  // Monday, Nov 23, 2026, noon in Hawaii.
  setTestDate('2026-11-23T22:00:00Z');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let nextId = 1;
function every(from: string, until: string, area: string): Schedule[] {
  const days: Schedule[] = [];
  for (let date = from; date <= until; date = addDays(date, 7)) {
    days.push({ id: nextId++, farmId: 1, deliveryDate: date, deliveryArea: area });
  }
  return days;
}

describe('the delivery calendar', () => {
  it('groups days that repeat into one row, and lists them on request', async () => {
    const days = [
      ...every('2026-12-01', '2027-03-02', 'Honolulu'),
      ...every('2026-12-03', '2027-02-25', 'Honolulu'),
      { id: 999, farmId: 1, deliveryDate: '2026-12-05', deliveryArea: 'Kailua' },
    ].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate));
    fakeApi({ 'GET /api/delivery-schedules?limit=500': pageOf(days, { total: days.length }) });
    renderInApp(<CalendarPage />, { user: member('farmer', 'owner') });

    const group = (await screen.findByText('Every Tue and Thu, Dec 1 – Mar 2, Honolulu')).closest(
      'li',
    )!;
    expect(within(group).getByText('27 days · 27 to come')).toBeInTheDocument();
    // The single day is a row of its own; the group's days wait behind Show days.
    const rows = screen.getAllByTestId('schedule-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Sat, Dec 5, 2026')).toBeInTheDocument();

    const show = within(group).getByRole('button', {
      name: 'Show the days of Every Tue and Thu, Dec 1 – Mar 2, Honolulu',
    });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(within(group).getAllByTestId('schedule-row')).toHaveLength(27);
    expect(
      within(group).getByRole('button', {
        name: 'Remove delivery on Thu, Dec 3, 2026 to Honolulu',
      }),
    ).toBeInTheDocument();
  });

  it('adds a weekly rule from the form, sending the rule for the server to expand', async () => {
    const api = fakeApi({
      'POST /api/delivery-schedules': [
        { id: 1, farmId: 1, deliveryDate: '2026-12-01', deliveryArea: 'Honolulu' },
        { id: 2, farmId: 1, deliveryDate: '2026-12-03', deliveryArea: 'Honolulu' },
      ],
    });
    renderInApp(<AddScheduleDialog open onOpenChange={() => {}} />, {
      user: member('farmer', 'owner'),
    });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Every week' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Thursday' }));
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(/^Until/), { target: { value: '2026-12-03' } });
    expect(screen.getByText('Every Tue and Thu: 2 days, Tue, Dec 1 to Thu, Dec 3')).toBeVisible();
    fireEvent.change(screen.getByLabelText(/Delivery Zone/), { target: { value: 'Honolulu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Schedule' }));

    expect(await screen.findByText('2 delivery days added for Honolulu.')).toBeInTheDocument();
    expect(api.made('POST', '/api/delivery-schedules').map((call) => call.body)).toEqual([
      {
        weekdays: ['tue', 'thu'],
        from: '2026-12-01',
        until: '2026-12-03',
        deliveryArea: 'Honolulu',
      },
    ]);
  });
});
