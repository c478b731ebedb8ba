import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetSummary } from '#core/schemas/get-summary';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { failWith, fakeApi } from '../../test/fake-api';
import { farmReport, member } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { FarmerReportsPage } from './farmer-reports-page';
import { GetSummaryPage, previousMonth } from './get-summary-page';

beforeEach(() => {
  // jsdom has no object URLs; the download only needs one to hand to its link.
  URL.createObjectURL = vi.fn(() => 'blob:get-summary');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const OCTOBER = '/api/reports/get-summary?from=2026-10-01&to=2026-10-31';

const figures = {
  invoiceCount: 2,
  subtotal: '22.99',
  deliveryFees: '10.00',
  taxPassedOn: '1.56',
  invoiced: '34.55',
  creditNoteCount: 1,
  credited: '5.23',
  grossProceeds: '29.32',
};

const summary: GetSummary = {
  from: '2026-10-01',
  to: '2026-10-31',
  farm: { id: 7, name: 'Kaʻū Farm' },
  rates: [
    {
      taxRate: '4.7120',
      ...figures,
      invoices: [
        {
          orderId: 41,
          invoiceNumber: '00012',
          deliveryDate: '2026-10-05',
          restaurantName: 'Ono Kitchen',
          subtotal: '18.49',
          deliveryFee: '5.00',
          taxAmount: '1.11',
          totalAmount: '24.60',
        },
      ],
      creditNotes: [
        {
          number: 'CN-00002',
          orderId: 41,
          issuedOn: '2026-10-06',
          restaurantName: 'Ono Kitchen',
          subtotal: '4.99',
          taxAmount: '0.24',
          amount: '5.23',
        },
      ],
    },
  ],
  totals: figures,
};

const emptySummary: GetSummary = {
  from: '2025-01-01',
  to: '2025-01-31',
  farm: summary.farm,
  rates: [],
  totals: {
    invoiceCount: 0,
    subtotal: '0.00',
    deliveryFees: '0.00',
    taxPassedOn: '0.00',
    invoiced: '0.00',
    creditNoteCount: 0,
    credited: '0.00',
    grossProceeds: '0.00',
  },
};

describe('GET summary', () => {
  it('shows last month by rate, with the orders behind the figures', async () => {
    expect(previousMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    fakeApi({ [`GET ${OCTOBER}`]: summary });
    renderInApp(<GetSummaryPage today="2026-11-10" />);
    expect(screen.getByLabelText('Loading the GET summary')).toBeInTheDocument();
    const rate = (await screen.findByRole('heading', { name: 'At 4.712%' })).closest(
      'div',
    )!.parentElement!;
    expect(screen.getByLabelText(/From/)).toHaveValue('2026-10-01');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2026-10-31');
    expect(within(rate).getByText('Gross proceeds').nextSibling).toHaveTextContent('$29.32');
    expect(within(rate).getByText('Order #41 · Invoice 00012')).toBeInTheDocument();
    expect(within(rate).getByText('CN-00002 · Order #41')).toBeInTheDocument();
    expect(within(rate).getByText('-$5.23')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All rates' })).toBeInTheDocument();
  });

  it('says a reversed or too long period under To, and asks for nothing more', async () => {
    const api = fakeApi({ [`GET ${OCTOBER}`]: summary });
    renderInApp(<GetSummaryPage today="2026-11-10" />);
    await screen.findByRole('heading', { name: 'At 4.712%' });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-09-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('The end date cannot be before the start date'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-01-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose at most 366 days')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('shows another period when asked, and says when it has nothing', async () => {
    const api = fakeApi({
      [`GET ${OCTOBER}`]: summary,
      'GET /api/reports/get-summary?from=2025-01-01&to=2025-01-31': emptySummary,
    });
    renderInApp(<GetSummaryPage today="2026-11-10" />);
    await screen.findByRole('heading', { name: 'At 4.712%' });
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Nothing to report for these days')).toBeInTheDocument();
    expect(api.made('GET', '/api/reports/get-summary?from=2025-01-01&to=2025-01-31')).toHaveLength(
      1,
    );
  });

  it('downloads the PDF and the CSV of the period shown', async () => {
    const api = fakeApi({
      [`GET ${OCTOBER}`]: summary,
      [`GET ${OCTOBER}&format=pdf`]: {},
      [`GET ${OCTOBER}&format=csv`]: {},
    });
    renderInApp(<GetSummaryPage today="2026-11-10" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.made('GET', `${OCTOBER}&format=csv`)).toHaveLength(1));
    expect(api.made('GET', `${OCTOBER}&format=pdf`)).toHaveLength(1);
  });

  it('says why the figures could not load, and tries again', async () => {
    const api = fakeApi({
      [`GET ${OCTOBER}`]: failWith(503, { message: 'The database is busy', code: 'unavailable' }),
    });
    renderInApp(<GetSummaryPage today="2026-11-10" />);
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.made('GET', OCTOBER).length).toBeGreaterThan(1));
  });
});

describe('the way in, on Reports', () => {
  it('is offered to the owner and the bookkeeper, never to a manager', async () => {
    for (const [who, offered] of [
      [member('farmer', 'owner'), true],
      [member('farmer', 'bookkeeper'), true],
      [member('farmer', 'manager'), false],
    ] as const) {
      fakeApi({ 'GET /api/reports/farm': farmReport() });
      const { unmount } = renderInApp(<FarmerReportsPage />, { user: who });
      await screen.findByRole('heading', { name: 'Reports & Analytics' });
      const link = screen.queryByRole('link', { name: 'GET summary' });
      if (offered)
        expect(link, who.businessRole!).toHaveAttribute('href', '/farmer/reports/get-summary');
      else expect(link, who.businessRole!).toBeNull();
      unmount();
      queryClient.clear();
    }
  });
});
