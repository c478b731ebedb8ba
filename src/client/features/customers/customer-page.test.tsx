import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '#core/schemas/customer';
import { fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CustomerPage } from './customer-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const onoKitchen: Customer = {
  restaurant: { id: 7, name: 'Ono Kitchen' },
  group: null,
  openBalance: '420.00',
  overdueAmount: '420.00',
  oldestOverdueDays: 21,
  creditBalance: '0.00',
  openOrdersAmount: '37.50',
  priceListId: null,
  creditTerms: { creditLimit: '500.00', holdAfterDaysOverdue: 15, mode: 'hold' },
  state: 'held',
  hold: {
    reason: '$420.00 of invoices to Hāmākua ʻUlu Grove are overdue; pay them to order again',
    by: null,
    at: null,
    automatic: true,
  },
  warning: null,
  resaleCertificate: null,
  minimum: null,
};

function renderPage(who = user('farmer')) {
  return renderInApp(
    <Routes>
      <Route path="/farmer/customers/:id" element={<CustomerPage />} />
    </Routes>,
    { route: '/farmer/customers/7', user: who },
  );
}

describe('a customer’s page', () => {
  it('shows the figures and the hold, and checks the terms before sending them', async () => {
    const api = fakeApi({
      'GET /api/customers/7': onoKitchen,
      'GET /api/customers/7/history?limit=20': pageOf([], { total: 0 }),
      'PUT /api/customers/7/credit-terms': onoKitchen,
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ono Kitchen' })).toBeInTheDocument();
    expect(screen.getByText('On hold')).toBeInTheDocument();
    expect(screen.getByText(onoKitchen.hold!.reason)).toBeInTheDocument();
    expect(screen.getAllByText('$420.00')).toHaveLength(2);

    const limit = screen.getByLabelText('Credit limit ($)');
    await userEvent.clear(limit);
    await userEvent.type(limit, '12.345');
    const days = screen.getByLabelText('Hold after days overdue');
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Enter an amount like 12.50')).toBeInTheDocument();
    expect(screen.getByText(/Enter whole days from 0 to 365/)).toBeInTheDocument();
    expect(api.made('PUT', '/api/customers/7/credit-terms')).toHaveLength(0);

    await userEvent.clear(limit);
    await userEvent.type(limit, '600');
    await userEvent.clear(days);
    await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    await screen.findByText('Credit terms saved');
    expect(api.made('PUT', '/api/customers/7/credit-terms')[0]!.body).toEqual({
      creditLimit: '600.00',
      holdAfterDaysOverdue: null,
      mode: 'hold',
    });
  });

  it('says whether the restaurant’s resale certificate is on file, with its download', async () => {
    const certified: Customer = {
      ...onoKitchen,
      resaleCertificate: {
        id: 14,
        farm: { id: 1, name: 'Hāmākua ʻUlu Grove', location: 'Honokaʻa' },
        restaurant: { id: 7, name: 'Ono Kitchen', location: 'Hilo' },
        licenseNumber: 'GE-123-456-7890-01',
        goodsDescription: 'Fresh produce resold in prepared meals',
        effectiveFrom: '2026-11-23',
        endsOn: null,
        signedByName: 'Kai Akana',
        signedAt: '2026-11-23T22:00:00.000Z',
        effectiveUntil: null,
        revokedAt: null,
        revokedByName: null,
        revokedBy: null,
        lastDay: null,
        state: 'valid',
        endsSoon: false,
        pdfUrl: '/api/resale-certificates/14/pdf',
      },
    };
    fakeApi({
      'GET /api/customers/7': certified,
      'GET /api/customers/7/history?limit=20': pageOf([], { total: 0 }),
    });
    renderPage();
    const line = await screen.findByTestId('customer-resale-certificate');
    expect(line).toHaveTextContent('Resale certificate on file since Nov 23, 2026.');
    expect(within(line).getByRole('link', { name: 'Download the certificate' })).toHaveAttribute(
      'href',
      '/api/resale-certificates/14/pdf',
    );
  });

  it('asks for a reason before holding the account by hand', async () => {
    const api = fakeApi({
      'GET /api/customers/7': { ...onoKitchen, state: 'ok', hold: null },
      'GET /api/customers/7/history?limit=20': pageOf([], { total: 0 }),
      'POST /api/customers/7/hold': onoKitchen,
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Put on hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put Ono Kitchen on hold?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(api.made('POST', '/api/customers/7/hold')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Check 1042 bounced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await screen.findByText('Account on hold');
    expect(api.made('POST', '/api/customers/7/hold')[0]!.body).toEqual({
      hold: true,
      reason: 'Check 1042 bounced',
    });
  });

  it('lets a manager read the terms but not change them or the hold', async () => {
    fakeApi({
      'GET /api/customers/7': onoKitchen,
      'GET /api/customers/7/history?limit=20': pageOf([], { total: 0 }),
    });
    renderPage(member('farmer', 'manager'));
    await screen.findByRole('heading', { name: 'Ono Kitchen' });
    expect(screen.queryByRole('button', { name: 'Save terms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put on hold' })).not.toBeInTheDocument();
    expect(screen.getByText('Owners and bookkeepers set credit terms.')).toBeInTheDocument();
  });
});
