import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { AccountingExportDialog, lastMonthOf } from './accounting-export-dialog';

beforeEach(() => {
  // jsdom has no object URLs; the download only needs one to hand to its link.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const EXPORT_PATH = '/api/exports/accounting?from=2026-10-01&to=2026-10-31';

function open(onClose = () => {}) {
  renderInApp(
    <AccountingExportDialog open today="2026-11-10" books="invoices" onClose={onClose} />,
  );
}

describe('Export for accounting', () => {
  it('proposes last month in QuickBooks', () => {
    expect(lastMonthOf('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    open();
    expect(screen.getByLabelText(/From/)).toHaveValue('2026-10-01');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2026-10-31');
    expect(screen.getByLabelText('QuickBooks Online')).toBeChecked();
  });

  it('says a reversed or too long period under To, and sends nothing', async () => {
    const api = fakeApi({});
    open();
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-09-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('The end date cannot be before the start date'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-01-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Choose at most 366 days')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('downloads the chosen program’s export and closes', async () => {
    const api = fakeApi({ [`GET ${EXPORT_PATH}&format=xero`]: {} });
    const onClose = vi.fn();
    open(onClose);
    fireEvent.click(screen.getByLabelText('Xero'));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.made('GET', `${EXPORT_PATH}&format=xero`)).toHaveLength(1);
  });

  it('shows the server’s refusal under its field', async () => {
    fakeApi({
      [`GET ${EXPORT_PATH}&format=quickbooks`]: failWith(400, {
        message: 'Please check the highlighted fields',
        code: 'validation',
        fields: { from: 'Choose a date from 2000-01-01 to 2100-12-31' },
      }),
    });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('Choose a date from 2000-01-01 to 2100-12-31'),
    ).toBeInTheDocument();
  });
});
