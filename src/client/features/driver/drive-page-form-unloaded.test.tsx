import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DriveRun } from '#core/schemas/delivery-proof';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { DrivePage } from './drive-page';

// The form's rules cannot load: a first visit without signal, before the service worker has
// kept the app's code.
vi.mock('#core/schemas/delivery-proof', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const RUN: DriveRun = {
  id: 7,
  date: '2026-12-01',
  name: 'Kailua',
  zone: 'Kailua',
  version: 2,
  stops: [
    {
      orderId: 41,
      position: 1,
      restaurant: { id: 3, name: 'Mama Bistro', address: 'Kaneohe', phone: null },
      orderNumber: '#41',
      invoiceNumber: null,
      itemCount: 1,
      notes: null,
      status: 'in_transit',
      lines: [{ name: 'Mānoa Lettuce', quantity: 2.5, unit: 'lb' }],
      delivery: null,
    },
  ],
};

describe("the driver's delivery form without its rules", () => {
  it('says it could not load and keeps nothing', async () => {
    const api = fakeApi({ 'GET /api/delivery-runs/7': () => RUN });
    renderInApp(
      <Routes>
        <Route path="/farmer/runs/:id/drive" element={<DrivePage />} />
      </Routes>,
      { route: '/farmer/runs/7/drive' },
    );
    const stop = await screen.findByRole('article', { name: 'Stop 1: Mama Bistro, order #41' });
    const user = userEvent.setup();
    await user.click(within(stop).getByRole('button', { name: 'Delivered' }));
    await user.type(within(stop).getByLabelText(/Received by/), 'Kimo');
    await user.click(within(stop).getByRole('button', { name: 'Confirm delivery' }));
    expect(
      await within(stop).findByText('This form could not load: check the signal and try again'),
    ).toBeInTheDocument();
    expect(within(stop).queryByText(/received by Kimo/)).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
